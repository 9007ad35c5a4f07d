/* test_kit_seats.c — the seat driver (kit/seats.h) over a toy arena whose bots count what is
 * done to them: the NULL rule (no decide: refused; no init, release or maps: the preset kept,
 * nothing freed, no maps), an init that fails releases exactly the seats initialised before
 * it, a decision's error comes back as it is, maps are asked only on request (and cut to max),
 * decisions are counted and timed on the clock asked for (an outside program's seat on the wall
 * clock where the others are on the thread's CPU clock), a caller's preset reaches init. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dmap.h"
#include "kit/cputime.h"
#include "kit/outside.h"
#include "kit/seats.h"
#include "../../../tests/check.h"

typedef struct toy_view { int turn; } toy_view;
typedef int toy_action;
KIT_BOT_INTERFACE(toy_bot, toy_view, toy_action);
KIT_SEAT_OPS(toy_ops, toy_bot, toy_view, toy_action);

/* What the toy bots did, per seat (a bot's state is its seat's record). */
typedef struct toy_log {
    int inits, releases, decides, maps;
    uint64_t seed;
    void *preset_seen;
    int fail_init, fail_decide, spin_ms, nmaps;
    double values[4];
} toy_log;

static toy_log logs[KIT_SEATS_MAX];

static int toy_init(void **state, const toy_view *first, uint64_t seed) {
    (void)first;
    toy_log *l = *state; /* the test presets each seat with its record */
    l->preset_seen = *state;
    l->inits++;
    l->seed = seed;
    if (l->fail_init) return DMAP_ERR_NOMEM;
    return DMAP_OK;
}

static int toy_decide(void *state, const toy_view *view, toy_action *action) {
    toy_log *l = state;
    l->decides++;
    if (l->spin_ms) {
        /* CPU work until both clocks have advanced: a coarse thread-CPU clock (Windows counts
         * in scheduler ticks) may jump past the end at once, and a busy core may pass wall time
         * without giving this thread any */
        int64_t span = (int64_t)l->spin_ms * 1000000;
        int64_t cpu_end = kit_thread_cpu_ns() + span, wall_end = kit_wall_ns() + span;
        while (kit_thread_cpu_ns() < cpu_end || kit_wall_ns() < wall_end) {
        }
    }
    *action = view->turn * 10;
    return l->fail_decide ? DMAP_ERR_RANGE : DMAP_OK;
}

static void toy_release(void *state) { ((toy_log *)state)->releases++; }

static int toy_maps(void *state, kit_map *out, int max) {
    toy_log *l = state;
    l->maps++;
    for (int i = 0; i < l->nmaps && i < max; i++) out[i] = (kit_map){"goal", l->values};
    return l->nmaps;
}

static const toy_bot full = {{"full", "every function"}, toy_init, toy_decide, toy_release, toy_maps};
static const toy_bot bare = {{"bare", "decide only"}, NULL, toy_decide, NULL, NULL};
static const toy_bot headless = {{"headless", "no decide"}, toy_init, NULL, toy_release, NULL};

static void reset_logs(void) { memset(logs, 0, sizeof logs); }

/* Seats n copies of bot, each preset with its record. */
static int open_with(kit_seats *s, const toy_bot *bot, int n, kit_clock clock) {
    const kit_bot_info *bots[KIT_SEATS_MAX];
    for (int i = 0; i < n; i++) bots[i] = &bot->info;
    int rc = kit_seats_open(s, &toy_ops, clock, bots, n);
    for (int i = 0; rc == DMAP_OK && i < n; i++) kit_seats_preset(s, i, &logs[i]);
    return rc;
}

