/* main.c — the `pursuit` program: dispatches to match, tournament and bench, and holds the
 * argument helpers they share (pursuit_cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pursuit_cli.h"

int pcli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("pursuit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return PCLI_USAGE;
}

const char *pcli_value(int argc, char **argv, int *i) {
    if (*i + 1 >= argc) {
        pcli_fail("option %s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* strtol and friends skip leading spaces and accept "-" before unsigned numbers: plain
 * decimal text only, so " -1" cannot wrap around to a huge seed. */
static int starts_like_integer(const char *s) {
    if (*s == '-') s++;
    return *s >= '0' && *s <= '9';
}

int pcli_long(const char *opt, const char *s, long lo, long hi, long *out) {
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!starts_like_integer(s) || end == s || *end != '\0' || errno != 0 || v < lo || v > hi)
        return pcli_fail("%s: expected an integer in %ld..%ld, got '%s'", opt, lo, hi, s);
    *out = v;
    return 0;
}

int pcli_double(const char *opt, const char *s, double lo, double hi, double *out) {
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !isfinite(v) || v < lo || v > hi)
        return pcli_fail("%s: expected a number in [%g, %g], got '%s'", opt, lo, hi, s);
    *out = v;
    return 0;
}

int pcli_u64(const char *opt, const char *s, uint64_t *out) {
    char *end = NULL;
    errno = 0;
    if (!(s[0] >= '0' && s[0] <= '9'))
        return pcli_fail("%s: expected a non-negative integer, got '%s'", opt, s);
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno != 0)
        return pcli_fail("%s: expected a non-negative integer, got '%s'", opt, s);
    *out = (uint64_t)v;
    return 0;
}

static void list_bot_names(char *buf, size_t cap, pursuit_role role) {
    buf[0] = '\0';
    for (size_t i = 0; i < pursuit_bot_count(); i++) {
        const pursuit_bot *b = pursuit_bot_at(i);
        if (b->role != role) continue;
        if (buf[0]) strncat(buf, ", ", cap - strlen(buf) - 1);
        strncat(buf, b->name, cap - strlen(buf) - 1);
    }
}

int pcli_bots(const char *opt, const char *list, pursuit_role role, const pursuit_bot **out,
              size_t *n) {
    const char *role_name = role == PURSUIT_PREDATOR ? "predator" : "prey";
    char known[256];
    list_bot_names(known, sizeof known, role);
    *n = 0;
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        if (len == 0 || len >= sizeof name)
            return pcli_fail("%s: bad bot list '%s' (known %ss: %s)", opt, list, role_name,
                             known);
        memcpy(name, p, len);
        name[len] = '\0';
        const pursuit_bot *b = pursuit_find_bot(name, role);
        if (!b) return pcli_fail("%s: unknown %s '%s' (known: %s)", opt, role_name, name, known);
        if (*n >= PCLI_MAX_BOTS) return pcli_fail("%s: more than %d bots", opt, PCLI_MAX_BOTS);
        out[(*n)++] = b;
        if (!comma) return 0;
        p = comma + 1;
    }
}

void pcli_common_defaults(pcli_common *c) {
    c->size = PURSUIT_DEFAULT_SIZE;
    c->walls = PURSUIT_DEFAULT_WALLS;
    c->clocks = PURSUIT_DEFAULT_CLOCKS;
    c->seed = 1;
}

int pcli_common_option(int argc, char **argv, int *i, pcli_common *c) {
    const char *opt = argv[*i], *v;
    int is_size = !strcmp(opt, "--size"), is_walls = !strcmp(opt, "--walls");
    int is_clocks = !strcmp(opt, "--clocks"), is_seed = !strcmp(opt, "--seed");
    if (!is_size && !is_walls && !is_clocks && !is_seed) return 0;
    if (!(v = pcli_value(argc, argv, i))) return -PCLI_USAGE;
    int rc = is_size     ? pcli_long(opt, v, 2, 4096, &c->size)
             : is_walls  ? pcli_double(opt, v, 0.0, 0.95, &c->walls)
             : is_clocks ? pcli_long(opt, v, 1, 1000000, &c->clocks)
                         : pcli_u64(opt, v, &c->seed);
    return rc ? -PCLI_USAGE : 1;
}

int pcli_world_error(int rc, long size, double walls) {
    return pcli_fail("cannot make a random %ldx%ld world with walls %g: %s", size, size, walls,
                     dmap_strerror(rc));
}

int pcli_load_world(const char *path, pursuit_world *w) {
    dmap_diag diag = {0, ""};
    int rc = pursuit_world_load(path, w, &diag);
    if (rc == DMAP_OK) return 0;
    if (diag.line > 0) return pcli_fail("%s:%d: %s", path, diag.line, diag.message);
    return pcli_fail("%s: %s", path, diag.message[0] ? diag.message : dmap_strerror(rc));
}

int64_t pcli_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t pcli_cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void print_usage(FILE *out) {
    fputs("usage: pursuit COMMAND [options]   (the lab's predator-prey game, rules/pursuit.md)\n"
          "\n"
          "  pursuit match (--world FILE | --random SEED [--size N] [--walls P])\n"
          "                --predator A --prey B [--clocks N] [--seed S] [--render]\n"
          "      play one game; prints 'winner: predator at clock N' or 'winner: prey'\n"
          "  pursuit tournament --predators A,B --preys C,D --worlds N [--size N] [--walls P]\n"
          "                [--clocks N] [--seed S] [--shared DIR]\n"
          "      every pairing on the same N random worlds plus the lab worlds\n"
          "  pursuit bench [--games N] [--predator A] [--prey B] [--worlds N]\n"
          "      time full games and a tournament of all pairings\n"
          "\n"
          "  pursuit COMMAND --help   for the options of one command\n"
          "\n",
          out);
    fputs("bots:\n", out);
    for (size_t i = 0; i < pursuit_bot_count(); i++) {
        const pursuit_bot *b = pursuit_bot_at(i);
        fprintf(out, "  %-10s %-9s %s\n", b->name,
                b->role == PURSUIT_PREDATOR ? "predator" : "prey", b->about);
    }
}

/* Run what the arguments ask for; main then checks that the output really got written. */
static int dispatch(int argc, char **argv) {
    if (argc < 2) {
        print_usage(stderr);
        return PCLI_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "match")) return cmd_match(argc - 1, argv + 1);
    if (!strcmp(cmd, "tournament")) return cmd_tournament(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc - 1, argv + 1);
    return pcli_fail("unknown command '%s' (try: match, tournament, bench, --help)", cmd);
}

/* A full disk or a closed stdout is one error line and exit 2, never a silent success. */
int main(int argc, char **argv) {
    int rc = dispatch(argc, argv);
    int unwritten = fflush(stdout) != 0 || ferror(stdout);
    if (unwritten && rc != PCLI_USAGE) /* else the failure already said its one line */
        return pcli_fail("cannot write the output");
    return rc;
}
