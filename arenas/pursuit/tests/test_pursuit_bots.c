/* test_pursuit_bots.c — the pursuit arena's bots and world generator, by properties:
 * same seed -> identical game transcript (determinism, for every pairing); random worlds are
 * reproducible and put the agents on distinct connected free cells; every bot answers one of
 * the five moves; chase reaches a standing prey in exactly its path distance; naive steps to
 * a neighbour farthest from the predator (checked against a BFS oracle); the predators take a
 * capture offered on a rest clock; bury never steps into a cell the predator can reach; lazy
 * rests every third clock, greedy goes by straight-line distance and stalls behind a wall;
 * buryflee is flee where burying fills nothing and stays off what it fills; random plays both
 * seats from its own cell; chase publishes its goal map (the BFS distances from the prey); a
 * bot's error ends the game with that error; a built-in bot refuses the other seat. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pursuit.h"

/* A transcript: the moves and positions of every clock, compared byte for byte. */
typedef struct transcript {
    int n;
    char text[30 * 32];
} transcript;

static void record(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    transcript *t = ctx;
    int left = (int)sizeof t->text - t->n;
    int k = snprintf(t->text + t->n, (size_t)left, "%d%c%c%d,%d;", clock, pm, ym, predator, prey);
    if (k > 0 && k < left) t->n += k;
}

static int legal_move_char(char c) { return c && strchr("udlrs", c) != NULL; }

typedef struct move_check {
    int bad;
} move_check;

static void check_moves(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    move_check *m = ctx;
    (void)clock;
    (void)predator;
    (void)prey;
    if (!legal_move_char(pm) || !legal_move_char(ym)) m->bad++;
}

/* The bot of seat `role` at index i of its seat's table. */
static const pursuit_bot *seat_bot(pursuit_role role, int i) {
    return (const pursuit_bot *)pursuit_seat_bots(role)->bots[i];
}

static int seat_count(pursuit_role role) { return pursuit_seat_bots(role)->n; }

static void test_determinism(void) {
    for (int p = 0; p < seat_count(PURSUIT_PREDATOR); p++)
        for (int q = 0; q < seat_count(PURSUIT_PREY); q++) {
            const pursuit_bot *pred = seat_bot(PURSUIT_PREDATOR, p);
            const pursuit_bot *prey = seat_bot(PURSUIT_PREY, q);
            int same = 1, bad = 0;
            for (uint64_t seed = 1; seed <= 40; seed++) {
                pursuit_world w1, w2;
                CHECK_EQ_INT(pursuit_world_random(&w1, 8, 0.25, seed), DMAP_OK);
                CHECK_EQ_INT(pursuit_world_random(&w2, 8, 0.25, seed), DMAP_OK);
                pursuit_config cfg = pursuit_config_default();
                cfg.seed = seed * 7;
                transcript a, b;
                memset(&a, 0, sizeof a);
                memset(&b, 0, sizeof b);
                pursuit_result ra, rb;
                CHECK_EQ_INT(pursuit_play(&w1, pred, prey, &cfg, record, &a, &ra), DMAP_OK);
                CHECK_EQ_INT(pursuit_play(&w2, pred, prey, &cfg, record, &b, &rb), DMAP_OK);
                if (a.n != b.n || memcmp(a.text, b.text, (size_t)a.n) != 0) same = 0;
                if (ra.predator_won != rb.predator_won || ra.clock != rb.clock) same = 0;
                move_check mc = {0};
                CHECK_EQ_INT(pursuit_play(&w1, pred, prey, &cfg, check_moves, &mc, &ra), DMAP_OK);
                bad += mc.bad;
                pursuit_world_free(&w1);
                pursuit_world_free(&w2);
            }
            CHECK(same);
            CHECK_EQ_INT(bad, 0);
        }
}

