/* game.c — the stepper (one game: the referee's init from the seed, each player's input text,
 * the turns, the scores and ranks) and a whole game with four players as a loop over it: send
 * each active player its input, read its line, parse it with the referee's grammar, play the
 * turn, the observer after every turn. The seats are kt_players (player.c): in-process bots,
 * programs and callers' functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

void kt_rank_scores(const int score[KT_PLAYERS], int rank[KT_PLAYERS]) {
    for (int i = 0; i < KT_PLAYERS; i++) {
        rank[i] = 1;
        for (int j = 0; j < KT_PLAYERS; j++)
            if (score[j] > score[i]) rank[i]++;
    }
}

/* ---- the stepper ------------------------------------------------------------------------- */

static const size_t text_cap = 1 << 16;

int kt_match_open(kt_match *m, const kt_mapset *maps, const kt_match_config *cfg, char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    if (kt_game_init(&m->g, cfg->seed, maps, cfg->forced_map)) {
        snprintf(err, errlen, "cannot start the game (map or memory)");
        return -1;
    }
    m->open = 1;
    m->init = malloc(text_cap);
    m->turn = malloc(text_cap);
    if (!m->init || !m->turn) {
        kt_match_close(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    kt_format_init(&m->g, m->init, text_cap);
    return 0;
}

const char *kt_match_observe(kt_match *m, int seat) {
    kt_format_turn(&m->g, seat, m->turn, text_cap);
    return m->turn;
}

int kt_match_step(kt_match *m, const kt_action act[KT_PLAYERS], const unsigned char ok[KT_PLAYERS], char *err,
                  size_t errlen) {
    int s = kt_game_step(&m->g, act, ok);
    if (s)
        snprintf(err, errlen, "the engine refused turn %d (%s)", m->g.turn,
                 s == -2 ? "a fixed capacity overflowed" : "game over");
    return s;
}

void kt_match_status(const kt_match *m, kt_match_result *res) {
    res->turns = m->g.turn;
    res->map_index = m->g.map_index;
    for (int i = 0; i < KT_PLAYERS; i++) res->score[i] = m->g.ex[i].score;
    kt_rank_scores(res->score, res->rank);
}

void kt_match_close(kt_match *m) {
    free(m->init);
    free(m->turn);
    m->init = m->turn = NULL;
    if (m->open) kt_game_free(&m->g);
    m->open = 0;
}

/* ---- the seats ----------------------------------------------------------------------------- */

int kt_match_decide(kt_match *m, kt_player *const players[KT_PLAYERS], char lines[KT_PLAYERS][KT_ANSWER_MAX],
                    kt_action act[KT_PLAYERS], unsigned char ok[KT_PLAYERS], unsigned char played[KT_PLAYERS],
                    kt_match_result *res, char *err, size_t errlen) {
    const kt_game *g = &m->g;
    for (int i = 0; i < KT_PLAYERS; i++) {
        act[i].kind = KT_WAIT;
        ok[i] = 1;
        played[i] = 0;
        if (players[i]) lines[i][0] = '\0';
        if (!g->ex[i].active) continue;
        if (!players[i]) { /* the caller's line, judged by the referee's grammar */
            if (kt_parse_action(lines[i], &act[i]) != 0) ok[i] = 0;
            continue;
        }
        const char *turn = kt_match_observe(m, i);
        int64_t spent = 0;
        int64_t limit = g->turn == 0 ? m->cfg.first_limit_ns : m->cfg.limit_ns;
        int t = kt_player_turn(players[i], g->turn == 0 ? m->init : NULL, turn, limit, lines[i], KT_ANSWER_MAX,
                               &spent, err, errlen);
        if (t == KT_TURN_ERROR) return -1;
        played[i] = 1;
        if (res) {
            res->decisions[i]++;
            res->decide_ns[i] += spent;
            if (spent > res->max_decide_ns[i]) res->max_decide_ns[i] = spent;
        }
        if (t == KT_TURN_TIMEOUT || kt_parse_action(lines[i], &act[i]) != 0) {
            ok[i] = 0; /* the referee ends this player (score -1) */
            if (t == KT_TURN_OK) kt_player_judge_invalid(players[i]);
            if (res) {
                res->timeouts[i] = 1;
                res->ended[i] = kt_player_why(players[i]);
            }
        } else if (res && !kt_player_is_external(players[i]) && spent > limit) {
            res->timeouts[i] = 1; /* counted, not enforced: see player.c */
        }
    }
    return 0;
}

void kt_match_end_players(const kt_match *m, kt_player *const players[KT_PLAYERS]) {
    for (int i = 0; i < KT_PLAYERS; i++)
        if (players[i] && !m->g.ex[i].active) kt_player_end(players[i]);
}

/* ---- a whole game -------------------------------------------------------------------------- */

int kt_play_match(kt_player *const players[KT_PLAYERS], const kt_mapset *maps,
                  const kt_match_config *cfg, kt_observer obs, void *ctx, kt_match_result *res,
                  char *err, size_t errlen) {
    memset(res, 0, sizeof *res);
    kt_match m;
    if (kt_match_open(&m, maps, cfg, err, errlen)) return -1;
    for (int i = 0; i < KT_PLAYERS; i++)
        kt_player_seed(players[i], cfg->bot_seed * 4 + (uint64_t)i + 1);
    int rc = 0;
    while (!rc && !m.g.over) {
        kt_action act[KT_PLAYERS];
        unsigned char ok[KT_PLAYERS], played[KT_PLAYERS];
        char lines[KT_PLAYERS][KT_ANSWER_MAX];
        if ((rc = kt_match_decide(&m, players, lines, act, ok, played, res, err, errlen))) break;
        if ((rc = kt_match_step(&m, act, ok, err, errlen))) break;
        /* the observer first: a player ended this turn still holds its last decision's maps */
        if (obs && (rc = obs(ctx, &m.g, lines, played, players, err, errlen))) break;
        kt_match_end_players(&m, players);
    }
    if (!rc) kt_match_status(&m, res);
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_end(players[i]);
    kt_match_close(&m);
    return rc ? -1 : 0;
}