static void test_null_rule(void) {
    kit_seats s;
    reset_logs();
    const kit_bot_info *bots[2] = {&full.info, &headless.info};
    CHECK(kit_seats_open(&s, &toy_ops, KIT_CLOCK_NONE, bots, 2) == DMAP_ERR_ARG, "a bot without decide sits");
    kit_seats_close(&s); /* a refused open closes as a game of no seats */
    CHECK(kit_seats_open(&s, &toy_ops, KIT_CLOCK_NONE, bots, 0) == DMAP_ERR_ARG, "no seats accepted");
    CHECK(kit_seats_open(&s, &toy_ops, KIT_CLOCK_NONE, bots, KIT_SEATS_MAX + 1) == DMAP_ERR_ARG,
          "too many seats accepted");
    CHECK(kit_seats_open(&s, NULL, KIT_CLOCK_NONE, bots, 1) == DMAP_ERR_ARG, "no ops accepted");

    /* decide only: init keeps the preset, release frees nothing, maps are none */
    CHECK(open_with(&s, &bare, 2, KIT_CLOCK_NONE) == DMAP_OK, "a decide-only bot refused");
    toy_view v = {3};
    for (int i = 0; i < 2; i++) CHECK(kit_seats_init(&s, i, &v, 7) == DMAP_OK, "bare init %d", i);
    CHECK(s.seat[0].ready && s.seat[0].state == &logs[0], "a NULL init did not keep the preset");
    int a = -1;
    CHECK(kit_seats_decide(&s, 1, &v, &a) == DMAP_OK && a == 30 && logs[1].decides == 1, "bare decide");
    kit_map m[2];
    CHECK(kit_seats_maps(&s, 0, m, 2) == 0, "a NULL maps published maps");
    kit_seats_close(&s);
    CHECK(!s.seat[0].ready && !s.seat[1].ready, "close left seats ready");
    kit_seats_close(&s); /* again: harmless */

    /* empty seats: nothing to init, nothing to ask */
    const kit_bot_info *holes[3] = {NULL, &full.info, NULL};
    reset_logs();
    CHECK(kit_seats_open(&s, &toy_ops, KIT_CLOCK_NONE, holes, 3) == DMAP_OK, "empty seats refused");
    kit_seats_preset(&s, 1, &logs[1]);
    for (int i = 0; i < 3; i++) CHECK(kit_seats_init(&s, i, &v, 1) == DMAP_OK, "init of seat %d", i);
    CHECK(!s.seat[0].ready && s.seat[1].ready, "an empty seat was initialised");
    CHECK(kit_seats_decide(&s, 0, &v, &a) == DMAP_ERR_ARG, "an empty seat decided");
    CHECK(kit_seats_maps(&s, 2, m, 2) == 0, "an empty seat has maps");
    kit_seats_close(&s);
    CHECK(logs[1].releases == 1, "seat 1 released %d times", logs[1].releases);
}

static void test_init_failure(void) {
    for (int bad = 0; bad < 4; bad++) {
        kit_seats s;
        reset_logs();
        logs[bad].fail_init = 1;
        CHECK(open_with(&s, &full, 4, KIT_CLOCK_NONE) == DMAP_OK, "open");
        toy_view v = {0};
        int rc = DMAP_OK, i = 0;
        for (; i < 4 && rc == DMAP_OK; i++) rc = kit_seats_init(&s, i, &v, 100 + (uint64_t)i);
        CHECK(rc == DMAP_ERR_NOMEM && i == bad + 1, "seat %d: init error %d after %d seats", bad, rc, i);
        CHECK(!s.seat[bad].ready && s.seat[bad].state == NULL, "the failed seat %d is ready", bad);
        kit_seats_close(&s);
        for (int k = 0; k < 4; k++) {
            int want = k < bad ? 1 : 0;
            CHECK(logs[k].releases == want, "failing seat %d: seat %d released %d times, want %d", bad, k,
                  logs[k].releases, want);
            CHECK(logs[k].inits == (k <= bad), "failing seat %d: seat %d inits %d", bad, k, logs[k].inits);
        }
        CHECK(logs[0].preset_seen == &logs[0] && (bad == 0 || logs[0].seed == 100), "preset or seed lost");
    }
}

