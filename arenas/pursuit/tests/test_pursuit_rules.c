/* test_pursuit_rules.c — the pursuit engine and referee against RULES.md, scenario by scenario:
 * small hand-drawn worlds, scripted moves, and the exact outcome the rules dictate (rest
 * clocks, swaps, captures, illegal moves, the time limit, the prey winning at the last clock),
 * the engine's state stepped by hand, plus a world file of the data folder (argv[1]) and
 * garbage given as a world file. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kit/cputime.h"
#include "pursuit.h"

/* ---- worlds drawn as pictures: '#' obstacle, '.' free, '@' predator, '*' prey ---------- */

static pursuit_world drawn(const char *const *rows, int h) {
    pursuit_world w;
    memset(&w, 0, sizeof w);
    int width = (int)strlen(rows[0]);
    if (dmap_grid_init(&w.grid, width, h) != DMAP_OK) abort();
    for (int y = 0; y < h; y++)
        for (int x = 0; x < width; x++) {
            char c = rows[y][x];
            int i = y * width + x;
            w.grid.wall[i] = c == '#';
            if (c == '@') w.predator = i;
            if (c == '*') w.prey = i;
        }
    return w;
}

/* ---- scripted bots: move k of the script is played at clock k+1, 's' after its end ----
 * One bot for both seats: its init takes the script of the seat it sits in. */

static const char *scripts[2];

static int script_init(void **state, const pursuit_view *start, uint64_t seed) {
    (void)seed;
    *state = (void *)(uintptr_t)scripts[start->role];
    return DMAP_OK;
}

static int script_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    const char *script = state;
    *move = (size_t)(v->clock - 1) < strlen(script) ? script[v->clock - 1] : 's';
    return DMAP_OK;
}

static const pursuit_bot script_bot = {{"script", "scripted"}, script_init, script_decide, NULL,
                                       NULL};

static pursuit_bot scripted(pursuit_role role, const char *script) {
    scripts[role] = script;
    return script_bot;
}

/* The positions after every clock. */
typedef struct transcript {
    int n;
    int predator[64], prey[64];
} transcript;

static void record(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    transcript *t = ctx;
    (void)pm;
    (void)ym;
    if (t->n < 64 && clock == t->n + 1) {
        t->predator[t->n] = predator;
        t->prey[t->n] = prey;
        t->n++;
    }
}

static pursuit_result play(const pursuit_world *w, const char *pred_script,
                           const char *prey_script, int clocks, transcript *t) {
    pursuit_bot pred = scripted(PURSUIT_PREDATOR, pred_script);
    pursuit_bot prey = scripted(PURSUIT_PREY, prey_script);
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = clocks;
    pursuit_result r;
    memset(t, 0, sizeof *t);
    CHECK_EQ_INT(pursuit_play(w, &pred, &prey, &cfg, record, t, &r), DMAP_OK);
    return r;
}

/* The prey moves on clocks 1, 2, 4, 5, 7 and rests on 3, 6, whatever it asks. */
static void test_rest_clocks(void) {
    static const char *rows[] = {"*.........", "..........", "#########@"};
    pursuit_world w = drawn(rows, 3);
    transcript t;
    pursuit_result r = play(&w, "", "rrrrrrr", 7, &t);
    static const int expect_x[7] = {1, 2, 2, 3, 4, 4, 5};
    CHECK_EQ_INT(t.n, 7);
    for (int k = 0; k < 7; k++) CHECK_EQ_INT(t.prey[k], expect_x[k]);
    CHECK_EQ_INT(r.predator_won, 0);
    CHECK_EQ_INT(r.clock, 7);
    CHECK(pursuit_prey_rests(3) && pursuit_prey_rests(6) && pursuit_prey_rests(30));
    CHECK(!pursuit_prey_rests(1) && !pursuit_prey_rests(2) && !pursuit_prey_rests(29));
    pursuit_world_free(&w);
}

