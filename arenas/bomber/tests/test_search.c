/* test_search.c — the `search` bot (bots/search.c):
 *   - it never stands in a blast it can predict: on hand-made boards an opponent plays a script
 *     (a bomb beside it in a corridor, a bomb chained by an older one so that it goes off long
 *     before its own timer) and `search` must come out unhurt; and in whole games against an
 *     opponent that never bombs, every blast is its own, so it must never lose a hit point;
 *   - ore blocks: with three bombs in hand it breaks a 3-HP ore block with its own bombs (the
 *     block's points are its own), and with one bomb it leaves the block alone rather than wear
 *     it down for an opponent that can reach it to finish (with and without the opponent's ore
 *     bombs in the play-outs, `foe`); with four bombs it ends two 3-HP blocks reached together
 *     from two cells (a tour; `tour` 0 ends one), and it takes the last hit on a block from a
 *     cell past the opponent's bomb, which sets its bomb off (`chain` 0 does not); it stacks
 *     with the opponent close but out of bombs (`farammo` 1; 0 does not), bombs its way out of
 *     a pocket shut by ore (`soon` 1; 0 walks to and fro), and keeps out of a dead end the
 *     opponent walks up to (`slack` 1; with 0 it is shut in and hit); with `rev` 1 and
 *     `resume` 1 it ends a block at the back of a pocket whose door the tour of least walk
 *     bombs first (the default, and each of the two alone, take nothing);
 *   - gifts: a bomb whose blast reaches three wood blocks and wears a 3-HP ore block the
 *     opponent can finish is left for a single wood block at the default `gift` (6; with
 *     `gift` 1 it bombs there, and with `gift2` 0, no cost for a block left at 2 HP or more);
 *   - the same decisions for the same seed and simulation budget (two runs of the same games,
 *     every answer compared), and a different budget is a different bot (some answer differs),
 *     and so is each setting of `foe`, `snipe` 1, `rewalk` 1, `wood` 1, `late` 2,
 *     `lateend` 1, `way` 1 and 2, `endmap` 1, `terr` 1, `opp` 2 and
 *     `oppmin` 0.5 with it;
 *   - `wood`: with the play-outs' opponent bombing the wood it stands in range of, the first step
 *     goes to another block (`rewalk` 1 with it; the default, and `wood` 1 alone, go right);
 *   - `race`: with an ammo item nearer the opponent than `search` and a treasure the other way,
 *     `race` 1 goes for the treasure (the default and `race` 2, the opponent a tick late, go for
 *     the ammo), and `race` 1 plays other games than the default, the same run after run;
 *   - `sure`: two bombs in hand, two 3-HP ore blocks beside `search` and the opponent far off
 *     (the spots that only wear ore or lie in line with the opponent rank first), a wood block
 *     three steps off: the default places no bomb in 60 ticks, `sure` 1 and 4 bomb the wood,
 *     and with `sureammo` 3 (three bombs in hand at least) `sure` 4 does not;
 *   - `seq`: two treasures beside `search` and a pair farther on, no blocks: the default walks
 *     to the pair first, the plan sequences (`seq` 1) take a near one first;
 *   - `keep`: one bomb in hand, a lone wood block beside `search` and a 3-HP ore block the
 *     opponent can reach: `keep` 0 bombs the wood, the default (`keep` 2, `keepn` 2) keeps the
 *     bomb (and bombs it with no ore block on the board, or with two bombs in hand and `keepn`
 *     1); the `sure` checks above run with `keep` 0, the bot they were measured on;
 *   - `way`: a treasure six steps off, a wood block beside the walk there: with a spare bomb
 *     `way` 1 bombs the wood on the way and takes the treasure 8 ticks in (the default bombs
 *     first and takes it at 22), with two bombs `way` 2 bombs it on the way (the default and
 *     `way` 1 walk past it);
 *   - `armed`: beside test_dead_end's dead end with the opponent's hand empty, the default
 *     leaves it for the way out as the opponent comes near; `armed` 1 stays in;
 *   - `endmap`: a tour of three bombs on a 3-HP ore block beside an idle opponent: the default's
 *     third bomb ends the block only, `endmap` 1's also hits the opponent;
 *   - `foe` 3: three bombs each, a 3-HP ore block between, the opponent seven steps off: the
 *     default ends the block with three bombs, `foe` 3 (the opponent stacks whole blocks in the
 *     play-outs) places one;
 *   - `terr`: two treasures, one along the edge and one towards the middle: after the middle
 *     one the default walks back for the other, `terr` 1 walks on towards the opponent;
 *   - `steal`: a 3-HP ore block beside an opponent with three bombs: `steal` 0 walks past the
 *     block to the opponent's side, the default (`steal` 10) and `steal` 4 wait two cells off the
 *     block on the other;
 *   - `hitw`: the opponent idle in a dead end, wood five steps away: the default shuts it in and
 *     hits it, `hitw` 0 (a hit worth nothing in the play-outs) bombs the wood only;
 *   - `oflee`: the opponent in the blast of `search`'s first bomb: the default's play-outs see it
 *     stuck behind `search`'s flight and wait with the second bomb, `oflee` 1 (it walks out
 *     another way) bombs its way out at once;
 *   - `opp`: the board of `race`: with the opponent's own best plan played out (`opp` 1, and
 *     `opp` 3 with `oppmin` 1) it takes the ammo first and `search` goes for the treasure; the
 *     default (and `opp` 0) goes for the ammo;
 *   - bad parameters are refused (the spec parser the command line uses).
 * `test_search --time GAMES` plays GAMES games against gambit2 and gambit (seats alternating)
 * and prints the mean and worst decision time (thread CPU) and the outcome counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../tests/check.h"
#include "blank_board.h"
#include "bomber.h"
#include "kit/cputime.h"
#include "kit/outside.h"
#include "kit/param.h"

static void wood(bomber_game *g, int x, int y) {
    g->blocks[g->nblocks++] = (bomber_block){x, y, BOMBER_WOOD_HP, 's'};
}

static bomber_action scripted(char c) {
    switch (c) {
    case 'u': return BOMBER_UP;
    case 'd': return BOMBER_DOWN;
    case 'l': return BOMBER_LEFT;
    case 'r': return BOMBER_RIGHT;
    case 'b': return BOMBER_BOMB;
    default: return BOMBER_NONE;
    }
}

/* `search` seated as pid 0 of a game: its bot, its state and its answer to the last view. */
typedef struct seated {
    const kit_bot_info *info;
    const bomber_bot *bot;
    void *st;
    bomber_answer ans;
} seated;

/* Seats `search` (spec) as pid 0 of g, seed 7. Returns 0, or -1 when the spec is bad (a failed
 * check). The caller frees it with seated_free. */
static int seat_search(const bomber_game *g, const char *spec, seated *p) {
    p->info = kit_bot_spec("test_search", "--bots", &bomber_bot_table, spec, NULL);
    CHECK(p->info != NULL);
    if (!p->info) return -1;
    p->bot = (const bomber_bot *)p->info;
    p->st = kit_bot_preset(p->info);
    p->ans = BOMBER_ANS_NONE;
    bomber_view v;
    bomber_make_view(g, 0, &v);
    CHECK_EQ_INT(p->bot->init(&p->st, &v, 7), 0);
    return 0;
}

/* One tick of g: `search` plays its answer, pid 1 plays opp; then, the game not over, `search`
 * answers the new view. Returns the action `search` played. */
static bomber_action seated_tick(seated *p, bomber_game *g, bomber_action opp) {
    bomber_action a[2] = {bomber_answer_action(p->ans), opp};
    CHECK_EQ_INT(bomber_tick(g, a, NULL), 0);
    if (!g->over) {
        bomber_view v;
        bomber_make_view(g, 0, &v);
        CHECK_EQ_INT(p->bot->decide(p->st, &v, &p->ans), 0);
    }
    return a[0];
}

static void seated_free(seated *p) {
    p->bot->release(p->st);
    kit_param_seat_free(p->info);
}

/* Play `ticks` ticks of g with `search` (spec) as pid 0 and pid 1 following script (one letter
 * a tick, '.' nothing; past its end nothing). Returns the lowest HP `search` had; *scored (when
 * not NULL) the first tick after which it had points (0: none). */
