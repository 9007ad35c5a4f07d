/* test_bomber_rules.c — rule scenarios for the bomber engine (RULES.md and the facts of
 * data/README.md), each on a hand-made board: fire timing, chains, ore damage,
 * the double block reward, spawns with no free cell, refused moves and bombs, edge clamping,
 * the winner at the timeout (and a tie), an ammo picked up in the tick its timer ends, a bomb
 * placed on a burning cell, stacked fires, both players dying in one tick, a dead player.
 * Then: bomber_play with Gambit on both sides reproduces the recorded gambit-gambit game line
 * for line (map generation included). */
#include <stdio.h>
#include <string.h>

#include "../../../tests/check.h"
#include "blank_board.h"
#include "bomber.h"
#include "trace.h"

static const bomber_action NONE2[2] = {BOMBER_NONE, BOMBER_NONE};

static void tick(bomber_game *g, bomber_action a0, bomber_action a1) {
    bomber_action a[2] = {a0, a1};
    CHECK_EQ_INT(bomber_tick(g, a, NULL), 0);
}

static int fire_at(const bomber_game *g, int x, int y) {
    int n = 0;
    for (int i = 0; i < g->nfires; i++) n += g->fires[i].x == x && g->fires[i].y == y;
    return n;
}

static void test_fire_timing(void) {
    bomber_game g;
    blank(&g, 2, 2, 8, 8);
    tick(&g, BOMBER_BOMB, BOMBER_NONE); /* tick 0: placed */
    CHECK_EQ_INT(g.nbombs, 1);
    CHECK_EQ_INT(g.bombs[0].ttl, 34);
    CHECK_EQ_INT(g.players[0].ammo, 2);
    for (int t = 1; t <= 33; t++) tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.nbombs, 1); /* visible in the states of ticks 0..33 */
    CHECK_EQ_INT(g.nfires, 0);
    tick(&g, BOMBER_NONE, BOMBER_NONE); /* tick 34: becomes fire at its end */
    CHECK_EQ_INT(g.nbombs, 0);
    CHECK_EQ_INT(g.nfires, 9); /* its cell + 4 rays of 2 on an open board */
    CHECK_EQ_INT(fire_at(&g, 2, 2), 1);
    CHECK_EQ_INT(fire_at(&g, 4, 2), 1);
    CHECK_EQ_INT(fire_at(&g, 2, 0), 1);
    CHECK_EQ_INT(g.players[0].hp, 3); /* fire hurts only in the next tick */
    tick(&g, BOMBER_RIGHT, BOMBER_NONE); /* tick 35: a move to (3,2), still in the fire */
    CHECK_EQ_INT(g.players[0].hp, 2);
    CHECK_EQ_INT(g.nfires, 0); /* one tick only */
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.players[0].hp, 2);

    /* Stepping out of the fire in the tick it hurts avoids it. */
    blank(&g, 2, 2, 8, 8);
    tick(&g, BOMBER_BOMB, BOMBER_NONE);
    for (int t = 1; t <= 33; t++) tick(&g, t == 1 ? BOMBER_UP : t == 2 ? BOMBER_UP : BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.players[0].y, 4); /* (2,4): the ray's end */
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    tick(&g, BOMBER_UP, BOMBER_NONE); /* out to (2,5) before the damage */
    CHECK_EQ_INT(g.players[0].hp, 3);
    /* the ammo owed for the bomb spawned at the end of tick 69 */
    for (int t = 36; t <= 68; t++) tick(&g, BOMBER_NONE, BOMBER_NONE);
    int before = g.nammo;
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.tick, 70);
    CHECK_EQ_INT(g.nammo, before + 1);
}

