/* game.c — a whole game between two bots, run as the original runs its agents: after every
 * tick each living bot gets the new state and its answer is applied in the next tick (tick 0
 * has no answers; after the last tick the bots still get the final state). Decision time is
 * thread CPU time (the kit's cputime). */
#include <math.h>
#include <string.h>

#include "bomber.h"
#include "dmap.h"
#include "cputime.h"

int bomber_play(int64_t seed, const bomber_bot *bots[BOMBER_PLAYERS], int want_maps,
                bomber_observer observer, void *ctx, bomber_result *out) {
    bomber_game g;
    memset(out, 0, sizeof *out);
    if (bomber_new_game(&g, seed, BOMBER_MAX_ITERATIONS)) return DMAP_ERR_NOMEM;
    void *state[BOMBER_PLAYERS] = {NULL, NULL};
    int rc = 0;
    for (int p = 0; p < BOMBER_PLAYERS && !rc; p++)
        if (bots[p]->init) rc = bots[p]->init(&state[p], p, bomber_bot_seed((uint64_t)seed, p));
    bomber_answer answers[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
    double maps[BOMBER_PLAYERS][BOMBER_CELLS];
    const double *shown[BOMBER_PLAYERS] = {NULL, NULL};
    bomber_view view;
    if (observer && !rc) observer(ctx, &g, -1, answers, NULL, shown);
    while (!rc && !g.over) {
        bomber_action acts[BOMBER_PLAYERS];
        for (int p = 0; p < BOMBER_PLAYERS; p++)
            acts[p] = bomber_alive(&g, p) ? bomber_answer_action(answers[p]) : BOMBER_NONE;
        bomber_tick_log log;
        if (bomber_tick(&g, acts, &log)) {
            rc = -1;
            break;
        }
        bomber_answer applied[BOMBER_PLAYERS] = {answers[0], answers[1]};
        for (int p = 0; p < BOMBER_PLAYERS; p++) {
            answers[p] = BOMBER_ANS_NONE;
            shown[p] = NULL;
            if (!bomber_alive(&g, p)) continue;
            bomber_make_view(&g, p, &view);
            if (want_maps)
                for (int c = 0; c < BOMBER_CELLS; c++) maps[p][c] = NAN;
            int64_t t0 = kit_thread_cpu_ns();
            answers[p] = bots[p]->decide(state[p], &view, want_maps ? maps[p] : NULL);
            out->decide_ns[p] += kit_thread_cpu_ns() - t0;
            out->decisions[p]++;
            if (bots[p]->error && (rc = bots[p]->error(state[p]))) break;
            if (want_maps) shown[p] = maps[p];
        }
        if (rc) break;
        if (observer) observer(ctx, &g, g.tick - 1, applied, &log, shown);
    }
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (bots[p]->release && state[p]) bots[p]->release(state[p]);
    out->ticks = g.tick;
    out->winner = g.winner;
    out->death = bomber_alive(&g, 0) + bomber_alive(&g, 1) <= 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        out->score[p] = g.players[p].score, out->hp[p] = g.players[p].hp;
    return rc;
}
