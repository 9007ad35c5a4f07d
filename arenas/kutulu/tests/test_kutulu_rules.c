/* test_kutulu_rules.c — rule scenarios for the Kutulu engine, each checked against the facts
 * of RULES.md (the referee's behaviour): the action grammar, yells once per
 * ordered pair, PLAN/LIGHT durations, uses and refusal, shelters and their energy, the slasher
 * state machine with line of sight, wanderer spawns at the farthest spawn points, sanity loss
 * alone/in a group and the last explorer's 50, spook on arrival, invalid output, determinism. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kutulu.h"

/* An open room without wanderer spawns (9 x 7), a shelter in the middle. */
static const char room[] = "#########\n"
                           "#S.....S#\n"
                           "#.......#\n"
                           "#...U...#\n"
                           "#.......#\n"
                           "#S.....S#\n"
                           "#########\n";
/* Two wanderer spawns: (1,1) near the explorers, (7,1) far from them. */
static const char spawns[] = "#########\n"
                             "#w.....w#\n"
                             "#.......#\n"
                             "#SS.....#\n"
                             "#SS.....#\n"
                             "#########\n";

static kt_mapset maps;

static void start(kt_game *g, const char *text) {
    char err[128];
    if (kt_map_parse(text, strlen(text), "test", &maps.maps[0], err, sizeof err)) {
        fprintf(stderr, "map: %s\n", err);
        exit(1);
    }
    if (kt_game_init(g, 7, &maps, 0)) exit(1);
    for (int i = 0; i < KT_PLAYERS; i++) g->ex[i].slasher_spawned = 1; /* no slashers unless asked */
}

static int cell(const kt_game *g, int x, int y) { return y * g->map->w + x; }

static void step(kt_game *g, const char *a0, const char *a1, const char *a2, const char *a3) {
    const char *lines[KT_PLAYERS] = {a0, a1, a2, a3};
    kt_action act[KT_PLAYERS];
    unsigned char ok[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) ok[i] = kt_parse_action(lines[i], &act[i]) == 0;
    CHECK_EQ_INT(kt_game_step(g, act, ok), 0);
}

static int count_effects(const kt_game *g, kt_effect_type type, int caster, int receiver) {
    int n = 0;
    for (int k = 0; k < g->neffects; k++)
        n += g->effects[k].type == type && (caster < 0 || g->effects[k].caster == caster) &&
             (receiver < 0 || g->effects[k].receiver == receiver);
    return n;
}

static void test_grammar(void) {
    static const struct { const char *line; int ok; kt_action_kind kind; } cases[] = {
        {"MOVE 3 4", 1, KT_MOVE}, {"move 3 4 hello there", 1, KT_MOVE}, {"MOVE -1 4", 1, KT_MOVE},
        {"MOVE 3 4   ", 1, KT_MOVE}, {"WAIT", 1, KT_WAIT}, {"wait a message", 1, KT_WAIT},
        {"UP", 1, KT_UP}, {"Right", 1, KT_RIGHT}, {"LIGHT", 1, KT_LIGHT}, {"plan", 1, KT_PLAN},
        {"YELL now", 1, KT_YELL}, {"MOVE 3", 0, 0}, {"MOVE  3 4", 0, 0}, {"MOVE 3 4x", 0, 0},
        {"MOVE 99999999999 1", 0, 0}, {"JUMP", 0, 0}, {"", 0, 0}, {"WAIT;", 0, 0},
        {" WAIT", 0, 0}, {"MOVE", 0, 0}, {"MOVE3 4", 0, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kt_action a;
        int ok = kt_parse_action(cases[i].line, &a) == 0;
        if (ok != cases[i].ok) fprintf(stderr, "grammar: '%s'\n", cases[i].line);
        CHECK_EQ_INT(ok, cases[i].ok);
        if (ok && cases[i].ok) CHECK_EQ_INT(a.kind, cases[i].kind);
    }
}

static void test_yells(void) {
    kt_game g;
    start(&g, room);
    g.ex[0].cell = cell(&g, 3, 2);
    g.ex[1].cell = cell(&g, 4, 2);
    step(&g, "YELL", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, 0, 1), 1);
    char buf[4096];
    kt_format_state(&g, buf, sizeof buf);
    CHECK(strstr(buf, "EFFECT_YELL -1 -1 -1 1 0 1\n") != NULL);
    step(&g, "WAIT", "MOVE 7 2", "WAIT", "WAIT"); /* stuck in the yell turn and the next */
    CHECK_EQ_INT(g.ex[1].cell, cell(&g, 4, 2));
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, -1, -1), 0);
    step(&g, "YELL", "WAIT", "WAIT", "WAIT"); /* once per ordered pair and game */
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, -1, -1), 0);
    step(&g, "WAIT", "YELL", "WAIT", "WAIT"); /* the other direction is allowed */
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, 1, 0), 1);
    /* two explorers yelling at each other in one turn both succeed */
    g.ex[2].cell = cell(&g, 2, 4);
    g.ex[3].cell = cell(&g, 2, 4);
    step(&g, "WAIT", "WAIT", "YELL", "YELL");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, 2, 3), 1);
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_YELL, 3, 2), 1);
    kt_game_free(&g);
}

