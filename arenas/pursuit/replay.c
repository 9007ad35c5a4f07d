/* replay.c — a pursuit game written as a replay file: the header (terrain from the grid),
 * the start as turn 0, one line per clock from the referee's observer, the result. */
#include <stdlib.h>

#include "pursuit_replay.h"

typedef struct recorder {
    kit_replay *r;
    const dmap_grid *grid;
    pursuit_observer also;
    void *also_ctx;
} recorder;

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

static void record_clock(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    recorder *rec = ctx;
    json_t *actions = json_pack("[o,o]", move_text(pm), move_text(ym));
    kit_replay_turn(rec->r, clock, actions,
                    state_of(rec->grid, predator, prey, pursuit_prey_rests(clock)), NULL);
    if (rec->also) rec->also(rec->also_ctx, clock, pm, ym, predator, prey);
}

static int write_header(kit_replay *r, const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg) {
    const dmap_grid *g = &w->grid;
    size_t n = (size_t)g->w * (size_t)g->h;
    char *terrain = malloc(n);
    if (!terrain) return DMAP_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) terrain[i] = g->wall[i] ? '#' : '.';
    const char *players[2] = {predator->name, prey->name};
    kit_replay_header(r, "pursuit", g->w, g->h, cfg->seed, players, 2, terrain,
                      json_pack("{s:i}", "clocks", cfg->clocks));
    free(terrain);
    kit_replay_turn(r, 0, json_array(), state_of(g, w->predator, w->prey, 0), NULL);
    return DMAP_OK;
}

int pursuit_play_replay(const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg, kit_replay *r,
                        pursuit_observer also, void *also_ctx, pursuit_result *out) {
    if (!w || !predator || !prey || !cfg || !r || !out) return DMAP_ERR_ARG;
    int rc = pursuit_world_check(w);
    if (rc != DMAP_OK) return rc;
    if ((rc = write_header(r, w, predator, prey, cfg)) != DMAP_OK) return rc;
    recorder rec = {r, &w->grid, also, also_ctx};
    rc = pursuit_play(w, predator, prey, cfg, record_clock, &rec, out);
    if (rc != DMAP_OK) return rc;
    kit_replay_result(r, json_pack("{s:s,s:i}", "winner", out->predator_won ? "predator" : "prey",
                                   "clock", out->clock));
    return DMAP_OK;
}
