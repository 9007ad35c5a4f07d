/* rowbits.h — private: the small-board engine. Breadth-first searches and unit-step Dijkstra
 * maps on grids at most 64 columns wide and DMAP_ROWBITS_MAX_H rows high, one machine word per
 * row (cell (x, y) is bit x of row y).
 *
 * A whole BFS level advances at once: the next level of row y is the frontier of rows y-1, y
 * and y+1 shifted by at most one bit, masked by the free cells and the cells not yet seen —
 * a dozen word operations per row, no branch per cell. Only the rows around the frontier are
 * visited. 4- and 8-connected moves, diagonals with either corner rule. reach.c and field.c
 * choose it automatically where the result is the same as the general engine's (no parent
 * tree; unit steps and integer goal values for fields). rowbits.c is the plain C loop;
 * rowbits_avx512.c runs the same level step with eight rows of a board per AVX-512 register;
 * batch.c runs it on four boards per AVX2 register; narrow_avx512.c runs the batch BFS of
 * boards up to 16 columns wide 32 boards per AVX-512 register, one 16-bit lane per row. */
#ifndef DMAP_ROWBITS_H
#define DMAP_ROWBITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bits.h"
#include "dmap.h"

/* Functions some of the library's files use: a single-file build that carries only part of
 * the library (scripts/amalgamate --single-file) may leave them unused. */
#if defined(__GNUC__) || defined(__clang__)
#define ROWBITS_MAYBE_UNUSED __attribute__((unused))
#else
#define ROWBITS_MAYBE_UNUSED
#endif

/* The bytes of one output element of a batch. */
static inline size_t dmap_elem_size(dmap_elem t) {
    return t == DMAP_ELEM_I8 ? 1 : t == DMAP_ELEM_I16 ? 2 : t == DMAP_ELEM_F64 ? 8 : 4;
}

/* ---- the engine (left out of a build that defines DMAP_COMPACT) -------------------- */
#ifndef DMAP_COMPACT

/* The passable cells of one row of w (1..64) wall bytes, as bits. */
static inline uint64_t dmap_row_free_bits(const unsigned char *wall, int w) {
    uint64_t bits = 0;
    int x = 0;
    for (; x + 8 <= w; x += 8) bits |= bits_from_zero_bytes(wall + x) << x;
    for (; x < w; x++) bits |= (uint64_t)(wall[x] == 0) << x;
    return bits;
}

/* The largest board: 64 columns (a row is one word) and 64 rows. Beyond 64 rows a level
 * could visit more rows than a queue visits cells; the bitsets of one search (a few KiB)
 * live on the stack. */
enum {
    DMAP_ROWBITS_MAX_W = 64,
    DMAP_ROWBITS_MAX_H = 64,
    DMAP_ROWBITS_ROWS = DMAP_ROWBITS_MAX_H + 2
};

/* Goal values of the unit-step field must lie within +-DMAP_ROWBITS_GOAL_LIMIT (then every
 * value is an int and converts to the same double as the general engine's sums). */
#define DMAP_ROWBITS_GOAL_LIMIT (1 << 29)

/* Nonzero when the engine takes grid g (checked): w <= 64, h <= 64. Any connectivity and
 * corner rule; weights are not looked at (BFS counts steps). */
int dmap_rowbits_fits(const dmap_grid *g)
    ROWBITS_MAYBE_UNUSED;

/* Multi-source BFS over the passable cells from the sources (valid passable cells, checked
 * by the caller) under m's connectivity and corner rule. depth (w*h ints, may be NULL) gets
 * the step count of every reached cell and -1 elsewhere; seen (DMAP_ROWBITS_MAX_H words, may
 * be NULL) gets the reached cells, one word per row. The search stops after max_depth levels
 * (< 0: no limit) and, when target >= 0, as soon as target is reached; returns 1 then, else 0
 * (outputs then describe the levels searched so far). No allocation. */
int dmap_rowbits_bfs(const dmap_grid *g, const dmap_moves *m, const int *sources,
                     size_t nsources, int max_depth, int target, int *depth, uint64_t *seen)
    ROWBITS_MAYBE_UNUSED;

/* dmap_rowbits_bfs on the plain C loop, whatever the processor (the batch's plain path). */
int dmap_rowbits_bfs_plain(const dmap_grid *g, const dmap_moves *m, const int *sources,
                           size_t nsources, int max_depth, int target, int *depth,
                           uint64_t *seen)
    ROWBITS_MAYBE_UNUSED;

/* Nonzero when dmap_field on (g, m, goals) may run on dmap_rowbits_field with the same result:
 * the grid fits, no costs, unit steps (cardinal 1, and diagonal 1 when 8-connected), at least
 * one goal, every goal value an integer within +-DMAP_ROWBITS_GOAL_LIMIT and not -0.0. */
int dmap_rowbits_field_applies(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                               size_t ngoals)
    ROWBITS_MAYBE_UNUSED;

