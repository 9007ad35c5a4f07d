/* game.c — a whole game between two bots, run as the original runs its agents: after every
 * tick each living bot gets the new state and its answer is applied in the next tick (tick 0
 * has no answers; after the last tick the bots still get the final state). Decision time is
 * thread CPU time (the kit's cputime). Also the bots' seed rule. */
#include <string.h>

#include "bomber.h"
#include "kit/cputime.h"
#include "kit/outside.h"
#include "dmap.h"

uint64_t bomber_bot_seed(uint64_t game_seed, int pid) {
    return 100 * game_seed + 10 + (uint64_t)pid;
}

/* The maps bot p published after deciding, into shown (none when it publishes none). */
static int collect_maps(const bomber_bot *bot, void *state, bomber_bot_maps *shown) {
    shown->n = 0;
    if (!bot->maps) return 0;
    int n = bot->maps(state, shown->map, KIT_MAX_MAPS);
    if (n < 0) return n;
    shown->n = n > KIT_MAX_MAPS ? KIT_MAX_MAPS : n;
    return 0;
}

int bomber_play(int64_t seed, const bomber_bot *const bots[BOMBER_PLAYERS], int want_maps,
                bomber_observer observer, void *ctx, bomber_result *out) {
    bomber_game g;
    memset(out, 0, sizeof *out);
    if (bomber_new_game(&g, seed, BOMBER_MAX_ITERATIONS)) return DMAP_ERR_NOMEM;
    void *state[BOMBER_PLAYERS] = {NULL, NULL};
    bomber_view view;
    int rc = 0;
    for (int p = 0; p < BOMBER_PLAYERS && !rc; p++) {
        bomber_make_view(&g, p, &view);
        view.maps_wanted = want_maps;
        state[p] = kit_bot_preset(&bots[p]->info); /* an outside seat's program, else NULL */
        if (bots[p]->init) rc = bots[p]->init(&state[p], &view, bomber_bot_seed((uint64_t)seed, p));
    }
    bomber_answer answers[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
    bomber_bot_maps shown[BOMBER_PLAYERS];
    memset(shown, 0, sizeof shown);
    if (observer && !rc) observer(ctx, &g, -1, answers, NULL, want_maps ? shown : NULL);
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
        for (int p = 0; p < BOMBER_PLAYERS && !rc; p++) {
            answers[p] = BOMBER_ANS_NONE;
            shown[p].n = 0;
            if (!bomber_alive(&g, p)) continue;
            bomber_make_view(&g, p, &view);
            view.maps_wanted = want_maps;
            int64_t t0 = kit_thread_cpu_ns();
            rc = bots[p]->decide(state[p], &view, &answers[p]);
            out->decide_ns[p] += kit_thread_cpu_ns() - t0;
            out->decisions[p]++;
            if (!rc && want_maps) rc = collect_maps(bots[p], state[p], &shown[p]);
        }
        if (rc) break;
        if (observer) observer(ctx, &g, g.tick - 1, applied, &log, want_maps ? shown : NULL);
    }
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        out->ended[p] = kit_bot_ended(&bots[p]->info, state[p], &out->ended_on[p]);
        if (bots[p]->release && state[p]) bots[p]->release(state[p]);
    }
    out->ticks = g.tick;
    out->winner = g.winner;
    out->death = bomber_alive(&g, 0) + bomber_alive(&g, 1) <= 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        out->score[p] = g.players[p].score, out->hp[p] = g.players[p].hp;
    return rc;
}