static int play_script_scored(bomber_game *g, const char *spec, const char *script, int ticks,
                              int *scored) {
    seated p;
    if (seat_search(g, spec, &p)) return -1;
    int lowest = g->players[0].hp, n = (int)strlen(script);
    for (int t = 0; t < ticks && !g->over; t++) {
        seated_tick(&p, g, t < n ? scripted(script[t]) : BOMBER_NONE);
        if (g->players[0].hp < lowest) lowest = g->players[0].hp;
        if (scored && g->players[0].score && !*scored) *scored = t + 1;
    }
    seated_free(&p);
    return lowest;
}

static int play_script(bomber_game *g, const char *spec, const char *script, int ticks) {
    return play_script_scored(g, spec, script, ticks, NULL);
}

/* A corridor along y = 5 (wood above and below for x = 1..8); the opponent, two cells to the
 * right, bombs: the way out is to the left, then up or down. */
static void test_corridor(void) {
    bomber_game g;
    blank(&g, 3, 5, 5, 5);
    for (int x = 1; x <= 8; x++) wood(&g, x, 4), wood(&g, x, 6);
    CHECK_EQ_INT(play_script(&g, "search", ".b", 60), BOMBER_START_HP);
}

/* A chain: the opponent bombs (5,5), walks away and back, and bombs (7,5) at tick 27 inside the
 * first blast: the second bomb goes off at the end of tick 35 with the first, not at tick 61.
 * `search` stands at (9,5), in the second blast only. */
static void test_chain(void) {
    bomber_game g;
    blank(&g, 9, 5, 5, 5);
    const char *script = ".brruu....................ddb.uur";
    CHECK_EQ_INT(play_script(&g, "search", script, 80), BOMBER_START_HP);
    /* and with the opponent bombing beside it from every side on an open board */
    blank(&g, 5, 5, 6, 6);
    CHECK_EQ_INT(play_script(&g, "search", ".b..r..b..l.l.b..d..d..b..rrr", 120),
                 BOMBER_START_HP);
}

/* Whole games against an opponent that never bombs (it stands still): every blast is its own. */
static void test_own_blasts(void) {
    for (int seed = 1; seed <= 6; seed++) {
        bomber_game g;
        CHECK_EQ_INT(bomber_new_game(&g, seed, BOMBER_MAX_ITERATIONS), 0);
        int low = play_script(&g, "search:sims=4000", "", 600);
        if (low != BOMBER_START_HP) fprintf(stderr, "seed %d: HP down to %d\n", seed, low);
        CHECK_EQ_INT(low, BOMBER_START_HP);
    }
}

/* An ore block (3 HP) beside it, 3 bombs in hand, the opponent far away and idle: it breaks the
 * block with its own bombs placed a few ticks apart (the last hit, and the block's points, are
 * its own) and comes out unhurt, instead of wearing the block down one bomb at a time for an
 * opponent to finish. */
static void test_stack(const char *spec) {
    static const int at[][2] = {{4, 5}, {2, 7}, {6, 3}};
    for (int i = 0; i < 3; i++) {
        bomber_game g;
        blank(&g, 3, 5, 11, 0);
        g.blocks[g.nblocks++] = (bomber_block){at[i][0], at[i][1], BOMBER_ORE_HP, 'o'};
        CHECK_EQ_INT(play_script(&g, spec, "", 60), BOMBER_START_HP);
        int standing = 0;
        for (int b = 0; b < g.nblocks; b++) standing |= g.blocks[b].kind == 'o';
        if (standing || g.players[0].score != BOMBER_REWARD_ORE)
            fprintf(stderr, "ore at (%d,%d): standing %d, score %d after 60 ticks\n", at[i][0],
                    at[i][1], standing, g.players[0].score);
        CHECK(!standing);
        CHECK_EQ_INT(g.players[0].score, BOMBER_REWARD_ORE);
    }
}

/* The stack of test_stack with the opponent three steps away, out of bombs: its three bombs are
 * on the board (far off, in the first view; the shadow counts them out of its three) and it
 * stands idle. With `farammo` 1 an opponent without bombs cannot take the last hit, so `search`
 * ends the block with its own three bombs; with `farammo` 0 (`far` always holds) the opponent
 * is too close for a stack and the block keeps its 3 HP. */
static void test_far_ammo(void) {
    static const char *spec[2] = {"search:farammo=1", "search:farammo=0"};
    int got[2];
    for (int v = 0; v < 2; v++) {
        bomber_game g;
        blank(&g, 3, 5, 3, 8);
        g.players[1].ammo = 0;
        g.blocks[g.nblocks++] = (bomber_block){4, 5, BOMBER_ORE_HP, 'o'};
        for (int i = 0; i < 3; i++)
            g.bombs[g.nbombs++] =
                (bomber_bomb){9, 1 + 3 * i, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 60), BOMBER_START_HP);
        got[v] = g.players[0].score;
        if (got[v] != (v == 0 ? BOMBER_REWARD_ORE : 0))
            fprintf(stderr, "%s: score %d after 60 ticks\n", spec[v], got[v]);
    }
    CHECK_EQ_INT(got[0], BOMBER_REWARD_ORE);
    CHECK_EQ_INT(got[1], 0);
}

/* A pocket of seven cells in the corner, (8..11,0), (10,1), (11,1) and (11,2), shut by metal
 * and one 3-HP ore block (9,1), the opponent far off and idle, five bombs in hand. Every cell of
 * the pocket is in the blast of a stack of three, so the way out is to wear the block down a
 * bomb or two at a time. With `soon` 1 that wear is worth more sooner and `search` bombs its
 * way out within 150 ticks; with `soon` 0 walking on to the next bombing cell is worth as much
 * as bombing here, and it walks to and fro. */
static void test_pocket(void) {
    static const char *spec[2] = {"search:soon=1", "search:soon=0"};
    static const int metal[][2] = {{7, 0}, {8, 1}, {10, 2}, {11, 3}};
    int standing[2];
    for (int v = 0; v < 2; v++) {
        bomber_game g;
        blank(&g, 11, 0, 0, 9);
        g.players[0].ammo = 5;
        for (int i = 0; i < 4; i++) g.metal[i][0] = metal[i][0], g.metal[i][1] = metal[i][1];
        g.blocks[g.nblocks++] = (bomber_block){9, 1, BOMBER_ORE_HP, 'o'};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 150), BOMBER_START_HP);
        standing[v] = 0;
        for (int b = 0; b < g.nblocks; b++) standing[v] |= g.blocks[b].kind == 'o';
        if (standing[v] != (v == 1))
            fprintf(stderr, "%s: the ore block %s after 150 ticks\n", spec[v],
                    standing[v] ? "stands" : "is gone");
    }
    CHECK(!standing[0]);
    CHECK(standing[1]);
}

/* The board of test_dead_end (a game against garyleecf's 2020 bot, seed 6, tick 60, the seats
 * swapped): `search` at (3,6) with no bombs, the opponent at (6,2) with opp_ammo. */
static void dead_end_board(bomber_game *g, int opp_ammo) {
    static const int metal[BOMBER_METAL][2] = {{0, 4}, {0, 0}, {1, 8}, {9, 1}, {8, 1}, {6, 5},
                                               {10, 8}, {10, 2}, {4, 7}, {4, 0}, {10, 9}, {0, 2},
                                               {3, 4}, {6, 7}, {11, 3}, {2, 5}, {10, 1}, {5, 3}};
    static const int woods[][2] = {{8, 8}, {11, 7}, {8, 9}, {11, 9}, {3, 9}, {11, 2},
                                   {1, 4}, {5, 0}, {5, 6}, {6, 8}, {3, 0}};
    static const int ores[][3] = {{5, 4, 3}, {0, 8, 3}, {3, 5, 1}, {7, 4, 3}};
    blank(g, 3, 6, 6, 2);
    g->players[0].ammo = 0, g->players[1].ammo = opp_ammo;
    for (int i = 0; i < BOMBER_METAL; i++) g->metal[i][0] = metal[i][0], g->metal[i][1] = metal[i][1];
    for (size_t i = 0; i < sizeof woods / sizeof woods[0]; i++) wood(g, woods[i][0], woods[i][1]);
    for (size_t i = 0; i < sizeof ores / sizeof ores[0]; i++)
        g->blocks[g->nblocks++] = (bomber_block){ores[i][0], ores[i][1], ores[i][2], 'o'};
}

