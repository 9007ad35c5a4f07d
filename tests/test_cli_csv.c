/* test_cli_csv.c — the CLI's csv values format round-trips exactly: values printed by
 * cli_print_values (shortest of %.15g/%.16g/%.17g) and read back by cli_load_csv are the same
 * doubles bit for bit, walls included; plus the digits printer's refusal of non-digits and
 * the strict number parser. It compiles tools/dmap/cli.c in, as the CLI has no library. */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tools/dmap/cli.c"
#include "check.h"

/* A value chosen to stress printing: random bits, tiny, huge, negative, integers. */
static double awkward_value(dmap_rng *r, int i) {
    switch (i % 7) {
    case 0: return (double)dmap_rng_below(r, 1000);
    case 1: return dmap_rng_unit(r);
    case 2: return -dmap_rng_unit(r) * 1e6;
    case 3: return dmap_rng_unit(r) * 1e-300;
    case 4: return DBL_MAX * dmap_rng_unit(r);
    case 5: return 0.1 * (double)dmap_rng_below(r, 100);
    default: return DBL_MIN / 4 * dmap_rng_unit(r); /* subnormal */
    }
}

static void test_round_trip(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 42);
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 7, 5), DMAP_OK);
    double values[35];
    for (int i = 0; i < 35; i++) {
        values[i] = awkward_value(&r, i);
        g.wall[i] = dmap_rng_below(&r, 5) == 0;
    }
    char path[64];
    snprintf(path, sizeof path, "/tmp/dmap_test_cli_csv_%ld.csv", (long)getpid());
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    CHECK_EQ_INT(cli_print_values(f, &g, values, CLI_FORMAT_CSV), CLI_EXIT_OK);
    fclose(f);
    dmap_grid back;
    double *got = NULL;
    CHECK_EQ_INT(cli_load_csv(path, &back, &got), CLI_EXIT_OK);
    remove(path);
    if (!got) return;
    CHECK_EQ_INT(back.w, 7);
    CHECK_EQ_INT(back.h, 5);
    int same = 1;
    for (int i = 0; i < 35; i++) {
        CHECK_EQ_INT(back.wall[i], g.wall[i]);
        if (!g.wall[i] && memcmp(&got[i], &values[i], sizeof(double)) != 0) {
            same = 0;
            fprintf(stderr, "cell %d: wrote %.17g read %.17g\n", i, values[i], got[i]);
        }
    }
    CHECK(same);
    free(got);
    dmap_grid_free(&back);
    dmap_grid_free(&g);
}

static void test_shortest(void) {
    char buf[40];
    CHECK(strcmp(cli_format_exact(buf, sizeof buf, 0.1), "0.1") == 0);
    CHECK(strcmp(cli_format_exact(buf, sizeof buf, 0.1 + 0.2), "0.30000000000000004") == 0);
    CHECK(strcmp(cli_format_exact(buf, sizeof buf, 100), "100") == 0);
    CHECK(strcmp(cli_format_exact(buf, sizeof buf, -2.5), "-2.5") == 0);
}

static void test_parse_double(void) {
    double v;
    CHECK(cli_parse_double("1.5", &v) == 0 && v == 1.5);
    CHECK(cli_parse_double("-3e2", &v) == 0 && v == -300);
    const char *bad[] = {"", "nan", "NaN", "inf", "-inf", "infinity", "1e999", "1.5x", " 1",
                         "1 ", "0x10", "--1", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(cli_parse_double(bad[i], &v) != 0);
    }
    long l;
    CHECK(cli_parse_long("12", 0, 100, &l) == 0 && l == 12);
    CHECK(cli_parse_long("101", 0, 100, &l) != 0);
    CHECK(cli_parse_long("1.0", 0, 100, &l) != 0);
    CHECK(cli_parse_long("99999999999999999999999", 0, 100, &l) != 0);
}

int main(void) {
    test_round_trip();
    test_shortest();
    test_parse_double();
    return check_report("test_cli_csv");
}