static void test_plan_and_light(void) {
    kt_game g;
    start(&g, room);
    for (int i = 0; i < KT_PLAYERS; i++) g.ex[i].sanity = 100;
    g.ex[0].cell = cell(&g, 2, 2);
    g.ex[1].cell = cell(&g, 3, 3); /* 2 steps away */
    int loss = g.params.group, lonely = g.params.lonely;
    step(&g, "PLAN", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.ex[0].plans, 1);
    CHECK_EQ_INT(g.ex[0].sanity, 100 + 3 + 3 - loss);
    CHECK_EQ_INT(g.ex[1].sanity, 100 + 3 - loss);
    CHECK_EQ_INT(g.ex[2].sanity, 100 - lonely);
    int shown[3];
    for (int t = 0; t < 3; t++) {
        CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, 0, -1), 1);
        shown[t] = g.neffects ? g.effects[0].tick : -1;
        step(&g, t == 0 ? "LIGHT" : "PLAN", "WAIT", "WAIT", "WAIT"); /* refused: PLAN running */
    }
    CHECK_EQ_INT(shown[0], 3);
    CHECK_EQ_INT(shown[1], 2);
    CHECK_EQ_INT(shown[2], 1);
    CHECK_EQ_INT(g.ex[0].plans, 1);
    CHECK_EQ_INT(g.ex[0].lights, 3);
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, -1, -1), 0);
    step(&g, "LIGHT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.ex[0].lights, 2);
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_LIGHT, 0, -1), 1);
    CHECK_EQ_INT(g.effects[0].tick, 1);
    /* LIGHT marks cells within 5 steps of the caster: (2,2) -> (7,2) is 5, (7,5) is 8 */
    CHECK_EQ_INT(g.light[cell(&g, 7, 2)], 1);
    CHECK_EQ_INT(g.light[cell(&g, 7, 5)], 0);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.light[cell(&g, 7, 2)], 1); /* acts in the cast turn and the next */
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_LIGHT, -1, -1), 0);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.light[cell(&g, 7, 2)], 0);
    kt_game_free(&g);
}

static void test_shelters(void) {
    kt_game g;
    start(&g, room);
    g.turn = 50;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_SHELTER, -1, -1), 1);
    CHECK_EQ_INT(g.effects[0].tick, 10);
    g.ex[0].cell = g.ex[1].cell = cell(&g, 4, 3);
    g.ex[0].sanity = g.ex[1].sanity = 100;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.effects[0].tick, 8); /* two explorers on it */
    CHECK_EQ_INT(g.ex[0].sanity, 100 + 5 - g.params.group);
    /* a shelter at 0 energy is gone; every 50 turns all shelters come back with 10 */
    g.effects[0].tick = 1;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_SHELTER, -1, -1), 0);
    g.turn = 100;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_SHELTER, -1, -1), 1);
    CHECK_EQ_INT(g.effects[0].tick, 10);
    g.effects[0].tick = 4;
    g.turn = 150;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT"); /* spent 2 this turn, then replaced */
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_SHELTER, -1, -1), 1);
    CHECK_EQ_INT(g.effects[0].tick, 10);
    kt_game_free(&g);
}