static void test_decide_error_and_maps(void) {
    kit_seats s;
    reset_logs();
    logs[1].fail_decide = 1;
    logs[0].nmaps = 3;
    logs[1].nmaps = 1;
    CHECK(open_with(&s, &full, 2, KIT_CLOCK_NONE) == DMAP_OK, "open");
    toy_view v = {1};
    for (int i = 0; i < 2; i++) CHECK(kit_seats_init(&s, i, &v, 5) == DMAP_OK, "init %d", i);
    int a;
    CHECK(kit_seats_decide(&s, 0, &v, &a) == DMAP_OK, "seat 0 decide");
    CHECK(kit_seats_decide(&s, 1, &v, &a) == DMAP_ERR_RANGE, "a decide error did not come back as it is");
    CHECK(logs[0].maps == 0 && logs[1].maps == 0, "maps asked without a request");
    kit_map m[KIT_MAX_MAPS];
    CHECK(kit_seats_maps(&s, 0, m, KIT_MAX_MAPS) == 3 && logs[0].maps == 1, "maps on request");
    CHECK(kit_seats_maps(&s, 0, m, 2) == 2, "a count above max not cut");
    CHECK(strcmp(m[0].name, "goal") == 0 && m[1].values == logs[0].values, "the maps' content");
    CHECK(s.seat[0].decisions == 1 && s.seat[1].decisions == 1, "decisions counted");
    CHECK(s.seat[0].decide_ns == 0, "KIT_CLOCK_NONE timed a decision");
    kit_seats_close(&s);
    CHECK(logs[0].releases == 1 && logs[1].releases == 1, "both seats released after a decide error");
}

static void test_timing(void) {
    kit_clock clocks[2] = {KIT_CLOCK_WALL, KIT_CLOCK_THREAD_CPU};
    for (int c = 0; c < 2; c++) {
        kit_seats s;
        reset_logs();
        logs[0].spin_ms = 3;
        CHECK(open_with(&s, &full, 2, clocks[c]) == DMAP_OK, "open");
        toy_view v = {2};
        for (int i = 0; i < 2; i++) CHECK(kit_seats_init(&s, i, &v, 5) == DMAP_OK, "init %d", i);
        int a;
        for (int t = 0; t < 3; t++) {
            CHECK(kit_seats_decide(&s, 0, &v, &a) == DMAP_OK, "decide");
            CHECK(s.seat[0].last_ns >= 2500000, "clock %d: a 3 ms decision took %lld ns", c,
                  (long long)s.seat[0].last_ns);
        }
        CHECK(kit_seats_decide(&s, 1, &v, &a) == DMAP_OK, "decide");
        CHECK(s.seat[0].decisions == 3 && s.seat[1].decisions == 1, "decisions %ld %ld", s.seat[0].decisions,
              s.seat[1].decisions);
        CHECK(s.seat[0].decide_ns >= 3 * 2500000 && s.seat[0].max_ns >= s.seat[0].last_ns &&
                  s.seat[0].decide_ns >= s.seat[0].max_ns,
              "clock %d: totals", c);
        CHECK(s.seat[1].decide_ns < s.seat[0].decide_ns, "the quick seat was charged the slow one's time");
        kit_seats_close(&s);
    }
}

/* An outside program works in another process: on the thread-CPU clock its seat is timed on
 * the wall clock (the thread's CPU would count only the pipe); the other clocks stay as asked. */
static void test_outside_seat_clock(void) {
    kit_outside_opts o = {1000, 250, NULL, 2, 0};
    const kit_bot_info *bots[2] = {kit_outside_seat("test", "--bots", "cmd:true", &full.info, sizeof full, &o),
                                   &full.info};
    CHECK(bots[0] && kit_outside_of(bots[0]), "an outside seat");
    if (!bots[0]) return;
    kit_clock asked[3] = {KIT_CLOCK_THREAD_CPU, KIT_CLOCK_WALL, KIT_CLOCK_NONE};
    kit_clock outside[3] = {KIT_CLOCK_WALL, KIT_CLOCK_WALL, KIT_CLOCK_NONE};
    for (int c = 0; c < 3; c++) {
        kit_seats s;
        CHECK(kit_seats_open(&s, &toy_ops, asked[c], bots, 2) == DMAP_OK, "open");
        CHECK(s.seat[0].clock == outside[c], "clock %d: the outside seat on clock %d", (int)asked[c],
              (int)s.seat[0].clock);
        CHECK(s.seat[1].clock == asked[c], "clock %d: a built-in seat on clock %d", (int)asked[c],
              (int)s.seat[1].clock);
        kit_seats_close(&s);
    }
    kit_outside_free(bots, 2);
}

int main(void) {
    test_null_rule();
    test_init_failure();
    test_decide_error_and_maps();
    test_timing();
    test_outside_seat_clock();
    return check_report("test_kit_seats");
}
