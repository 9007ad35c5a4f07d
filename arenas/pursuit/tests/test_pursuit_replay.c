/* test_pursuit_replay.c — `pursuit match --replay` files: a recorded game read back with the
 * kit's reader has the world's terrain and start, consecutive turns whose positions follow
 * from the previous positions and the recorded moves by the rules (illegal moves stay, the
 * prey stays on rest clocks), and the same result as the same game played without a replay;
 * the replay checker (pursuit_replay_check) accepts every such file, with or without the bots'
 * maps, and finds a changed position or result at its turn. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "pursuit_replay.h"

typedef struct reading {
    const pursuit_world *w;
    int clocks;
    long lines, turns, last_turn;
    int predator, prey; /* positions as the replay says, after the last turn read */
    int winner_predator, result_clock, have_result;
    int bad; /* lines that broke a rule */
} reading;

static int cell_of(const dmap_grid *g, json_t *xy) {
    if (!json_is_array(xy) || json_array_size(xy) != 2) return -1;
    long x = (long)json_integer_value(json_array_get(xy, 0));
    long y = (long)json_integer_value(json_array_get(xy, 1));
    if (x < 0 || y < 0 || x >= g->w || y >= g->h) return -1;
    return (int)(y * g->w + x);
}

static int check_header(reading *rd, json_t *o) {
    const dmap_grid *g = &rd->w->grid;
    if (strcmp(json_string_value(json_object_get(o, "format")), "dmap-replay") != 0) return 1;
    if (json_integer_value(json_object_get(o, "version")) != 1) return 1;
    if (strcmp(json_string_value(json_object_get(o, "game")), "pursuit") != 0) return 1;
    if (json_integer_value(json_object_get(o, "width")) != g->w) return 1;
    if (json_integer_value(json_object_get(o, "height")) != g->h) return 1;
    if (json_integer_value(json_object_get(o, "clocks")) != rd->clocks) return 1;
    json_t *rows = json_object_get(o, "terrain");
    if (json_array_size(rows) != (size_t)g->h) return 1;
    for (int y = 0; y < g->h; y++) {
        const char *row = json_string_value(json_array_get(rows, (size_t)y));
        if (!row || strlen(row) != (size_t)g->w) return 1;
        for (int x = 0; x < g->w; x++)
            if ((row[x] == '#') != (g->wall[y * g->w + x] != 0) || !strchr("#.", row[x])) return 1;
    }
    return json_array_size(json_object_get(o, "players")) == 2 ? 0 : 1;
}

static int on_line(void *ctx, long lineno, json_t *o) {
    reading *rd = ctx;
    const dmap_grid *g = &rd->w->grid;
    rd->lines++;
    if (lineno == 1) {
        if (check_header(rd, o)) rd->bad++;
        return 0;
    }
    json_t *result = json_object_get(o, "result");
    if (result) {
        rd->have_result = 1;
        rd->winner_predator = !strcmp(json_string_value(json_object_get(result, "winner")), "predator");
        rd->result_clock = (int)json_integer_value(json_object_get(result, "clock"));
        return 0;
    }
    long t = (long)json_integer_value(json_object_get(o, "turn"));
    json_t *state = json_object_get(o, "state"), *actions = json_object_get(o, "actions");
    int p = cell_of(g, json_object_get(state, "predator"));
    int q = cell_of(g, json_object_get(state, "prey"));
    int rests = json_is_true(json_object_get(state, "prey_rests"));
    if (t != rd->last_turn + 1 || p < 0 || q < 0 || rests != (t > 0 && pursuit_prey_rests((int)t))) {
        rd->bad++;
        return 0;
    }
    if (t == 0) {
        if (p != rd->w->predator || q != rd->w->prey || json_array_size(actions) != 0) rd->bad++;
    } else {
        const char *pm = json_string_value(json_array_get(actions, 0));
        const char *ym = json_string_value(json_array_get(actions, 1));
        if (!pm || !ym || strlen(pm) != 1 || strlen(ym) != 1) {
            rd->bad++;
            return 0;
        }
        int want_p = pursuit_apply_move(g, rd->predator, pm[0]);
        int want_q = rests ? rd->prey : pursuit_apply_move(g, rd->prey, ym[0]);
        if (p != want_p || q != want_q) rd->bad++;
        rd->turns++;
    }
    rd->last_turn = t;
    rd->predator = p;
    rd->prey = q;
    return 0;
}