/* A board of a game against garyleecf's 2020 bot (seed 6, tick 60, the seats swapped): `search`
 * at (3,6) with no bombs in hand, beside a dead end (5,5) shut by metal (6,5), ore (5,4) and wood
 * (5,6), its way out (4,5); the opponent, at (6,2) with one bomb, walks as it did then, to (4,5),
 * and bombs there. With `slack` 1 the trap check counts (4,5) once the opponent is no more than
 * a step later there than `search`, which keeps out of the dead end, unhurt; with `slack` 0 it
 * walks in and waits until the opponent is as near the way out as it is, too late: hit. */
static void test_dead_end(void) {
    static const char *spec[2] = {"search:slack=1", "search:slack=0"};
    int low[2];
    for (int v = 0; v < 2; v++) {
        bomber_game g;
        dead_end_board(&g, 1);
        low[v] = play_script(&g, spec[v], "llrluuubdddd", 60);
        if (low[v] != (v == 0 ? BOMBER_START_HP : BOMBER_START_HP - 1))
            fprintf(stderr, "%s: lowest HP %d\n", spec[v], low[v]);
    }
    CHECK_EQ_INT(low[0], BOMBER_START_HP);
    CHECK(low[1] < BOMBER_START_HP);
}

/* `armed`: test_dead_end's board with the opponent's hand empty (its three bombs ticking on
 * (11,4), (11,5), (11,6), out of everyone's reach but the wood at (11,7); the shadow counts them
 * out of its hand) and no ammo item or spawn; the opponent walks to (4,4) and up to the way out
 * (4,5) when it is free. `search` walks into the dead end (5,5) at once (the trap check binds
 * only once the opponent is about as near the way out). Returns `search`'s cell after 10 ticks. */
static int dead_end_unarmed(const char *spec) {
    bomber_game g;
    dead_end_board(&g, 0);
    for (int y = 4; y <= 6; y++)
        g.bombs[g.nbombs++] = (bomber_bomb){11, y, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    const char *script = "llrluuu";
    int at = 0, n = (int)strlen(script);
    for (int t = 0; t < 10 && !g.over; t++) {
        seated_tick(&p, &g, t < n ? scripted(script[t]) : BOMBER_NONE);
        if (t == 9) at = g.players[0].y * BOMBER_W + g.players[0].x;
    }
    seated_free(&p);
    return at;
}

/* The default leaves the dead end for its way out (4,5) as the opponent comes near, though the
 * opponent cannot bomb; `armed` 1 (the trap check only against an opponent that can bomb) stays
 * at (5,5), and the opponent walks up to (4,5). */
static void test_armed(void) {
    int d = dead_end_unarmed("search"), a = dead_end_unarmed("search:armed=1");
    if (d != 5 * BOMBER_W + 4 || a != 5 * BOMBER_W + 5)
        fprintf(stderr, "test_armed: default at (%d,%d), armed 1 at (%d,%d)\n", d % BOMBER_W,
                d / BOMBER_W, a % BOMBER_W, a / BOMBER_W);
    CHECK_EQ_INT(d, 5 * BOMBER_W + 4); /* out to the way out */
    CHECK_EQ_INT(a, 5 * BOMBER_W + 5); /* in the dead end: no bomb can shut it */
}

/* Two 3-HP ore blocks, (4,5) and (5,7), and four bombs in hand, the opponent far away and idle:
 * the blasts of (5,5) and (4,7) reach both blocks, so four bombs (those two cells and one more
 * for each block) end both; with `tour` 0 (one block at a time) it ends one. */
static void test_tour(void) {
    static const char *spec[2] = {"search", "search:tour=0"};
    for (int v = 0; v < 2; v++) {
        bomber_game g;
        blank(&g, 3, 5, 11, 0);
        g.players[0].ammo = 4;
        g.blocks[g.nblocks++] = (bomber_block){4, 5, BOMBER_ORE_HP, 'o'};
        g.blocks[g.nblocks++] = (bomber_block){5, 7, BOMBER_ORE_HP, 'o'};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 90), BOMBER_START_HP);
        int want = v == 0 ? 2 * BOMBER_REWARD_ORE : BOMBER_REWARD_ORE;
        if (g.players[0].score != want)
            fprintf(stderr, "%s: score %d after 90 ticks, %d ore blocks standing\n", spec[v],
                    g.players[0].score, g.nblocks);
        CHECK_EQ_INT(g.players[0].score, want);
    }
}

/* A 3-HP ore block (11,1) at the back of a pocket with one way in, (11,3) from (11,4) (metal at
 * (8,0), (9,1), (9,2) and (10,3): the board of a game against garyleecf's 2020 bot, seed 3,
 * where `search` held five bombs from tick 440 to the end with this block standing); three
 * bombs in hand, the opponent far off and idle without bombs. The tour of least walk bombs the
 * door (11,3) first and has no way out after its second bomb. With `rev` 1 its reverse (11,0),
 * (10,1), (11,3) is played out too and leads out, but one step into the pocket the tour of least
 * walk from there is another dead end, and without `resume` the bot steps back and forth at the
 * door; with both it bombs its way out and takes the block's points within 120 ticks, unhurt.
 * The default, `rev` alone and `resume` alone take nothing. */
static void test_rev_resume(void) {
    static const char *spec[4] = {"search:rev=1:resume=1", "search", "search:rev=1",
                                  "search:resume=1"};
    static const int metal[][2] = {{8, 0}, {9, 1}, {9, 2}, {10, 3}};
    for (int v = 0; v < 4; v++) {
        bomber_game g;
        blank(&g, 8, 5, 0, 9);
        g.players[0].ammo = 3, g.players[1].ammo = 0;
        for (size_t i = 0; i < sizeof metal / sizeof metal[0]; i++)
            g.metal[i][0] = metal[i][0], g.metal[i][1] = metal[i][1];
        g.blocks[g.nblocks++] = (bomber_block){11, 1, BOMBER_ORE_HP, 'o'};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 120), BOMBER_START_HP);
        int want = v == 0 ? BOMBER_REWARD_ORE : 0;
        if (g.players[0].score != want)
            fprintf(stderr, "%s: score %d after 120 ticks\n", spec[v], g.players[0].score);
        CHECK_EQ_INT(g.players[0].score, want);
    }
}

/* An ore block (5,5) with wood on its left and below, the opponent's two bombs beside it on
 * the right and above (placed in the first tick, both seen) taking it to 1 HP; one bomb in
 * hand. The last hit comes only from a cell past one of those bombs, (5,7) or (7,5): a bomb
 * there is set off by the older one and its fire then reaches the block through the emptied
 * cell, a tick after the older fire. With `chain` 1 it bombs there and takes the block's
 * points within 60 ticks, unhurt; with `chain` 0 it does not see that spot before the blasts. */
static void test_chain_hit(void) {
    static const char *spec[2] = {"search", "search:chain=0"};
    int got[2];
    for (int v = 0; v < 2; v++) {
        bomber_game g;
        blank(&g, 4, 8, 11, 0);
        g.players[0].ammo = 1;
        g.blocks[g.nblocks++] = (bomber_block){5, 5, BOMBER_ORE_HP, 'o'};
        wood(&g, 4, 5), wood(&g, 5, 4);
        g.bombs[g.nbombs++] = (bomber_bomb){5, 6, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
        g.bombs[g.nbombs++] = (bomber_bomb){6, 5, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 60), BOMBER_START_HP);
        got[v] = g.players[0].score;
        if (v == 0 && got[v] < BOMBER_REWARD_ORE)
            fprintf(stderr, "%s: score %d, the opponent's %d\n", spec[v], got[v], g.players[1].score);
    }
    CHECK(got[0] >= BOMBER_REWARD_ORE);
    CHECK(got[1] < BOMBER_REWARD_ORE);
}

/* The same block and one bomb in hand: a bomb would leave the block at 2 HP for the opponent,
 * which can walk into its range, to finish; it keeps its bomb and the block keeps its 3 HP. */