static void test_random_worlds(void) {
    dmap_moves four = dmap_moves_4();
    int ok = 1, differ = 0;
    for (int size = 2; size <= 12; size += 5)
        for (double walls = 0.0; walls < 0.7; walls += 0.15)
            for (uint64_t seed = 0; seed < 30; seed++) {
                pursuit_world w, again;
                CHECK_EQ_INT(pursuit_world_random(&w, size, walls, seed), DMAP_OK);
                CHECK_EQ_INT(pursuit_world_random(&again, size, walls, seed), DMAP_OK);
                CHECK_EQ_INT(pursuit_world_check(&w), DMAP_OK);
                int reach = 0;
                CHECK_EQ_INT(dmap_can_move_to(&w.grid, &four, w.prey, w.predator, &reach, NULL),
                             DMAP_OK);
                size_t n = (size_t)size * (size_t)size;
                if (!reach || w.grid.w != size || w.grid.h != size) ok = 0;
                if (w.prey != again.prey || w.predator != again.predator ||
                    memcmp(w.grid.wall, again.grid.wall, n) != 0)
                    ok = 0;
                pursuit_world other;
                CHECK_EQ_INT(pursuit_world_random(&other, size, walls, seed + 1000), DMAP_OK);
                if (other.prey != w.prey || memcmp(other.grid.wall, w.grid.wall, n) != 0) differ++;
                pursuit_world_free(&w);
                pursuit_world_free(&again);
                pursuit_world_free(&other);
            }
    CHECK(ok);
    CHECK(differ > 100);
    pursuit_world w;
    CHECK_EQ_INT(pursuit_world_random(&w, 8, 1.0, 1), DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_world_random(&w, 8, -0.1, 1), DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_world_random(&w, 0, 0.2, 1), DMAP_ERR_SIZE);
    CHECK_EQ_INT(pursuit_world_random(&w, 1, 0.0, 1), DMAP_ERR_LIMIT); /* one cell: no room */
}

/* A prey that never moves. */
static int stay_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    (void)state;
    (void)v;
    *move = 's';
    return DMAP_OK;
}

static const pursuit_bot still = {{"still", "never moves"}, NULL, stay_decide, NULL, NULL};

/* chase against a standing prey captures at clock = path distance (BFS oracle); intercept,
 * which plans for the prey's replies, captures it too, never before that clock. */
static void test_chase_distance(void) {
    const pursuit_bot *chase = pursuit_bot_find("chase", PURSUIT_PREDATOR);
    const pursuit_bot *intercept = pursuit_bot_find("intercept", PURSUIT_PREDATOR);
    dmap_moves four = dmap_moves_4();
    int ok = 1;
    for (uint64_t seed = 0; seed < 60; seed++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.3, seed), DMAP_OK);
        int depth[64];
        CHECK_EQ_INT(dmap_bfs(&w.grid, &four, &w.predator, 1, -1, depth, NULL, NULL), DMAP_OK);
        pursuit_config cfg = pursuit_config_default();
        cfg.clocks = 64;
        cfg.seed = seed;
        pursuit_result r;
        CHECK_EQ_INT(pursuit_play(&w, chase, &still, &cfg, NULL, NULL, &r), DMAP_OK);
        if (!r.predator_won || r.clock != depth[w.prey]) ok = 0;
        CHECK_EQ_INT(pursuit_play(&w, intercept, &still, &cfg, NULL, NULL, &r), DMAP_OK);
        if (!r.predator_won || r.clock < depth[w.prey]) ok = 0;
        pursuit_world_free(&w);
    }
    CHECK(ok);
}

/* One decision of a bot on a view, its generator seeded with seed ('!' on an error). */
static char decide_once(const pursuit_bot *b, const pursuit_view *v, uint64_t seed) {
    void *state = NULL;
    if (b->init && b->init(&state, v, seed) != DMAP_OK) return '!';
    pursuit_action c = '?';
    if (b->decide(state, v, &c) != DMAP_OK) c = '!';
    if (b->release) b->release(state);
    return c;
}

/* naive's landing is a neighbour (or stay) at the largest BFS distance from the predator;
 * bury never lands where the predator can be after its move when its buried copy of the world
 * offers another landing. */
