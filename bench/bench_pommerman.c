/* bench_pommerman.c — the Pommerman arena's speed targets: the engine step (<= 1 us
 * on average in 4 x simple games), steps per second with 4 x stop and 4 x simple, the ratio to
 * the original Python environment (about 175 us per step and 1.3 ms per SimpleAgent decision,
 * figures measured here earlier; the original is not run here), and the median decision
 * time of `simple` (<= 5 us) and of `dmap`.
 *
 * Method: G games of 4 x simple (seeds 1..G) are played once, recording every action and
 * timing every decision alone (monotonic clock). Then the engine alone replays the recorded
 * actions from the same boards (pm_step + pm_done, nothing else), --reps times, the fastest run
 * kept (the machine is shared: other processes only ever add time); a replay that does not end
 * where the game did is an error (exit 1). 4 x stop games are pure engine (800 steps each).
 *
 * usage: dmap_bench_pommerman [--quick] [--games G] [--reps K]   (--quick: 20 games, 1 rep) */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "pommerman.h"

#define ORIGINAL_STEP_US 175.0
#define ORIGINAL_DECISION_US 1300.0

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

typedef struct recorded {
    int steps;
    unsigned char *actions; /* steps * 4 */
} recorded;

/* Plays one game, recording actions and timing each decision of seat `timed` (-1: all) into
 * times (grown as needed). Returns the step count or -1. */
static int play_recorded(const pm_bot *const *bots, uint64_t seed, recorded *rec, double **times,
                         size_t *ntimes, size_t *cap, int timed) {
    const pm_config *cfg = pm_config_get(PM_FFA);
    pm_state *s = malloc(sizeof *s);
    if (!s) return -1;
    kit_pyrandom py;
    kit_pyrandom_seed(&py, (int64_t)seed);
    pm_reset(s, cfg, &py);
    void *st[4] = {0};
    pm_view view = {.shared = &py, .log = NULL};
    for (int i = 0; i < 4; i++) {
        pm_observe(s, i, &view.obs);
        if (bots[i]->init(&st[i], &view, seed * 31 + (uint64_t)i) != DMAP_OK) return -1;
    }
    rec->actions = malloc(PM_MAX_STEPS * 4);
    if (!rec->actions) return -1;
    while (!pm_done(s)) {
        int a[4] = {0};
        for (int i = 0; i < 4; i++) {
            if (!s->agents[i].alive) continue;
            pm_observe(s, i, &view.obs);
            double t0 = now_ns();
            int rc = bots[i]->decide(st[i], &view, &a[i]);
            double dt = now_ns() - t0;
            if (rc != DMAP_OK) return -1;
            if (timed < 0 || timed == i) {
                if (*ntimes == *cap) {
                    *cap = *cap ? *cap * 2 : 4096;
                    double *nt = realloc(*times, sizeof **times * *cap);
                    if (!nt) return -1;
                    *times = nt;
                }
                (*times)[(*ntimes)++] = dt;
            }
        }
        for (int i = 0; i < 4; i++) rec->actions[s->step * 4 + i] = (unsigned char)a[i];
        pm_step(s, a);
    }
    rec->steps = s->step;
    for (int i = 0; i < 4; i++) bots[i]->release(st[i]);
    free(s);
    return rec->steps;
}

/* The engine alone over recorded games: ns per step, fastest of reps; -1 on a mismatch. */
static double engine_ns_per_step(const recorded *recs, int games, int reps, long *steps_out) {
    const pm_config *cfg = pm_config_get(PM_FFA);
    pm_state *starts = malloc(sizeof *starts * (size_t)games), *s = malloc(sizeof *s);
    if (!starts || !s) return -1;
    for (int g = 0; g < games; g++) {
        kit_pyrandom py;
        kit_pyrandom_seed(&py, g + 1);
        pm_reset(&starts[g], cfg, &py);
    }
    double best = 1e300;
    long steps = 0;
    for (int r = 0; r < reps; r++) {
        steps = 0;
        double t0 = now_ns();
        for (int g = 0; g < games; g++) {
            memcpy(s, &starts[g], sizeof *s);
            while (!pm_done(s)) {
                int a[4];
                for (int i = 0; i < 4; i++) a[i] = recs[g].actions[s->step * 4 + i];
                pm_step(s, a);
            }
            steps += s->step;
            if (s->step != recs[g].steps) {
                fprintf(stderr, "bench_pommerman: game %d replayed to step %d, played to %d\n", g + 1,
                        s->step, recs[g].steps);
                return -1;
            }
        }
        double dt = now_ns() - t0;
        if (dt < best) best = dt;
    }
    free(starts);
    free(s);
    *steps_out = steps;
    return best / (double)steps;
}

