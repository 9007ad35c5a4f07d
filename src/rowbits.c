/* rowbits.c — the small-board engine: BFS depths, reachability and unit-step Dijkstra maps on
 * boards up to 64x64, a whole level at a time on one word per row (see rowbits.h for why).
 *
 * Rows are padded: row y of the board is word y + 1, words 0 and h + 1 stay empty, so the
 * rows above and below any row can be read without a bounds check. A level is computed in
 * place, top to bottom, keeping the previous level's row above in a register. */
#include <math.h>
#include <stdlib.h>

#include "rowbits.h"
#include "workspace.h"


#if defined(__GNUC__) || defined(__clang__)
#define RB_INLINE inline __attribute__((always_inline))
#else
#define RB_INLINE inline
#endif

enum {
    MOVES_4 = DMAP_ROWBITS_4,
    MOVES_8_CUT = DMAP_ROWBITS_8_CUT,
    MOVES_8_STRICT = DMAP_ROWBITS_8_STRICT
};

/* One board's rows. avail starts as the free cells and loses each cell as it is reached, so
 * "free and not yet seen" is one word. The diagonal masks serve the strict corner rule: dr[r]
 * holds the cells of row r whose step down and right is allowed (both orthogonal cells free),
 * dl down-left, ur up-right, ul up-left. */
typedef struct rb_board {
    int w, h, moves;
    uint64_t free[DMAP_ROWBITS_ROWS];
    uint64_t avail[DMAP_ROWBITS_ROWS];
    uint64_t dr[DMAP_ROWBITS_ROWS], dl[DMAP_ROWBITS_ROWS];
    uint64_t ur[DMAP_ROWBITS_ROWS], ul[DMAP_ROWBITS_ROWS];
} rb_board;

int dmap_rowbits_fits(const dmap_grid *g) {
    return g->w <= DMAP_ROWBITS_MAX_W && g->h <= DMAP_ROWBITS_MAX_H;
}

static int moves_kind(const dmap_moves *m) {
    if (m->connectivity != 8) return MOVES_4;
    return m->corners == DMAP_CORNERS_STRICT ? MOVES_8_STRICT : MOVES_8_CUT;
}

static void load_board(rb_board *b, const dmap_grid *g, const dmap_moves *m) {
    const int w = g->w, h = g->h;
    b->w = w;
    b->h = h;
    b->moves = moves_kind(m);
    b->free[0] = b->free[h + 1] = 0;
    for (int y = 0; y < h; y++) b->free[y + 1] = dmap_row_free_bits(g->wall + (size_t)y * w, w);
    for (int r = 0; r <= h + 1; r++) b->avail[r] = b->free[r];
    if (b->moves != MOVES_8_STRICT) return;
    b->dr[0] = b->dl[0] = b->ur[0] = b->ul[0] = 0;
    b->dr[h + 1] = b->dl[h + 1] = b->ur[h + 1] = b->ul[h + 1] = 0;
    for (int r = 1; r <= h; r++) {
        b->dr[r] = (b->free[r] >> 1) & b->free[r + 1];
        b->dl[r] = (b->free[r] << 1) & b->free[r + 1];
        b->ur[r] = (b->free[r] >> 1) & b->free[r - 1];
        b->ul[r] = (b->free[r] << 1) & b->free[r - 1];
    }
}

/* The cells of row r one step from the frontier rows up (r - 1), cur (r) and down (r + 1),
 * before masking with the free and unseen cells. */
static RB_INLINE uint64_t rb_spread(const rb_board *b, int moves, int r, uint64_t up, uint64_t cur,
                          uint64_t down) {
    uint64_t side = cur << 1 | cur >> 1;
    if (moves == MOVES_4) return up | down | side;
    if (moves == MOVES_8_CUT) {
        uint64_t v = up | down;
        return v | v << 1 | v >> 1 | side;
    }
    return up | down | side | (up & b->dr[r - 1]) << 1 | (up & b->dl[r - 1]) >> 1 |
           (down & b->ur[r + 1]) << 1 | (down & b->ul[r + 1]) >> 1;
}

/* The frontier's rows: f[lo..hi] (padded indices) may be nonzero, every other word is 0;
 * lo > hi when it is empty. */
typedef struct rb_front {
    uint64_t f[DMAP_ROWBITS_ROWS];
    int lo, hi;
} rb_front;

/* Replace the frontier by the next level (in place) and take its cells from avail. */
static RB_INLINE void rb_next_level(rb_board *b, int moves, rb_front *fr) {
    int a = fr->lo - 1 < 1 ? 1 : fr->lo - 1, z = fr->hi + 1 > b->h ? b->h : fr->hi + 1;
    uint64_t *f = fr->f;
    uint64_t up = f[a - 1], cur = f[a];
    int lo = b->h + 1, hi = 0;
    for (int r = a; r <= z; r++) {
        uint64_t down = f[r + 1];
        uint64_t n = rb_spread(b, moves, r, up, cur, down) & b->avail[r];
        f[r] = n;
        b->avail[r] &= ~n;
        /* no branch: whether a row is empty is unpredictable */
        int some = n != 0;
        lo = (some & (r < lo)) ? r : lo;
        hi = some ? r : hi;
        up = cur;
        cur = down;
    }
    fr->lo = lo;
    fr->hi = hi;
}

