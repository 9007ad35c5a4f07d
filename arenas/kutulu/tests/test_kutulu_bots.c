/* test_kutulu_bots.c — the deciding built-in bots (postmortem, dmapbot, lookahead, and
 * lookahead with its duel of the last two explorers and every other explorer a yeller) on every
 * league map: every answer is a legal action of the bot's own explorer (WAIT, PLAN, LIGHT, YELL
 * or a MOVE to its cell or a walkable neighbour; never an error or a timeout), each decision
 * of postmortem and dmapbot publishes the step that chose it (decided_by: a known step at the
 * bot's cell, nothing elsewhere; lookahead publishes no maps), and the same seeds give the
 * same game, state line for state line. Leaks: the sanitizer build runs it too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kutulu.h"
#include "maps_arg.h"

typedef struct watch {
    int seat;          /* the bot under test */
    int before;        /* its cell before the turn, -1 on the first */
    int w;
    int decided_by;    /* the bot publishes decided_by */
    long moves, steps; /* its answers, and those that moved it */
    uint64_t hash;     /* of every state line */
} watch;

static int observe(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                   const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS],
                   char *err, size_t errlen) {
    (void)err, (void)errlen;
    watch *t = ctx;
    static char buf[1 << 16];
    size_t n = kt_format_state(g, buf, sizeof buf);
    for (size_t i = 0; i < n; i++) t->hash = (t->hash ^ (unsigned char)buf[i]) * 1099511628211ULL;
    if (!played[t->seat]) return 0;
    kt_action a;
    CHECK_EQ_INT(kt_parse_action(lines[t->seat], &a), 0);
    t->moves++;
    if (a.kind == KT_MOVE && t->before >= 0) {
        int to = a.y * t->w + a.x, d = abs(a.x - t->before % t->w) + abs(a.y - t->before / t->w);
        CHECK(d <= 1);
        CHECK(kt_walkable(g->map, a.x, a.y));
        t->steps += to != t->before;
    }
    kit_map maps[KIT_MAX_MAPS];
    int k = kt_player_maps(players[t->seat], maps, KIT_MAX_MAPS), found = 0;
    for (int i = 0; i < k; i++) {
        if (strcmp(maps[i].name, "decided_by") || t->before < 0) continue;
        found = 1;
        int cells = g->map->w * g->map->h, finite = 0;
        for (int c = 0; c < cells; c++) finite += isfinite(maps[i].values[c]);
        CHECK_EQ_INT(finite, 1);
        double v = maps[i].values[t->before];
        CHECK(v >= 0 && v < 52);
    }
    CHECK(found || t->before < 0 || !t->decided_by);
    CHECK(!found || t->decided_by);
    t->before = g->ex[t->seat].active ? g->ex[t->seat].cell : -1;
    return 0;
}

static uint64_t play(const kt_mapset *league, const char *bot, int map, int seat, long *steps) {
    char err[256];
    kt_player *p[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) {
        p[i] = kt_player_new(i == seat ? bot : "initial", err, sizeof err);
        if (!p[i]) {
            fprintf(stderr, "FAIL: %s\n", err);
            exit(1);
        }
    }
    kt_match_config cfg = {1000 + map, map, 7 + (uint64_t)seat, 1000000000LL, 50000000LL};
    watch t = {seat, -1, league->maps[map].w, strncmp(bot, "lookahead", 9) != 0, 0, 0,
               1469598103934665603ULL};
    kt_match_result res;
    CHECK_EQ_INT(kt_play_match(p, league, &cfg, observe, &t, &res, err, sizeof err), 0);
    CHECK_EQ_INT(res.timeouts[seat], 0);
    CHECK(t.moves == res.decisions[seat]);
    *steps += t.steps;
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
    return t.hash;
}

int main(int argc, char **argv) {
    static kt_mapset league;
    int loaded = kt_test_load_maps(argc, argv, 1, "test_kutulu_bots MAPS_DIR", &league);
    if (loaded != 0) return loaded;
    const char *bots[] = {"postmortem", "dmapbot", "lookahead",
                          "lookahead:duel=1:duel_plan=0:duel_shelter=1.5:duel_depth=5:yell_all=1"};
    for (int b = 0; b < 4; b++) {
        long steps = 0;
        for (int map = 0; map < KT_LEAGUE_MAPS; map++) {
            uint64_t h = play(&league, bots[b], map, map % KT_PLAYERS, &steps);
            CHECK(h == play(&league, bots[b], map, map % KT_PLAYERS, &steps));
        }
        CHECK(steps > 100); /* it walks, not only waits */
    }
    return check_report("test_kutulu_bots");
}