static void test_slasher(void) {
    kt_game g;
    start(&g, room);
    g.ex[0].slasher_spawned = 0;
    g.ex[0].sanity = 199;
    g.ex[0].cell = cell(&g, 1, 3);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.nminions, 1);
    CHECK_EQ_INT(g.minions[0].type, KT_SLASHER);
    CHECK_EQ_INT(g.minions[0].id, 4);
    CHECK_EQ_INT(g.minions[0].spawn_cd, 5);
    for (int t = 0; t < 5; t++) step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].state, KT_RUSH);
    int before = g.ex[0].sanity;
    step(&g, "MOVE 2 3", "WAIT", "WAIT", "WAIT"); /* still in line of sight */
    CHECK_EQ_INT(g.minions[0].cell, cell(&g, 2, 3));
    CHECK_EQ_INT(g.ex[0].sanity, before - 20 - g.params.lonely);
    CHECK_EQ_INT(g.minions[0].state, KT_STUNNED);
    CHECK_EQ_INT(g.minions[0].stun_cd, 6);
    for (int t = 0; t < 6; t++) step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].state, KT_WANDERING);
    /* in sight again: STALKING shown 2 then 1, RUSH, then the rush */
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].state, KT_STALKING);
    CHECK_EQ_INT(g.minions[0].stun_cd, 2);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].stun_cd, 1);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].state, KT_RUSH);
    /* out of sight when it strikes: it lands on the last-seen cell, nobody is there */
    before = g.ex[0].sanity;
    g.ex[0].cell = cell(&g, 3, 4);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.minions[0].cell, cell(&g, 2, 3));
    CHECK_EQ_INT(g.ex[0].sanity, before - g.params.lonely);
    kt_game_free(&g);
}

static void test_spawns_and_spook(void) {
    kt_game g;
    start(&g, spawns);
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.nminions, 1); /* only the spawn point farthest from the explorers */
    CHECK_EQ_INT(g.minions[0].cell, cell(&g, 7, 1));
    CHECK_EQ_INT(g.minions[0].spawn_cd, g.params.spawn_time - 1);
    kt_game_free(&g);

    start(&g, room);
    kt_minion w = {40, KT_WANDERER, cell(&g, 2, 1), KT_WANDERING, 0, 10, 0, -1, -1};
    g.minions[g.nminions++] = w;
    int before = g.ex[0].sanity;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.ex[0].sanity, before - 20 - g.params.lonely);
    CHECK_EQ_INT(g.nminions, 0); /* recalled after spooking */
    kt_game_free(&g);
}

static void test_sanity_and_removal(void) {
    kt_game g;
    start(&g, room);
    g.ex[0].cell = cell(&g, 3, 3);
    g.ex[1].cell = cell(&g, 4, 4); /* Manhattan 2: a group */
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.ex[0].sanity, 250 - g.params.group);
    CHECK_EQ_INT(g.ex[1].sanity, 250 - g.params.group);
    CHECK_EQ_INT(g.ex[2].sanity, 250 - g.params.lonely);
    /* an invalid line ends the player at once: score -1, its PLAN removed */
    g.ex[2].cell = g.ex[3].cell;
    step(&g, "WAIT", "WAIT", "YELL", "WAIT");
    step(&g, "WAIT", "WAIT", "PLAN", "WAIT"); /* refused: its own yell still runs */
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, 2, -1), 0);
    CHECK_EQ_INT(g.ex[2].plans, 2);
    step(&g, "PLAN", "PLAN", "PLAN", "WAIT");
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, 2, -1), 1);
    step(&g, "WAIT", "WAIT", "JUMP", "WAIT");
    CHECK_EQ_INT(g.ex[2].active, 0);
    CHECK_EQ_INT(g.ex[2].score, -1);
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, 2, -1), 0);
    CHECK_EQ_INT(count_effects(&g, KT_EFFECT_PLAN, 0, -1), 1);
    /* the last explorer in the game loses 50 a turn */
    g.ex[1].active = g.ex[3].active = 0;
    int before = g.ex[0].sanity;
    step(&g, "WAIT", "-", "-", "-");
    CHECK_EQ_INT(g.ex[0].sanity, before + 3 - 50); /* its PLAN still heals it */
    kt_game_free(&g);
}

