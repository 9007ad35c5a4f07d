/* reach.c — reachability by breadth-first search: can_move_to with early exit, the reachable
 * set, multi-source BFS depths with a depth limit and a parent tree, and paths out of it.
 *
 * BFS counts steps and ignores weights, which is what "can I get there, and in how many
 * moves" needs (the Pommerman tutorial's "can I move there?"). It is also much cheaper than a scan when only reachability
 * matters. One core loop serves every entry point; its queue, padded cell states and depths
 * live in the caller's workspace (DMAP_WS_SEARCH_A, B and C), so steady-state calls do not
 * allocate. Boards up to 64x64 without a parent tree go to the small-board engine of
 * rowbits.c (AVX-512, or its plain loop for 8-connected moves and boards over 1,024 cells),
 * small 4-connected grids otherwise to the bitset search of bfs_bits.c (same results, no
 * workspace, several times faster on game boards). A compact build (DMAP_COMPACT: the single
 * file for CodinGame, scripts/amalgamate) leaves the small-board engine out. */
#include <string.h>

#include "bfs_bits.h"
#include "bits.h"
#include "rowbits.h"
#include "dmap.h"
#include "workspace.h"

/* The search runs on a copy of the grid padded with a border of walls: one byte per cell,
 * so a neighbour is cell + offset with no bounds checks and no division, and the bytes (a
 * quarter of an int array) stay in cache longer. */
enum {
    CELL_BLOCKED = 1, /* a wall or the border */
    CELL_SEEN = 2,    /* reached; bits 2..5 hold the dmap_dir of the step that reached it */
    DIR_SHIFT = 2
};

/* One search: the padded grid and the move rules reduced to what BFS needs. */
typedef struct bfs {
    const dmap_grid *g;
    int pw;              /* padded width, w + 2 */
    int eight, strict;   /* 8-connected; strict corner rule */
    unsigned char *cell; /* (w+2)*(h+2) state bytes */
    int *queue;          /* one slot per cell */
    int *pdepth;         /* padded depths, or NULL when not wanted */
    size_t cells;        /* w*h */
} bfs;

/* Shared checks: grid shape and moves. On success fills *n (the cell count). */
static int check_grid(const dmap_grid *g, const dmap_moves *m, size_t *n) {
    if (!g || !g->wall) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
    *n = (size_t)g->w * (size_t)g->h;
    return DMAP_OK;
}

/* A start cell must be inside the grid and passable. */
static int check_start(const dmap_grid *g, size_t n, int cell) {
    if (cell < 0 || (size_t)cell >= n) return DMAP_ERR_RANGE;
    return g->wall[cell] ? DMAP_ERR_WALL : DMAP_OK;
}

static int padded(const bfs *b, int cell) {
    return (cell / b->g->w + 1) * b->pw + cell % b->g->w + 1;
}

/* Take the buffers from the workspace (slots SEARCH_A..C) and lay out the padded grid.
 * A temporary workspace is made when ws is NULL (*tmp then owns it). */
static int bfs_begin(bfs *b, const dmap_grid *g, const dmap_moves *m, dmap_workspace *ws,
                     dmap_workspace **tmp, int want_depth) {
    *tmp = NULL;
    b->g = g;
    b->pw = g->w + 2;
    b->eight = m->connectivity == 8;
    b->strict = b->eight && m->corners == DMAP_CORNERS_STRICT;
    b->cells = (size_t)g->w * (size_t)g->h;
    b->pdepth = NULL;
    size_t padded_cells, ints;
    if (!dmap_mul_size((size_t)g->w + 2, (size_t)g->h + 2, &padded_cells) ||
        !dmap_mul_size(padded_cells, sizeof(int), &ints))
        return DMAP_ERR_SIZE;
    if (!ws) {
        if (dmap_workspace_new(tmp) != DMAP_OK) return DMAP_ERR_NOMEM;
        ws = *tmp;
    }
    b->queue = (int *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_A, ints, 0);
    b->cell = (unsigned char *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_B, padded_cells, 0);
    if (want_depth) b->pdepth = (int *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, ints, 0);
    if (!b->queue || !b->cell || (want_depth && !b->pdepth)) return DMAP_ERR_NOMEM;
    int w = g->w, h = g->h, pw = b->pw;
    memset(b->cell, CELL_BLOCKED, (size_t)pw);
    memset(b->cell + (size_t)(h + 1) * (size_t)pw, CELL_BLOCKED, (size_t)pw);
    for (int y = 0; y < h; y++) {
        unsigned char *row = b->cell + (size_t)(y + 1) * (size_t)pw;
        const unsigned char *wall = g->wall + (size_t)y * (size_t)w;
        row[0] = row[w + 1] = CELL_BLOCKED;
        for (int x = 0; x < w; x++) row[x + 1] = wall[x] ? CELL_BLOCKED : 0;
    }
    return DMAP_OK;
}

