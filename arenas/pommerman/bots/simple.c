/* simple.c — the environment's SimpleAgent (agents/simple_agent.py), decision for decision.
 *
 * Its BFS is its own code here, not dmap's: SimpleAgent breaks ties between equal-distance
 * parents with a coin flip from the game's shared random stream each time another parent is
 * found (sa:174-176), expands only "passable" cells while still giving walls, bombs and enemies
 * a distance, and clips its domain by Manhattan distance 10 with an exclusive row/column bound
 * (sa:135-136). Those draws are part of the game (every later draw depends on them), so the
 * search must visit cells in exactly the FIFO order of queue.Queue. Its "stuck" test for escapes
 * (sa:227-262) is plain reachability and runs on dmap_reachable. Every random draw comes from
 * the game's shared stream in the view (Python's global random) and, when the view has a draw
 * log, is written there in the trace notation. The seed given to init is not used.
 * It plays every config from its observation alone, as the original does: the enemies list (a
 * team game's teammate is not in it, so its cell is passable) and fog (never in the search
 * domain, yet a safe place to escape to) come with the observation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "pommerman.h"

#define SA_DEPTH 10
#define SA_INF 1000000
#define SA_RECENT 6

typedef struct simple_state {
    int prev_direction; /* -1 = None */
    int nrecent;
    int recent[SA_RECENT];
    dmap_grid grid; /* scratch for the stuck test */
    unsigned char reached[PM_MAX_CELLS];
    int err; /* DMAP_ERR_NOMEM once the stuck test could not get its memory: decide returns it */
} simple_state;

/* One decision's view of the observation and the BFS result. */
typedef struct sa_view {
    const pm_obs *o;
    int n, me;
    unsigned char in_domain[PM_MAX_CELLS];
    int dist[PM_MAX_CELLS];
    int prev[PM_MAX_CELLS];
    int maxdist;
    const pm_view *view; /* the shared stream and the draw log */
} sa_view;

static int sa_random_bit(const pm_view *view) {
    int bit = kit_pyrandom_random(view->shared) < 0.5;
    if (view->log) pm_draw_log_bit(view->log, bit);
    return bit;
}

static size_t sa_choice(const pm_view *view, size_t n) {
    size_t i = kit_pyrandom_choice(view->shared, n);
    if (view->log) pm_draw_log_choice(view->log, n, i);
    return i;
}

static int is_enemy(const pm_obs *o, int v) {
    for (int i = 0; i < o->nenemies; i++)
        if (o->enemies[i] == v) return 1;
    return 0;
}

/* utility.position_is_passable: an agent, a power-up or a passage, and not an enemy. */
static int passable_value(const pm_obs *o, int v) {
    int ok = (v >= PM_AGENT0 && v <= PM_AGENT0 + 3) || v == PM_EXTRABOMB || v == PM_INCRRANGE ||
             v == PM_KICK || v == PM_PASSAGE;
    return ok && !is_enemy(o, v);
}

/* utility.get_direction between adjacent cells. */
static int direction_between(int n, int from, int to) {
    int r = from / n, c = from % n, r2 = to / n, c2 = to % n;
    if (r == r2) return c < c2 ? PM_RIGHT : PM_LEFT;
    return r < r2 ? PM_DOWN : PM_UP;
}