/* The unit-cost fast path (a BFS) gives exactly the costs and parents of the referee's sorted
 * open list (the bucket search, here with LIGHT marks that mark nothing), for every source and
 * direction offset of a league map. */
static void test_path_fast_path(const kt_mapset *league) {
    static kt_search a, b;
    static unsigned char dark[KT_MAX_CELLS];
    int mismatches = 0, searches = 0;
    for (int mi = 0; mi < KT_LEAGUE_MAPS; mi += 5) {
        const kt_map *m = &league->maps[mi];
        a.nbr_map = b.nbr_map = NULL;
        for (int src = 0; src < m->w * m->h; src++) {
            if (m->cells[src] == '#') continue;
            for (int off = 0; off < 4; off++) {
                kt_path_search(m, NULL, src, off, NULL, 0, &a);
                kt_path_search(m, dark, src, off, NULL, 0, &b);
                searches++;
                for (int c = 0; c < m->w * m->h; c++)
                    mismatches += a.cost[c] != b.cost[c] ||
                                  (a.cost[c] >= 0 && a.parent[c] != b.parent[c]);
            }
        }
    }
    CHECK(searches > 1000);
    CHECK_EQ_INT(mismatches, 0);
}

/* The first steps read without a minion's search give the referee's search's. On every
 * league map: the search from every source and direction offset gives first[src][off][dst]
 * and cost[src][dst]; then for single destinations and for seeded sets of 2 to 4 explorer
 * cells (some shared), the nearest map's steps and nearest set equal the searches' minimum
 * and argmin, and kt_first_step_toward toward each nearest one equals the search's first
 * step, also at the cells asked for when the map may stop once they are settled; for
 * destinations at most two steps away kt_first_step_near (offset 0) does too. */
static short first_tab[KT_MAX_CELLS][4][KT_MAX_CELLS], cost_tab[KT_MAX_CELLS][KT_MAX_CELLS];

static long check_nearest(const kt_map *m, kt_search *s, const int cells[KT_PLAYERS],
                          unsigned include, const int *needed, int nneeded, long *checked) {
    long bad = 0;
    if (kt_nearest_map(m, cells, include, needed, nneeded, s)) return 1;
    for (int k = 0; k < (needed ? nneeded : m->w * m->h); k++) {
        int src = needed ? needed[k] : k;
        if (m->cells[src] == '#') continue;
        int best = -1;
        unsigned who = 0;
        for (int i = 0; i < KT_PLAYERS; i++) {
            int c = (include & (1u << i)) ? cost_tab[src][cells[i]] : -1;
            if (c < 0) continue;
            if (best < 0 || c < best) best = c, who = 0;
            if (c == best) who |= 1u << i;
        }
        bad += s->near[src] != best || (best >= 0 && s->who[src] != who);
        for (int i = 0; i < KT_PLAYERS; i++) {
            if (!(who & (1u << i))) continue;
            for (int off = 0; off < 4; off++) {
                bad += kt_first_step_toward(m, s, i, src, off) != first_tab[src][off][cells[i]];
                (*checked)++;
            }
        }
    }
    return bad;
}