static void test_prey_choices(void) {
    const pursuit_bot *naive = pursuit_bot_find("naive", PURSUIT_PREY);
    const pursuit_bot *bury = pursuit_bot_find("bury", PURSUIT_PREY);
    dmap_moves four = dmap_moves_4();
    int naive_ok = 1, bury_ok = 1;
    for (uint64_t seed = 0; seed < 200; seed++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.2, seed), DMAP_OK);
        int depth[64];
        CHECK_EQ_INT(dmap_bfs(&w.grid, &four, &w.predator, 1, -1, depth, NULL, NULL), DMAP_OK);
        pursuit_view v = {&w.grid, w.predator, w.prey, 1, 30, PURSUIT_PREY};
        dmap_grid buried;
        CHECK_EQ_INT(dmap_grid_init(&buried, 8, 8), DMAP_OK);
        memcpy(buried.wall, w.grid.wall, 64);
        int agents[2] = {w.predator, w.prey};
        CHECK_EQ_INT(dmap_bury_dead_ends(&buried, agents, 2, 0, NULL, NULL, NULL), DMAP_OK);
        int best = -1, safe_exists = 0;
        for (int d = 0; d <= 4; d++) {
            int to = dmap_step(&w.grid, &four, w.prey, (dmap_dir)d);
            if (to < 0) continue;
            if (depth[to] > best) best = depth[to];
            if (depth[to] > 1 && !buried.wall[to]) safe_exists = 1;
        }
        dmap_grid_free(&buried);
        int land = pursuit_apply_move(&w.grid, w.prey, decide_once(naive, &v, seed));
        if (depth[land] != best) naive_ok = 0;
        land = pursuit_apply_move(&w.grid, w.prey, decide_once(bury, &v, seed));
        if (safe_exists && depth[land] <= 1) bury_ok = 0;
        pursuit_world_free(&w);
    }
    CHECK(naive_ok);
    CHECK(bury_ok);
}

/* The weak predators. lazy never moves on rest clocks and, against a standing prey, captures
 * at the clock where its moves (two clocks in three) add up to the path distance; greedy takes
 * the straight-line shortcut: on an open board it captures a standing prey in its Manhattan
 * distance, behind a wall it stays stuck where chase walks around. */
typedef struct positions {
    int predator[64];
} positions;

static void record_predator(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    positions *p = ctx;
    (void)pm, (void)ym, (void)prey;
    if (clock < 64) p->predator[clock] = predator;
}

static int lazy_capture_clock(int distance) {
    int moved = 0, clock = 0;
    while (moved < distance) {
        clock++;
        if (clock % 3 != 0) moved++;
    }
    return clock;
}