static void test_no_gift(const char *spec) {
    bomber_game g;
    blank(&g, 3, 5, 11, 0);
    g.players[0].ammo = 1;
    g.blocks[g.nblocks++] = (bomber_block){4, 5, BOMBER_ORE_HP, 'o'};
    CHECK_EQ_INT(play_script(&g, spec, "", 80), BOMBER_START_HP);
    CHECK_EQ_INT(g.nblocks, 1);
    CHECK_EQ_INT(g.blocks[0].hp, BOMBER_ORE_HP);
}

/* Its cell (3,5) reaches three wood blocks, (3,7), (3,3) and (1,5), and a 3-HP ore block
 * (5,5); no other cell reaches more than one wood block. One bomb in hand, the opponent far off
 * and idle, with bombs in hand, so that it can walk into the block's range and finish it. With
 * `gift` 1 the three wood blocks are worth the HP worn and it bombs there, leaving the block at
 * 2 HP; with the default (`gift` 6) it bombs a single wood block elsewhere and the ore block
 * keeps its 3 HP; with `gift2` 0 (no cost for a block left at 2 HP or more) it bombs there too. */
static void test_gift(void) {
    static const char *spec[3] = {"search:gift=1", "search", "search:gift2=0"};
    int hp[3];
    for (int v = 0; v < 3; v++) {
        bomber_game g;
        blank(&g, 3, 5, 11, 0);
        g.players[0].ammo = 1;
        wood(&g, 3, 7), wood(&g, 3, 3), wood(&g, 1, 5);
        g.blocks[g.nblocks++] = (bomber_block){5, 5, BOMBER_ORE_HP, 'o'};
        CHECK_EQ_INT(play_script(&g, spec[v], "", 60), BOMBER_START_HP);
        hp[v] = 0;
        for (int b = 0; b < g.nblocks; b++)
            if (g.blocks[b].kind == 'o') hp[v] = g.blocks[b].hp;
        if (hp[v] != (v != 1 ? BOMBER_ORE_HP - 1 : BOMBER_ORE_HP))
            fprintf(stderr, "%s: the ore block at %d HP after 60 ticks\n", spec[v], hp[v]);
    }
    CHECK_EQ_INT(hp[0], BOMBER_ORE_HP - 1);
    CHECK_EQ_INT(hp[1], BOMBER_ORE_HP);
    CHECK_EQ_INT(hp[2], BOMBER_ORE_HP - 1); /* `gift2` 0: a block left at 2 HP is no gift */
}

/* A race for wood (`wood`, with `rewalk`): one bomb in hand, a wood block (5,6) two steps from a
 * cell in its range for `search` at (2,5), while the opponent, bombs in hand, stands in its range
 * at (7,6); another wood block (0,8) three steps off the other way. Without the model the
 * opponent stands in the play-outs and `search`'s first step is to the right (the near block,
 * or the opponent); with `wood` 1 the opponent bombs the near block at once in the play-outs
 * and the first step is up, towards the other block. Returns the cell after that step. */
static int wood_race(const char *spec) {
    bomber_game g;
    blank(&g, 2, 5, 7, 6);
    g.players[0].ammo = 1;
    wood(&g, 5, 6), wood(&g, 0, 8);
    CHECK_EQ_INT(play_script(&g, spec, "", 2), BOMBER_START_HP);
    return g.players[0].y * BOMBER_W + g.players[0].x;
}

static void test_wood(void) {
    CHECK_EQ_INT(wood_race("search"), 5 * BOMBER_W + 3);
    CHECK_EQ_INT(wood_race("search:rewalk=1"), 5 * BOMBER_W + 3);
    CHECK_EQ_INT(wood_race("search:wood=1:rewalk=1"), 6 * BOMBER_W + 2);
    CHECK_EQ_INT(wood_race("search:wood=1"), 5 * BOMBER_W + 3); /* its plans stall: see `rewalk` */
}

/* A race for an item (`race`): one bomb in hand, an ammo item two steps to the left of `search`
 * at (2,5), the opponent one step from it at (0,6), and a treasure three steps to the right at
 * (5,5), six steps from the opponent. By default the ammo (worth `ammo`, 6) draws the first step
 * left; with `race` 1 the opponent gets there first in the play-outs and the first step is
 * right, to the treasure. Returns the cell after that step. */
static int item_race(const char *spec) {
    bomber_game g;
    blank(&g, 2, 5, 0, 6);
    g.players[0].ammo = 1;
    g.ammo[g.nammo++] = (bomber_ammo){0, 5, BOMBER_AMMO_TTL, 1};
    g.treasure[g.ntreasure++] = (bomber_treasure){5, 5, BOMBER_REWARD_TREASURE};
    CHECK_EQ_INT(play_script(&g, spec, "", 2), BOMBER_START_HP);
    return g.players[0].y * BOMBER_W + g.players[0].x;
}

static void test_race(void) {
    CHECK_EQ_INT(item_race("search"), 5 * BOMBER_W + 1);
    CHECK_EQ_INT(item_race("search:race=1"), 5 * BOMBER_W + 3);
    /* with a tick's margin (the opponent a tick late) the ammo is mine again */
    CHECK_EQ_INT(item_race("search:race=2"), 5 * BOMBER_W + 1);
}

/* `opp`: the same board; the opponent's best plan by its own value is the ammo one step off,
 * and with `opp` 1 my plans are played out against it: the opponent takes the ammo first and
 * the first step is right, to the treasure (the default's modelled opponent stands, and the
 * ammo draws it left). With `opp` 3 and `oppmin` 1 (the worst of the three) it goes right too. */
static void test_opp(void) {
    CHECK_EQ_INT(item_race("search:opp=1"), 5 * BOMBER_W + 3);
    CHECK_EQ_INT(item_race("search:opp=3:oppmin=1"), 5 * BOMBER_W + 3);
    CHECK_EQ_INT(item_race("search:opp=0"), 5 * BOMBER_W + 1);
}

/* Crowded spots (`sure`): `search` at (2,5) with two bombs, two 3-HP ore blocks beside it at
 * (2,7) and (4,5), the opponent at (9,1) (every cell in line with it ranks at 4), and a wood
 * block at (2,0), three steps from the nearest cell in its range. By bomb_value's ranking the
 * `plans` best spots are all ore (2.5 and 5; one bomb only wears a block the opponent can reach:
 * a gift) or in line with the opponent (it flees): none bombs the wood, and by default no bomb
 * is placed in the first `ticks` ticks; with `sure` the wood's cells are played out too and the
 * wood is bombed. Returns pid 0's score after `ticks` ticks plus 100 for each bomb placed. */
static int crowded(const char *spec, int ticks) {
    bomber_game g;
    blank(&g, 2, 5, 9, 1);
    g.players[0].ammo = 2;
    wood(&g, 2, 0);
    g.blocks[g.nblocks++] = (bomber_block){2, 7, BOMBER_ORE_HP, 'o'};
    g.blocks[g.nblocks++] = (bomber_block){4, 5, BOMBER_ORE_HP, 'o'};
    CHECK_EQ_INT(play_script(&g, spec, "", ticks), BOMBER_START_HP);
    return g.players[0].score + 100 * (2 - g.players[0].ammo); /* no ammo to pick up in 60 ticks */
}

static void test_sure(void) {
    CHECK_EQ_INT(crowded("search", 5), 0);  /* two bombs, none placed: it waits at (2,5) */
    CHECK_EQ_INT(crowded("search", 60), 0); /* and still after 60 ticks */
    CHECK_EQ_INT(crowded("search:keep=0:sure=1", 5), 100); /* the wood bombed from (2,2) in tick 4 */
    CHECK_EQ_INT(crowded("search:keep=0:sure=1", 60), 102); /* and its 2 points made */
    CHECK_EQ_INT(crowded("search:keep=0:sure=4", 60), 102);
    CHECK_EQ_INT(crowded("search:keep=0:sure=4:sureammo=3", 60), 0); /* two bombs kept for ore */
    CHECK_EQ_INT(crowded("search:keep=0:sure=4:sureammo=2", 60), 102);
}

