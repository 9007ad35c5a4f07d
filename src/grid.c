/* grid.c — grids (walls and entry costs), move rules and single steps between cells. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "grid.h"

static int size_ok(int w, int h) {
    return w > 0 && h > 0 && (int64_t)w * (int64_t)h <= DMAP_MAX_CELLS;
}

int dmap_grid_init(dmap_grid *g, int w, int h) {
    if (!g) return DMAP_ERR_ARG;
    memset(g, 0, sizeof *g);
    if (!size_ok(w, h)) return DMAP_ERR_SIZE;
    g->wall = (unsigned char *)calloc((size_t)w * (size_t)h, 1);
    if (!g->wall) return DMAP_ERR_NOMEM;
    g->w = w;
    g->h = h;
    return DMAP_OK;
}

int dmap_grid_add_costs(dmap_grid *g) {
    if (!g || !g->wall || !size_ok(g->w, g->h)) return DMAP_ERR_ARG;
    if (g->cost) return DMAP_OK;
    size_t n = (size_t)g->w * (size_t)g->h;
    g->cost = (double *)malloc(n * sizeof *g->cost);
    if (!g->cost) return DMAP_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) g->cost[i] = 1.0;
    return DMAP_OK;
}

void dmap_grid_free(dmap_grid *g) {
    if (!g) return;
    free(g->wall);
    free(g->cost);
    memset(g, 0, sizeof *g);
}

int dmap_grid_check(const dmap_grid *g) {
    if (!g || !g->wall) return DMAP_ERR_ARG;
    if (!size_ok(g->w, g->h)) return DMAP_ERR_SIZE;
    if (g->cost) {
        size_t n = (size_t)g->w * (size_t)g->h;
        for (size_t i = 0; i < n; i++)
            if (!g->wall[i] && !(isfinite(g->cost[i]) && g->cost[i] > 0)) return DMAP_ERR_VALUE;
    }
    return DMAP_OK;
}

/* Both products of a weight with the extreme costs must be finite and > 0. */
static int weight_ok(double weight, double lo, double hi) {
    double a = weight * lo, b = weight * hi;
    return a > 0 && isfinite(a) && b > 0 && isfinite(b);
}

int dmap_grid_check_steps(const dmap_grid *g, const dmap_moves *m) {
    int rc = dmap_grid_check(g);
    if (rc != DMAP_OK) return rc;
    if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
    double lo = 1.0, hi = 1.0;
    if (g->cost) {
        size_t n = (size_t)g->w * (size_t)g->h;
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            if (g->wall[i]) continue;
            double c = g->cost[i];
            if (!any || c < lo) lo = c;
            if (!any || c > hi) hi = c;
            any = 1;
        }
    }
    if (!weight_ok(m->cardinal, lo, hi)) return DMAP_ERR_VALUE;
    if (m->connectivity == 8 && !weight_ok(m->diagonal, lo, hi)) return DMAP_ERR_VALUE;
    return DMAP_OK;
}

/* Grids whose W x H is out of range have no valid index (y*W + x could overflow an int). */
int dmap_grid_index(const dmap_grid *g, int x, int y) {
    if (!g || x < 0 || y < 0 || x >= g->w || y >= g->h || !size_ok(g->w, g->h)) return -1;
    return y * g->w + x;
}

int dmap_grid_passable(const dmap_grid *g, int x, int y) {
    int i = dmap_grid_index(g, x, y);
    return i >= 0 && g->wall && !g->wall[i];
}

dmap_moves dmap_moves_4(void) {
    dmap_moves m = {4, 1.0, 1.0, DMAP_CORNERS_CUT};
    return m;
}

dmap_moves dmap_moves_8(void) {
    dmap_moves m = {8, 1.0, 1.0, DMAP_CORNERS_CUT};
    return m;
}

dmap_moves dmap_moves_octile(void) {
    dmap_moves m = {8, 1.0, sqrt(2.0), DMAP_CORNERS_STRICT};
    return m;
}

int dmap_moves_check(const dmap_moves *m) {
    if (!m) return DMAP_ERR_ARG;
    if (m->connectivity != 4 && m->connectivity != 8) return DMAP_ERR_ARG;
    if (!(isfinite(m->cardinal) && m->cardinal > 0)) return DMAP_ERR_ARG;
    if (m->connectivity == 8) {
        if (!(isfinite(m->diagonal) && m->diagonal > 0)) return DMAP_ERR_ARG;
        if (m->corners != DMAP_CORNERS_CUT && m->corners != DMAP_CORNERS_STRICT)
            return DMAP_ERR_ARG;
    }
    return DMAP_OK;
}

static const signed char dir_dx[DMAP_DIR_COUNT] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const signed char dir_dy[DMAP_DIR_COUNT] = {0, -1, 0, 1, 0, -1, 1, 1, -1};

int dmap_dir_dx(dmap_dir d) { return (int)d >= 0 && d < DMAP_DIR_COUNT ? dir_dx[d] : 0; }
int dmap_dir_dy(dmap_dir d) { return (int)d >= 0 && d < DMAP_DIR_COUNT ? dir_dy[d] : 0; }

int dmap_step(const dmap_grid *g, const dmap_moves *m, int from, dmap_dir d) {
    if (!g || !g->wall || !m || (int)d < 0 || d >= DMAP_DIR_COUNT) return -1;
    if (dmap_moves_check(m) != DMAP_OK) return -1;
    if (!size_ok(g->w, g->h)) return -1;
    if (from < 0 || (int64_t)from >= (int64_t)g->w * g->h || g->wall[from]) return -1;
    return dmap_step_valid(g, m, from, d);
}

/* Whether (x, y) is inside g and not a wall; g already checked. */
static int open_at(const dmap_grid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->w && y < g->h && !g->wall[y * g->w + x];
}

int dmap_step_valid(const dmap_grid *g, const dmap_moves *m, int from, dmap_dir d) {
    if (d >= DMAP_UP_RIGHT && m->connectivity != 8) return -1;
    int x = from % g->w, y = from / g->w;
    int nx = x + dir_dx[d], ny = y + dir_dy[d];
    if (!open_at(g, nx, ny)) return -1;
    if (d >= DMAP_UP_RIGHT && m->corners == DMAP_CORNERS_STRICT &&
        !(open_at(g, nx, y) && open_at(g, x, ny)))
        return -1;
    return ny * g->w + nx;
}

int dmap_cost_fits(const dmap_moves *m, double cost) {
    if (!(cost > 0 && cost < INFINITY)) return 0;
    return weight_ok(m->cardinal, cost, cost) &&
           (m->connectivity != 8 || weight_ok(m->diagonal, cost, cost));
}