static void test_weak_predators(void) {
    const pursuit_bot *lazy = pursuit_bot_find("lazy", PURSUIT_PREDATOR);
    const pursuit_bot *greedy = pursuit_bot_find("greedy", PURSUIT_PREDATOR);
    const pursuit_bot *chase = pursuit_bot_find("chase", PURSUIT_PREDATOR);
    const pursuit_bot *random = pursuit_bot_find("random", PURSUIT_PREDATOR);
    const pursuit_bot *naive = pursuit_bot_find("naive", PURSUIT_PREY);
    CHECK(lazy && greedy && chase && random && naive);
    if (!lazy || !greedy || !chase || !random || !naive) return;
    dmap_moves four = dmap_moves_4();
    int rests_ok = 1, lazy_ok = 1, greedy_ok = 1;
    for (uint64_t seed = 0; seed < 60; seed++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.3, seed), DMAP_OK);
        pursuit_config cfg = pursuit_config_default();
        cfg.seed = seed;
        positions p;
        memset(&p, 0, sizeof p);
        p.predator[0] = w.predator;
        pursuit_result r;
        CHECK_EQ_INT(pursuit_play(&w, lazy, naive, &cfg, record_predator, &p, &r), DMAP_OK);
        for (int c = 3; c <= r.clock && c < 64; c += 3)
            if (p.predator[c] != p.predator[c - 1]) rests_ok = 0;
        int depth[64];
        CHECK_EQ_INT(dmap_bfs(&w.grid, &four, &w.predator, 1, -1, depth, NULL, NULL), DMAP_OK);
        cfg.clocks = 100;
        CHECK_EQ_INT(pursuit_play(&w, lazy, &still, &cfg, NULL, NULL, &r), DMAP_OK);
        if (!r.predator_won || r.clock != lazy_capture_clock(depth[w.prey])) lazy_ok = 0;
        pursuit_world_free(&w);

        CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.0, seed), DMAP_OK); /* no obstacles */
        int manhattan = abs(w.predator % 8 - w.prey % 8) + abs(w.predator / 8 - w.prey / 8);
        CHECK_EQ_INT(pursuit_play(&w, greedy, &still, &cfg, NULL, NULL, &r), DMAP_OK);
        if (!r.predator_won || r.clock != manhattan) greedy_ok = 0;
        pursuit_world_free(&w);
    }
    CHECK(rests_ok);
    CHECK(lazy_ok);
    CHECK(greedy_ok);

    /* the prey behind a wall: greedy's straight line is blocked, so it stays */
    static const char *trap[] = {".....", ".#*#.", ".###.", "..@.."};
    pursuit_world w;
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT(dmap_grid_init(&w.grid, 5, 4), DMAP_OK);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++) {
            char c = trap[y][x];
            w.grid.wall[y * 5 + x] = c == '#';
            if (c == '@') w.predator = y * 5 + x;
            if (c == '*') w.prey = y * 5 + x;
        }
    pursuit_config cfg = pursuit_config_default();
    pursuit_result r;
    CHECK_EQ_INT(pursuit_play(&w, greedy, &still, &cfg, NULL, NULL, &r), DMAP_OK);
    CHECK_EQ_INT(r.predator_won, 0);
    CHECK_EQ_INT(pursuit_play(&w, chase, &still, &cfg, NULL, NULL, &r), DMAP_OK);
    CHECK_EQ_INT(r.predator_won, 1);
    pursuit_world_free(&w);
}

/* buryflee is flee on the buried world: where burying (both agents protected) fills nothing,
 * the two preys see the same map and, with the same generator, choose the same move; where
 * it fills cells, buryflee never lands on one of them. */
static void test_buryflee(void) {
    const pursuit_bot *flee = pursuit_bot_find("flee", PURSUIT_PREY);
    const pursuit_bot *buryflee = pursuit_bot_find("buryflee", PURSUIT_PREY);
    CHECK(flee && buryflee);
    if (!flee || !buryflee) return;
    int same = 1, outside = 1, unburied = 0, buried_worlds = 0;
    for (uint64_t seed = 0; seed < 300; seed++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 8, seed % 2 ? 0.05 : 0.25, seed), DMAP_OK);
        dmap_grid copy;
        CHECK_EQ_INT(dmap_grid_init(&copy, 8, 8), DMAP_OK);
        memcpy(copy.wall, w.grid.wall, 64);
        int agents[2] = {w.predator, w.prey};
        unsigned char buried[64];
        size_t nburied = 0;
        CHECK_EQ_INT(dmap_bury_dead_ends(&copy, agents, 2, 0, buried, &nburied, NULL), DMAP_OK);
        pursuit_view v = {&w.grid, w.predator, w.prey, 1, 30, PURSUIT_PREY};
        char b = decide_once(buryflee, &v, seed);
        if (nburied == 0) {
            unburied++;
            if (b != decide_once(flee, &v, seed)) same = 0;
        } else {
            buried_worlds++;
            if (buried[pursuit_apply_move(&w.grid, w.prey, b)]) outside = 0;
        }
        dmap_grid_free(&copy);
        pursuit_world_free(&w);
    }
    CHECK(unburied > 20 && buried_worlds > 20); /* both cases were exercised */
    CHECK(same);
    CHECK(outside);
}

