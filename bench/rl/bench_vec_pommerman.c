/* bench_vec_pommerman.c — the vectorized Pommerman (pommerman.h, "vectorized games") against the
 * plain C game loop at the same workload: N self-play games (every seat a learner) of a config,
 * actions drawn once into a table both loops read, games that end reset from the same episode
 * seeds (kit_episode_seed), so both play exactly the same games (checked: every final state
 * and episode count must agree, else exit 1).
 *
 * Contenders, run alternately round after round on one thread (A, B, C, D, A, B, ...: each
 * sees the same load), each round S steps of every game:
 *   A plain   pm_step, pm_rewards, pm_done, pm_observe and pm_legal_actions for each agent
 *             (the engine's own observation and its action mask), pm_reset when done: the loop
 *             a C program would write
 *   B vec     pm_vec_step writing rewards, flags and masks (no observation planes): the same
 *             work through the vectorized object
 *   C std     pm_vec_step with the standard observation planes as well
 *   D maps    C plus every map plane (dist_self, dist_enemy, dist_each_enemy, danger, flee)
 * Reported: agent-steps per second of thread CPU time (one core) per contender, median and
 * [min-max] over the rounds, and each contender's time over A's in the same round.
 *
 * usage: dmap_bench_vec_pommerman [--quick] [--config C] [--envs N] [--steps S] [--rounds R] */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench_util.h"
#include "kit/cputime.h"
#include "kit/tournament.h"
#include "pommerman.h"

#define NCONT 4
static const char *const cont_names[NCONT] = {"A plain loop", "B vec, no planes", "C vec, standard obs",
                                               "D vec, standard + map planes"};

typedef struct plain_game {
    pm_state s;
    kit_pyrandom rng;
    long episode;
} plain_game;

typedef struct setup {
    const pm_config *cfg;
    long n;
    int steps;
    int32_t *table; /* TABLE entries of random actions 0..5 */
    uint64_t seed;
} setup;

#define TABLE 65521 /* prime: step t of game i reads from (t * n + i) * agents on, wrapping */

static const int32_t *actions_at(const setup *st, long t, long i, int32_t *buf) {
    int na = st->cfg->num_agents;
    size_t k = ((size_t)t * (size_t)st->n + (size_t)i) * (size_t)na;
    for (int a = 0; a < na; a++) buf[a] = st->table[(k + (size_t)a) % TABLE];
    return buf;
}

static void plain_start(const setup *st, plain_game *g, long i) {
    kit_pyrandom_seed(&g->rng, (int64_t)kit_episode_seed(st->seed, i, g->episode));
    pm_reset(&g->s, st->cfg, &g->rng);
}

/* A: the plain loop over games, from step t0 for st->steps steps; returns a checksum of the
 * observations so that nothing is optimised away. */
static unsigned plain_round(const setup *st, plain_game *games, long t0) {
    unsigned sum = 0;
    pm_obs o;
    unsigned char mask[PM_NUM_ACTIONS];
    int32_t act[PM_MAX_AGENTS];
    int acts[PM_MAX_AGENTS], rewards[PM_MAX_AGENTS];
    for (long t = t0; t < t0 + st->steps; t++)
        for (long i = 0; i < st->n; i++) {
            plain_game *g = &games[i];
            actions_at(st, t, i, act);
            for (int a = 0; a < st->cfg->num_agents; a++) acts[a] = act[a];
            pm_step(&g->s, acts);
            pm_rewards(&g->s, rewards);
            if (pm_done(&g->s)) {
                g->episode++;
                plain_start(st, g, i);
            }
            for (int a = 0; a < st->cfg->num_agents; a++) {
                pm_observe(&g->s, a, &o);
                pm_legal_actions(&o, mask);
                sum += o.board[(unsigned)t % (unsigned)(o.size * o.size)] + (unsigned)rewards[a] + mask[a];
            }
        }
    return sum;
}

static unsigned vec_round(const setup *st, pm_vec *v, const pm_vec_out *out, int32_t *acts, long t0) {
    unsigned sum = 0;
    int na = st->cfg->num_agents;
    for (long t = t0; t < t0 + st->steps; t++) {
        for (long i = 0; i < st->n; i++) actions_at(st, t, i, acts + (size_t)i * (size_t)na);
        if (pm_vec_step(v, acts, NULL, out) != DMAP_OK) {
            fprintf(stderr, "dmap_bench_vec_pommerman: pm_vec_step failed\n");
            exit(1);
        }
        sum += out->masks[(size_t)t % ((size_t)st->n * (size_t)na * PM_NUM_ACTIONS)];
    }
    return sum;
}

static int usage(void) {
    fprintf(stderr, "usage: dmap_bench_vec_pommerman [--quick] [--config C] [--envs N] [--steps S] [--rounds R]\n");
    return 2;
}