/* Put one cell (a board index) in the frontier unless it was reached already. */
static inline void enter_cell(rb_board *b, rb_front *fr, int cell) {
    int r = cell / b->w + 1;
    uint64_t bit = (uint64_t)1 << (cell % b->w);
    if (!(b->avail[r] & bit)) return;
    b->avail[r] &= ~bit;
    fr->f[r] |= bit;
    if (r < fr->lo) fr->lo = r;
    if (r > fr->hi) fr->hi = r;
}

static void write_level_int(const rb_board *b, const rb_front *fr, int level, int *out) {
    for (int r = fr->lo; r <= fr->hi; r++) {
        int *row = out + (size_t)(r - 1) * b->w;
        for (uint64_t m = fr->f[r]; m; m &= m - 1) row[bits_lowest(m)] = level;
    }
}

static void write_level_double(const rb_board *b, const rb_front *fr, double level, double *out) {
    for (int r = fr->lo; r <= fr->hi; r++) {
        double *row = out + (size_t)(r - 1) * b->w;
        for (uint64_t m = fr->f[r]; m; m &= m - 1) row[bits_lowest(m)] = level;
    }
}

static inline int front_has(const rb_board *b, const rb_front *fr, int cell) {
    return (fr->f[cell / b->w + 1] >> (cell % b->w)) & 1;
}

/* The BFS levels after level 0, specialised per move kind (moves is a constant at each call). */
static RB_INLINE int rb_bfs_levels(rb_board *b, int moves, rb_front *fr, int max_depth, int target,
                         int *depth) {
    for (int level = 1; fr->lo <= fr->hi && (max_depth < 0 || level <= max_depth); level++) {
        rb_next_level(b, moves, fr);
        if (depth) write_level_int(b, fr, level, depth);
        if (target >= 0 && front_has(b, fr, target)) return 1;
    }
    return 0;
}

int dmap_rowbits_bfs(const dmap_grid *g, const dmap_moves *m, const int *sources,
                     size_t nsources, int max_depth, int target, int *depth, uint64_t *seen) {
    if (dmap_rowbits_avx512_ok() && sizeof(int) == sizeof(int32_t)) {
        dmap_rowbits_job j = {g->w, g->h, moves_kind(m), g->wall, sources, NULL, nsources,
                              max_depth < 0 ? INT64_MAX : max_depth, target, DMAP_ELEM_I32,
                              depth, -1.0, seen};
        return dmap_rowbits_run_avx512(&j);
    }
    return dmap_rowbits_bfs_plain(g, m, sources, nsources, max_depth, target, depth, seen);
}

int dmap_rowbits_bfs_plain(const dmap_grid *g, const dmap_moves *m, const int *sources,
                           size_t nsources, int max_depth, int target, int *depth,
                           uint64_t *seen) {
    rb_board b;
    load_board(&b, g, m);
    rb_front fr;
    memset(fr.f, 0, sizeof(uint64_t) * (size_t)(g->h + 2));
    fr.lo = g->h + 1;
    fr.hi = 0;
    for (size_t k = 0; k < nsources; k++) enter_cell(&b, &fr, sources[k]);
    if (depth) {
        size_t n = (size_t)g->w * (size_t)g->h;
        for (size_t i = 0; i < n; i++) depth[i] = -1;
        write_level_int(&b, &fr, 0, depth);
    }
    int found = target >= 0 && front_has(&b, &fr, target);
    if (!found) {
        switch (b.moves) {
        case MOVES_4: found = rb_bfs_levels(&b, MOVES_4, &fr, max_depth, target, depth); break;
        case MOVES_8_CUT:
            found = rb_bfs_levels(&b, MOVES_8_CUT, &fr, max_depth, target, depth);
            break;
        default: found = rb_bfs_levels(&b, MOVES_8_STRICT, &fr, max_depth, target, depth); break;
        }
    }
    if (seen)
        for (int y = 0; y < g->h; y++) seen[y] = b.free[y + 1] & ~b.avail[y + 1];
    return found;
}

/* ---- unit-step fields ------------------------------------------------------------------- */

int dmap_rowbits_field_applies(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                               size_t ngoals) {
    if (!dmap_rowbits_fits(g) || g->cost || m->cardinal != 1.0 || ngoals == 0) return 0;
    if (m->connectivity == 8 && m->diagonal != 1.0) return 0;
    for (size_t k = 0; k < ngoals; k++) {
        double v = goals[k].value;
        if (v != floor(v) || fabs(v) > DMAP_ROWBITS_GOAL_LIMIT || (v == 0 && signbit(v)))
            return 0;
    }
    return 1;
}