/* `seq`: four treasures, (2,5) and (2,3) beside `search` at (0,4) (three steps off) and a pair
 * (8,4), (10,4) farther on; no blocks, the opponent far off in the corner. A plan takes one item,
 * and where a plan ends counts in the desire map, which ranks the cell beside the pair first: the
 * default walks past the near two and takes (8,4) 9 ticks in (the first tick is played before
 * its first answer). The plan sequences (`seq` 1) see the pair after the near treasure and take
 * (2,5) 4 ticks in. Returns the ticks played when the first point came, times 100, plus the
 * points made in 30 ticks. */
static int treasure_walk(const char *spec) {
    static const int at[4][2] = {{2, 5}, {2, 3}, {8, 4}, {10, 4}};
    bomber_game g;
    blank(&g, 0, 4, 11, 0);
    g.players[1].ammo = 0;
    for (int i = 0; i < 4; i++)
        g.treasure[g.ntreasure++] = (bomber_treasure){at[i][0], at[i][1], BOMBER_REWARD_TREASURE};
    int first = 0;
    play_script_scored(&g, spec, "", 30, &first);
    return 100 * first + g.players[0].score;
}

static void test_seq(void) {
    int d = treasure_walk("search"), q = treasure_walk("search:seq=1");
    if (d != 904 || q != 404) fprintf(stderr, "test_seq: default %d, seq 1 %d\n", d, q);
    CHECK_EQ_INT(d, 904); /* (8,4) first, 9 ticks in; all four within 30 ticks */
    CHECK_EQ_INT(q, 404); /* (2,5) first, 4 ticks in */
}

/* `keep`: `search` at (2,5) with `hand` bombs, a lone wood block beside it at (2,6), and a 3-HP
 * ore block (8,5) out of its blasts' reach that the opponent, far off at (10,0) with bombs in
 * hand, can walk up to (one bomb on it would be a gift). The wood's 2 points come 35 ticks after
 * the bomb (1.2 discounted): the default bombs it at once; with `keep` 2 the bomb kept in hand is
 * worth more and none is placed, unless no ore block stands (nothing to keep it for) or the hand
 * holds more than `keepn` bombs (the first bomb then leaves `keepn` in hand). Returns pid 0's
 * score after `ticks` ticks plus 100 for each bomb placed. */
static int lone_wood(const char *spec, int hand, int ore, int ticks) {
    bomber_game g;
    blank(&g, 2, 5, 10, 0);
    g.players[0].ammo = hand;
    wood(&g, 2, 6);
    if (ore) g.blocks[g.nblocks++] = (bomber_block){8, 5, BOMBER_ORE_HP, 'o'};
    CHECK_EQ_INT(play_script(&g, spec, "", ticks), BOMBER_START_HP);
    return g.players[0].score + 100 * (hand - g.players[0].ammo); /* no ammo to pick up in 60 ticks */
}

static void test_keep(void) {
    int d = lone_wood("search:keep=0", 1, 1, 60), k = lone_wood("search", 1, 1, 60);
    if (d != 102 || k != 0) fprintf(stderr, "test_keep: keep 0 %d, default (keep 2) %d\n", d, k);
    CHECK_EQ_INT(d, 102);                                   /* keep 0: the wood bombed, its 2 points */
    CHECK_EQ_INT(k, 0);                                     /* the default: the bomb kept */
    CHECK_EQ_INT(lone_wood("search:keep=2:keepn=3", 2, 1, 60), 0);
    CHECK_EQ_INT(lone_wood("search:keep=2", 1, 0, 60), 102); /* no ore: nothing to keep it for */
    CHECK_EQ_INT(lone_wood("search:keep=2", 2, 1, 60), 0);
    CHECK_EQ_INT(lone_wood("search:keep=2:keepn=1", 2, 1, 60), 102); /* one bomb still in hand */
}

/* `keepopp`: lone_wood's position with the opponent's hand smaller: `spent` of its three bombs
 * already on the board, ticking in the far corner (0,0), (1,0), (0,1) (the shadow counts them out
 * of its hand; their fire reaches neither player nor a block). Returns as lone_wood. */
