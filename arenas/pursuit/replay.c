/* replay.c — the pursuit replay file (pursuit_replay.h): a game written as one (the header with
 * the terrain, the start as turn 0, one line per clock with the bots' maps when asked, the
 * result), and a file checked against the engine (its recorded moves replayed from its world
 * and start, every state and the result compared). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pursuit_replay.h"

/* ---- writing -------------------------------------------------------------------------------- */

static json_t *cell_xy(const dmap_grid *g, int cell) {
    return json_pack("[i,i]", cell % g->w, cell / g->w);
}

static json_t *state_of(const dmap_grid *g, int predator, int prey, int rests) {
    return json_pack("{s:o,s:o,s:b}", "predator", cell_xy(g, predator), "prey", cell_xy(g, prey),
                     "prey_rests", rests);
}

/* A move as the bot returned it: one character (a NUL or control character shows as '?'). */
static json_t *move_text(char m) {
    char s[2] = {(unsigned char)m < 32 || m == 127 ? '?' : m, '\0'};
    return json_string(s);
}

static int write_header(kit_replay *r, const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg) {
    const dmap_grid *g = &w->grid;
    size_t n = (size_t)g->w * (size_t)g->h;
    char *terrain = malloc(n);
    if (!terrain) return DMAP_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) terrain[i] = g->wall[i] ? '#' : '.';
    const char *players[2] = {predator->info.name, prey->info.name};
    kit_replay_header(r, "pursuit", g->w, g->h, cfg->seed, players, 2, terrain,
                      json_pack("{s:i}", "clocks", cfg->clocks));
    free(terrain);
    kit_replay_turn(r, 0, json_array(), state_of(g, w->predator, w->prey, 0), NULL);
    return DMAP_OK;
}

/* The maps both bots published for this clock, as {"p<seat>/<name>": [...]}; NULL when none. */
static int turn_maps(pursuit_game *g, json_t **out) {
    size_t n = (size_t)g->state.grid->w * (size_t)g->state.grid->h;
    json_t *maps = json_object();
    if (!maps) return DMAP_ERR_NOMEM;
    for (int seat = 0; seat < 2; seat++) {
        kit_map m[KIT_MAX_MAPS];
        int count = pursuit_game_maps(g, (pursuit_role)seat, m, KIT_MAX_MAPS);
        if (count < 0) {
            json_decref(maps);
            return count;
        }
        for (int k = 0; k < count; k++) {
            char key[80];
            snprintf(key, sizeof key, "p%d/%s", seat, m[k].name);
            json_object_set_new(maps, key, kit_replay_map(m[k].values, n));
        }
    }
    if (json_object_size(maps) == 0) {
        json_decref(maps);
        maps = NULL;
    }
    *out = maps;
    return DMAP_OK;
}

int pursuit_play_replay(const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg, kit_replay *r,
                        int maps, pursuit_observer also, void *also_ctx, pursuit_result *out) {
    if (!r || !out) return DMAP_ERR_ARG;
    pursuit_game g;
    int rc = pursuit_game_open(&g, w, predator, prey, cfg);
    if (rc != DMAP_OK) return rc;
    if ((rc = write_header(r, w, predator, prey, cfg)) != DMAP_OK) {
        pursuit_game_close(&g);
        return rc;
    }
    const dmap_grid *grid = &w->grid;
    while (!g.state.over && rc == DMAP_OK) {
        char m[2];
        json_t *published = NULL;
        if ((rc = pursuit_game_clock(&g, m)) != DMAP_OK) break;
        if (maps && (rc = turn_maps(&g, &published)) != DMAP_OK) break;
        int clock = g.state.clock;
        kit_replay_turn(r, clock, json_pack("[o,o]", move_text(m[0]), move_text(m[1])),
                        state_of(grid, g.state.predator, g.state.prey, pursuit_prey_rests(clock)),
                        published);
        if (also) also(also_ctx, clock, m[0], m[1], g.state.predator, g.state.prey);
    }
    pursuit_game_close(&g);
    if (rc != DMAP_OK) return rc;
    *out = g.result;
    kit_replay_result(r, json_pack("{s:s,s:i}", "winner", out->predator_won ? "predator" : "prey",
                                   "clock", out->clock));
    return DMAP_OK;
}

/* ---- checking ------------------------------------------------------------------------------- */

typedef struct checker {
    const char *path;
    pursuit_world world;
    pursuit_state state;
    int have_world;  /* the header was read */
    int have_start;  /* turn 0 was read: state is the engine's */
    int have_result;
    long turn;       /* the last turn read */
    long line;
    pursuit_replay_report *rep;
    char *err;
    size_t errlen;
} checker;