/* A swap is not a capture; landing on the same cell is. */
static void test_swap_and_capture(void) {
    static const char *swap_rows[] = {"@*.", "...", "..."};
    pursuit_world w = drawn(swap_rows, 3);
    transcript t;
    pursuit_result r = play(&w, "r", "l", 1, &t);
    CHECK_EQ_INT(r.predator_won, 0); /* they passed each other */
    CHECK_EQ_INT(t.predator[0], 1);
    CHECK_EQ_INT(t.prey[0], 0);
    pursuit_world_free(&w);

    static const char *meet_rows[] = {"@.*", "...", "..."};
    w = drawn(meet_rows, 3);
    r = play(&w, "r", "l", 30, &t);
    CHECK_EQ_INT(r.predator_won, 1); /* both step into the middle cell */
    CHECK_EQ_INT(r.clock, 1);
    CHECK_EQ_INT(t.n, 1);
    CHECK_EQ_INT(t.predator[0], 1);
    CHECK_EQ_INT(t.prey[0], 1);
    pursuit_world_free(&w);

    /* the predator steps onto the prey's old cell while the prey leaves: no capture */
    static const char *follow_rows[] = {"@.*.", "....", "....", "...."};
    w = drawn(follow_rows, 4);
    r = play(&w, "rr", "sr", 2, &t);
    CHECK_EQ_INT(r.predator_won, 0);
    CHECK_EQ_INT(t.predator[1], 2);
    CHECK_EQ_INT(t.prey[1], 3);
    pursuit_world_free(&w);

    /* a prey that walks into a standing predator is caught */
    static const char *walk_rows[] = {"@*.", "...", "..."};
    w = drawn(walk_rows, 3);
    r = play(&w, "s", "l", 30, &t);
    CHECK_EQ_INT(r.predator_won, 1);
    CHECK_EQ_INT(r.clock, 1);
    pursuit_world_free(&w);

    /* clock 3: the prey asks to flee but rests, the predator steps onto it */
    static const char *rest_rows[] = {"....", ".@..", ".*..", "...."};
    w = drawn(rest_rows, 4);
    r = play(&w, "ssd", "ssr", 30, &t);
    CHECK_EQ_INT(r.predator_won, 1);
    CHECK_EQ_INT(r.clock, 3);
    CHECK_EQ_INT(t.prey[2], 2 * 4 + 1);
    pursuit_world_free(&w);
}

/* Off the board, into an obstacle, or not one of u/d/l/r/s: the agent stays. */
static void test_illegal_moves(void) {
    static const char *rows[] = {"@#..", "#...", "...#", "..#*"};
    pursuit_world w = drawn(rows, 4);
    transcript t;
    /* predator: up (off), left (off), right (obstacle), down (obstacle), 'x', 'U', '\0'-ish */
    pursuit_result r = play(&w, "ulrdxU?", "dulrdul", 7, &t);
    CHECK_EQ_INT(t.n, 7);
    for (int k = 0; k < t.n; k++) CHECK_EQ_INT(t.predator[k], 0);
    /* prey at (3,3): down and right leave the board, up (3,2) and left (2,3) are obstacles */
    for (int k = 0; k < t.n; k++) CHECK_EQ_INT(t.prey[k], 15);
    CHECK_EQ_INT(r.predator_won, 0);
    pursuit_world_free(&w);

    static const char *open_rows[] = {"..", ".."};
    w = drawn(open_rows, 2);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 0, 'r'), 1);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 0, 'd'), 2);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 3, 'u'), 1);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 3, 'l'), 2);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 3, 'r'), 3);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 3, 'R'), 3);
    CHECK_EQ_INT(pursuit_apply_move(&w.grid, 0, 's'), 0);
    pursuit_world_free(&w);
}

