/* cmd_bench.c — `pursuit bench`: how fast games run. Times single games between two bots on
 * pre-generated random worlds (mean, median, per clock, and games that ran every clock), then
 * a tournament of all built-in pairings on N worlds, world generation included. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kit/cputime.h"
#include "cli.h"

static const char bench_help[] =
    "usage: pursuit bench [--games N] [--bots PREDATOR,PREY] [--worlds N] [--size WxH]\n"
    "                     [--walls P] [--clocks N] [--seed S]\n"
    "  Times N games (default 2000) of the two bots (default intercept,bury) on random\n"
    "  worlds after a warm-up, then a tournament of every predator against every prey on\n"
    "  --worlds random worlds (default 2000). One core; absolute times drift on shared\n"
    "  machines.\n";

typedef struct bench_args {
    long games, worlds;
    const pursuit_bot *bots[2];
    pcli_common common;
} bench_args;

static int parse_bench(int argc, char **argv, bench_args *a) {
    a->games = 2000;
    a->worlds = 2000;
    a->bots[0] = &pursuit_bot_intercept;
    a->bots[1] = &pursuit_bot_bury;
    pcli_common_defaults(&a->common);
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        char *v;
        if (pcli_once(&seen, opt)) return PCLI_USAGE;
        int c = pcli_common_option(argc, argv, &i, &a->common);
        if (c < 0) return PCLI_USAGE;
        if (c > 0) continue;
        int known = !strcmp(opt, "--games") || !strcmp(opt, "--worlds") ||
                    !strcmp(opt, "--bots");
        if (!known) return pcli_unknown("bench", opt);
        if (!(v = pcli_value(argc, argv, &i))) return PCLI_USAGE;
        int rc = 0;
        if (!strcmp(opt, "--games")) rc = pcli_long(opt, v, 1, 10000000, &a->games);
        if (!strcmp(opt, "--worlds")) rc = pcli_long(opt, v, 0, 10000000, &a->worlds);
        if (!strcmp(opt, "--bots")) rc = pcli_seat_bots(opt, v, NULL, a->bots);
        if (rc) return rc;
    }
    return 0;
}

/* Wall-clock nanoseconds (monotonic): the tournament's elapsed time. */
static int64_t wall_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void free_worlds(pursuit_world *w, long n) {
    for (long i = 0; i < n; i++) pursuit_world_free(&w[i]);
    free(w);
}

/* Time a.games single games of the chosen pair. */
static int bench_games(const bench_args *a) {
    pursuit_world *worlds = calloc((size_t)a->games, sizeof *worlds);
    double *us = malloc((size_t)a->games * sizeof *us);
    if (!worlds || !us) {
        free(worlds);
        free(us);
        return pcli_fail("bench: out of memory");
    }
    for (long i = 0; i < a->games; i++) {
        int rc = pursuit_world_random(&worlds[i], (int)a->common.size, a->common.walls,
                                      a->common.seed + (uint64_t)i);
        if (rc != DMAP_OK) {
            free_worlds(worlds, i);
            free(us);
            return pcli_world_error(rc, a->common.size, a->common.walls);
        }
    }
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)a->common.clocks;
    pursuit_result res;
    for (long i = 0; i < a->games && i < 200; i++) /* warm-up: caches, page faults */
        pursuit_play(&worlds[i], a->bots[0], a->bots[1], &cfg, NULL, NULL, &res);
    double total = 0, full = 0, clocks = 0;
    long nfull = 0;
    int64_t wall0 = wall_ns();
    for (long i = 0; i < a->games; i++) {
        cfg.seed = (uint64_t)i;
        int64_t t0 = kit_thread_cpu_ns();
        int rc = pursuit_play(&worlds[i], a->bots[0], a->bots[1], &cfg, NULL, NULL, &res);
        us[i] = (double)(kit_thread_cpu_ns() - t0) / 1000.0;
        if (rc != DMAP_OK) {
            free_worlds(worlds, a->games);
            free(us);
            return pcli_fail("bench: a game failed: %s", dmap_strerror(rc));
        }
        total += us[i];
        clocks += res.clock;
        if (res.clock == cfg.clocks && !res.predator_won) {
            full += us[i];
            nfull++;
        }
    }
    double wall = (double)(wall_ns() - wall0) / 1000.0;
    qsort(us, (size_t)a->games, sizeof *us, compare_doubles);
    printf("games: %s vs %s, %ld random %ldx%ld worlds (walls %.2f), %ld clocks, CPU time\n",
           a->bots[0]->info.name, a->bots[1]->info.name, a->games, a->common.size, a->common.size,
           a->common.walls, a->common.clocks);
    printf("  mean %.1f us/game, median %.1f us/game, %.2f us/clock (= %.1f us per %ld-clock "
           "game)\n", total / (double)a->games, us[a->games / 2], total / clocks,
           total / clocks * (double)a->common.clocks, a->common.clocks);
    if (nfull)
        printf("  games the prey survived (all %ld clocks): %ld, mean %.1f us/game\n",
               a->common.clocks, nfull, full / (double)nfull);
    printf("  wall clock: %.1f us/game\n", wall / (double)a->games);
    free_worlds(worlds, a->games);
    free(us);
    return 0;
}

/* A tournament of every built-in predator against every built-in prey. */
static int bench_tournament(const bench_args *a) {
    if (a->worlds == 0) return 0;
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)a->common.clocks;
    long games = 0;
    int64_t t0 = wall_ns(), c0 = kit_thread_cpu_ns();
    for (long i = 0; i < a->worlds; i++) {
        pursuit_world w;
        int rc = pursuit_world_random(&w, (int)a->common.size, a->common.walls,
                                      a->common.seed + (uint64_t)i);
        if (rc != DMAP_OK) return pcli_world_error(rc, a->common.size, a->common.walls);
        cfg.seed = (uint64_t)i;
        const kit_bot_table *preds = pursuit_seat_bots(PURSUIT_PREDATOR);
        const kit_bot_table *preys = pursuit_seat_bots(PURSUIT_PREY);
        for (int p = 0; p < preds->n; p++)
            for (int q = 0; q < preys->n; q++) {
                const pursuit_bot *pred = (const pursuit_bot *)preds->bots[p];
                const pursuit_bot *prey = (const pursuit_bot *)preys->bots[q];
                pursuit_result res;
                if (pursuit_play(&w, pred, prey, &cfg, NULL, NULL, &res) != DMAP_OK) {
                    pursuit_world_free(&w);
                    return pcli_fail("bench: a game failed");
                }
                games++;
            }
        pursuit_world_free(&w);
    }
    double s = (double)(wall_ns() - t0) / 1e9, cpu = (double)(kit_thread_cpu_ns() - c0) / 1e9;
    printf("tournament: all pairings on %ld worlds: %ld games in %.3f s wall, %.3f s CPU "
           "(%.1f us/game CPU)\n", a->worlds, games, s, cpu, cpu * 1e6 / (double)(games ? games : 1));
    return 0;
}

int cmd_bench(int argc, char **argv) {
    if (kit_help_asked(argc, argv, bench_help)) return 0;
    bench_args a;
    int rc = parse_bench(argc, argv, &a);
    if (!rc) rc = bench_games(&a);
    if (!rc) rc = bench_tournament(&a);
    pcli_free_bots(a.bots, 2);
    return rc;
}