/* sa:114-179 */
static void sa_bfs(sa_view *v) {
    const pm_obs *o = v->o;
    int n = v->n, mr = o->r, mc = o->c;
    int queue[PM_MAX_CELLS], head = 0, tail = 0;
    memset(v->in_domain, 0, sizeof v->in_domain);
    int r0 = mr - SA_DEPTH > 0 ? mr - SA_DEPTH : 0, r1 = mr + SA_DEPTH < n ? mr + SA_DEPTH : n;
    int c0 = mc - SA_DEPTH > 0 ? mc - SA_DEPTH : 0, c1 = mc + SA_DEPTH < n ? mc + SA_DEPTH : n;
    v->maxdist = 0;
    for (int r = r0; r < r1; r++)
        for (int c = c0; c < c1; c++) {
            int cell = r * n + c, b = o->board[cell];
            if (abs(r - mr) + abs(c - mc) > SA_DEPTH) continue;
            if (b == PM_FOG || b == PM_RIGID || b == PM_FLAMES) continue;
            v->in_domain[cell] = 1;
            v->prev[cell] = -1;
            v->dist[cell] = cell == v->me ? 0 : SA_INF;
        }
    v->in_domain[v->me] = 1; /* the own cell shows the agent, never excluded */
    v->dist[v->me] = 0;
    v->prev[v->me] = -1;
    queue[tail++] = v->me;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (head < tail) {
        int cell = queue[head++];
        if (!passable_value(o, o->board[cell])) continue;
        int r = cell / n, c = cell % n, val = v->dist[cell] + 1;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
            int nb = nr * n + nc;
            if (!v->in_domain[nb]) continue;
            if (val < v->dist[nb]) {
                v->dist[nb] = val;
                v->prev[nb] = cell;
                queue[tail++] = nb;
            } else if (val == v->dist[nb] && sa_random_bit(v->view)) {
                v->prev[nb] = cell;
            }
        }
    }
    for (int cell = 0; cell < n * n; cell++)
        if (v->in_domain[cell] && v->dist[cell] > v->maxdist) v->maxdist = v->dist[cell];
}

/* Threatened directions in insertion order with their largest bomb strength (sa:181-225). */
typedef struct threats {
    int n;
    int dir[4];
    int strength[PM_NUM_ACTIONS];
} threats;

static void threat_add(threats *t, int dir, int strength) {
    int found = 0;
    for (int i = 0; i < t->n; i++) found |= t->dir[i] == dir;
    if (!found) {
        t->dir[t->n++] = dir;
        t->strength[dir] = 0;
    }
    if (strength > t->strength[dir]) t->strength[dir] = strength;
}

static int threatened(const threats *t, int dir) {
    for (int i = 0; i < t->n; i++)
        if (t->dir[i] == dir) return 1;
    return 0;
}

static void sa_threats(const sa_view *v, threats *t) {
    const pm_obs *o = v->o;
    int n = v->n;
    t->n = 0;
    for (int cell = 0; cell < n * n; cell++) {
        int bs = o->bomb_blast_strength[cell];
        if (bs <= 0 || !v->in_domain[cell]) continue;
        if (v->dist[cell] > bs) continue;
        int br = cell / n, bc = cell % n;
        if (cell == v->me) {
            threat_add(t, PM_RIGHT, bs);
            threat_add(t, PM_LEFT, bs);
            threat_add(t, PM_UP, bs);
            threat_add(t, PM_DOWN, bs);
        } else if (o->r == br) {
            threat_add(t, o->c < bc ? PM_RIGHT : PM_LEFT, bs);
        } else if (o->c == bc) {
            threat_add(t, o->r < br ? PM_DOWN : PM_UP, bs);
        }
    }
}

/* sa:227-262: stuck unless, from next (the agent's own cell now a bomb), some cell reachable
 * through passable cells lies off next's row and column or farther than strength from it. */
static int is_stuck(simple_state *st, const pm_obs *o, int next, int strength, int me) {
    int n = o->size;
    dmap_grid *g = &st->grid;
    for (int cell = 0; cell < n * n; cell++)
        g->wall[cell] = cell == me || !passable_value(o, o->board[cell]);
    g->wall[next] = 0;
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_reachable(g, &mv, next, st->reached, NULL, NULL);
    if (rc == DMAP_ERR_NOMEM) st->err = rc;
    if (rc != DMAP_OK) return 1;
    int nr = next / n, nc = next % n;
    for (int cell = 0; cell < n * n; cell++) {
        if (!st->reached[cell]) continue;
        int r = cell / n, c = cell % n;
        if ((r != nr && c != nc) || abs(r - nr) + abs(c - nc) > strength) return 0;
    }
    return 1;
}