/* The prey wins when the last clock passes; the game length is configurable. */
static void test_timeout_winner(void) {
    static const char *rows[] = {"@.....", "......", "......", "......", "......", ".....*"};
    pursuit_world w = drawn(rows, 6);
    transcript t;
    pursuit_result r = play(&w, "", "", 30, &t);
    CHECK_EQ_INT(r.predator_won, 0);
    CHECK_EQ_INT(r.clock, 30);
    CHECK_EQ_INT(t.n, 30);
    CHECK_EQ_INT(r.decisions[PURSUIT_PREDATOR], 30);
    CHECK_EQ_INT(r.decisions[PURSUIT_PREY], 30);
    r = play(&w, "", "", 5, &t);
    CHECK_EQ_INT(r.clock, 5);
    /* capture at exactly the last clock still counts: 10 steps, clocks 10 */
    r = play(&w, "rrrrrddddd", "", 10, &t);
    CHECK_EQ_INT(r.predator_won, 1);
    CHECK_EQ_INT(r.clock, 10);
    r = play(&w, "rrrrrddddd", "", 9, &t);
    CHECK_EQ_INT(r.predator_won, 0);
    pursuit_world_free(&w);
}

/* A decision slower than the time limit counts as 's'. */
static int64_t mono_ns(void) { return kit_wall_ns(); }

static int slow_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    (void)state;
    if (v->clock == 1) {
        int64_t t0 = mono_ns();
        while (mono_ns() - t0 < 20000000) { /* 20 ms */
        }
    }
    *move = 'r';
    return DMAP_OK;
}

static void test_time_limit(void) {
    static const char *rows[] = {"@...", "....", "....", "...*"};
    pursuit_world w = drawn(rows, 4);
    pursuit_bot slow = {{"slow", ""}, NULL, slow_decide, NULL, NULL};
    pursuit_bot still = scripted(PURSUIT_PREY, "");
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = 2;
    cfg.time_limit_ns = 5000000; /* 5 ms */
    transcript t;
    memset(&t, 0, sizeof t);
    pursuit_result r;
    CHECK_EQ_INT(pursuit_play(&w, &slow, &still, &cfg, record, &t, &r), DMAP_OK);
    CHECK_EQ_INT(r.timeouts[PURSUIT_PREDATOR], 1);
    CHECK_EQ_INT(t.predator[0], 0); /* the late 'r' became a stay */
    CHECK_EQ_INT(t.predator[1], 1); /* the timely one moved */
    pursuit_world_free(&w);
}