#define BAD_FILE 2   /* the callback's return: the file is not a pursuit replay (err says why) */
#define DIFFERENT 1  /* the callback's return: a difference (rep says what) */

static int unreadable(checker *c, const char *fmt, ...) {
    int k = snprintf(c->err, c->errlen, "%s:%ld: ", c->path, c->line);
    if (k >= 0 && (size_t)k < c->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + k, c->errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return BAD_FILE;
}

static int differs(checker *c, long turn, const char *fmt, ...) {
    c->rep->line = c->line;
    c->rep->turn = turn;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->rep->what, sizeof c->rep->what, fmt, ap);
    va_end(ap);
    return DIFFERENT;
}

static int int_field(json_t *o, const char *key, long lo, long hi, long *out) {
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v)) return -1;
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) return -1;
    *out = (long)x;
    return 0;
}

/* The header: a pursuit replay, its terrain as the world's obstacles, the game's length. */
static int read_header(checker *c, json_t *o) {
    const char *format = json_string_value(json_object_get(o, "format"));
    const char *game = json_string_value(json_object_get(o, "game"));
    long version, w, h, clocks;
    if (!format || strcmp(format, "dmap-replay") != 0 || int_field(o, "version", 1, 1, &version))
        return unreadable(c, "not a replay file (no \"format\":\"dmap-replay\",\"version\":1)");
    if (!game || strcmp(game, "pursuit") != 0)
        return unreadable(c, "not a pursuit replay (game '%.40s')", game ? game : "?");
    if (int_field(o, "width", 1, 4096, &w) || int_field(o, "height", 1, 4096, &h))
        return unreadable(c, "width and height must be integers from 1 to 4096");
    if (int_field(o, "clocks", 1, 1000000, &clocks))
        return unreadable(c, "clocks must be an integer from 1 to 1000000");
    json_t *rows = json_object_get(o, "terrain");
    if (!json_is_array(rows) || json_array_size(rows) != (size_t)h)
        return unreadable(c, "terrain must be %ld rows", h);
    if (dmap_grid_init(&c->world.grid, (int)w, (int)h) != DMAP_OK)
        return unreadable(c, "out of memory");
    c->have_world = 1;
    for (long y = 0; y < h; y++) {
        const char *row = json_string_value(json_array_get(rows, (size_t)y));
        if (!row || strlen(row) != (size_t)w)
            return unreadable(c, "terrain row %ld must be %ld characters", y, w);
        for (long x = 0; x < w; x++) {
            if (row[x] != '#' && row[x] != '.')
                return unreadable(c, "terrain row %ld: '%c' is not '#' or '.'", y, row[x]);
            c->world.grid.wall[y * w + x] = row[x] == '#';
        }
    }
    c->state.clocks = (int)clocks;
    return 0;
}

/* A cell [x, y] of the world; -1 when it is not one. */
static int cell_of(const dmap_grid *g, json_t *xy) {
    if (!json_is_array(xy) || json_array_size(xy) != 2) return -1;
    json_t *jx = json_array_get(xy, 0), *jy = json_array_get(xy, 1);
    if (!json_is_integer(jx) || !json_is_integer(jy)) return -1;
    json_int_t x = json_integer_value(jx), y = json_integer_value(jy);
    if (x < 0 || y < 0 || x >= g->w || y >= g->h) return -1;
    return (int)(y * g->w + x);
}

/* A turn's state: the agents' cells and the rest flag. */
static int read_state(checker *c, json_t *o, int *predator, int *prey, int *rests) {
    json_t *state = json_object_get(o, "state"), *r = json_object_get(state, "prey_rests");
    *predator = cell_of(&c->world.grid, json_object_get(state, "predator"));
    *prey = cell_of(&c->world.grid, json_object_get(state, "prey"));
    if (!json_is_object(state) || *predator < 0 || *prey < 0 || !json_is_boolean(r))
        return unreadable(c, "a state needs predator and prey as [x, y] cells of the world and "
                             "prey_rests as true or false");
    *rests = json_is_true(r);
    return 0;
}

static int read_start(checker *c, json_t *o) {
    int predator, prey, rests, rc = read_state(c, o, &predator, &prey, &rests);
    if (rc) return rc;
    c->world.predator = predator;
    c->world.prey = prey;
    int clocks = c->state.clocks;
    if (pursuit_state_start(&c->state, &c->world, clocks) != DMAP_OK)
        return unreadable(c, "turn 0: the agents must stand on two different free cells");
    if (rests) return differs(c, 0, "prey_rests is true at the start");
    c->have_start = 1;
    return 0;
}