static int lone_wood_opp(const char *spec, int hand, int spent) {
    bomber_game g;
    blank(&g, 2, 5, 10, 0);
    g.players[0].ammo = hand;
    g.players[1].ammo = BOMBER_START_AMMO - spent;
    static const int corner[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    for (int i = 0; i < spent; i++)
        g.bombs[g.nbombs++] = (bomber_bomb){corner[i][0], corner[i][1], 1, BOMBER_BOMB_TTL - 1,
                                            BOMBER_START_POWER};
    wood(&g, 2, 6);
    g.blocks[g.nblocks++] = (bomber_block){8, 5, BOMBER_ORE_HP, 'o'};
    CHECK_EQ_INT(play_script(&g, spec, "", 60), BOMBER_START_HP);
    return g.players[0].score + 100 * (hand - g.players[0].ammo);
}

/* `keepopp` 1: the bomb is kept for the ore only while the opponent holds more bombs than my
 * hand after it; an opponent with fewer cannot race me for the block, and the wood is bombed. */
static void test_keepopp(void) {
    int d = lone_wood_opp("search", 1, 3), k = lone_wood_opp("search:keepopp=1", 1, 3);
    if (d != 0 || k != 102) fprintf(stderr, "test_keepopp: default %d, keepopp 1 %d\n", d, k);
    CHECK_EQ_INT(d, 0);   /* the default keeps its last bomb, the opponent's hand empty or not */
    CHECK_EQ_INT(k, 102); /* keepopp 1: the opponent holds none, the wood bombed */
    CHECK_EQ_INT(lone_wood_opp("search:keepopp=1", 1, 0), 0);   /* it holds three: kept */
    CHECK_EQ_INT(lone_wood_opp("search:keepopp=1", 2, 2), 102); /* one against my one after */
    CHECK_EQ_INT(lone_wood_opp("search:keepopp=1", 2, 1), 0);   /* two against my one: kept */
    CHECK_EQ_INT(lone_wood_opp("search:keepopp=2", 2, 1), 102); /* keepopp 2: two more needed */
    CHECK_EQ_INT(lone_wood_opp("search", 2, 2), 0);
}

/* `way`: `search` at (2,5) with `hand` bombs, a treasure at (8,5) six steps right, a wood block
 * (4,6) beside that walk (bombed from (4,5)) and a 3-HP ore block (0,9) the opponent, idle at
 * (10,0), can reach (so that `keep` holds). Returns the tick the treasure was taken (0: not within
 * 50 ticks) times 100 plus pid 0's score after 50 ticks, plus 1000 when a bomb went on (4,5). */
static int wood_on_the_way(const char *spec, int hand) {
    bomber_game g;
    blank(&g, 2, 5, 10, 0);
    g.players[0].ammo = hand;
    g.players[1].ammo = 0;
    wood(&g, 4, 6);
    g.blocks[g.nblocks++] = (bomber_block){0, 9, BOMBER_ORE_HP, 'o'};
    g.treasure[g.ntreasure++] = (bomber_treasure){8, 5, BOMBER_REWARD_TREASURE};
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    int taken = 0, at45 = 0;
    for (int t = 0; t < 50 && !g.over; t++) {
        seated_tick(&p, &g, BOMBER_NONE);
        if (!taken && g.ntreasure == 0) taken = t + 1;
        for (int i = 0; i < g.nbombs; i++) at45 |= g.bombs[i].x == 4 && g.bombs[i].y == 5;
    }
    CHECK_EQ_INT(g.players[0].hp, BOMBER_START_HP);
    seated_free(&p);
    return 1000 * at45 + 100 * taken + g.players[0].score;
}

/* Three bombs in hand (one spare beyond `keepn`): the default bombs the wood first, from (4,5),
 * and takes the treasure 22 ticks in, after the blast; `way` 1 bombs (4,5) on its walk to the
 * treasure and takes it 8 ticks in. Two in hand (`keep` holds for each bomb): the default and
 * `way` 1 take the treasure 7 ticks in and keep both bombs; `way` 2 (the bomb on the way not
 * charged) bombs the wood on the way, the treasure 8 ticks in. One bomb: no way plan. */
static void test_way(void) {
    int d3 = wood_on_the_way("search", 3), w3 = wood_on_the_way("search:way=1", 3);
    int d2 = wood_on_the_way("search", 2), w2 = wood_on_the_way("search:way=1", 2);
    int f2 = wood_on_the_way("search:way=2", 2);
    if (d3 != 2211 || w3 != 1803 || d2 != 701 || w2 != 701 || f2 != 1803)
        fprintf(stderr, "test_way: hand 3: default %d, way 1 %d; hand 2: default %d, way 1 %d, "
                        "way 2 %d\n", d3, w3, d2, w2, f2);
    CHECK_EQ_INT(d3, 2211); /* the wood first, the treasure after its blast */
    CHECK_EQ_INT(w3, 1803); /* the wood on the way */
    CHECK_EQ_INT(d2, 701);  /* straight to the treasure, no bomb */
    CHECK_EQ_INT(w2, 701);
    CHECK_EQ_INT(f2, 1803); /* the bomb on the way is free */
    CHECK_EQ_INT(wood_on_the_way("search:way=2", 1), 701); /* the last bomb: charged */
}

/* `endmap`: `search` at (2,5) with three bombs beside a 3-HP ore block (4,5) (its range cells
 * (2,5), (3,5), (4,4), (4,3), ...), a wood block far off at (0,0); the opponent idle at (6,5),
 * its hand empty (its three bombs ticking on (11,4), (11,5), (11,6)). Returns pid 0's score
 * after 60 ticks plus 100 for a bomb placed on (5,5). */
static int worn_ore(const char *spec) {
    bomber_game g;
    blank(&g, 2, 5, 6, 5);
    g.players[0].ammo = 3, g.players[1].ammo = 0;
    g.blocks[g.nblocks++] = (bomber_block){4, 5, BOMBER_ORE_HP, 'o'};
    wood(&g, 0, 0);
    for (int y = 4; y <= 6; y++)
        g.bombs[g.nbombs++] = (bomber_bomb){11, y, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    int at55 = 0;
    for (int t = 0; t < 60 && !g.over; t++) {
        seated_tick(&p, &g, BOMBER_NONE);
        for (int i = 0; i < g.nbombs; i++) at55 |= g.bombs[i].x == 5 && g.bombs[i].y == 5;
    }
    CHECK_EQ_INT(g.players[0].hp, BOMBER_START_HP);
    seated_free(&p);
    return 100 * at55 + g.players[0].score;
}

/* Both end the block with a tour of three bombs, (2,5), (4,4) and a third: the default's on
 * (4,3), past (4,4) on the same ray (the ore's 10 points); with `endmap` 1 the tour's last cell
 * is judged by the map of where it ends, and the third bomb goes on (5,5), beside the idle
 * opponent: the ore and a hit (35). */
static void test_endmap(void) {
    int d = worn_ore("search"), e = worn_ore("search:endmap=1");
    if (d != 10 || e != 135) fprintf(stderr, "test_endmap: default %d, endmap 1 %d\n", d, e);
    CHECK_EQ_INT(d, 10);
    CHECK_EQ_INT(e, 135);
}

/* `terr`: `search` at (5,0), the middle of the bottom edge, with no bomb in hand; two treasures,
 * (3,0) along the edge and (5,4) towards the middle; the opponent idle at (5,9) with its hand
 * empty (its three bombs ticking on (11,4), (11,5), (11,6)); a wood block (11,0) shut in by
 * metal (a block stands, so no hunt, and no bombing spot). Returns `search`'s cell after 8 ticks. */
static int two_treasures(const char *spec) {
    bomber_game g;
    blank(&g, 5, 0, 5, 9);
    g.players[0].ammo = 0, g.players[1].ammo = 0;
    g.treasure[g.ntreasure++] = (bomber_treasure){3, 0, BOMBER_REWARD_TREASURE};
    g.treasure[g.ntreasure++] = (bomber_treasure){5, 4, BOMBER_REWARD_TREASURE};
    g.metal[0][0] = 10, g.metal[0][1] = 0, g.metal[1][0] = 11, g.metal[1][1] = 1;
    wood(&g, 11, 0);
    for (int y = 4; y <= 6; y++)
        g.bombs[g.nbombs++] = (bomber_bomb){11, y, 1, BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
    CHECK_EQ_INT(play_script(&g, spec, "", 8), BOMBER_START_HP);
    CHECK_EQ_INT(g.ntreasure, 1); /* (5,4) taken first, by both */
    return g.players[0].y * BOMBER_W + g.players[0].x;
}

/* The default takes (5,4) and walks back for (3,0): at (5,1) after 8 ticks. With `terr` 1 the
 * share of the board where a plan ends counts: it walks on towards the opponent (more cells
 * nearer to it than to the opponent) and is at (5,7). */
static void test_terr(void) {
    int d = two_treasures("search"), t = two_treasures("search:terr=1");
    if (d != 1 * BOMBER_W + 5 || t != 7 * BOMBER_W + 5)
        fprintf(stderr, "test_terr: default at (%d,%d), terr 1 at (%d,%d)\n", d % BOMBER_W,
                d / BOMBER_W, t % BOMBER_W, t / BOMBER_W);
    CHECK_EQ_INT(d, 1 * BOMBER_W + 5);
    CHECK_EQ_INT(t, 7 * BOMBER_W + 5);
}

/* `foe` 3: `search` at (2,5) with three bombs, a 3-HP ore block (5,5) three steps off, a wood
 * block (2,8); the opponent idle at (9,5) with three bombs, seven steps off (`far` holds no
 * longer). Returns the cells of `search`'s bombs in 40 ticks, in order (y * 12 + x, three digits
 * each). */
static long whole_block(const char *spec) {
    bomber_game g;
    blank(&g, 2, 5, 9, 5);
    g.blocks[g.nblocks++] = (bomber_block){5, 5, BOMBER_ORE_HP, 'o'};
    wood(&g, 2, 8);
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    long h = 0;
    for (int t = 0; t < 40 && !g.over; t++) {
        if (seated_tick(&p, &g, BOMBER_NONE) == BOMBER_BOMB) h = h * 1000 + g.players[0].y * BOMBER_W + g.players[0].x;
    }
    CHECK_EQ_INT(g.players[0].hp, BOMBER_START_HP);
    seated_free(&p);
    return h;
}

/* The default (`foe` 1: the play-outs' opponent bombs only ore one bomb from breaking) ends the
 * block with a tour of three, (3,5), (5,6), (5,7); with `foe` 3 the play-outs' opponent, three
 * bombs in hand, walks up to stack the whole block as garyleecf's bot does, and `search` places
 * one bomb, (3,5), in 40 ticks. */
static void test_foe3(void) {
    long d = whole_block("search"), f = whole_block("search:foe=3");
    if (d != 63077089 || f != 63) fprintf(stderr, "test_foe3: default %ld, foe 3 %ld\n", d, f);
    CHECK(d == 63077089);
    CHECK(f == 63);
}

/* `steal`: `search` at (2,2) with two bombs, a wood block (0,2) two cells left; a 3-HP ore block
 * (8,5) and the opponent idle at (9,5) beside it with three bombs (about to stack it, as
 * garyleecf's bot does with a hand that ends a block). Returns `search`'s cell after 14 ticks. */
static int beside_stack(const char *spec) {
    bomber_game g;
    blank(&g, 2, 2, 9, 5);
    g.players[0].ammo = 2;
    g.blocks[g.nblocks++] = (bomber_block){8, 5, BOMBER_ORE_HP, 'o'};
    wood(&g, 0, 2);
    CHECK_EQ_INT(play_script(&g, spec, "", 14), BOMBER_START_HP);
    return g.players[0].y * BOMBER_W + g.players[0].x;
}

/* With `steal` 0 it walks past the block to (10,5), beside the opponent (the ore's range cells
 * draw it, and it bombs nothing: a worn block is a gift); with `steal` (the default 10, and 4)
 * the cells from which a bomb of mine reaches the block (past the opponent's coming bombs) draw
 * more, and it waits at (6,5), two cells left of the block, the cell a bomb of mine takes the
 * last hit from once the opponent's bombs are down. */
static void test_steal(void) {
    int off = beside_stack("search:steal=0"), d = beside_stack("search"),
        t = beside_stack("search:steal=4");
    if (off != 5 * BOMBER_W + 10 || d != 5 * BOMBER_W + 6 || t != 5 * BOMBER_W + 6)
        fprintf(stderr, "test_steal: steal 0 at (%d,%d), default at (%d,%d), steal 4 at (%d,%d)\n",
                off % BOMBER_W, off / BOMBER_W, d % BOMBER_W, d / BOMBER_W, t % BOMBER_W,
                t / BOMBER_W);
    CHECK_EQ_INT(off, 5 * BOMBER_W + 10);
    CHECK_EQ_INT(d, 5 * BOMBER_W + 6);
    CHECK_EQ_INT(t, 5 * BOMBER_W + 6);
}

/* `hitw`: `search` at (3,5) with three bombs; the opponent idle at the end of a dead end, (0,5)
 * (metal at (0,4), (1,4), (0,6), (1,6)), where a bomb at (2,5) or (1,5) shuts it in and hits
 * it; two wood blocks, (8,4) and (8,6), five steps right. Returns `search`'s points after 45
 * ticks times 10 plus the HP the opponent lost. */
static int dead_end_or_wood(const char *spec) {
    bomber_game g;
    blank(&g, 3, 5, 0, 5);
    wood(&g, 8, 4), wood(&g, 8, 6);
    static const int walls[4][2] = {{0, 4}, {1, 4}, {0, 6}, {1, 6}};
    for (int i = 0; i < 4; i++) g.metal[i][0] = walls[i][0], g.metal[i][1] = walls[i][1];
    CHECK_EQ_INT(play_script(&g, spec, "", 45), BOMBER_START_HP);
    return g.players[0].score * 10 + BOMBER_START_HP - g.players[1].hp;
}

/* The default (`hitw` 1) shuts the idle opponent in and hits it (25 points), then bombs the
 * wood (4): 29 points, 1 HP; with `hitw` 0 a hit is worth nothing in the play-outs and it
 * bombs only the wood: 4 points, no HP. */
static void test_hitw(void) {
    int d = dead_end_or_wood("search"), z = dead_end_or_wood("search:hitw=0");
    if (d != 291 || z != 40) fprintf(stderr, "test_hitw: default %d, hitw 0 %d\n", d, z);
    CHECK_EQ_INT(d, 291);
    CHECK_EQ_INT(z, 40);
}

/* `oflee`: the map of seed 1 (no items), `search` at (7,1), the opponent idle two cells
 * above at (7,3). Returns the cells of `search`'s bombs in 10 ticks (y * 12 + x, three digits
 * each, in order). */
static long flee_blocked(const char *spec) {
    bomber_game g;
    bomber_new_game(&g, 1, BOMBER_MAX_ITERATIONS);
    g.nammo = g.ntreasure = 0;
    g.players[0].x = 7, g.players[0].y = 1, g.players[1].x = 7, g.players[1].y = 3;
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    long h = 0;
    for (int t = 0; t < 10 && !g.over; t++)
        if (seated_tick(&p, &g, BOMBER_NONE) == BOMBER_BOMB)
            h = h * 1000 + g.players[0].y * BOMBER_W + g.players[0].x;
    CHECK_EQ_INT(g.players[0].hp, BOMBER_START_HP);
    seated_free(&p);
    return h;
}

/* Both bomb (7,1) at once (the opponent in its blast). In the default's play-outs the
 * opponent's way out of the blast, found when the bomb is placed, is then blocked (my body or a
 * bomb of mine on it) and it waits there to be hit: the second bomb waits (tick 38). With
 * `oflee` 1 it walks out another way, and the second bomb, at (8,4) on that way, comes at
 * tick 6. */
static void test_oflee(void) {
    long d = flee_blocked("search"), o = flee_blocked("search:oflee=1");
    if (d != 19 || o != 19056) fprintf(stderr, "test_oflee: default %ld, oflee 1 %ld\n", d, o);
    CHECK(d == 19);
    CHECK(o == 19056);
}

/* `treasure`: `search` at (2,5) with one bomb, a wood block beside it at (2,6) and a treasure
 * `steps` steps right at (2 + steps, 5); no ore, the opponent idle in the far corner. Returns the
 * tick the treasure was taken (0: not within 40 ticks) times 100 plus the tick of the first
 * bomb (0: none). */
static int treasure_or_wood(const char *spec, int steps) {
    bomber_game g;
    blank(&g, 2, 5, 11, 0);
    g.players[0].ammo = 1;
    g.players[1].ammo = 0;
    wood(&g, 2, 6);
    g.treasure[g.ntreasure++] = (bomber_treasure){2 + steps, 5, BOMBER_REWARD_TREASURE};
    seated p;
    if (seat_search(&g, spec, &p)) return -1;
    int taken = 0, bombed = 0;
    for (int t = 0; t < 40 && !g.over; t++) {
        seated_tick(&p, &g, BOMBER_NONE);
        if (!taken && g.ntreasure == 0) taken = t + 1;
        if (!bombed && g.nbombs > 0) bombed = t + 1;
    }
    seated_free(&p);
    return 100 * taken + bombed;
}

/* The default bombs the wood first and takes the treasure on the way back from the blast (its
 * point is worth less than the bomb's 2 now); `treasure` 2 takes the treasure first, 6 ticks in,
 * and bombs the wood after (the test fails when the treasure's value changes nothing). */
static void test_treasure(void) {
    int d = treasure_or_wood("search", 5), t = treasure_or_wood("search:treasure=2", 5);
    if (d != 904 || t != 612) fprintf(stderr, "test_treasure: default %d, treasure 2 %d\n", d, t);
    CHECK_EQ_INT(d, 904); /* bomb in tick 4, the treasure in tick 9 */
    CHECK_EQ_INT(t, 612); /* the treasure in tick 6, the bomb in tick 12 */
    CHECK_EQ_INT(treasure_or_wood("search:treasure=0.5", 5), 612); /* half a point flips it */
}

/* Every answer of the games of seeds 1..n with `search` (spec) against `other`, both seats,
 * hashed (FNV-1a over the answers). */
typedef struct hash_ctx { uint64_t h; } hash_ctx;

static void hash_answers(void *ctx, const bomber_game *g, int tick, const bomber_answer a[2],
                         const bomber_tick_log *log, const bomber_bot_maps *maps) {
    (void)g, (void)log, (void)maps;
    hash_ctx *c = ctx;
    if (tick < 0) return;
    for (int p = 0; p < 2; p++) c->h = (c->h ^ (uint64_t)(a[p] + 1)) * 0x100000001b3ULL;
}

static uint64_t games_hash(const char *spec, const char *other, int n) {
    const kit_bot_info *info = kit_bot_spec("test_search", "--bots", &bomber_bot_table, spec, NULL);
    const bomber_bot *opp = bomber_find_bot(other);
    CHECK(info != NULL && opp != NULL);
    if (!info || !opp) return 0;
    hash_ctx c = {0xcbf29ce484222325ULL};
    for (int seed = 1; seed <= n; seed++)
        for (int side = 0; side < 2; side++) {
            const bomber_bot *bots[2] = {side ? opp : (const bomber_bot *)info,
                                         side ? (const bomber_bot *)info : opp};
            bomber_result r;
            CHECK_EQ_INT(bomber_play(seed, bots, 0, hash_answers, &c, &r), 0);
        }
    kit_param_seat_free(info);
    return c.h;
}

/* The games' hash of spec against gambit2 (two maps, both seats), checked to be the same when
 * played again: every setting is the same bot run after run. */
static uint64_t same_games(const char *spec) {
    uint64_t h = games_hash(spec, "gambit2", 2);
    CHECK(h == games_hash(spec, "gambit2", 2));
    return h;
}

static void test_deterministic(void) {
    uint64_t a = same_games("search:sims=3000");
    uint64_t c = games_hash("search:sims=3000", "random", 2);
    uint64_t d = games_hash("search:sims=3000", "random", 2);
    CHECK(c == d);
    /* the budget is a real one: a smaller one plays other games */
    uint64_t e = games_hash("search:sims=400", "gambit2", 2);
    CHECK(a != e);
    /* each setting below is the same bot run after run and plays other games than the one
     * named beside it (-1: the defaults): the opponent's ore bombs in the play-outs (`foe`), the
     * chains (the tours play these two games as the stack plans do; test_tour shows them apart),
     * the opponent's snipes, the walk redone from its first step (`rewalk`), the opponent's
     * blocks (`wood`), the opponent that leaves a blast at the last moment (`late`; `lateend`:
     * only once the blocks are gone), the items the opponent walks to first worth nothing
     * (`race`), the spots that surely end blocks played out too (`sure`), the bombs kept only
     * against a bigger hand (`keepopp`), treasure worth more (`treasure`), the wood bombed on
     * the way (`way`; 2: that bomb free), the desire map of the play-out's end (`endmap`), the
     * board's share (`terr`), the opponent's whole blocks (`foe` 3, than `foe` 2), the opponent's
     * own plans (`opp`; `oppmin` than `opp` 2 alone) (`steal` 0
     * plays these games as the defaults: gambit2 seldom holds a whole block's bombs beside
     * one; test_steal shows it apart) */
    static const struct { const char *spec; int than; } setting[] = {
        {"search:sims=3000:foe=0", -1},   {"search:sims=3000:foe=2", 0},
        {"search:sims=3000:chain=0", -1}, {"search:sims=3000:snipe=1", -1},
        {"search:sims=3000:rewalk=1", -1}, {"search:sims=3000:rewalk=1:wood=1", 4},
        {"search:sims=3000:late=2", -1},  {"search:sims=3000:late=2:lateend=1", 6},
        {"search:sims=3000:race=1", -1},  {"search:sims=3000:sure=4", -1},
        {"search:sims=3000:gift2=0", -1}, {"search:sims=3000:seq=1", -1},
        {"search:sims=3000:keepopp=1", -1}, {"search:sims=3000:treasure=2", -1},
        {"search:sims=3000:way=1", -1},   {"search:sims=3000:way=2", 14},
        {"search:sims=3000:endmap=1", -1}, {"search:sims=3000:terr=1", -1},
        {"search:sims=3000:foe=3", 1},    {"search:sims=3000:opp=2", -1},
        {"search:sims=3000:opp=2:oppmin=0.5", 19}};
    enum { NSETTINGS = sizeof setting / sizeof setting[0] };
    uint64_t h[NSETTINGS];
    for (int i = 0; i < NSETTINGS; i++) {
        h[i] = same_games(setting[i].spec);
        if (h[i] == (setting[i].than < 0 ? a : h[setting[i].than]))
            fprintf(stderr, "test_deterministic: %s plays the same games\n", setting[i].spec);
        CHECK(h[i] != (setting[i].than < 0 ? a : h[setting[i].than]));
    }
}

static void test_bad_parameters(void) {
    const char *bad[] = {"search:sims=0",      "search:sims=1.5", "search:ms=-1",
                         "search:gamma=2",     "search:nosuch=1", "search:plans=x",
                         "search:sims=5:sims=6", "search:foe=4", "search:foe=0.5",
                         "search:tour=2",      "search:chain=0.5", "search:end=-1",
                         "search:farammo=4",   "search:farammo=0.5", "search:slack=5",
                         "search:soon=2",      "search:rev=2",    "search:resume=0.5",
                         "search:snipe=-1", "search:wood=2", "search:rewalk=0.5", "search:late=36", "search:lateend=2",
                         "search:race=41",    "search:race=0.5", "search:sure=25", "search:sure=1.5",
                         "search:gift2=-2", "search:sureammo=0", "search:sureammo=5",
                         "search:seq=9",      "search:seq=0.5", "search:keep=-1", "search:keep=21",
                         "search:keepn=0", "search:keepn=7", "search:keepn=1.5",
                         "search:keepopp=5", "search:keepopp=-1", "search:keepopp=0.5",
                         "search:treasure=-1", "search:treasure=11", "search:way=3",
                         "search:way=0.5", "search:armed=2", "search:endmap=-1",
                         "search:terr=-1", "search:terr=21", "search:steal=-1",
                         "search:steal=21", "search:hitw=-0.1", "search:hitw=1.5",
                         "search:oflee=2", "search:oflee=0.5", "search:opp=9",
                         "search:opp=1.5", "search:opp=-1", "search:oppmin=-0.1",
                         "search:oppmin=1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const kit_bot_info *info = kit_bot_spec("test_search", "--bots", &bomber_bot_table, bad[i], NULL);
        CHECK(info == NULL);
        kit_param_seat_free(info);
    }
    const kit_bot_info *good = kit_bot_spec("test_search", "--bots", &bomber_bot_table,
                                            "search:sims=5000:ms=50", NULL);
    CHECK(good != NULL);
    kit_param_seat_free(good);
}

/* --time GAMES: decision times against gambit2 and gambit. */
static int time_games(int games, const char *spec) {
    const kit_bot_info *info = kit_bot_spec("test_search", "--bots", &bomber_bot_table, spec, NULL);
    if (!info) return 2;
    const char *others[] = {"gambit2", "gambit"};
    for (int o = 0; o < 2; o++) {
        const bomber_bot *opp = bomber_find_bot(others[o]), *me = (const bomber_bot *)info;
        int64_t worst = 0, total = 0;
        long decisions = 0;
        int wins = 0, draws = 0, losses = 0;
        for (int k = 0; k < games; k++) {
            int side = k % 2;
            const bomber_bot *seats[2] = {side ? opp : me, side ? me : opp};
            bomber_game g;
            if (bomber_new_game(&g, 1000 + k / 2, BOMBER_MAX_ITERATIONS)) return 1;
            void *st[2];
            for (int p = 0; p < 2; p++) {
                bomber_view v;
                bomber_make_view(&g, p, &v);
                st[p] = kit_bot_preset(&seats[p]->info);
                if (seats[p]->init(&st[p], &v, bomber_bot_seed(1000 + (uint64_t)k / 2, p))) return 1;
            }
            bomber_answer ans[2] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
            while (!g.over) {
                bomber_action a[2] = {bomber_answer_action(ans[0]), bomber_answer_action(ans[1])};
                if (bomber_tick(&g, a, NULL)) return 1;
                for (int p = 0; p < 2; p++) {
                    ans[p] = BOMBER_ANS_NONE;
                    if (!bomber_alive(&g, p)) continue;
                    bomber_view v;
                    bomber_make_view(&g, p, &v);
                    int64_t t0 = kit_thread_cpu_ns();
                    if (seats[p]->decide(st[p], &v, &ans[p])) return 1;
                    int64_t dt = kit_thread_cpu_ns() - t0;
                    if (p == side) {
                        total += dt, decisions++;
                        if (dt > worst) worst = dt;
                    }
                }
            }
            for (int p = 0; p < 2; p++) seats[p]->release(st[p]);
            if (g.winner < 0) draws++;
            else if (g.winner == side) wins++;
            else losses++;
        }
        printf("%s against %s: %d games, %d wins, %d draws, %d losses; %ld decisions, mean %.1f us, "
               "worst %.2f ms\n", spec, others[o], games, wins, draws, losses, decisions,
               decisions ? total / 1e3 / (double)decisions : 0.0, worst / 1e6);
    }
    kit_param_seat_free(info);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--time") == 0)
        return time_games(atoi(argv[2]), argc >= 4 ? argv[3] : "search");
    test_corridor();
    test_chain();
    test_own_blasts();
    test_stack("search");
    test_no_gift("search");
    test_stack("search:foe=0");
    test_stack("search:tour=0");
    test_tour();
    test_rev_resume();
    test_chain_hit();
    test_far_ammo();
    test_pocket();
    test_dead_end();
    test_gift();
    test_wood();
    test_race();
    test_opp();
    test_sure();
    test_seq();
    test_keep();
    test_keepopp();
    test_treasure();
    test_way();
    test_armed();
    test_endmap();
    test_terr();
    test_steal();
    test_hitw();
    test_oflee();
    test_foe3();
    test_no_gift("search:foe=0");
    test_no_gift("search:foe=2");
    test_deterministic();
    test_bad_parameters();
    return check_report("test_search");
}
