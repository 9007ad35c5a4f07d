/* bench_kutulu.c — the Kutulu arena's speed targets:
 *   1. engine: CPU time of kt_game_step per turn (the rules only: no bots, no text), in games
 *      whose actions come from a cheap seeded random policy (a step to a random neighbour,
 *      sometimes WAIT, PLAN, LIGHT or YELL, like the random bots of the recorded traces), and
 *      in the six recorded games of arenas/kutulu/data/traces replayed with their actions.
 *      Compared with the official Java referee's ~1.4 ms per turn measured by the trace driver
 *      with random bots (measured here earlier; no JVM runs here now). Target: >= 100x,
 *      aiming at <= 5 us per turn.
 *   2. postmortem's (or --bot NAME's) decision time (thread CPU time, parsing the input included) on each of the
 *      16 league maps, against initial, random and wait: median and worst. Target: <= 1 ms
 *      median, <= 5 ms worst on every map; then the median and worst of all maps' decisions.
 * Speed targets print PASS/MISS and never fail the run; a game that errors does (exit 1).
 *
 * usage: dmap_bench_kutulu [--quick] [--games N] [--data DIR] [--bot NAME]
 *        (--quick: fewer games, for ctest) */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kutulu.h"

#define REFEREE_US_PER_TURN 1400.0

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A random but valid action for explorer i (cheap: the bench times the engine, not this). */
static kt_action random_action(const kt_game *g, int i, uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    unsigned r = (unsigned)(*state >> 33) % 100;
    kt_action a = {KT_WAIT, 0, 0};
    if (r < 3) a.kind = KT_PLAN;
    else if (r < 6) a.kind = KT_LIGHT;
    else if (r < 9) a.kind = KT_YELL;
    else if (r < 20) a.kind = KT_WAIT;
    else {
        int c = g->ex[i].cell, w = g->map->w;
        a.kind = KT_MOVE;
        a.x = c % w + (int)((*state >> 20) % 3) - 1;
        a.y = c / w + (int)((*state >> 40) % 3) - 1;
    }
    return a;
}

static int bench_engine(const kt_mapset *maps, long games, double *us_per_turn) {
    double total = 0;
    long turns = 0;
    for (long s = 1; s <= games; s++) {
        kt_game g;
        if (kt_game_init(&g, s, maps, -1)) return -1;
        uint64_t rs = (uint64_t)s;
        while (!g.over) {
            kt_action act[KT_PLAYERS];
            unsigned char ok[KT_PLAYERS] = {1, 1, 1, 1};
            for (int i = 0; i < KT_PLAYERS; i++) act[i] = random_action(&g, i, &rs);
            double t0 = cpu_ns();
            int rc = kt_game_step(&g, act, ok);
            total += cpu_ns() - t0;
            if (rc) {
                kt_game_free(&g);
                return -1;
            }
            turns++;
        }
        kt_game_free(&g);
    }
    *us_per_turn = total / 1e3 / (double)turns;
    printf("engine, random actions: %ld games, %ld turns, %.2f us per turn\n", games, turns,
           *us_per_turn);
    return 0;
}

/* The recorded games: parse the actions once, then time the steps. */
static int bench_traces(const kt_mapset *maps, const char *data, int reps, double *us) {
    double total = 0;
    long turns = 0;
    for (int seed = 1; seed <= 6; seed++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/traces/seed_%d.txt", data, seed);
        FILE *f = fopen(path, "r");
        if (!f) {
            fprintf(stderr, "bench_kutulu: cannot open %s\n", path);
            return -1;
        }
        static kt_action acts[512][KT_PLAYERS];
        static unsigned char oks[512][KT_PLAYERS];
        int n = 0;
        char line[1024];
        while (fgets(line, sizeof line, f) && n < 512) {
            if (strncmp(line, "TURN ", 5) != 0) continue;
            line[strcspn(line, "\r\n")] = '\0';
            char *p = strstr(line, " | ");
            for (int i = 0; i < KT_PLAYERS && p; i++) {
                p += 3;
                char *q = strstr(p, " | ");
                if (q) *q = '\0';
                oks[n][i] = kt_parse_action(p, &acts[n][i]) == 0;
                p = q;
            }
            n++;
        }
        fclose(f);
        for (int r = 0; r < reps; r++) {
            kt_game g;
            if (kt_game_init(&g, seed, maps, -1)) return -1;
            double t0 = cpu_ns();
            for (int t = 0; t < n; t++)
                if (kt_game_step(&g, acts[t], oks[t])) {
                    kt_game_free(&g);
                    return -1;
                }
            total += cpu_ns() - t0;
            turns += n;
            kt_game_free(&g);
        }
    }
    *us = total / 1e3 / (double)turns;
    printf("engine, the 6 recorded games x %d: %ld turns, %.2f us per turn\n", reps, turns, *us);
    return 0;
}