/* On a rest clock an adjacent prey cannot escape: the predators that chase step onto it. */
static void test_rest_clock_capture(void) {
    pursuit_world w;
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT(dmap_grid_init(&w.grid, 5, 5), DMAP_OK);
    w.predator = 12; /* centre */
    w.prey = 13;     /* right of it */
    for (int i = 0; i < seat_count(PURSUIT_PREDATOR); i++) {
        const pursuit_bot *b = seat_bot(PURSUIT_PREDATOR, i);
        if (!strcmp(b->info.name, "random") || !strcmp(b->info.name, "lazy")) continue;
        pursuit_view v = {&w.grid, w.predator, w.prey, 3, 30, PURSUIT_PREDATOR};
        CHECK(decide_once(b, &v, 5) == 'r');
    }
    pursuit_world_free(&w);
}

/* random plays both seats, each time from its own cell: its move from the predator's seat is
 * legal there, and from the prey's seat legal at the prey (a wall beside one agent only). */
static void test_random_both_seats(void) {
    static const char *rows[] = {"@#.", "...", ".#*"};
    pursuit_world w;
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT(dmap_grid_init(&w.grid, 3, 3), DMAP_OK);
    for (int i = 0; i < 9; i++) {
        char c = rows[i / 3][i % 3];
        w.grid.wall[i] = c == '#';
        if (c == '@') w.predator = i;
        if (c == '*') w.prey = i;
    }
    CHECK(pursuit_bot_find("random", PURSUIT_PREDATOR) == &pursuit_bot_random);
    CHECK(pursuit_bot_find("random", PURSUIT_PREY) == &pursuit_bot_random);
    int legal = 1, moved[2] = {0, 0};
    for (uint64_t seed = 0; seed < 100; seed++)
        for (int role = 0; role < 2; role++) {
            pursuit_view v = {&w.grid, w.predator, w.prey, 1, 30, (pursuit_role)role};
            int from = role == PURSUIT_PREDATOR ? w.predator : w.prey;
            char m = decide_once(&pursuit_bot_random, &v, seed);
            int to = pursuit_apply_move(&w.grid, from, m);
            if (!strchr("udlrs", m) || (m != 's' && to == from)) legal = 0;
            moved[role] += to != from;
        }
    CHECK(legal);
    CHECK(moved[0] > 20 && moved[1] > 20);
    pursuit_world_free(&w);
}

/* chase's published goal map is the prey's BFS distance row, null (+INFINITY) on walls and
 * cells the prey cannot reach; flee publishes a map null on walls, finite on every cell the
 * predator reaches. */
static void test_published_maps(void) {
    dmap_moves four = dmap_moves_4();
    int same = 1, flee_ok = 1;
    for (uint64_t seed = 0; seed < 30; seed++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.3, seed), DMAP_OK);
        pursuit_config cfg = pursuit_config_default();
        pursuit_game g;
        CHECK_EQ_INT(pursuit_game_open(&g, &w, &pursuit_bot_chase, &pursuit_bot_flee, &cfg),
                     DMAP_OK);
        int prey_before = g.state.prey, predator_before = g.state.predator;
        CHECK_EQ_INT(pursuit_game_clock(&g, NULL), DMAP_OK);
        kit_map m[KIT_MAX_MAPS];
        CHECK_EQ_INT(pursuit_game_maps(&g, PURSUIT_PREDATOR, m, KIT_MAX_MAPS), 1);
        CHECK(!strcmp(m[0].name, "goal"));
        int depth[64];
        CHECK_EQ_INT(dmap_bfs(&w.grid, &four, &prey_before, 1, -1, depth, NULL, NULL), DMAP_OK);
        for (int i = 0; i < 64; i++)
            if (depth[i] < 0 ? !isinf(m[0].values[i]) : m[0].values[i] != depth[i]) same = 0;
        CHECK_EQ_INT(pursuit_game_maps(&g, PURSUIT_PREY, m, KIT_MAX_MAPS), 1);
        CHECK(!strcmp(m[0].name, "flee"));
        CHECK_EQ_INT(dmap_bfs(&w.grid, &four, &predator_before, 1, -1, depth, NULL, NULL), DMAP_OK);
        for (int i = 0; i < 64; i++)
            if (w.grid.wall[i] ? !isinf(m[0].values[i])
                               : depth[i] >= 0 && !isfinite(m[0].values[i]))
                flee_ok = 0;
        pursuit_game_close(&g);
        pursuit_world_free(&w);
    }
    CHECK(same);
    CHECK(flee_ok);
}

