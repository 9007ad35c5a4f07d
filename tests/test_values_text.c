/* test_values_text.c — values maps and grids as text, through the public API only:
 *   - dmap_format_values (CSV) then dmap_parse_values_csv gives back the same walls and the
 *     same doubles bit for bit, for awkward values (subnormal, huge, negative, +-inf);
 *     negative zero is written "0"; NaN is refused with the cell named;
 *   - the reader's refusals (NaN, other infinities, ragged rows, empty fields) and its diag;
 *   - the grid and digits formats;
 *   - dmap_format_text_map read back by dmap_parse_text_map. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

#define S(lit) lit, sizeof(lit) - 1

static double awkward_value(dmap_rng *r, int i) {
    switch (i % 9) {
    case 0: return (double)dmap_rng_below(r, 1000);
    case 1: return dmap_rng_unit(r);
    case 2: return -dmap_rng_unit(r) * 1e6;
    case 3: return dmap_rng_unit(r) * 1e-300;
    case 4: return DBL_MAX * dmap_rng_unit(r);
    case 5: return 0.1 * (double)dmap_rng_below(r, 100);
    case 6: return DBL_MIN / 4 * dmap_rng_unit(r); /* subnormal */
    case 7: return dmap_rng_below(r, 2) ? INFINITY : -INFINITY;
    default: return -DBL_MAX * dmap_rng_unit(r);
    }
}

static void test_csv_round_trip(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 7);
    for (int round = 0; round < 50; round++) {
        int w = 1 + (int)dmap_rng_below(&r, 12), h = 1 + (int)dmap_rng_below(&r, 9);
        dmap_grid g;
        CHECK_EQ_INT(dmap_grid_init(&g, w, h), DMAP_OK);
        double *v = malloc(sizeof(double) * (size_t)(w * h));
        for (int i = 0; i < w * h; i++) {
            v[i] = awkward_value(&r, i + round);
            g.wall[i] = dmap_rng_below(&r, 5) == 0;
        }
        char *text = NULL;
        size_t len = 0;
        CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_CSV, &text, &len, NULL), DMAP_OK);
        CHECK(text && strlen(text) == len);
        dmap_grid back;
        double *got = NULL;
        dmap_diag d;
        CHECK_EQ_INT(dmap_parse_values_csv(text, len, &back, &got, &d), DMAP_OK);
        if (got) {
            CHECK(back.w == w && back.h == h);
            int same = 1;
            for (int i = 0; i < w * h; i++) {
                if (back.wall[i] != g.wall[i]) same = 0;
                if (!g.wall[i] && memcmp(&got[i], &v[i], sizeof(double)) != 0) same = 0;
            }
            CHECK(same);
        }
        free(text);
        free(got);
        free(v);
        dmap_grid_free(&back);
        dmap_grid_free(&g);
    }
}

static void test_csv_spellings(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 4, 1), DMAP_OK);
    g.wall[3] = 1;
    double v[4] = {-0.0, INFINITY, -INFINITY, 12345};
    char *text = NULL;
    CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_CSV, &text, NULL, NULL), DMAP_OK);
    CHECK(text && strcmp(text, "0,inf,-inf,#\n") == 0);
    free(text);
    CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_GRID, &text, NULL, NULL), DMAP_OK);
    CHECK(text && strcmp(text, "   0  inf -inf    #\n") == 0);
    free(text);
    dmap_diag d;
    v[1] = NAN;
    CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_CSV, &text, NULL, &d), DMAP_ERR_VALUE);
    CHECK(text == NULL && strstr(d.message, "(1,0)") != NULL);
    v[1] = 3;
    CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_DIGITS, &text, NULL, &d), DMAP_ERR_VALUE);
    CHECK(strstr(d.message, "(2,0)") != NULL); /* -inf is not a digit */
    v[2] = 9;
    v[0] = 0;
    CHECK_EQ_INT(dmap_format_values(&g, v, DMAP_VALUES_DIGITS, &text, NULL, &d), DMAP_OK);
    CHECK(text && strcmp(text, "039#\n") == 0);
    free(text);
    CHECK_EQ_INT(dmap_format_values(&g, v, (dmap_values_format)7, &text, NULL, &d), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

static void test_csv_refusals(void) {
    static const struct {
        const char *text;
        int line;
    } bad[] = {
        {"1,2\n3,nan\n", 2},   {"1,Infinity\n", 1}, {"1,+inf\n", 1},    {"1,2\n3\n", 2},
        {"1,,2\n", 1},         {"\n1\n", 1},        {"1e999\n", 1},     {"0x10\n", 1},
        {"", 1},               {"1,2\n\n3,4\n", 2}, {"1, 2 ,#,x\n", 1},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        dmap_grid g;
        double *v = (double *)&g;
        dmap_diag d;
        int rc = dmap_parse_values_csv(bad[k].text, strlen(bad[k].text), &g, &v, &d);
        CHECK_EQ_INT(rc, DMAP_ERR_FORMAT);
        CHECK_EQ_INT(d.line, bad[k].line);
        CHECK(v == NULL && g.wall == NULL && d.message[0] != '\0');
    }
    /* spaces, CRLF and trailing blank lines are fine */
    dmap_grid g;
    double *v = NULL;
    CHECK_EQ_INT(dmap_parse_values_csv(S(" 1 ,\t#\r\n-inf,2.5\r\n\r\n"), &g, &v, NULL), DMAP_OK);
    CHECK(v && g.w == 2 && g.h == 2 && g.wall[1] == 1 && v[0] == 1 && v[2] == -INFINITY &&
          v[3] == 2.5);
    free(v);
    dmap_grid_free(&g);
}

static void test_text_map_writer(void) {
    const char *map = "#.>#\n. a#\n";
    dmap_grid g;
    char *chars = NULL, *text = NULL;
    size_t len = 0;
    CHECK_EQ_INT(dmap_parse_text_map(map, strlen(map), &g, &chars, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_format_text_map(&g, chars, &text, &len), DMAP_OK);
    CHECK(text && len == strlen(map) && strcmp(text, map) == 0);
    free(text);
    CHECK_EQ_INT(dmap_format_text_map(&g, NULL, &text, &len), DMAP_OK);
    CHECK(text && strcmp(text, "#..#\n...#\n") == 0);
    free(text);
    /* a '#' or control character on a floor cell would not read back as floor: '.' */
    chars[1] = '#';
    chars[2] = '\t';
    CHECK_EQ_INT(dmap_format_text_map(&g, chars, &text, &len), DMAP_OK);
    CHECK(text && strcmp(text, "#..#\n. a#\n") == 0);
    dmap_grid back;
    CHECK_EQ_INT(dmap_parse_text_map(text, len, &back, NULL, NULL), DMAP_OK);
    CHECK(back.w == g.w && back.h == g.h && memcmp(back.wall, g.wall, 8) == 0);
    free(text);
    free(chars);
    dmap_grid_free(&back);
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_format_text_map(NULL, NULL, &text, &len), DMAP_ERR_ARG);
}

int main(void) {
    test_csv_round_trip();
    test_csv_spellings();
    test_csv_refusals();
    test_text_map_writer();
    return check_report("test_values_text");
}