/* The decisions of bot (postmortem unless --bot) on one map: n_games games, seat 0. */
static int bench_decisions(const kt_mapset *maps, const char *bot, int map, int n_games,
                           double *samples, int cap, int *count) {
    *count = 0;
    const char *names[KT_PLAYERS] = {bot, "initial", "random", "wait"};
    static char init[1 << 16], turn[1 << 16];
    for (int s = 1; s <= n_games; s++) {
        kt_player *p[KT_PLAYERS];
        char err[256];
        for (int i = 0; i < KT_PLAYERS; i++) {
            p[i] = kt_player_new(names[i], err, sizeof err);
            if (!p[i]) return -1;
            kt_player_seed(p[i], (uint64_t)s * 4 + (uint64_t)i);
        }
        kt_game g;
        if (kt_game_init(&g, 1000 + s, maps, map)) return -1;
        kt_format_init(&g, init, sizeof init);
        while (!g.over) {
            kt_action act[KT_PLAYERS];
            unsigned char ok[KT_PLAYERS] = {1, 1, 1, 1};
            for (int i = 0; i < KT_PLAYERS; i++) {
                act[i].kind = KT_WAIT;
                if (!g.ex[i].active) continue;
                kt_format_turn(&g, i, turn, sizeof turn);
                char line[KT_LINE_MAX];
                int64_t ns = 0;
                if (kt_player_turn(p[i], g.turn == 0 ? init : NULL, turn, 0, line, sizeof line,
                                   &ns, err, sizeof err) != KT_TURN_OK)
                    return -1;
                ok[i] = kt_parse_action(line, &act[i]) == 0;
                if (i == 0 && *count < cap) samples[(*count)++] = (double)ns;
            }
            if (kt_game_step(&g, act, ok)) return -1;
        }
        kt_game_free(&g);
        for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
    }
    return 0;
}

int main(int argc, char **argv) {
    int quick = 0;
    long games = 200;
    const char *data = DMAP_BENCH_SOURCE "/arenas/kutulu/data", *bot = "postmortem";
    char maps_dir[4096];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
            games = 20;
        } else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            games = atol(argv[++i]);
            if (games < 1) games = 1;
        } else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc) {
            data = argv[++i];
        } else if (strcmp(argv[i], "--bot") == 0 && i + 1 < argc && kt_bot_find(argv[i + 1])) {
            bot = argv[++i];
        } else {
            fprintf(stderr, "usage: dmap_bench_kutulu [--quick] [--games N] [--data DIR] [--bot NAME]\n");
            return 2;
        }
    }
    snprintf(maps_dir, sizeof maps_dir, "%s/maps", data);
    static kt_mapset maps;
    char err[512];
    if (kt_mapset_load(maps_dir, &maps, err, sizeof err)) {
        fprintf(stderr, "bench_kutulu: %s\n", err);
        return 1;
    }
    double us = 0, us_traces = 0;
    if (bench_engine(&maps, games / 10 + 1, &us) || bench_engine(&maps, games, &us) ||
        bench_traces(&maps, data, quick ? 2 : 50, &us_traces)) {
        fprintf(stderr, "bench_kutulu: a game failed\n");
        return 1;
    }
    printf("| engine | us per turn | referee (Java) us per turn | ratio | target |\n");
    printf("|---|---|---|---|---|\n");
    printf("| random actions | %.2f | ~%.0f | %.0fx | %s (>= 100x; <= 5 us: %s) |\n", us,
           REFEREE_US_PER_TURN, REFEREE_US_PER_TURN / us,
           REFEREE_US_PER_TURN / us >= 100 ? "PASS" : "MISS", us <= 5 ? "PASS" : "MISS");
    printf("| recorded games | %.2f | ~%.0f | %.0fx | %s |\n\n", us_traces, REFEREE_US_PER_TURN,
           REFEREE_US_PER_TURN / us_traces,
           REFEREE_US_PER_TURN / us_traces >= 100 ? "PASS" : "MISS");
    printf("| map | decisions | median ms | worst ms | target (<= 1 ms median, <= 5 ms worst) |\n");
    printf("|---|---|---|---|---|\n");
    static double samples[1 << 16], pooled[KT_LEAGUE_MAPS << 16];
    int all_pass = 1, npooled = 0;
    for (int m = 0; m < KT_LEAGUE_MAPS; m++) {
        int n = 0;
        if (bench_decisions(&maps, bot, m, quick ? 1 : 8, samples, 1 << 16, &n) || n == 0) {
            fprintf(stderr, "bench_kutulu: a game failed on %s\n", kt_league_map_name(m));
            return 1;
        }
        memcpy(pooled + npooled, samples, (size_t)n * sizeof samples[0]);
        npooled += n;
        qsort(samples, (size_t)n, sizeof samples[0], cmp_double);
        double med = samples[n / 2] / 1e6, worst = samples[n - 1] / 1e6;
        int pass = med <= 1.0 && worst <= 5.0;
        all_pass &= pass;
        printf("| %s | %d | %.3f | %.3f | %s |\n", kt_league_map_name(m), n, med, worst,
               pass ? "PASS" : "MISS");
    }
    qsort(pooled, (size_t)npooled, sizeof pooled[0], cmp_double);
    printf("\n%s decisions: %s on every map (all %d decisions: median %.1f us, worst %.1f us)\n",
           bot, all_pass ? "PASS" : "MISS", npooled, pooled[npooled / 2] / 1e3, pooled[npooled - 1] / 1e3);
    return 0;
}