/* Mark padded cell q reached from p by direction d at depth `depth` and queue it. */
static inline void discover(bfs *b, int q, int d, int depth, size_t *tail) {
    b->cell[q] = (unsigned char)(CELL_SEEN | d << DIR_SHIFT);
    if (b->pdepth) b->pdepth[q] = depth;
    b->queue[(*tail)++] = q;
}

/* The BFS itself, level by level, neighbours in dmap_dir order. Sources are checked by the
 * caller. Stops as soon as target (a real index, or -1) is reached and returns 1 then. */
static int bfs_run(bfs *b, const int *sources, size_t nsources, int max_depth, int target) {
    const int pw = b->pw;
    const int off[DMAP_DIR_COUNT] = {0, -pw, 1, pw, -1, 1 - pw, 1 + pw, pw - 1, -pw - 1};
    unsigned char *cell = b->cell;
    int ptarget = target >= 0 ? padded(b, target) : -1;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < nsources; i++) {
        int p = padded(b, sources[i]);
        if (cell[p] & CELL_SEEN) continue;
        discover(b, p, DMAP_STAY, 0, &tail);
        if (p == ptarget) return 1;
    }
    for (int depth = 0; head < tail && (max_depth < 0 || depth < max_depth); depth++) {
        size_t level_end = tail;
        for (; head < level_end; head++) {
            int p = b->queue[head];
            for (int d = DMAP_UP; d <= DMAP_LEFT; d++) {
                int q = p + off[d];
                if (cell[q]) continue;
                discover(b, q, d, depth + 1, &tail);
                if (q == ptarget) return 1;
            }
            if (!b->eight) continue;
            for (int d = DMAP_UP_RIGHT; d <= DMAP_UP_LEFT; d++) {
                int q = p + off[d];
                if (cell[q]) continue;
                /* Strict corners: both orthogonal cells beside the diagonal step passable. */
                if (b->strict && ((cell[p + dmap_dir_dx((dmap_dir)d)] & CELL_BLOCKED) ||
                                  (cell[p + dmap_dir_dy((dmap_dir)d) * pw] & CELL_BLOCKED)))
                    continue;
                discover(b, q, d, depth + 1, &tail);
                if (q == ptarget) return 1;
            }
        }
    }
    return 0;
}

#ifndef DMAP_COMPACT
/* Whether the small-board engine takes a search: always on AVX-512; on the plain loop only
 * where the bitset search of bfs_bits.c does not (8-connected moves, over 1,024 cells), since
 * on those small 4-connected boards the two whole-board words beat a word per row. */
static int use_rows(const dmap_grid *g, const dmap_moves *m) {
    return dmap_rowbits_fits(g) && (dmap_rowbits_avx512_ok() || !dmap_bfs_bits_fits(g, m));
}
#endif

int dmap_can_move_to(const dmap_grid *g, const dmap_moves *m, int from, int to, int *reachable,
                     dmap_workspace *ws) {
    size_t n;
    int rc = check_grid(g, m, &n);
    if (rc != DMAP_OK) return rc;
    if (!reachable) return DMAP_ERR_ARG;
    if ((rc = check_start(g, n, from)) != DMAP_OK) return rc;
    if (to < 0 || (size_t)to >= n) return DMAP_ERR_RANGE;
    if (g->wall[to] || from == to) {
        *reachable = from == to;
        return DMAP_OK;
    }
#ifndef DMAP_COMPACT
    if (use_rows(g, m)) {
        *reachable = dmap_rowbits_bfs(g, m, &from, 1, -1, to, NULL, NULL);
        return DMAP_OK;
    }
#endif
    if (dmap_bfs_bits_fits(g, m)) {
        *reachable = dmap_bfs_bits(g, &from, 1, -1, to, NULL, NULL);
        return DMAP_OK;
    }
    bfs b;
    dmap_workspace *tmp;
    rc = bfs_begin(&b, g, m, ws, &tmp, 0);
    if (rc == DMAP_OK) *reachable = bfs_run(&b, &from, 1, -1, to);
    dmap_workspace_free(tmp);
    return rc;
}