static const char *move_of(json_t *actions, size_t i) {
    const char *m = json_string_value(json_array_get(actions, i));
    return m && strlen(m) == 1 ? m : NULL;
}

static void xy_text(const dmap_grid *g, int cell, char *out, size_t cap) {
    snprintf(out, cap, "[%d,%d]", cell % g->w, cell / g->w);
}

/* Turn t: the recorded moves through the engine, then the recorded state against its state. */
static int read_turn(checker *c, json_t *o, long t) {
    json_t *actions = json_object_get(o, "actions");
    const char *pm = move_of(actions, 0), *ym = move_of(actions, 1);
    if (!json_is_array(actions) || json_array_size(actions) != 2 || !pm || !ym)
        return unreadable(c, "turn %ld: actions must be two one-character moves", t);
    int predator, prey, rests, rc = read_state(c, o, &predator, &prey, &rests);
    if (rc) return rc;
    if (c->state.over)
        return differs(c, t, "the game is over after clock %d, the file goes on",
                       c->state.clock);
    pursuit_step(&c->state, pm[0], ym[0]);
    const dmap_grid *g = c->state.grid;
    char got[40], want[40];
    if (predator != c->state.predator || prey != c->state.prey) {
        int who = predator != c->state.predator;
        xy_text(g, who ? predator : prey, got, sizeof got);
        xy_text(g, who ? c->state.predator : c->state.prey, want, sizeof want);
        return differs(c, t, "the %s is at %s, the engine puts it at %s",
                       who ? "predator" : "prey", got, want);
    }
    if (rests != pursuit_prey_rests((int)t))
        return differs(c, t, "prey_rests is %s, the engine says %s", rests ? "true" : "false",
                       rests ? "false" : "true");
    return 0;
}

static int read_result(checker *c, json_t *result) {
    const char *winner = json_string_value(json_object_get(result, "winner"));
    long clock;
    if (!json_is_object(result) || !winner ||
        (strcmp(winner, "predator") != 0 && strcmp(winner, "prey") != 0) ||
        int_field(result, "clock", 0, 1000000, &clock))
        return unreadable(c, "the result needs winner (predator or prey) and clock");
    c->have_result = 1;
    if (!c->state.over)
        return differs(c, -1, "the result comes after clock %d, the game is not over",
                       c->state.clock);
    const char *engine = c->state.predator_won ? "predator" : "prey";
    if (strcmp(winner, engine) != 0 || clock != c->state.clock)
        return differs(c, -1, "the result is %s at clock %ld, the engine says %s at clock %d",
                       winner, clock, engine, c->state.clock);
    return 0;
}

static int on_line(void *ctx, long lineno, json_t *o) {
    checker *c = ctx;
    c->line = lineno;
    if (lineno == 1) return read_header(c, o);
    if (c->have_result) return differs(c, -1, "a line after the result");
    json_t *result = json_object_get(o, "result");
    if (result) {
        if (!c->have_start) return unreadable(c, "the result comes before turn 0");
        return read_result(c, result);
    }
    long t;
    if (int_field(o, "turn", 0, 1000000, &t))
        return unreadable(c, "a line needs a turn (an integer from 0) or a result");
    if (t != c->turn + 1) return differs(c, t, "turn %ld comes after turn %ld", t, c->turn);
    c->turn = t;
    return t == 0 ? read_start(c, o) : read_turn(c, o, t);
}

int pursuit_replay_check(const char *path, pursuit_replay_report *rep, char *err, size_t errlen) {
    if (!path || !rep || !err || errlen == 0) return -1;
    memset(rep, 0, sizeof *rep);
    err[0] = '\0';
    checker c;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.turn = -1;
    c.rep = rep;
    c.err = err;
    c.errlen = errlen;
    int rc = kit_replay_read(path, on_line, &c, err, errlen);
    if (rc == 0 && !c.have_start)
        rc = (c.line = c.line ? c.line : 1, unreadable(&c, "no turn 0 (the start)"));
    else if (rc == 0 && !c.have_result)
        rc = differs(&c, c.turn, "no result line: the file ends after turn %ld", c.turn);
    rep->clocks = c.state.clock;
    rep->predator_won = c.state.predator_won;
    if (c.have_world) dmap_grid_free(&c.world.grid);
    return rc == DIFFERENT ? 1 : rc == 0 ? 0 : -1;
}