int main(int argc, char **argv) {
    setup st = {.cfg = pm_config_find("PommeFFACompetition-v0"), .n = 64, .steps = 2000, .seed = 1};
    int rounds = 7;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            st.n = 8;
            st.steps = 300;
            rounds = 1;
        } else if (i + 1 < argc && !strcmp(argv[i], "--config")) {
            if (!(st.cfg = pm_config_find(argv[++i]))) return usage();
        } else if (i + 1 < argc && !strcmp(argv[i], "--envs")) {
            st.n = atol(argv[++i]);
        } else if (i + 1 < argc && !strcmp(argv[i], "--steps")) {
            st.steps = atoi(argv[++i]);
        } else if (i + 1 < argc && !strcmp(argv[i], "--rounds")) {
            rounds = atoi(argv[++i]);
        } else {
            return usage();
        }
    }
    if (st.n < 1 || st.steps < 1 || rounds < 1 || rounds > 100) return usage();
    int na = st.cfg->num_agents;
    st.table = malloc(sizeof *st.table * TABLE);
    dmap_rng rng;
    dmap_rng_seed(&rng, 12345);
    for (int k = 0; k < TABLE; k++) st.table[k] = (int32_t)dmap_rng_below(&rng, PM_NUM_ACTIONS);

    plain_game *plain = calloc((size_t)st.n, sizeof *plain);
    pm_vec *v[NCONT] = {0};
    unsigned planes[NCONT] = {0, 0, 0, PM_VEC_ALL_PLANES};
    pm_vec_out out[NCONT];
    int32_t *acts = malloc(sizeof *acts * (size_t)st.n * (size_t)na);
    if (!st.table || !plain || !acts) return 1;
    for (long i = 0; i < st.n; i++) plain_start(&st, &plain[i], i);
    for (int c = 1; c < NCONT; c++) {
        pm_vec_spec spec = {.cfg = st.cfg, .nenvs = st.n, .seed = st.seed, .planes = planes[c]};
        if (pm_vec_new(&spec, &v[c]) != DMAP_OK) return 1;
        size_t k = (size_t)st.n * (size_t)na;
        size_t per = (size_t)pm_vec_channels(v[c]) * (size_t)(st.cfg->size * st.cfg->size);
        out[c] = (pm_vec_out){
            .obs = c >= 2 ? malloc(k * per) : NULL, .rewards = malloc(k * sizeof(float)),
            .terminated = malloc(k), .truncated = malloc(k), .masks = malloc(k * PM_NUM_ACTIONS)};
        if ((c >= 2 && !out[c].obs) || !out[c].rewards || !out[c].terminated || !out[c].truncated || !out[c].masks)
            return 1;
        if (pm_vec_reset(v[c], st.seed, NULL, &out[c]) != DMAP_OK) return 1;
    }

    double cpu[NCONT][100], ratio[NCONT][100];
    unsigned sink = 0;
    for (int r = 0; r < rounds; r++) {
        long t0 = (long)r * st.steps;
        for (int c = 0; c < NCONT; c++) {
            int64_t c0 = kit_thread_cpu_ns();
            sink += c == 0 ? plain_round(&st, plain, t0) : vec_round(&st, v[c], &out[c], acts, t0);
            cpu[c][r] = (double)(kit_thread_cpu_ns() - c0);
        }
        for (int c = 0; c < NCONT; c++) ratio[c][r] = cpu[c][r] / cpu[0][r];
    }
    /* the same games: every state and episode count equal */
    for (int c = 1; c < NCONT; c++)
        for (long i = 0; i < st.n; i++) {
            long ep;
            pm_vec_episode(v[c], i, &ep, NULL, NULL);
            const pm_state *s = pm_vec_state(v[c], i);
            if (ep != plain[i].episode || s->step != plain[i].s.step ||
                memcmp(s->board, plain[i].s.board, sizeof s->board) ||
                memcmp(s->agents, plain[i].s.agents, sizeof s->agents)) {
                fprintf(stderr, "dmap_bench_vec_pommerman: %s: game %ld differs from the plain loop\n", cont_names[c], i);
                return 1;
            }
        }
    long episodes = 0;
    for (long i = 0; i < st.n; i++) episodes += plain[i].episode;
    double agent_steps = (double)st.n * st.steps * na;
    char load[64] = "?";
    FILE *lf = fopen("/proc/loadavg", "r");
    if (lf) {
        if (!fgets(load, sizeof load, lf)) strcpy(load, "?");
        fclose(lf);
        load[strcspn(load, "\n")] = 0;
    }
    printf("%s, %ld self-play games x %d steps x %d rounds, random actions (%ld episodes ended), "
           "one thread, /proc/loadavg at the end: %s\n", st.cfg->name, st.n, st.steps, rounds, episodes, load);
    printf("| contender | agent-steps/s per core, median [min-max] | ns per agent-step | time / A, median [min-max] |\n");
    printf("|---|---|---|---|\n");
    for (int c = 0; c < NCONT; c++) {
        double rate[100], rt[100];
        for (int r = 0; r < rounds; r++) {
            rate[r] = agent_steps / (cpu[c][r] / 1e9);
            rt[r] = ratio[c][r];
        }
        double lo = rate[0], hi = rate[0], rlo = rt[0], rhi = rt[0];
        for (int r = 1; r < rounds; r++) {
            lo = rate[r] < lo ? rate[r] : lo;
            hi = rate[r] > hi ? rate[r] : hi;
            rlo = rt[r] < rlo ? rt[r] : rlo;
            rhi = rt[r] > rhi ? rt[r] : rhi;
        }
        double med = median(rate, rounds);
        printf("| %s | %.2fM [%.2f-%.2f] | %.0f | %.3f [%.3f-%.3f] |\n", cont_names[c], med / 1e6, lo / 1e6,
               hi / 1e6, 1e9 / med, median(rt, rounds), rlo, rhi);
    }
    fprintf(stderr, "(checksum %u)\n", sink);
    for (int c = 1; c < NCONT; c++) {
        pm_vec_free(v[c]);
        free(out[c].obs);
        free(out[c].rewards);
        free(out[c].terminated);
        free(out[c].truncated);
        free(out[c].masks);
    }
    free(acts);
    free(plain);
    free(st.table);
    return 0;
}