/* A bot that fails at clock 3 ends the game with its error; a built-in bot in the seat it does
 * not play is refused before the game starts. */
static int fail_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    (void)state;
    *move = 's';
    return v->clock == 3 ? DMAP_ERR_NOMEM : DMAP_OK;
}

static int seen_clocks;
static void count_clock(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    (void)ctx, (void)pm, (void)ym, (void)predator, (void)prey;
    seen_clocks = clock;
}

static void test_bot_errors(void) {
    static const pursuit_bot failing = {{"failing", ""}, NULL, fail_decide, NULL, NULL};
    pursuit_world w;
    CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.0, 3), DMAP_OK);
    pursuit_config cfg = pursuit_config_default();
    pursuit_result r;
    seen_clocks = 0;
    CHECK_EQ_INT(pursuit_play(&w, &pursuit_bot_random, &failing, &cfg, count_clock, NULL, &r),
                 DMAP_ERR_NOMEM);
    CHECK_EQ_INT(seen_clocks, 2);
    CHECK_EQ_INT(pursuit_play(&w, &pursuit_bot_flee, &pursuit_bot_chase, &cfg, NULL, NULL, &r),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_play(&w, &pursuit_bot_chase, &pursuit_bot_lazy, &cfg, NULL, NULL, &r),
                 DMAP_ERR_ARG);
    CHECK(pursuit_bot_plays(&failing, PURSUIT_PREDATOR) && pursuit_bot_plays(&failing, PURSUIT_PREY));
    pursuit_world_free(&w);
}

/* The stepper by hand (pursuit_game_open, pursuit_game_clock until over, pursuit_game_close)
 * plays pursuit_play's game: the same transcript and result, for every pairing and seeds. */
static void test_stepper_by_hand(void) {
    int same = 1;
    for (int p = 0; p < seat_count(PURSUIT_PREDATOR); p++)
        for (int q = 0; q < seat_count(PURSUIT_PREY); q++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                pursuit_world w;
                CHECK_EQ_INT(pursuit_world_random(&w, 9, 0.2, seed), DMAP_OK);
                pursuit_config cfg = pursuit_config_default();
                cfg.seed = seed * 11;
                cfg.time_limit_ns = 0; /* no late answers on a busy machine */
                transcript a, b;
                memset(&a, 0, sizeof a);
                memset(&b, 0, sizeof b);
                pursuit_result ra;
                CHECK_EQ_INT(pursuit_play(&w, seat_bot(PURSUIT_PREDATOR, p), seat_bot(PURSUIT_PREY, q), &cfg,
                                          record, &a, &ra),
                             DMAP_OK);
                pursuit_game g;
                CHECK_EQ_INT(pursuit_game_open(&g, &w, seat_bot(PURSUIT_PREDATOR, p), seat_bot(PURSUIT_PREY, q), &cfg),
                             DMAP_OK);
                while (!g.state.over) {
                    char m[2];
                    if (pursuit_game_clock(&g, m) != DMAP_OK) {
                        same = 0;
                        break;
                    }
                    record(&b, g.state.clock, m[0], m[1], g.state.predator, g.state.prey);
                }
                pursuit_game_close(&g);
                if (a.n != b.n || memcmp(a.text, b.text, (size_t)a.n) != 0) same = 0;
                if (ra.predator_won != g.result.predator_won || ra.clock != g.result.clock ||
                    ra.decisions[0] != g.result.decisions[0] || ra.decisions[1] != g.result.decisions[1])
                    same = 0;
                pursuit_world_free(&w);
            }
    CHECK(same);
}

int main(void) {
    test_determinism();
    test_random_worlds();
    test_chase_distance();
    test_prey_choices();
    test_rest_clock_capture();
    test_weak_predators();
    test_buryflee();
    test_random_both_seats();
    test_published_maps();
    test_bot_errors();
    test_stepper_by_hand();
    return check_report("test_pursuit_bots");
}