/* Bad calls are refused with codes, never crashes. */
static void test_bad_calls(void) {
    static const char *rows[] = {"@.", ".*"};
    pursuit_world w = drawn(rows, 2);
    pursuit_bot pred = scripted(PURSUIT_PREDATOR, ""), prey = scripted(PURSUIT_PREY, "");
    pursuit_config cfg = pursuit_config_default();
    pursuit_result r;
    CHECK_EQ_INT(pursuit_play(&w, &pursuit_bot_naive, &pursuit_bot_chase, &cfg, NULL, NULL, &r),
                 DMAP_ERR_ARG); /* built-in bots in the seats they do not play */
    CHECK_EQ_INT(pursuit_play(&w, NULL, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_ARG);
    cfg.time_limit_ns = -1;
    CHECK_EQ_INT(pursuit_play(&w, &pred, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_ARG);
    cfg.time_limit_ns = 0;
    cfg.clocks = 0;
    CHECK_EQ_INT(pursuit_play(&w, &pred, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_ARG);
    cfg.clocks = 30;
    w.prey = w.predator;
    CHECK_EQ_INT(pursuit_play(&w, &pred, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_ARG);
    w.prey = 99;
    CHECK_EQ_INT(pursuit_play(&w, &pred, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_RANGE);
    w.prey = 3;
    w.grid.wall[3] = 1;
    CHECK_EQ_INT(pursuit_play(&w, &pred, &prey, &cfg, NULL, NULL, &r), DMAP_ERR_WALL);
    CHECK(pursuit_bot_find("chase", PURSUIT_PREY) == NULL);
    CHECK(pursuit_bot_find("nobody", PURSUIT_PREDATOR) == NULL);
    CHECK(pursuit_bot_find("bury", PURSUIT_PREY) != NULL);
    pursuit_world_free(&w);
}

/* Binary garbage as a world file names its first token "not an integer", not a count of
 * tokens ("8 values do not make a square world"). */
static void test_garbage_world(void) {
    char path[] = "/tmp/pursuit_garbage_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    static const unsigned char junk[] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01,
                                         0xff, ' ', 'x', 0x7f, '\n', '1', '2', ' ', 0xc3, 0xa9};
    CHECK(write(fd, junk, sizeof junk) == (ssize_t)sizeof junk);
    close(fd);
    pursuit_world w;
    dmap_diag diag = {0, ""};
    CHECK(pursuit_world_load(path, &w, &diag) == DMAP_ERR_FORMAT);
    CHECK(strstr(diag.message, "is not an integer") != NULL);
    CHECK(strstr(diag.message, "square") == NULL);
    CHECK_EQ_INT(diag.line, 1);
    for (const char *m = diag.message; *m; m++) CHECK(*m >= ' ' && *m < 127); /* printable */
    unlink(path);
}

/* A world file of the data folder: battlefield.dat has the predator at row 0 col 1 (line 2 of
 * the file) and the prey at row 6 col 3 (line 52); its obstacles are the -1 lines. */
static void test_world_file(const char *data) {
    char path[4096];
    snprintf(path, sizeof path, "%s/battlefield.dat", data);
    FILE *present = fopen(path, "r");
    if (!present) fprintf(stderr, "MISSING DATA: %s\n", path);
    CHECK(present != NULL);
    if (!present) return;
    fclose(present);
    pursuit_world w;
    dmap_diag diag;
    int rc = pursuit_world_load(path, &w, &diag);
    CHECK_EQ_INT(rc, DMAP_OK);
    if (rc != DMAP_OK) return;
    CHECK_EQ_INT(w.grid.w, 8);
    CHECK_EQ_INT(w.grid.h, 8);
    CHECK_EQ_INT(w.predator, 1);
    CHECK_EQ_INT(w.prey, 51);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    int v, i = 0, same = 1;
    while (f && fscanf(f, "%d", &v) == 1 && i < 64) {
        if ((v == -1) != (w.grid.wall[i] != 0)) same = 0;
        i++;
    }
    if (f) fclose(f);
    CHECK_EQ_INT(i, 64);
    CHECK(same);
    pursuit_world_free(&w);
    CHECK(pursuit_world_load("/nonexistent/battlefield.dat", &w, &diag) != DMAP_OK);
}

/* The engine alone: the start, one clock at a time, the capture, the end, a step after it. */
static void test_engine_state(void) {
    static const char *rows[] = {"@..*", "....", "....", "...."};
    pursuit_world w = drawn(rows, 4);
    pursuit_state s;
    CHECK_EQ_INT(pursuit_state_start(&s, &w, 0), DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_state_start(&s, &w, 5), DMAP_OK);
    CHECK_EQ_INT(s.clock, 0);
    pursuit_view v;
    pursuit_view_of(&s, PURSUIT_PREY, &v);
    CHECK(v.clock == 1 && v.clocks == 5 && v.role == PURSUIT_PREY && v.predator == 0 && v.prey == 3);
    CHECK_EQ_INT(pursuit_step(&s, 'r', 'x'), DMAP_OK); /* 'x': a stay */
    CHECK(s.predator == 1 && s.prey == 3 && !s.over);
    CHECK_EQ_INT(pursuit_step(&s, 'r', 'l'), DMAP_OK); /* both onto cell 2 */
    CHECK(s.predator == 2 && s.prey == 2 && s.over && s.predator_won && s.clock == 2);
    CHECK_EQ_INT(pursuit_step(&s, 's', 's'), DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_state_start(&s, &w, 1), DMAP_OK);
    CHECK_EQ_INT(pursuit_step(&s, 's', 's'), DMAP_OK);
    CHECK(s.over && !s.predator_won && s.clock == 1);
    pursuit_world_free(&w);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL; /* the arena's data folder */
    if (!data) fprintf(stderr, "MISSING DATA: give the data folder as the first argument\n");
    CHECK(data != NULL);
    test_rest_clocks();
    test_swap_and_capture();
    test_illegal_moves();
    test_timeout_winner();
    test_time_limit();
    test_bad_calls();
    test_engine_state();
    if (data) test_world_file(data);
    test_garbage_world();
    return check_report("test_pursuit_rules");
}
