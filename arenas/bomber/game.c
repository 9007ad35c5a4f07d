/* game.c — the stepper (one game: the map of a seed, the views, the ticks, the end) and a whole
 * game between two bots as a loop over it and the kit's seat driver, run as the original runs
 * its agents: after every tick each living bot gets the new state and its answer is applied in
 * the next tick (tick 0 has no answers; after the last tick the bots still get the final
 * state). Decision time is thread CPU time. Also the bots' seed rule. */
#include <string.h>

#include "bomber.h"
#include "dmap.h"

KIT_SEAT_OPS(bomber_seat_ops, bomber_bot, bomber_view, bomber_answer);

uint64_t bomber_bot_seed(uint64_t game_seed, int pid) {
    return 100 * game_seed + 10 + (uint64_t)pid;
}

/* ---- the stepper ------------------------------------------------------------------------- */

int bomber_game_open(bomber_game *g, int64_t seed) {
    return bomber_new_game(g, seed, BOMBER_MAX_ITERATIONS) ? DMAP_ERR_NOMEM : DMAP_OK;
}

void bomber_game_observe(const bomber_game *g, int pid, int maps_wanted, bomber_view *v) {
    bomber_make_view(g, pid, v);
    v->maps_wanted = maps_wanted;
}

int bomber_game_step(bomber_game *g, const bomber_answer answers[BOMBER_PLAYERS], bomber_tick_log *log) {
    bomber_action acts[BOMBER_PLAYERS];
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        acts[p] = bomber_alive(g, p) ? bomber_answer_action(answers[p]) : BOMBER_NONE;
    return bomber_tick(g, acts, log) ? -1 : 0;
}

void bomber_game_status(const bomber_game *g, bomber_status *st) {
    st->over = g->over;
    st->ticks = g->tick;
    st->winner = g->winner;
    st->death = bomber_alive(g, 0) + bomber_alive(g, 1) <= 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++) st->score[p] = g->players[p].score, st->hp[p] = g->players[p].hp;
}

void bomber_game_close(bomber_game *g) { (void)g; }

/* ---- the seats ----------------------------------------------------------------------------- */

int bomber_game_init_seats(const bomber_game *g, kit_seats *seats, int64_t seed, int want_maps) {
    bomber_view first;
    for (int p = 0; p < BOMBER_PLAYERS && p < seats->n; p++) {
        bomber_game_observe(g, p, want_maps, &first);
        int rc = kit_seats_init(seats, p, &first, bomber_bot_seed((uint64_t)seed, p));
        if (rc != DMAP_OK) return rc;
    }
    return DMAP_OK;
}

int bomber_game_decide(const bomber_game *g, kit_seats *seats, unsigned char owed[BOMBER_PLAYERS],
                       bomber_answer answers[BOMBER_PLAYERS], bomber_bot_maps *shown) {
    bomber_view view;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        if (shown) shown[p].n = 0;
        if (owed ? !owed[p] : !bomber_alive(g, p)) {
            if (!owed) answers[p] = BOMBER_ANS_NONE;
            continue;
        }
        answers[p] = BOMBER_ANS_NONE;
        bomber_game_observe(g, p, shown != NULL, &view);
        bomber_answer a = BOMBER_ANS_NONE;
        int rc = kit_seats_decide(seats, p, &view, &a);
        if (rc != DMAP_OK) return rc;
        answers[p] = a;
        if (owed) owed[p] = 0;
        if (shown) {
            int n = kit_seats_maps(seats, p, shown[p].map, KIT_MAX_MAPS);
            if (n < 0) return n;
            shown[p].n = n;
        }
    }
    return DMAP_OK;
}

/* ---- a whole game -------------------------------------------------------------------------- */

int bomber_play(int64_t seed, const bomber_bot *const bots[BOMBER_PLAYERS], int want_maps,
                bomber_observer observer, void *ctx, bomber_result *out) {
    bomber_game g;
    memset(out, 0, sizeof *out);
    if (bomber_game_open(&g, seed) != DMAP_OK) return DMAP_ERR_NOMEM;
    const kit_bot_info *info[BOMBER_PLAYERS] = {&bots[0]->info, &bots[1]->info};
    kit_seats seats;
    int rc = kit_seats_open(&seats, &bomber_seat_ops, KIT_CLOCK_THREAD_CPU, info, BOMBER_PLAYERS);
    if (!rc) rc = bomber_game_init_seats(&g, &seats, seed, want_maps);
    bomber_answer answers[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
    bomber_bot_maps shown[BOMBER_PLAYERS];
    memset(shown, 0, sizeof shown);
    if (observer && !rc) observer(ctx, &g, -1, answers, NULL, want_maps ? shown : NULL);
    while (!rc && !g.over) {
        bomber_tick_log log;
        if (bomber_game_step(&g, answers, &log)) {
            rc = -1;
            break;
        }
        bomber_answer applied[BOMBER_PLAYERS] = {answers[0], answers[1]};
        if ((rc = bomber_game_decide(&g, &seats, NULL, answers, want_maps ? shown : NULL))) break;
        if (observer) observer(ctx, &g, g.tick - 1, applied, &log, want_maps ? shown : NULL);
    }
    kit_seats_close(&seats);
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        out->decide_ns[p] = seats.seat[p].decide_ns;
        out->decisions[p] = seats.seat[p].decisions;
        out->ended[p] = seats.seat[p].ended;
        out->ended_on[p] = seats.seat[p].ended_on;
        /* the last view of a player alive at the end is the final state (is_over): no answer
         * is expected to it, so a program that exits (or says nothing) there played to the end */
        if (!rc && g.over && bomber_alive(&g, p) && out->ended[p] != KIT_END_NONE &&
            out->ended_on[p] == out->decisions[p])
            out->ended[p] = KIT_END_NONE, out->ended_on[p] = 0;
    }
    bomber_status st;
    bomber_game_status(&g, &st);
    out->ticks = st.ticks;
    out->winner = st.winner;
    out->death = st.death;
    for (int p = 0; p < BOMBER_PLAYERS; p++) out->score[p] = st.score[p], out->hp[p] = st.hp[p];
    bomber_game_close(&g);
    return rc;
}