static int compare_seeds(const void *a, const void *b) {
    const dmap_rowbits_seed *x = (const dmap_rowbits_seed *)a, *y = (const dmap_rowbits_seed *)b;
    return (x->value > y->value) - (x->value < y->value);
}

static void sort_seeds(dmap_rowbits_seed *s, size_t n) {
    if (n <= 64) {
        for (size_t i = 1; i < n; i++) {
            dmap_rowbits_seed it = s[i];
            size_t j = i;
            while (j > 0 && s[j - 1].value > it.value) s[j] = s[j - 1], j--;
            s[j] = it;
        }
        return;
    }
    for (size_t i = 1; i < n; i++)
        if (s[i - 1].value > s[i].value) {
            qsort(s, n, sizeof *s, compare_seeds);
            return;
        }
}

/* The levels of a field: a seed of value v enters the frontier at level v; when the frontier
 * dies out the level jumps to the next seed's value. Cells reached at a level >= bound keep
 * the ceiling already written. */
static RB_INLINE void rb_field_levels(rb_board *b, int moves, rb_front *fr,
                                     const dmap_rowbits_seed *seed,
                            size_t nseeds, int64_t bound, double *values) {
    size_t si = 0;
    int64_t level = seed[0].value;
    for (;;) {
        while (si < nseeds && seed[si].value == level) enter_cell(b, fr, seed[si++].cell);
        if (fr->lo > fr->hi) {
            if (si == nseeds) return;
            level = seed[si].value;
            continue;
        }
        write_level_double(b, fr, (double)level, values);
        if (level + 1 >= bound) return;
        rb_next_level(b, moves, fr);
        level++;
    }
}

static void run_field(const dmap_grid *g, const dmap_moves *m, const dmap_rowbits_seed *seed,
                      size_t nseeds, double dflt, double *values) {
    /* an integer level v is below dflt exactly when v < ceil(dflt) */
    int64_t bound = dflt >= 2.0 * DMAP_ROWBITS_GOAL_LIMIT ? INT64_MAX : (int64_t)ceil(dflt);
    if (dmap_rowbits_avx512_ok()) {
        dmap_rowbits_job j = {g->w, g->h, moves_kind(m), g->wall, NULL, seed, nseeds,
                              bound == INT64_MAX ? INT64_MAX : bound - 1, -1, DMAP_ELEM_F64,
                              values, dflt, NULL};
        dmap_rowbits_run_avx512(&j);
        return;
    }
    rb_board b;
    load_board(&b, g, m);
    rb_front fr;
    memset(fr.f, 0, sizeof(uint64_t) * (size_t)(g->h + 2));
    fr.lo = g->h + 1;
    fr.hi = 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) values[i] = dflt;
    switch (b.moves) {
    case MOVES_4: rb_field_levels(&b, MOVES_4, &fr, seed, nseeds, bound, values); break;
    case MOVES_8_CUT: rb_field_levels(&b, MOVES_8_CUT, &fr, seed, nseeds, bound, values); break;
    default: rb_field_levels(&b, MOVES_8_STRICT, &fr, seed, nseeds, bound, values); break;
    }
}

static int field_with_buffer(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                             size_t ngoals, double dflt, double *values, dmap_workspace *ws) {
    size_t bytes;
    if (!dmap_mul_size(ngoals, sizeof(dmap_rowbits_seed), &bytes)) return DMAP_ERR_NOMEM;
    dmap_rowbits_seed *seed = (dmap_rowbits_seed *)dmap_ws_buffer(ws, DMAP_WS_SCAN_SEEDS, bytes, 0);
    if (!seed) return DMAP_ERR_NOMEM;
    for (size_t k = 0; k < ngoals; k++) {
        seed[k].value = (int32_t)goals[k].value;
        seed[k].cell = goals[k].y * g->w + goals[k].x;
    }
    sort_seeds(seed, ngoals);
    run_field(g, m, seed, ngoals, dflt, values);
    return DMAP_OK;
}

int dmap_rowbits_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                       size_t ngoals, double dflt, double *values, dmap_workspace *ws) {
    if (ngoals <= 64) {
        dmap_rowbits_seed seed[64];
        for (size_t k = 0; k < ngoals; k++) {
            seed[k].value = (int32_t)goals[k].value;
            seed[k].cell = goals[k].y * g->w + goals[k].x;
        }
        sort_seeds(seed, ngoals);
        run_field(g, m, seed, ngoals, dflt, values);
        return DMAP_OK;
    }
    if (ws) return field_with_buffer(g, m, goals, ngoals, dflt, values, ws);
    dmap_workspace *tmp = NULL;
    if (dmap_workspace_new(&tmp) != DMAP_OK) return DMAP_ERR_NOMEM;
    int rc = field_with_buffer(g, m, goals, ngoals, dflt, values, tmp);
    dmap_workspace_free(tmp);
    return rc;
}