static void test_chain_and_stacking(void) {
    bomber_game g;
    /* Bomb A at (2,2) placed tick 0; bomb B at (4,2) placed tick 5: A's fire (end of tick 34)
     * sets B off in tick 35, so B explodes at the end of tick 35; the shared ray cell (3,2)
     * gets fire from both; (4,2) is A's ray end and B's cell. */
    blank(&g, 2, 2, 4, 2);
    tick(&g, BOMBER_BOMB, BOMBER_NONE);
    tick(&g, BOMBER_DOWN, BOMBER_NONE);
    for (int t = 2; t < 5; t++) tick(&g, BOMBER_NONE, BOMBER_NONE);
    tick(&g, BOMBER_NONE, BOMBER_BOMB); /* tick 5 */
    tick(&g, BOMBER_NONE, BOMBER_UP);
    for (int t = 7; t < 34; t++) tick(&g, BOMBER_NONE, BOMBER_NONE);
    bomber_tick_log log;
    CHECK_EQ_INT(bomber_tick(&g, NONE2, &log), 0); /* tick 34 */
    CHECK_EQ_INT(g.nbombs, 1);
    CHECK_EQ_INT(fire_at(&g, 4, 2), 1); /* A's ray stops at B (and burns it) */
    CHECK_EQ_INT(fire_at(&g, 5, 2), 0);
    CHECK_EQ_INT(bomber_tick(&g, NONE2, &log), 0); /* tick 35: B goes off */
    CHECK_EQ_INT(g.nbombs, 0);
    CHECK_EQ_INT(fire_at(&g, 4, 2), 1);
    CHECK_EQ_INT(fire_at(&g, 3, 2), 1);
    CHECK_EQ_INT(fire_at(&g, 6, 2), 1);
    CHECK(log.nevents >= 1 && log.ev[0].kind == 'X' && log.ev[0].owner == 1);

    /* Stacked fires: a player in two fires loses 2 HP in one tick, below 0 is allowed. */
    blank(&g, 5, 5, 0, 9);
    g.players[0].hp = 1;
    g.fires[g.nfires++] = (bomber_fire){5, 5, 1, 1};
    g.fires[g.nfires++] = (bomber_fire){5, 5, 1, 1};
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.players[0].hp, -1);
    CHECK_EQ_INT(g.players[1].score, 50); /* +25 per fire on the opponent */
    CHECK(g.over);
    CHECK_EQ_INT(g.winner, 1);
}

static void test_blocks(void) {
    bomber_game g;
    /* Ore takes three fires; pays 10 to the owner of the fire that ends it. */
    blank(&g, 0, 0, 11, 0);
    g.blocks[g.nblocks++] = (bomber_block){5, 5, BOMBER_ORE_HP, 'o'};
    for (int k = 0; k < 3; k++) {
        g.fires[g.nfires++] = (bomber_fire){5, 5, k == 2 ? 1 : 0, 1};
        tick(&g, BOMBER_NONE, BOMBER_NONE);
    }
    CHECK_EQ_INT(g.nblocks, 0);
    CHECK_EQ_INT(g.players[0].score, 0);
    CHECK_EQ_INT(g.players[1].score, 10);

    /* Double reward: wood under fires of both players in one tick pays each +2 (the second
     * fire finds it at HP <= 0 and pays again). */
    blank(&g, 0, 0, 11, 0);
    g.blocks[g.nblocks++] = (bomber_block){5, 5, BOMBER_WOOD_HP, 's'};
    g.fires[g.nfires++] = (bomber_fire){5, 5, 0, 1};
    g.fires[g.nfires++] = (bomber_fire){5, 5, 1, 1};
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.players[0].score, 2);
    CHECK_EQ_INT(g.players[1].score, 2);

    /* A ray stops at a block destroyed earlier in the same tick. */
    blank(&g, 0, 0, 11, 0);
    g.blocks[g.nblocks++] = (bomber_block){5, 6, BOMBER_WOOD_HP, 's'};
    g.fires[g.nfires++] = (bomber_fire){5, 6, 0, 1};
    g.bombs[g.nbombs++] = (bomber_bomb){5, 5, 0, 1, 2};
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK_EQ_INT(g.nblocks, 0);
    CHECK_EQ_INT(fire_at(&g, 5, 6), 1);
    CHECK_EQ_INT(fire_at(&g, 5, 7), 0);
}