/* sa:264-317 */
static int sa_safe_directions(simple_state *st, const sa_view *v, const threats *t, int *out) {
    const pm_obs *o = v->o;
    int n = v->n;
    if (t->n == 4) {
        for (int i = 0; i < t->n; i++) {
            int d = t->dir[i];
            int next = pmb_next_cell(n, v->me, d);
            if (next < 0) continue;
            /* next_board: the own cell becomes a bomb; next is never the own cell */
            if (!passable_value(o, o->board[next])) continue;
            if (!is_stuck(st, o, next, t->strength[d], v->me)) {
                out[0] = d;
                return 1;
            }
        }
        out[0] = PM_STOP;
        return 1;
    }
    static const int order[4] = {PM_UP, PM_DOWN, PM_LEFT, PM_RIGHT};
    int nsafe = 0, disallowed[PM_NUM_ACTIONS] = {0};
    for (int k = 0; k < 4; k++) {
        int d = order[k];
        int next = pmb_next_cell(n, v->me, d);
        if (next < 0) {
            disallowed[d] = 1;
            continue;
        }
        if (threatened(t, d)) continue;
        int b = o->board[next];
        if (passable_value(o, b) || b == PM_FOG) out[nsafe++] = d;
    }
    if (nsafe) return nsafe;
    for (int i = 0; i < t->n; i++)
        if (!disallowed[t->dir[i]]) out[nsafe++] = t->dir[i];
    if (nsafe) return nsafe;
    out[0] = PM_STOP;
    return 1;
}

/* sa:332-358 */
static int sa_maybe_bomb(const sa_view *v) {
    const pm_obs *o = v->o;
    if (o->ammo < 1) return 0;
    for (int cell = 0; cell < v->n * v->n; cell++) {
        if (!v->in_domain[cell] || o->board[cell] != PM_PASSAGE) continue;
        if (v->dist[cell] >= SA_INF) continue;
        if (v->dist[cell] > o->blast_strength) return 1;
        if (cell / v->n != o->r && cell % v->n != o->c) return 1;
    }
    return 0;
}

/* sa:361-372: the last cell, over the kinds in order and cells row-major, at the smallest
 * distance within radius (d <= dist_to, dist_to starting at the largest distance). */
static int sa_nearest(const sa_view *v, const int *kinds, int nkinds, int radius) {
    int nearest = -1, dist_to = v->maxdist;
    for (int k = 0; k < nkinds; k++)
        for (int cell = 0; cell < v->n * v->n; cell++) {
            if (!v->in_domain[cell] || v->o->board[cell] != kinds[k]) continue;
            int d = v->dist[cell];
            if (d <= radius && d <= dist_to) {
                nearest = cell;
                dist_to = d;
            }
        }
    return nearest;
}

/* sa:374-383: the first step of the parent chain toward target, or -1. */
static int sa_direction_to(const sa_view *v, int target) {
    if (target < 0) return -1;
    int cell = target;
    while (v->prev[cell] != v->me) {
        cell = v->prev[cell];
        if (cell < 0) return -1; /* unreachable for a consistent tree */
    }
    return direction_between(v->n, v->me, cell);
}

/* sa:420-435 */
static int sa_unsafe(const pm_obs *o, int cell) {
    int n = o->size, x = cell / n, y = cell % n;
    for (int b = 0; b < n * n; b++) {
        int bs = o->bomb_blast_strength[b];
        if (bs <= 0) continue;
        int bx = b / n, by = b % n;
        if ((x == bx && abs(by - y) <= bs) || (y == by && abs(bx - x) <= bs)) return 1;
    }
    return 0;
}

