/* test_kutulu_stepper.c — the stepper driven by hand (kt_match_open, kt_match_decide,
 * kt_match_step, kt_match_status, kt_match_close) plays kt_play_match's game: the same state
 * after every turn (hashed), turns, scores and ranks, for several seeds and bots; and a seat
 * the caller answers with the line the `wait` bot writes plays the `wait` bot's game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kutulu.h"
#include "maps_arg.h"

static void hash_state(uint64_t *h, const kt_game *g) {
    static char buf[1 << 16];
    size_t n = kt_format_state(g, buf, sizeof buf);
    for (size_t i = 0; i < n; i++) *h = (*h ^ (unsigned char)buf[i]) * 1099511628211ULL;
}

static int observe(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                   const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS], char *err,
                   size_t errlen) {
    (void)lines, (void)played, (void)players, (void)err, (void)errlen;
    hash_state(ctx, g);
    return 0;
}

static const char *const names[KT_PLAYERS] = {"initial", "random", "postmortem", "wait"};

static void make_players(kt_player *p[KT_PLAYERS], int caller_seat) {
    char err[256];
    for (int i = 0; i < KT_PLAYERS; i++) {
        p[i] = i == caller_seat ? NULL : kt_player_new(names[i], err, sizeof err);
        CHECK(i == caller_seat || p[i]);
    }
}

static void free_players(kt_player *p[KT_PLAYERS]) {
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
}

int main(int argc, char **argv) {
    static kt_mapset league;
    int loaded = kt_test_load_maps(argc, argv, 1, "test_kutulu_stepper MAPS_DIR", &league);
    if (loaded != 0) return loaded;
    char err[256];
    for (int64_t seed = 1; seed <= 6; seed++) {
        kt_match_config cfg = {seed, seed % 3 == 0 ? (int)seed : -1, (uint64_t)seed + 40, 1000000000LL, 50000000LL};
        kt_player *p[KT_PLAYERS];
        make_players(p, -1);
        uint64_t want = 1469598103934665603ULL;
        kt_match_result res;
        CHECK(kt_play_match(p, &league, &cfg, observe, &want, &res, err, sizeof err) == 0);
        free_players(p);
        for (int caller = -1; caller <= 3; caller += 4) { /* all bots; seat 3 the caller's */
            make_players(p, caller);
            for (int i = 0; i < KT_PLAYERS; i++)
                if (p[i]) kt_player_seed(p[i], cfg.bot_seed * 4 + (uint64_t)i + 1);
            kt_match m;
            CHECK(kt_match_open(&m, &league, &cfg, err, sizeof err) == 0);
            uint64_t got = 1469598103934665603ULL;
            static char lines[KT_PLAYERS][KT_ANSWER_MAX];
            while (!m.g.over) {
                kt_action act[KT_PLAYERS];
                unsigned char ok[KT_PLAYERS], played[KT_PLAYERS];
                if (caller >= 0) snprintf(lines[caller], KT_ANSWER_MAX, "WAIT");
                if (kt_match_decide(&m, p, lines, act, ok, played, NULL, err, sizeof err) ||
                    kt_match_step(&m, act, ok, err, sizeof err)) {
                    CHECK(0);
                    break;
                }
                hash_state(&got, &m.g);
                kt_match_end_players(&m, p);
            }
            kt_match_result st;
            kt_match_status(&m, &st);
            kt_match_close(&m);
            free_players(p);
            CHECK(got == want);
            CHECK(st.turns == res.turns && st.map_index == res.map_index);
            CHECK(!memcmp(st.score, res.score, sizeof st.score) && !memcmp(st.rank, res.rank, sizeof st.rank));
        }
    }
    return check_report("test_kutulu_stepper");
}