static void test_moves_and_bombs(void) {
    bomber_game g;
    blank(&g, 0, 0, 1, 0);
    bomber_tick_log log;
    bomber_action a[2] = {BOMBER_RIGHT, BOMBER_NONE}; /* into the other player: refused */
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.nq, 1);
    CHECK_EQ_INT(log.q[0].ok, 0);
    a[0] = BOMBER_LEFT; /* off the board: clamped onto itself, refused */
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 0);
    CHECK_EQ_INT(g.players[0].x, 0);
    a[0] = BOMBER_DOWN;
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 0);
    g.blocks[g.nblocks++] = (bomber_block){0, 1, 1, 's'};
    a[0] = BOMBER_UP; /* into a block */
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 0);
    a[0] = BOMBER_BOMB;
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 1);
    bomber_tick(&g, a, &log); /* a bomb on a bomb */
    CHECK_EQ_INT(log.q[0].ok, 0);
    CHECK_EQ_INT(g.players[0].ammo, 2);
    a[0] = BOMBER_NONE, a[1] = BOMBER_LEFT; /* into a bomb */
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 0);
    g.players[0].ammo = 0;
    g.nbombs = 0;
    a[0] = BOMBER_BOMB, a[1] = BOMBER_NONE; /* no ammo */
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(log.q[0].ok, 0);

    /* The player that left a cell can be followed only if its move came first: the shuffle
     * draws one _randbelow(2) when both act. */
    int followed = 0, refused = 0;
    for (int s = 0; s < 40; s++) {
        bomber_new_game(&g, s, BOMBER_MAX_ITERATIONS);
        for (int i = 0; i < BOMBER_METAL; i++) g.metal[i][0] = 11, g.metal[i][1] = 9;
        g.nblocks = g.nammo = g.neffects = 0;
        g.players[0].x = 3, g.players[0].y = 3, g.players[1].x = 4, g.players[1].y = 3;
        bomber_action b[2] = {BOMBER_RIGHT, BOMBER_RIGHT};
        bomber_tick(&g, b, &log);
        CHECK_EQ_INT(log.nq, 2);
        CHECK(log.words >= 1);
        if (log.q[0].pid == 1) followed += log.q[1].ok;
        else refused += !log.q[0].ok;
    }
    CHECK(followed > 0 && refused > 0);
}

static void test_pickups_and_spawns(void) {
    bomber_game g;
    /* An ammo picked up in the very tick its timer ends still schedules a respawn. */
    blank(&g, 0, 0, 11, 0);
    g.ammo[g.nammo++] = (bomber_ammo){1, 0, 1, 1};
    bomber_tick_log log;
    bomber_action a[2] = {BOMBER_RIGHT, BOMBER_NONE};
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(g.players[0].ammo, 4);
    CHECK_EQ_INT(g.nammo, 0);
    CHECK_EQ_INT(g.neffects, 1);
    CHECK(g.neffects == 1 && g.effects[0].kind == 'a' && g.effects[0].ttl == 70);
    CHECK(log.nevents == 2 && log.ev[0].kind == 'A' && log.ev[1].kind == 'P');

    /* No free cell: ammo retries in 70 ticks (no draw), treasure after randint(1, 50). */
    blank(&g, 0, 0, 1, 0);
    for (int c = 2; c < BOMBER_CELLS - 1 && g.nammo < BOMBER_MAX_ITEMS; c++)
        g.ammo[g.nammo++] = (bomber_ammo){c % BOMBER_W, c / BOMBER_W, 500, 1};
    g.effects[g.neffects++] = (bomber_effect){1, 'a'};
    bomber_tick(&g, NONE2, &log);
    CHECK_EQ_INT(log.words, 0);
    CHECK(g.neffects == 1 && g.effects[0].kind == 'a' && g.effects[0].ttl == 70);
    g.neffects = 0;
    g.effects[g.neffects++] = (bomber_effect){1, 't'};
    bomber_tick(&g, NONE2, &log);
    CHECK(log.words >= 1); /* _randbelow(50) rejects 14 of 64 six-bit draws */
    CHECK(g.neffects == 1 && g.effects[0].kind == 't' && g.effects[0].ttl >= 1 && g.effects[0].ttl <= 50);
    CHECK(log.nevents == 1 && log.ev[0].kind == 't' && log.ev[0].x == -1);

    /* A bomb placed on a burning cell goes off at the end of the same tick. */
    blank(&g, 5, 5, 0, 9);
    g.fires[g.nfires++] = (bomber_fire){5, 5, 1, 1};
    a[0] = BOMBER_BOMB;
    bomber_tick(&g, a, &log);
    CHECK_EQ_INT(g.nbombs, 0);
    CHECK_EQ_INT(fire_at(&g, 5, 5), 1);
    CHECK_EQ_INT(g.players[0].hp, 2);
}