static int simple_decide_action(simple_state *st, const pm_view *view) {
    const pm_obs *o = &view->obs;
    sa_view v;
    v.o = o;
    v.n = o->size;
    v.me = o->r * o->size + o->c;
    v.view = view;
    sa_bfs(&v);

    threats t;
    sa_threats(&v, &t);
    if (t.n) {
        int dirs[4];
        int nd = sa_safe_directions(st, &v, &t, dirs);
        return dirs[sa_choice(view, (size_t)nd)];
    }

    int adjacent_enemy = 0;
    for (int cell = 0; cell < v.n * v.n; cell++)
        if (v.in_domain[cell] && is_enemy(o, o->board[cell]) && v.dist[cell] == 1) adjacent_enemy = 1;
    if (adjacent_enemy && sa_maybe_bomb(&v)) return PM_LAY_BOMB;

    int dir = sa_direction_to(&v, sa_nearest(&v, o->enemies, o->nenemies, 3));
    if (dir >= 0 && (st->prev_direction != dir || sa_random_bit(view))) {
        st->prev_direction = dir;
        return dir;
    }

    static const int powerups[3] = {PM_EXTRABOMB, PM_INCRRANGE, PM_KICK};
    dir = sa_direction_to(&v, sa_nearest(&v, powerups, 3, 2));
    if (dir >= 0) return dir;

    static const int wood[1] = {PM_WOOD};
    if (sa_direction_to(&v, sa_nearest(&v, wood, 1, 1)) >= 0)
        return sa_maybe_bomb(&v) ? PM_LAY_BOMB : PM_STOP;

    dir = sa_direction_to(&v, sa_nearest(&v, wood, 1, 2));
    if (dir >= 0 && !sa_unsafe(o, pmb_next_cell(v.n, v.me, dir))) return dir;

    static const int candidates[5] = {PM_STOP, PM_LEFT, PM_RIGHT, PM_UP, PM_DOWN};
    int dirs[5], nd = 0;
    for (int k = 0; k < 5; k++) {
        int next = pmb_next_cell(v.n, v.me, candidates[k]);
        if (next < 0 || !passable_value(o, o->board[next])) continue;
        if (sa_unsafe(o, next)) continue;
        dirs[nd++] = candidates[k];
    }
    int fresh[5], nf = 0;
    for (int k = 0; k < nd; k++) {
        int next = pmb_next_cell(v.n, v.me, dirs[k]), seen = 0;
        for (int i = 0; i < st->nrecent; i++) seen |= st->recent[i] == next;
        if (!seen) fresh[nf++] = dirs[k];
    }
    if (nf) {
        memcpy(dirs, fresh, sizeof(int) * (size_t)nf);
        nd = nf;
    }
    if (nd > 1) {
        int kept = 0;
        for (int k = 0; k < nd; k++)
            if (dirs[k] != PM_STOP) dirs[kept++] = dirs[k];
        nd = kept;
    }
    if (nd == 0) dirs[nd++] = PM_STOP;
    if (st->nrecent == SA_RECENT) {
        memmove(st->recent, st->recent + 1, sizeof(int) * (SA_RECENT - 1));
        st->nrecent--;
    }
    st->recent[st->nrecent++] = v.me;
    return dirs[sa_choice(view, (size_t)nd)];
}

static int simple_init(void **state, const pm_view *first, uint64_t seed) {
    (void)seed; /* SimpleAgent draws only from the game's shared stream */
    simple_state *st = calloc(1, sizeof *st);
    if (!st) return DMAP_ERR_NOMEM;
    int rc = dmap_grid_init(&st->grid, first->obs.size, first->obs.size);
    if (rc != DMAP_OK) {
        free(st);
        return rc;
    }
    st->prev_direction = -1;
    *state = st;
    return DMAP_OK;
}

void pmb_simple_restart(void *state) {
    simple_state *st = state;
    st->prev_direction = -1;
    st->nrecent = 0;
    st->err = 0; /* grid and reached are scratch, written before each read */
}

static void simple_release(void *state) {
    simple_state *st = state;
    if (!st) return;
    dmap_grid_free(&st->grid);
    free(st);
}

static int simple_decide(void *state, const pm_view *view, pm_action *action) {
    simple_state *st = state;
    pm_action a = simple_decide_action(st, view);
    if (st->err) return st->err;
    *action = a;
    return DMAP_OK;
}

const pm_bot pm_bot_simple = {{"simple", "the environment's SimpleAgent, decision for decision "
                                         "(shared CPython-compatible random stream)"},
                              simple_init, simple_decide, simple_release, NULL};