static double stop_ns_per_step(int games, int reps) {
    const pm_config *cfg = pm_config_get(PM_FFA);
    pm_state *s = malloc(sizeof *s);
    double best = 1e300;
    long steps = 0;
    int a[4] = {0, 0, 0, 0};
    for (int r = 0; r < reps; r++) {
        steps = 0;
        double t0 = now_ns();
        for (int g = 0; g < games; g++) {
            kit_pyrandom py;
            kit_pyrandom_seed(&py, g + 1);
            pm_reset(s, cfg, &py);
            while (!pm_done(s)) pm_step(s, a);
            steps += s->step;
        }
        double dt = now_ns() - t0;
        if (dt < best) best = dt;
    }
    free(s);
    return best / (double)steps;
}

int main(int argc, char **argv) {
    int games = 200, reps = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            games = 20;
            reps = 1;
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            games = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: dmap_bench_pommerman [--quick] [--games G] [--reps K]\n");
            return 2;
        }
    }
    if (games < 1 || reps < 1) {
        fprintf(stderr, "dmap_bench_pommerman: --games and --reps must be >= 1\n");
        return 2;
    }
    const pm_bot *simple4[4] = {&pm_bot_simple, &pm_bot_simple, &pm_bot_simple, &pm_bot_simple};
    const pm_bot *dmap1[4] = {&pm_bot_dmap, &pm_bot_simple, &pm_bot_simple, &pm_bot_simple};
    recorded *recs = calloc((size_t)games, sizeof *recs);
    double *times = NULL, *dtimes = NULL;
    size_t nt = 0, cap = 0, ndt = 0, dcap = 0;
    double t0 = now_ns();
    long played = 0;
    for (int g = 0; g < games; g++) {
        if (play_recorded(simple4, (uint64_t)g + 1, &recs[g], &times, &nt, &cap, -1) < 0) return 1;
        played += recs[g].steps;
    }
    double full_ns = now_ns() - t0;
    for (int g = 0; g < games; g++) {
        recorded r = {0, NULL};
        if (play_recorded(dmap1, (uint64_t)g + 1, &r, &dtimes, &ndt, &dcap, 0) < 0) return 1;
        free(r.actions);
    }
    long steps = 0;
    double step_ns = engine_ns_per_step(recs, games, reps, &steps);
    if (step_ns < 0) return 1;
    double stop_ns = stop_ns_per_step(games, reps);
    double simple_med = median(times, (int)nt) / 1e3, dmap_med = median(dtimes, (int)ndt) / 1e3;

    printf("Pommerman arena (FFA 11x11), %d games per case, fastest of %d runs, one core of a shared machine\n",
           games, reps);
    printf("| case | us/step | steps/s | vs original (175 us/step) | target |\n|---|---|---|---|---|\n");
    printf("| engine step, 4 x simple games (recorded actions) | %.3f | %.0f | %.0fx | <= 1 us: %s |\n",
           step_ns / 1e3, 1e9 / step_ns, ORIGINAL_STEP_US * 1e3 / step_ns, step_ns <= 1000 ? "PASS" : "MISS");
    printf("| engine step, 4 x stop | %.3f | %.0f | %.0fx | |\n", stop_ns / 1e3, 1e9 / stop_ns,
           ORIGINAL_STEP_US * 1e3 / stop_ns);
    printf("| full game, 4 x simple (engine + observations + decisions) | %.3f | %.0f | %.0fx | |\n",
           full_ns / 1e3 / (double)played, 1e9 * (double)played / full_ns,
           (ORIGINAL_STEP_US + 4 * ORIGINAL_DECISION_US) * 1e3 * (double)played / full_ns / 1.0);
    printf("| decision | median us | decisions | vs original (1.3 ms) | target |\n|---|---|---|---|---|\n");
    printf("| simple | %.2f | %zu | %.0fx | <= 5 us: %s |\n", simple_med, nt, ORIGINAL_DECISION_US / simple_med,
           simple_med <= 5 ? "PASS" : "MISS");
    printf("| dmap (seat 0 vs 3 x simple) | %.2f | %zu | | |\n", dmap_med, ndt);
    printf("(the full-game ratio compares with 175 us + 4 x 1.3 ms per step, the original with 4 SimpleAgents\n"
           " deciding every step; dead agents do not decide, so it is a lower bound)\n");
    for (int g = 0; g < games; g++) free(recs[g].actions);
    free(recs);
    free(times);
    free(dtimes);
    return 0;
}
