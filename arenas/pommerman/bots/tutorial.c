/* tutorial.c — the dmap tutorial's BFS agent made playable: its question is "can I move to that cell?",
 * answered by BFS (dmap_can_move_to, the tutorial's can_move_to on the library). It
 *   - escapes when standing in a bomb's blast: toward the nearest cell outside every blast that
 *     can_move_to proves reachable (the path comes from dmap_bfs, the tutorial's next lesson);
 *   - lays a bomb beside wood or an enemy only when can_move_to proves that some cell outside
 *     that bomb's blast (and every other) is reachable within the bomb's fuse;
 *   - otherwise walks to the nearest reachable power-up, else to a cell beside wood, never into
 *     a blast; else stays or wanders at random among safe moves. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

typedef struct tutorial_state {
    dmap_grid grid;
    dmap_workspace *ws;
    int depth[PM_MAX_CELLS], parent[PM_MAX_CELLS];
    double pub[PM_MAX_CELLS]; /* the published BFS depth map */
    dmap_rng rng;             /* its own generator: the wander among safe moves */
    int err; /* DMAP_ERR_NOMEM once a search could not get its memory: decide returns it */
} tutorial_state;

/* rc, remembering an out-of-memory one: the decision is then not the bot's. */
static int noted(tutorial_state *t, int rc) {
    if (rc == DMAP_ERR_NOMEM) t->err = rc;
    return rc;
}

static int tutorial_init(void **state, const pm_view *first, uint64_t seed) {
    tutorial_state *t = calloc(1, sizeof *t);
    if (!t) return DMAP_ERR_NOMEM;
    int rc = dmap_grid_init(&t->grid, first->obs.size, first->obs.size);
    dmap_workspace_new(&t->ws);
    if (rc != DMAP_OK || !t->ws) {
        dmap_grid_free(&t->grid);
        dmap_workspace_free(t->ws);
        free(t);
        return rc != DMAP_OK ? rc : DMAP_ERR_NOMEM;
    }
    dmap_rng_seed(&t->rng, seed);
    *state = t;
    return DMAP_OK;
}

static void tutorial_release(void *state) {
    tutorial_state *t = state;
    if (!t) return;
    dmap_grid_free(&t->grid);
    dmap_workspace_free(t->ws);
    free(t);
}

/* The first step from me toward `to` on the BFS tree (an action), or PM_STOP. */
static int first_step(tutorial_state *t, int n, int me, int to) {
    int path[PM_MAX_CELLS];
    size_t len = 0;
    if (dmap_bfs_path(&t->grid, t->depth, t->parent, to, path, PM_MAX_CELLS, &len) != DMAP_OK || len < 2)
        return PM_STOP;
    int next = path[1];
    if (next == me - n) return PM_UP;
    if (next == me + n) return PM_DOWN;
    if (next == me - 1) return PM_LEFT;
    return PM_RIGHT;
}

static int manhattan(int n, int a, int b) { return abs(a / n - b / n) + abs(a % n - b % n); }

/* Can I reach, within `fuse` steps by Manhattan distance, a cell outside `danger`? */
static int escape_provable(tutorial_state *t, const pm_obs *o, const unsigned char *danger, int fuse) {
    int n = o->size, me = o->r * n + o->c;
    dmap_moves mv = dmap_moves_4();
    for (int c = 0; c < n * n; c++) {
        if (danger[c] || t->grid.wall[c] || manhattan(n, me, c) > fuse) continue;
        int ok = 0;
        if (noted(t, dmap_can_move_to(&t->grid, &mv, me, c, &ok, t->ws)) == DMAP_OK && ok) return 1;
    }
    return 0;
}