#ifndef DMAP_COMPACT
/* dmap_reachable's answer from the row-bitset search (the grid fits it). */
static void reachable_from_rows(const dmap_grid *g, const dmap_moves *m, int from,
                                unsigned char *reached, size_t *count) {
    uint64_t seen[DMAP_ROWBITS_MAX_H];
    dmap_rowbits_bfs(g, m, &from, 1, -1, -1, NULL, seen);
    size_t total = 0;
    for (int y = 0; y < g->h; y++) {
        unsigned char *out = reached + (size_t)y * (size_t)g->w;
        for (int x = 0; x < g->w; x++) out[x] = (unsigned char)(seen[y] >> x & 1);
        total += (size_t)bits_count(seen[y]);
    }
    if (count) *count = total;
}
#endif

/* dmap_reachable's answer from the bitset search (the grid fits it). */
static void reachable_from_bits(const dmap_grid *g, int from, unsigned char *reached,
                                size_t *count) {
    uint64_t seen[DMAP_BFS_BITS_WORDS];
    dmap_bfs_bits(g, &from, 1, -1, -1, NULL, seen);
    size_t n = (size_t)g->w * (size_t)g->h, total = 0;
    for (size_t i = 0; i < n; i++) {
        reached[i] = (unsigned char)bits_get(seen, i);
        total += reached[i];
    }
    if (count) *count = total;
}

int dmap_reachable(const dmap_grid *g, const dmap_moves *m, int from, unsigned char *reached,
                   size_t *count, dmap_workspace *ws) {
    size_t n;
    int rc = check_grid(g, m, &n);
    if (rc != DMAP_OK) return rc;
    if (!reached) return DMAP_ERR_ARG;
    if ((rc = check_start(g, n, from)) != DMAP_OK) return rc;
#ifndef DMAP_COMPACT
    if (use_rows(g, m)) {
        reachable_from_rows(g, m, from, reached, count);
        return DMAP_OK;
    }
#endif
    if (dmap_bfs_bits_fits(g, m)) {
        reachable_from_bits(g, from, reached, count);
        return DMAP_OK;
    }
    bfs b;
    dmap_workspace *tmp;
    rc = bfs_begin(&b, g, m, ws, &tmp, 0);
    if (rc == DMAP_OK) {
        bfs_run(&b, &from, 1, -1, -1);
        size_t total = 0;
        for (int y = 0; y < g->h; y++) {
            const unsigned char *row = b.cell + (size_t)(y + 1) * (size_t)b.pw + 1;
            unsigned char *out = reached + (size_t)y * (size_t)g->w;
            for (int x = 0; x < g->w; x++) {
                out[x] = (row[x] & CELL_SEEN) != 0;
                total += out[x];
            }
        }
        if (count) *count = total;
    }
    dmap_workspace_free(tmp);
    return rc;
}

/* Copy the padded results out: depths (-1 unreached) and parents (from the stored step). */
static void bfs_results(const bfs *b, int *depth, int *parent) {
    const dmap_grid *g = b->g;
    for (int y = 0; y < g->h; y++) {
        size_t prow = (size_t)(y + 1) * (size_t)b->pw + 1, row = (size_t)y * (size_t)g->w;
        for (int x = 0; x < g->w; x++) {
            unsigned char c = b->cell[prow + x];
            int seen = (c & CELL_SEEN) != 0;
            depth[row + x] = seen ? b->pdepth[prow + x] : -1;
            if (!parent) continue;
            int d = c >> DIR_SHIFT;
            parent[row + x] = seen && d != DMAP_STAY
                                  ? (y - dmap_dir_dy((dmap_dir)d)) * g->w + x -
                                        dmap_dir_dx((dmap_dir)d)
                                  : -1;
        }
    }
}