static void check_game(const pursuit_world *w, const char *pred, const char *prey, uint64_t seed,
                       const char *path) {
    const pursuit_bot *a = pursuit_bot_find(pred, PURSUIT_PREDATOR);
    const pursuit_bot *b = pursuit_bot_find(prey, PURSUIT_PREY);
    CHECK(a && b);
    if (!a || !b) return;
    pursuit_config cfg = pursuit_config_default();
    cfg.seed = seed;
    cfg.time_limit_ns = 0; /* no time limit: the two games must be the same game */
    pursuit_result plain, recorded;
    CHECK_EQ_INT(pursuit_play(w, a, b, &cfg, NULL, NULL, &plain), DMAP_OK);
    kit_replay r;
    CHECK_EQ_INT(kit_replay_open(&r, path), 0);
    CHECK_EQ_INT(pursuit_play_replay(w, a, b, &cfg, &r, (int)(seed % 2), NULL, NULL, &recorded),
                 DMAP_OK);
    CHECK_EQ_INT(kit_replay_close(&r), 0);
    CHECK_EQ_INT(recorded.predator_won, plain.predator_won);
    CHECK_EQ_INT(recorded.clock, plain.clock);

    reading rd = {w, cfg.clocks, 0, 0, -1, -1, -1, 0, 0, 0, 0};
    char err[512];
    CHECK_EQ_INT(kit_replay_read(path, on_line, &rd, err, sizeof err), 0);
    CHECK_EQ_INT(rd.bad, 0);
    CHECK(rd.have_result);
    CHECK_EQ_INT(rd.turns, plain.clock);
    CHECK_EQ_INT(rd.lines, plain.clock + 3); /* header, turn 0, the clocks, result */
    CHECK_EQ_INT(rd.winner_predator, plain.predator_won);
    CHECK_EQ_INT(rd.result_clock, plain.clock);
    /* the result agrees with the last state: same cell iff captured */
    CHECK_EQ_INT(rd.predator == rd.prey, plain.predator_won);
    /* and the checker replays it to the same end */
    pursuit_replay_report rep;
    CHECK_EQ_INT(pursuit_replay_check(path, &rep, err, sizeof err), 0);
    CHECK_EQ_INT(rep.clocks, plain.clock);
    CHECK_EQ_INT(rep.predator_won, plain.predator_won);
}

/* Rewrite line `lineno` (1-based) of path with `from` replaced by `to`; 1 when it was there. */
static int tamper(const char *path, const char *out, int lineno, const char *from, const char *to) {
    FILE *in = fopen(path, "r"), *o = fopen(out, "w");
    char line[65536];
    int n = 0, done = 0;
    while (in && o && fgets(line, sizeof line, in)) {
        char *at = ++n == lineno ? strstr(line, from) : NULL;
        if (at) {
            fprintf(o, "%.*s%s%s", (int)(at - line), line, to, at + strlen(from));
            done = 1;
        } else {
            fputs(line, o);
        }
    }
    if (in) fclose(in);
    if (o) fclose(o);
    return done;
}

/* A written game checked after changes: a moved prey at turn 2 (a different, legal cell), a
 * changed result, a missing result, a line that is not JSON, a replay of another game. */