static void test_first_steps_without_search(const kt_mapset *league) {
    static kt_search a, b;
    long toward = 0, near = 0, near_searched = 0, mismatches = 0, early = 0;
    uint64_t rs = 12345;
    for (int mi = 0; mi < KT_LEAGUE_MAPS; mi++) {
        const kt_map *m = &league->maps[mi];
        int n = m->w * m->h, open[KT_MAX_CELLS], nopen = 0;
        kt_search_reset(&a);
        kt_search_reset(&b);
        for (int src = 0; src < n; src++) {
            if (m->cells[src] == '#') continue;
            open[nopen++] = src;
            for (int off = 0; off < 4; off++) {
                kt_path_search(m, NULL, src, off, NULL, 0, &a);
                for (int dst = 0; dst < n; dst++) {
                    first_tab[src][off][dst] = (short)kt_path_first_step(&a, src, dst);
                    cost_tab[src][dst] = (short)a.cost[dst];
                }
            }
            for (int dst = 0; dst < n; dst++) {
                if (m->cells[dst] == '#') continue;
                int got = kt_first_step_near(m, src, dst);
                if (got == -2) {
                    near_searched++;
                    continue;
                }
                mismatches += got != first_tab[src][0][dst];
                near++;
            }
        }
        for (int k = 0; k < nopen; k++) {
            int cells[KT_PLAYERS] = {open[k], 0, 0, 0};
            mismatches += check_nearest(m, &b, cells, 1u, NULL, 0, &toward);
        }
        for (int t = 0; t < 40; t++) {
            int cells[KT_PLAYERS];
            unsigned include = 0;
            for (int i = 0; i < KT_PLAYERS; i++) {
                rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
                /* a small pool of cells, so that explorers share cells now and then */
                cells[i] = open[(rs >> 33) % (uint64_t)(t % 4 == 0 ? 3 : nopen)];
                if ((rs >> 20) % 4 != 0) include |= 1u << i;
            }
            mismatches += check_nearest(m, &b, cells, include | 1u, NULL, 0, &toward);
            /* only some cells needed (the search may stop early): the same answers there */
            int needed[6], nneeded = 1 + t % 6;
            for (int k = 0; k < nneeded; k++) {
                rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
                needed[k] = open[(rs >> 33) % (uint64_t)nopen];
            }
            mismatches += check_nearest(m, &b, cells, include | 1u, needed, nneeded, &toward);
            early += b.near[open[nopen - 1]] < 0 || b.near[open[0]] < 0;
        }
    }
    CHECK(toward > 100000 && near > 1000 && near_searched > 1000);
    CHECK(early > 20); /* some searches with needed cells did stop early */
    CHECK_EQ_INT(mismatches, 0);
}

/* The search stopped at the cheapest targets (minions with LIGHT marks set) agrees with the
 * whole search: on every league map, with LIGHT marks around one or two random cells (radius
 * 5, as a LIGHT), from random sources and offsets to 1 to 4 random targets, the cheapest
 * targets get the same cost and first step and every dearer one is left unreached. */
static void test_cheapest_search(const kt_mapset *league) {
    static kt_search full, cheap, marks;
    static unsigned char light[KT_MAX_CELLS];
    uint64_t rs = 777;
    long trials = 0, cut = 0, mismatches = 0;
    for (int mi = 0; mi < KT_LEAGUE_MAPS; mi++) {
        const kt_map *m = &league->maps[mi];
        int n = m->w * m->h, open[KT_MAX_CELLS], nopen = 0;
        for (int c = 0; c < n; c++)
            if (m->cells[c] != '#') open[nopen++] = c;
        kt_search_reset(&full);
        kt_search_reset(&cheap);
        kt_search_reset(&marks);
        for (int t = 0; t < 300; t++) {
            int draw[8];
            for (int k = 0; k < 8; k++) {
                rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
                draw[k] = (int)(rs >> 33);
            }
            memset(light, 0, sizeof light);
            for (int k = 0; k < 1 + draw[0] % 2; k++) {
                kt_path_search(m, NULL, open[draw[1 + k] % nopen], 0, NULL, 0, &marks);
                for (int c = 0; c < n; c++) light[c] |= marks.cost[c] >= 0 && marks.cost[c] <= 5;
            }
            int src = open[draw[3] % nopen], off = draw[4] % 4, nt = 1 + draw[5] % 4;
            int targets[4];
            for (int k = 0; k < nt; k++)
                targets[k] = open[(draw[6] % nopen + k * (draw[7] % nopen)) % nopen];
            kt_path_search(m, light, src, off, targets, nt, &full);
            kt_path_search_cheapest(m, light, src, off, targets, nt, &cheap);
            int best = -1;
            for (int k = 0; k < nt; k++)
                if (full.cost[targets[k]] >= 0 && (best < 0 || full.cost[targets[k]] < best))
                    best = full.cost[targets[k]];
            for (int k = 0; k < nt; k++) {
                int want = full.cost[targets[k]], got = cheap.cost[targets[k]];
                if (want >= 0 && want == best)
                    mismatches += got != want || kt_path_first_step(&cheap, src, targets[k]) !=
                                                     kt_path_first_step(&full, src, targets[k]);
                else
                    mismatches += got >= 0;
                cut += want > best && got < 0;
            }
            trials++;
        }
    }
    CHECK(trials > 1000 && cut > 500); /* dearer targets were left out often */
    CHECK_EQ_INT(mismatches, 0);
}