/* dmap_bfs with the small-board engine chosen as usual (rows 1), never (0: benchmarks compare)
 * or only on its plain loop (2: the batch's plain path). */
static int bfs_checked(const dmap_grid *g, const dmap_moves *m, const int *sources,
                       size_t nsources, int max_depth, int *depth, int *parent,
                       dmap_workspace *ws, int rows) {
    size_t n;
    int rc = check_grid(g, m, &n);
    if (rc != DMAP_OK) return rc;
    if (!depth || (nsources > 0 && !sources)) return DMAP_ERR_ARG;
    for (size_t i = 0; i < nsources; i++)
        if ((rc = check_start(g, n, sources[i])) != DMAP_OK) return rc;
#ifndef DMAP_COMPACT
    if (rows == 1 && !parent && use_rows(g, m)) {
        dmap_rowbits_bfs(g, m, sources, nsources, max_depth, -1, depth, NULL);
        return DMAP_OK;
    }
    if (rows == 2 && !parent && dmap_rowbits_fits(g) && !dmap_bfs_bits_fits(g, m)) {
        dmap_rowbits_bfs_plain(g, m, sources, nsources, max_depth, -1, depth, NULL);
        return DMAP_OK;
    }
#else
    (void)rows;
#endif
    if (!parent && dmap_bfs_bits_fits(g, m)) {
        dmap_bfs_bits(g, sources, nsources, max_depth, -1, depth, NULL);
        return DMAP_OK;
    }
    bfs b;
    dmap_workspace *tmp;
    rc = bfs_begin(&b, g, m, ws, &tmp, 1);
    if (rc == DMAP_OK) {
        bfs_run(&b, sources, nsources, max_depth, -1);
        bfs_results(&b, depth, parent);
    }
    dmap_workspace_free(tmp);
    return rc;
}

#ifndef DMAP_COMPACT
int dmap_bfs_without_rows(const dmap_grid *g, const dmap_moves *m, const int *sources,
                          size_t nsources, int max_depth, int *depth, dmap_workspace *ws) {
    return bfs_checked(g, m, sources, nsources, max_depth, depth, NULL, ws, 0);
}

int dmap_bfs_plain(const dmap_grid *g, const dmap_moves *m, const int *sources, size_t nsources,
                   int max_depth, int *depth, dmap_workspace *ws) {
    return bfs_checked(g, m, sources, nsources, max_depth, depth, NULL, ws, 2);
}
#endif

int dmap_bfs(const dmap_grid *g, const dmap_moves *m, const int *sources, size_t nsources,
             int max_depth, int *depth, int *parent, dmap_workspace *ws) {
    return bfs_checked(g, m, sources, nsources, max_depth, depth, parent, ws, 1);
}

int dmap_bfs_path(const dmap_grid *g, const int *depth, const int *parent, int to, int *path,
                  size_t cap, size_t *len) {
    if (!g || !depth || !parent || !len || (cap > 0 && !path)) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    size_t n = (size_t)g->w * (size_t)g->h;
    if (to < 0 || (size_t)to >= n) return DMAP_ERR_RANGE;
    if (depth[to] < 0) {
        *len = 0;
        return DMAP_OK;
    }
    if ((size_t)depth[to] >= n) return DMAP_ERR_ARG; /* deeper than any tree of n cells */
    size_t need = (size_t)depth[to] + 1;
    /* The whole chain is checked before anything is written: a consistent tree steps from
     * depth k to depth k - 1 at every parent link. */
    int cell = to;
    for (size_t k = need; k-- > 0; cell = k > 0 ? parent[cell] : -1)
        if (cell < 0 || (size_t)cell >= n || depth[cell] != (int)k) return DMAP_ERR_ARG;
    *len = need;
    if (cap < need) return DMAP_ERR_LIMIT;
    cell = to;
    for (size_t k = need; k-- > 0; cell = parent[cell]) {
        path[k] = cell;
        if (k == 0) break;
    }
    return DMAP_OK;
}