/* dmap_field for checked arguments where dmap_rowbits_field_applies: values (w*h) get
 * min(dflt, min over goals of value + steps), dflt on walls and cells beyond the ceiling. A
 * goal of value v enters the search at level v. More than 64 goals need a sorted copy: taken
 * from ws (DMAP_WS_SCAN_SEEDS; a temporary workspace when ws is NULL). Returns DMAP_OK or
 * DMAP_ERR_NOMEM. */
int dmap_rowbits_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                       size_t ngoals, double dflt, double *values, dmap_workspace *ws)
    ROWBITS_MAYBE_UNUSED;

/* dmap_bfs without this engine: the bitset search of bfs_bits.c for small 4-connected grids,
 * the queue otherwise (reach.c; benchmarks compare it with dmap_bfs). */
int dmap_bfs_without_rows(const dmap_grid *g, const dmap_moves *m, const int *sources,
                          size_t nsources, int max_depth, int *depth, dmap_workspace *ws)
    ROWBITS_MAYBE_UNUSED;

/* dmap_bfs without SIMD: the bitset search of bfs_bits.c where it applies, else this engine's
 * plain loop, else the queue (reach.c; the batch's plain path). */
int dmap_bfs_plain(const dmap_grid *g, const dmap_moves *m, const int *sources, size_t nsources,
                   int max_depth, int *depth, dmap_workspace *ws)
    ROWBITS_MAYBE_UNUSED;

/* ---- the AVX-512 engine (rowbits_avx512.c) ------------------------------------------------ */

enum { DMAP_ROWBITS_4 = 0, DMAP_ROWBITS_8_CUT = 1, DMAP_ROWBITS_8_STRICT = 2 };

/* A start cell of a field and its value (the level it enters at). */
typedef struct dmap_rowbits_seed {
    int32_t value, cell;
} dmap_rowbits_seed;

/* One search of the AVX-512 engine: a board (checked), its starts — sources at level 0 when
 * seeds is NULL, else seeds sorted by value, nseeds of either — the last level searched
 * (max_level), an early stop at target (>= 0) and the outputs: out (w*h elements of type,
 * may be NULL) gets each reached cell's level and fill elsewhere; seen (h words, may be
 * NULL) the reached cells. */
typedef struct dmap_rowbits_job {
    int w, h, moves;
    const unsigned char *wall;
    const int *sources;
    const dmap_rowbits_seed *seeds;
    size_t nseeds;
    int64_t max_level;
    int target;
    dmap_elem type;
    void *out;
    double fill;
    uint64_t *seen;
} dmap_rowbits_job;

/* Nonzero when this processor runs the AVX-512 engine (AVX-512 F and BW) and the environment
 * does not cap the SIMD paths below it (dmap_simd_best: DMAP_SIMD=none or avx2). */
int dmap_rowbits_avx512_ok(void)
    ROWBITS_MAYBE_UNUSED;
/* Run a job on the AVX-512 engine (only where dmap_rowbits_avx512_ok); returns 1 when the
 * target was reached, else 0. No allocation. */
int dmap_rowbits_run_avx512(const dmap_rowbits_job *j)
    ROWBITS_MAYBE_UNUSED;

/* Up to four BFS jobs (sources at level 0, no target) on boards of one size of at most 16
 * rows and one move rule, stepped together (the batch's small boards). */
void dmap_rowbits_run4_avx512(const dmap_rowbits_job *jobs, int count)
    ROWBITS_MAYBE_UNUSED;

/* ---- narrow boards in 16-bit lanes (narrow_avx512.c) -------------------------------------- */

/* The batch's boards at most DMAP_NARROW_MAX_W columns wide and DMAP_NARROW_MAX_H rows high
 * run many at a time, one lane per board row: 32 boards in 16-bit lanes up to 16 columns, 16
 * boards in 32-bit lanes up to 32. */
enum { DMAP_NARROW_MAX_W = 32, DMAP_NARROW_MAX_H = 64 };

/* A batch BFS (checked): n boards w x h, walls stacked, board b's sources
 * sources[first[b] .. first[b+1]-1] (first NULL: sources[b]), the last level max_depth (< 0:
 * no limit), moves DMAP_ROWBITS_4/8_CUT/8_STRICT, out: n*w*h elements of type. */
typedef struct dmap_narrow_job {
    int w, h, moves, max_depth;
    size_t n;
    const unsigned char *walls;
    const int *sources;
    const size_t *first;
    dmap_elem type;
    void *out;
} dmap_narrow_job;

/* Boards b0 .. b1-1 of j, on AVX-512 F and BW (only where dmap_simd_best says AVX-512): each
 * board's output written once, -1 on walls and unreached cells. No allocation (a group's
 * bitsets, up to about 75 KiB, live on the stack). */
void dmap_narrow_bfs_avx512(const dmap_narrow_job *j, size_t b0, size_t b1)
    ROWBITS_MAYBE_UNUSED;

#endif /* DMAP_COMPACT */

#endif