static void test_end(void) {
    bomber_game g;
    /* Timeout: higher score wins; equal scores: no winner; 1802 ticks. */
    for (int tie = 0; tie < 2; tie++) {
        blank(&g, 0, 0, 5, 5);
        g.players[0].score = 7, g.players[1].score = tie ? 7 : 9;
        int n = 0;
        while (!g.over) tick(&g, BOMBER_NONE, BOMBER_NONE), n++;
        CHECK_EQ_INT(n, 1802);
        CHECK_EQ_INT(g.winner, tie ? -1 : 1);
    }
    /* Both die in one tick: over, no winner. A dead player's actions are ignored. */
    blank(&g, 2, 2, 6, 6);
    g.players[0].hp = g.players[1].hp = 1;
    g.fires[g.nfires++] = (bomber_fire){2, 2, 0, 1};
    g.fires[g.nfires++] = (bomber_fire){6, 6, 0, 1};
    tick(&g, BOMBER_NONE, BOMBER_NONE);
    CHECK(g.over);
    CHECK_EQ_INT(g.winner, -1);
    blank(&g, 2, 2, 6, 6);
    g.players[1].hp = 0;
    bomber_tick_log log;
    bomber_action a[2] = {BOMBER_NONE, BOMBER_BOMB};
    CHECK_EQ_INT(bomber_tick(&g, a, &log), 0);
    CHECK_EQ_INT(log.nq, 0);
    CHECK_EQ_INT(g.nbombs, 0);
    CHECK(g.over);
    CHECK_EQ_INT(g.winner, 0);
    CHECK_EQ_INT(bomber_tick(&g, a, &log), -1); /* over: no more ticks */
}

/* bomber_play with Gambit as both players reproduces the recorded game (the bots' seeds follow
 * the recordings' rule), compared line for line with the trace. */
typedef struct cmp_ctx {
    const bomber_lines *t;
    size_t at;
    int bad;
} cmp_ctx;

static void compare_tick(void *ctx, const bomber_game *g, int t,
                         const bomber_answer answers[BOMBER_PLAYERS], const bomber_tick_log *log,
                         const bomber_bot_maps *maps) {
    cmp_ctx *c = ctx;
    (void)maps;
    if (t < 0 || c->bad) return;
    static char line[BOMBER_LINE_MAX], st[BOMBER_STATE_LINES][BOMBER_LINE_MAX];
    while (c->at < c->t->n && strncmp(c->t->line[c->at], "T ", 2)) c->at++;
    if (c->at + 9 >= c->t->n) {
        c->bad = 1;
        return;
    }
    bomber_format_tick(t, answers, log, line, sizeof line);
    if (strcmp(line, c->t->line[c->at])) {
        fprintf(stderr, "tick %d: trace '%s' play '%s'\n", t, c->t->line[c->at], line);
        c->bad = 1;
        return;
    }
    bomber_format_state(g, st);
    char want[2 * BOMBER_LINE_MAX];
    snprintf(want, sizeof want, "%s\n%s", c->t->line[c->at + 1], c->t->line[c->at + 2]);
    int same = !strcmp(want, st[0]);
    for (int k = 1; k < BOMBER_STATE_LINES; k++) same &= !strcmp(c->t->line[c->at + 2 + k], st[k]);
    if (!same) {
        fprintf(stderr, "tick %d: the state differs from the trace\n", t);
        c->bad = 1;
    }
    c->at++;
}

static void test_play_reproduces(const char *source) {
    char path[1024];
    if (!check_data_path(path, sizeof path, source, "arenas/bomber/data/traces/gambit-gambit/seed_1.trace.gz"))
        return;
    bomber_lines t;
    char err[512];
    CHECK_EQ_INT(bomber_lines_read(path, &t, err, sizeof err), 0);
    cmp_ctx c = {&t, 0, 0};
    const bomber_bot *bots[2] = {bomber_find_bot("gambit"), bomber_find_bot("gambit")};
    bomber_result r;
    CHECK_EQ_INT(bomber_play(1, bots, 0, compare_tick, &c, &r), 0);
    CHECK_EQ_INT(c.bad, 0);
    CHECK_EQ_INT(r.ticks, 1802);
    CHECK_EQ_INT(r.score[0], 52);
    CHECK_EQ_INT(r.score[1], 49);
    bomber_lines_free(&t);
}

int main(int argc, char **argv) {
    const char *source = check_source_dir(argc, argv);
    test_fire_timing();
    test_chain_and_stacking();
    test_blocks();
    test_moves_and_bombs();
    test_pickups_and_spawns();
    test_end();
    if (source) test_play_reproduces(source);
    return check_report("test_bomber_rules");
}
