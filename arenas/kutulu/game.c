/* game.c — one whole game with four players: the referee's loop (send each active player its
 * input, read its line, parse it with the referee's grammar, play the turn), the observer after
 * every turn, and the ranking. */
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

int kt_play_match(kt_player *const players[KT_PLAYERS], const kt_mapset *maps,
                  const kt_match_config *cfg, kt_observer obs, void *ctx, kt_match_result *res,
                  char *err, size_t errlen) {
    memset(res, 0, sizeof *res);
    kt_game g;
    if (kt_game_init(&g, cfg->seed, maps, cfg->forced_map)) {
        snprintf(err, errlen, "cannot start the game (map or memory)");
        return -1;
    }
    static const size_t cap = 1 << 16;
    char *init = malloc(cap), *turn = malloc(cap);
    int rc = 0;
    if (!init || !turn) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
    }
    kt_format_init(&g, init, cap);
    for (int i = 0; i < KT_PLAYERS; i++)
        kt_player_seed(players[i], cfg->bot_seed * 4 + (uint64_t)i + 1);
    while (!g.over) {
        kt_action act[KT_PLAYERS];
        unsigned char ok[KT_PLAYERS], played[KT_PLAYERS];
        char lines[KT_PLAYERS][KT_ANSWER_MAX];
        for (int i = 0; i < KT_PLAYERS; i++) {
            act[i].kind = KT_WAIT;
            ok[i] = 1;
            played[i] = 0;
            lines[i][0] = '\0';
            if (!g.ex[i].active) continue;
            kt_format_turn(&g, i, turn, cap);
            int64_t spent = 0;
            int64_t limit = g.turn == 0 ? cfg->first_limit_ns : cfg->limit_ns;
            int t = kt_player_turn(players[i], g.turn == 0 ? init : NULL, turn, limit, lines[i],
                                   KT_ANSWER_MAX, &spent, err, errlen);
            if (t == KT_TURN_ERROR) {
                rc = -1;
                goto done;
            }
            played[i] = 1;
            res->decisions[i]++;
            res->decide_ns[i] += spent;
            if (spent > res->max_decide_ns[i]) res->max_decide_ns[i] = spent;
            if (t == KT_TURN_TIMEOUT || kt_parse_action(lines[i], &act[i]) != 0) {
                ok[i] = 0; /* the referee ends this player (score -1) */
                res->timeouts[i] = 1;
                if (t == KT_TURN_OK) kt_player_judge_invalid(players[i]);
                res->ended[i] = kt_player_why(players[i]);
            } else if (!kt_player_is_external(players[i]) && spent > limit) {
                res->timeouts[i] = 1; /* counted, not enforced: see player.c */
            }
        }
        int s = kt_game_step(&g, act, ok);
        if (s) {
            snprintf(err, errlen, "the engine refused turn %d (%s)", g.turn,
                     s == -2 ? "a fixed capacity overflowed" : "game over");
            rc = -1;
            goto done;
        }
        /* the observer first: a player ended this turn still holds its last decision's maps */
        if (obs && obs(ctx, &g, lines, played, players, err, errlen)) {
            rc = -1;
            goto done;
        }
        for (int i = 0; i < KT_PLAYERS; i++)
            if (!g.ex[i].active) kt_player_end(players[i]);
    }
    res->turns = g.turn;
    res->map_index = g.map_index;
    for (int i = 0; i < KT_PLAYERS; i++) res->score[i] = g.ex[i].score;
    kt_rank_scores(res->score, res->rank);
done:
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_end(players[i]);
    free(init);
    free(turn);
    kt_game_free(&g);
    return rc;
}