static void check_tampered(const char *dir) {
    char path[256], bad[256], err[512];
    snprintf(path, sizeof path, "%s/open.jsonl", dir);
    snprintf(bad, sizeof bad, "%s/bad.jsonl", dir);
    pursuit_world w;
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT(dmap_grid_init(&w.grid, 8, 1), DMAP_OK);
    w.predator = 0;
    w.prey = 7;
    pursuit_config cfg = pursuit_config_default();
    kit_replay r;
    pursuit_result res;
    CHECK_EQ_INT(kit_replay_open(&r, path), 0);
    /* chase walks right; the prey (naive) keeps to the far end: it stays on cell 7 */
    CHECK_EQ_INT(pursuit_play_replay(&w, &pursuit_bot_chase, &pursuit_bot_naive, &cfg, &r, 0,
                                     NULL, NULL, &res), DMAP_OK);
    CHECK_EQ_INT(kit_replay_close(&r), 0);
    pursuit_replay_report rep;
    CHECK_EQ_INT(pursuit_replay_check(path, &rep, err, sizeof err), 0);
    /* line 4 is turn 2: the prey at [7,0]; say [6,0] */
    CHECK(tamper(path, bad, 4, "\"prey\":[7,0]", "\"prey\":[6,0]"));
    CHECK_EQ_INT(pursuit_replay_check(bad, &rep, err, sizeof err), 1);
    CHECK_EQ_INT(rep.turn, 2);
    CHECK(strstr(rep.what, "prey") != NULL && strstr(rep.what, "[6,0]") != NULL);
    CHECK(tamper(path, bad, (int)res.clock + 3, "\"winner\":\"predator\"", "\"winner\":\"prey\""));
    CHECK_EQ_INT(pursuit_replay_check(bad, &rep, err, sizeof err), 1);
    CHECK_EQ_INT(rep.turn, -1);
    CHECK(tamper(path, bad, (int)res.clock + 3, "{\"result\"", "{\"turn\":99,\"x\""));
    CHECK_EQ_INT(pursuit_replay_check(bad, &rep, err, sizeof err), 1);
    CHECK(tamper(path, bad, 3, "{", "{{"));
    CHECK_EQ_INT(pursuit_replay_check(bad, &rep, err, sizeof err), -1);
    CHECK(strstr(err, "bad.jsonl:3") != NULL);
    CHECK(tamper(path, bad, 1, "\"pursuit\"", "\"bomber\""));
    CHECK_EQ_INT(pursuit_replay_check(bad, &rep, err, sizeof err), -1);
    CHECK(strstr(err, "not a pursuit replay") != NULL);
    CHECK_EQ_INT(pursuit_replay_check("/nonexistent/x.jsonl", &rep, err, sizeof err), -1);
    pursuit_world_free(&w);
    unlink(bad);
    unlink(path);
}

int main(void) {
    char dir[] = "/tmp/pursuit_replay_XXXXXX";
    if (!mkdtemp(dir)) return 1;
    char path[256];
    snprintf(path, sizeof path, "%s/game.jsonl", dir);
    const char *preds[] = {"chase", "intercept"};
    const char *preys[] = {"naive", "flee", "bury", "random"};
    for (uint64_t s = 1; s <= 6; s++) {
        pursuit_world w;
        CHECK_EQ_INT(pursuit_world_random(&w, 6 + (int)s, 0.25, s * 77), DMAP_OK);
        check_game(&w, preds[s % 2], preys[s % 4], s, path);
        pursuit_world_free(&w);
    }
    /* a replay that cannot be written says so at close, and leaves no file */
    pursuit_world w;
    CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.2, 5), DMAP_OK);
    kit_replay r;
    if (access("/dev/full", W_OK) == 0) {
        CHECK_EQ_INT(kit_replay_open(&r, "/dev/full"), 0);
        pursuit_config cfg = pursuit_config_default();
        cfg.clocks = 3000;
        pursuit_result res;
        CHECK_EQ_INT(pursuit_play_replay(&w, &pursuit_bot_chase, &pursuit_bot_naive, &cfg, &r, 1,
                                         NULL, NULL, &res), DMAP_OK);
        CHECK(kit_replay_close(&r) != 0);
    }
    pursuit_world_free(&w);
    unlink(path);
    check_tampered(dir);
    rmdir(dir);
    return check_report("test_pursuit_replay");
}