/* After the update of turn 200 the game is over: every explorer still in scores 200 + sanity. */
static void test_last_turn(void) {
    kt_game g;
    start(&g, room);
    g.turn = 199;
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.over, 0);
    g.ex[3].sanity = 1; /* goes out in turn 200: scores the turn */
    step(&g, "WAIT", "WAIT", "WAIT", "WAIT");
    CHECK_EQ_INT(g.over, 1);
    CHECK_EQ_INT(g.ex[0].score, 200 + 250 - 2 * g.params.lonely);
    CHECK_EQ_INT(g.ex[3].score, 200);
    kt_action act[KT_PLAYERS] = {{KT_WAIT, 0, 0}};
    unsigned char ok[KT_PLAYERS] = {1, 1, 1, 1};
    CHECK_EQ_INT(kt_game_step(&g, act, ok), -1); /* no turn after the end */
    kt_game_free(&g);
}

typedef struct trace_hash {
    uint64_t h;
} trace_hash;

static int hash_turn(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                     const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS],
                     char *err, size_t errlen) {
    (void)lines, (void)played, (void)players, (void)err, (void)errlen;
    trace_hash *t = ctx;
    static char buf[1 << 16];
    size_t n = kt_format_state(g, buf, sizeof buf);
    for (size_t i = 0; i < n; i++) t->h = (t->h ^ (unsigned char)buf[i]) * 1099511628211ULL;
    return 0;
}

static void test_determinism(const kt_mapset *league) {
    char err[256];
    uint64_t hashes[2];
    for (int run = 0; run < 2; run++) {
        kt_player *p[KT_PLAYERS];
        const char *names[KT_PLAYERS] = {"postmortem", "initial", "random", "random"};
        for (int i = 0; i < KT_PLAYERS; i++) p[i] = kt_player_new(names[i], err, sizeof err);
        kt_match_config cfg = {12345, -1, 99, 1000000000LL, 50000000LL};
        trace_hash t = {1469598103934665603ULL};
        kt_match_result res;
        CHECK_EQ_INT(kt_play_match(p, league, &cfg, hash_turn, &t, &res, err, sizeof err), 0);
        CHECK(res.turns > 0);
        hashes[run] = t.h;
        for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
    }
    CHECK(hashes[0] == hashes[1]);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_kutulu_rules MAPS_DIR\n");
        return 2;
    }
    test_grammar();
    test_yells();
    test_plan_and_light();
    test_shelters();
    test_slasher();
    test_spawns_and_spook();
    test_sanity_and_removal();
    test_last_turn();
    static kt_mapset league;
    char err[256];
    if (kt_mapset_load(argv[1], &league, err, sizeof err)) {
        fprintf(stderr, "FAIL: %s\n", err);
        return 1;
    }
    test_determinism(&league);
    test_path_fast_path(&league);
    test_first_steps_without_search(&league);
    test_cheapest_search(&league);
    return check_report("test_kutulu_rules");
}
