/* test_kutulu_game_view.c — the game rebuilt from a player's view (kt_game_from_view), which
 * the lookahead bot steps with the engine, against the engine's own game as an oracle. Games
 * with seeded random actions (steps, WAIT, PLAN, LIGHT, YELL) on every league map; at every
 * turn, for every explorer in the game, its view is rebuilt and both games are stepped with
 * the same actions:
 *  - with the parts the view hides copied from the real game (generator, slashers' last-seen
 *    cells, slashers spawned, past yells, the scores of those out), the rebuilt game must
 *    give exactly the real game's next state, line for line: the view holds all the rest;
 *  - as the view alone gives it, the minions' next cells, states and targets must match the
 *    real ones in most turns: what differs comes from the hidden parts (ties broken by the
 *    generator, a slasher's last-seen cell, a slasher spawned this turn, the ids of new
 *    minions); these random games hold far more of them than real ones (88% of the turns
 *    match; 93% with the generator and the last-seen cells copied).
 * Each view also writes back the text it was parsed from, byte for byte (kt_format_view_init,
 * kt_format_view_turn: what the adapters of programs and of Python callers send). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kutulu.h"
#include "maps_arg.h"

static char text_a[1 << 16], text_b[1 << 16], text_c[KT_VIEW_TEXT_MAX];

/* A random action: mostly steps, sometimes WAIT, PLAN, LIGHT or YELL. */
static kt_action random_action(uint64_t *s) {
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    unsigned r = (unsigned)(*s >> 33) % 20;
    kt_action a = {KT_WAIT, 0, 0};
    if (r < 12) a.kind = (kt_action_kind)(KT_UP + r % 4);
    else if (r == 12) a.kind = KT_PLAN;
    else if (r == 13) a.kind = KT_LIGHT;
    else if (r < 16) a.kind = KT_YELL;
    return a;
}

/* The hidden parts of real copied into the rebuilt game r. */
static void copy_hidden(kt_game *r, const kt_game *real) {
    r->rng = real->rng;
    r->next_id = real->next_id;
    for (int i = 0; i < KT_PLAYERS; i++) {
        r->ex[i].yelled_by = real->ex[i].yelled_by;
        r->ex[i].slasher_spawned = real->ex[i].slasher_spawned;
        if (!real->ex[i].active) r->ex[i] = real->ex[i];
    }
    for (int k = 0; k < r->nminions && k < real->nminions; k++) {
        r->minions[k].last_seen = real->minions[k].last_seen;
        int t = real->minions[k].target; /* the view shows none for an explorer out */
        if (t >= 0 && !real->ex[t].active) r->minions[k].target = t;
    }
}

/* The minions' lines of a state text (from the first WANDERER or SLASHER line on, effects
 * dropped). */
static void minion_lines(const char *state, char *out, size_t cap) {
    size_t n = 0;
    for (const char *s = state; *s;) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s + 1) : strlen(s);
        if ((!strncmp(s, "WANDERER", 8) || !strncmp(s, "SLASHER", 7)) && n + len < cap) {
            memcpy(out + n, s, len);
            n += len;
        }
        s += len;
    }
    out[n] = '\0';
}

int main(int argc, char **argv) {
    static kt_mapset league;
    int loaded = kt_test_load_maps(argc, argv, 1, "test_kutulu_game_view MAPS_DIR", &league);
    if (loaded != 0) return loaded;
    char err[256];
    static kt_search search;
    static kt_game real, next, rebuilt, guess;
    static kt_map map;
    static kt_view view;
    static char ma[1 << 16], mb[1 << 16];
    kt_search_reset(&search);
    long exact = 0, same_minions = 0, rebuilt_turns = 0;
    for (int game = 0; game < 2 * KT_LEAGUE_MAPS; game++) {
        CHECK_EQ_INT(kt_game_init(&real, 500 + game, &league, game % KT_LEAGUE_MAPS), 0);
        uint64_t rng = 77 + (uint64_t)game;
        kt_format_init(&real, text_a, sizeof text_a);
        CHECK_EQ_INT(kt_parse_init(text_a, &view, err, sizeof err), 0);
        CHECK(kt_format_view_init(&view, text_c, sizeof text_c) < sizeof text_c && !strcmp(text_a, text_c));
        while (!real.over) {
            kt_action act[KT_PLAYERS];
            unsigned char ok[KT_PLAYERS] = {1, 1, 1, 1};
            for (int i = 0; i < KT_PLAYERS; i++) act[i] = random_action(&rng);
            CHECK_EQ_INT(kt_game_copy(&next, &real), 0);
            CHECK_EQ_INT(kt_game_step(&next, act, ok), 0);
            kt_format_state(&next, text_a, sizeof text_a);
            minion_lines(text_a, ma, sizeof ma);
            for (int p = 0; p < KT_PLAYERS; p++) {
                if (!real.ex[p].active) continue;
                kt_format_turn(&real, p, text_b, sizeof text_b);
                CHECK_EQ_INT(kt_parse_turn(text_b, &view, err, sizeof err), 0);
                CHECK(kt_format_view_turn(&view, text_c, sizeof text_c) < sizeof text_c && !strcmp(text_b, text_c));
                view.turn = real.turn;
                CHECK_EQ_INT(kt_game_from_view(&rebuilt, &map, &view, &search), 0);
                memcpy(&guess, &rebuilt, sizeof guess);
                copy_hidden(&rebuilt, &real);
                CHECK_EQ_INT(kt_game_step(&rebuilt, act, ok), 0);
                kt_format_state(&rebuilt, text_b, sizeof text_b);
                exact += strcmp(text_a, text_b) == 0;
                CHECK(strcmp(text_a, text_b) == 0);
                CHECK_EQ_INT(kt_game_step(&guess, act, ok), 0);
                kt_format_state(&guess, text_b, sizeof text_b);
                minion_lines(text_b, mb, sizeof mb);
                same_minions += strcmp(ma, mb) == 0;
                rebuilt_turns++;
            }
            kt_game_free(&real);
            memcpy(&real, &next, sizeof real);
        }
        kt_game_free(&real);
    }
    printf("rebuilt views: %ld; exact with the hidden parts: %ld; minions as the view alone "
           "gives them: %ld (%.2f%%)\n",
           rebuilt_turns, exact, same_minions, 100.0 * same_minions / rebuilt_turns);
    CHECK(rebuilt_turns > 1000);
    CHECK(same_minions >= rebuilt_turns * 85 / 100); /* 87.97% when written */
    return check_report("test_kutulu_game_view");
}