static int tutorial_decide_action(tutorial_state *t, const pm_obs *o) {
    int n = o->size, me = o->r * n + o->c;
    pmb_walk_grid(o, &t->grid);
    dmap_moves mv = dmap_moves_4();
    unsigned char danger[PM_MAX_CELLS] = {0};
    pmb_bomb bombs[PM_MAX_BOMBS];
    int nb = pmb_bombs(o, bombs);
    for (int i = 0; i < nb; i++) pmb_mark_blast(o, bombs[i].cell, bombs[i].blast, danger);
    for (int c = 0; c < n * n; c++)
        if (o->board[c] == PM_FLAMES) danger[c] = 1;
    if (noted(t, dmap_bfs(&t->grid, &mv, &me, 1, -1, t->depth, t->parent, t->ws)) != DMAP_OK) return PM_STOP;

    if (danger[me]) { /* escape to the nearest safe reachable cell */
        int best = -1;
        for (int c = 0; c < n * n; c++)
            if (!danger[c] && t->depth[c] > 0 && (best < 0 || t->depth[c] < t->depth[best])) best = c;
        return best >= 0 ? first_step(t, n, me, best) : PM_STOP;
    }

    int beside_wood = 0, beside_enemy = 0;
    for (int a = PM_UP; a <= PM_RIGHT; a++) {
        int c = pmb_next_cell(n, me, a);
        if (c < 0) continue;
        beside_wood |= o->board[c] == PM_WOOD;
        for (int e = 0; e < o->nenemies; e++) beside_enemy |= o->board[c] == o->enemies[e];
    }
    if ((beside_wood || beside_enemy) && o->ammo > 0) {
        unsigned char with_mine[PM_MAX_CELLS];
        memcpy(with_mine, danger, sizeof with_mine);
        pmb_mark_blast(o, me, o->blast_strength, with_mine);
        if (escape_provable(t, o, with_mine, PM_DEFAULT_BOMB_LIFE - 1)) return PM_LAY_BOMB;
    }

    /* targets: power-ups first, then cells beside wood */
    int best = -1, best_kind = 3;
    for (int c = 0; c < n * n; c++) {
        if (t->depth[c] <= 0 || danger[c]) continue;
        int v = o->board[c], kind = 3;
        if (v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK) kind = 0;
        else if (o->ammo > 0) {
            for (int a = PM_UP; a <= PM_RIGHT; a++) {
                int w = pmb_next_cell(n, c, a);
                if (w >= 0 && o->board[w] == PM_WOOD) kind = 1;
            }
        }
        if (kind < best_kind || (kind == best_kind && kind < 3 && t->depth[c] < t->depth[best])) {
            best = c;
            best_kind = kind;
        }
    }
    if (best >= 0 && best_kind < 3) {
        int a = first_step(t, n, me, best);
        int next = pmb_next_cell(n, me, a);
        if (next >= 0 && !danger[next]) return a;
    }
    if (beside_wood) return PM_STOP; /* waiting for ammo */
    int safe[5], ns = 0;
    for (int a = PM_STOP; a <= PM_RIGHT; a++) {
        int c = pmb_next_cell(n, me, a);
        if (c >= 0 && !t->grid.wall[c] && !danger[c]) safe[ns++] = a;
    }
    return ns ? safe[dmap_rng_below(&t->rng, (uint32_t)ns)] : PM_STOP;
}

static int tutorial_decide(void *state, const pm_view *view, pm_action *action) {
    tutorial_state *t = state;
    pm_action a = tutorial_decide_action(t, &view->obs);
    if (t->err) return t->err;
    *action = a;
    return DMAP_OK;
}

/* Published map: the BFS depth from the agent (+INFINITY where it cannot go). */
static int tutorial_maps(void *state, kit_map *out, int max) {
    tutorial_state *t = state;
    if (max < 1) return 0;
    for (int c = 0; c < t->grid.w * t->grid.h; c++) t->pub[c] = t->depth[c] < 0 ? INFINITY : t->depth[c];
    out[0] = (kit_map){"depth", t->pub};
    return 1;
}

const pm_bot pm_bot_tutorial = {{"tutorial", "a tutorial's BFS agent made playable: bombs only with "
                                             "a proven escape"},
                                tutorial_init, tutorial_decide, tutorial_release, tutorial_maps};
