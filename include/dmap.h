/* dmap.h — the one public header of dmap, a C library of Dijkstra maps for grid games.
 *
 * Everything a user needs is declared here: grids and move rules, map file readers, the
 * Dijkstra-map scan and its workspace, and the spatial toolkit built on the scan. Nothing is
 * hidden in globals: every function takes its inputs and writes into storage the caller
 * provides or into an object the caller frees. No function prints, exits or aborts; each
 * returns DMAP_OK (0) or a negative error code (dmap_strerror names it).
 *
 * API at a glance (one line per function, in the order of the sections below)
 *
 *   Version           dmap_version()                       the linked library's "0.2.0"
 *                     dmap_version_number()                the same as one number (200)
 *   Errors            dmap_strerror(code)                  a sentence for an error code
 *   Grids and moves   dmap_grid_init(g, w, h)              allocate an all-floor grid
 *                     dmap_grid_add_costs(g)               give it an owned cost array (all 1)
 *                     dmap_grid_free(g)                    free a grid's arrays
 *                     dmap_grid_check(g)                   sizes, walls and costs valid?
 *                     dmap_grid_index(g, x, y)             the cell index of (x, y), or -1
 *                     dmap_grid_passable(g, x, y)          inside and not a wall?
 *                     dmap_moves_4()                       4 neighbours, unit steps
 *                     dmap_moves_8()                       8 neighbours, unit steps, corners cut
 *                     dmap_moves_octile()                  8 neighbours, 1 and sqrt 2, strict
 *                     dmap_moves_check(m)                  a move rule valid?
 *                     dmap_dir_dx(d)                       a direction's column offset
 *                     dmap_dir_dy(d)                       a direction's row offset
 *                     dmap_step(g, m, from, d)             the cell one step away, or -1
 *   Map files         dmap_parse_text_map(text, ...)       '#' walls, one row per line
 *                     dmap_parse_movingai_map(text, ...)   a Moving AI .map
 *                     dmap_parse_map(text, ...)            either of the two
 *                     dmap_format_text_map(g, chars, ...)  a grid as a text map
 *                     dmap_parse_scen(text, ...)           a Moving AI .map.scen
 *                     dmap_read_file(path, ...)            a whole file into memory
 *   Values as text    dmap_format_values(g, values, ...)   exact CSV, aligned grid or digits
 *                     dmap_parse_values_csv(text, ...)     CSV back into a grid and values
 *   The scan          dmap_workspace_new(&ws)              scratch memory reused across calls
 *                     dmap_workspace_free(ws)              free a workspace
 *                     dmap_workspace_bytes(ws)             its size now
 *                     dmap_scan(g, m, values, ws)          scan in place to the fixed point
 *                     dmap_fill(g, values, v)              every cell to v
 *                     dmap_set_goal(g, values, goal)       seed one goal
 *                     dmap_field(g, m, goals, n, dflt, values, ws)   fill, seed, scan
 *   Randomness        dmap_rng_seed(r, seed)               seed a generator
 *                     dmap_rng_next(r)                     32 random bits
 *                     dmap_rng_below(r, n)                 uniform in [0, n)
 *                     dmap_rng_unit(r)                     uniform in [0, 1)
 *   Map algebra       dmap_add(g, a, b, dst)               a + b
 *                     dmap_scale(g, src, factor, dst)      factor * src
 *                     dmap_weighted_sum(g, maps, w, n, dst)   sum of weighted maps
 *                     dmap_min(g, a, b, dst)               element-wise minimum
 *                     dmap_max(g, a, b, dst)               element-wise maximum
 *                     dmap_clamp(g, src, lo, hi, dst)      clamp to [lo, hi]
 *   Flee maps         dmap_flee(g, m, src, factor, dst, ws)   scale by a negative factor, rescan
 *   Downhill          dmap_downhill_options(g, m, values, cell, ...)   the best moves, as bits
 *                     dmap_pick_option(options, rng, &dir)   one of them, seeded
 *                     dmap_downhill_path(g, m, values, from, ...)   roll down to a minimum
 *   Reachability      dmap_can_move_to(g, m, from, to, ...)   is `to` reachable?
 *                     dmap_reachable(g, m, from, ...)      every reachable cell
 *                     dmap_bfs(g, m, sources, n, ...)      steps from the nearest source
 *                     dmap_bfs_path(g, depth, parent, to, ...)   a path out of dmap_bfs's tree
 *   Burying           dmap_bury_dead_ends(g, protect, n, ...)   fill dead ends with walls
 *   Threat, safety    dmap_threat_map(g, m, from, delay, cutoff, ...)   when one enemy arrives
 *                     dmap_timing_map(g, m, enemies, n, ...)   the earliest of all enemies
 *                     dmap_safe_walk(g, m, timing, start, ...)   arrive strictly before danger
 *                     dmap_parent_path(parent, arrival, n, to, ...)   a path out of its tree
 *   Layered search    dmap_layered_search(ncells, nstates, ...)   Dijkstra over (cell, state)
 *   Move choice       dmap_filter_moves(cands, &n, filters, ...)   a chain of filters
 *                     dmap_minimax_moves(nmine, nopp_moves, ...)   the best worst case
 *   Live maps         dmap_live_new(g, m, goals, n, dflt, start, &lm)   a map kept up to date
 *                     dmap_live_free(lm)                   free it
 *                     dmap_live_apply(lm, edits, n, &touched)   edit, update incrementally
 *                     dmap_live_values(lm)                 its map
 *                     dmap_live_grid(lm)                   its grid as edited
 *                     dmap_live_start(lm)                  its start values
 *   Distance tables   dmap_table_new(g, m, &t)             every pairwise step distance
 *                     dmap_table_free(t)                   free it
 *                     dmap_table_dist(t, from, to)         one distance, O(1)
 *                     dmap_table_nearest(t, from, cells, n, &dist)   the nearest of n cells
 *                     dmap_table_path(t, from, to, ...)    a shortest path
 *                     dmap_table_passable(t)               its passable cells
 *                     dmap_table_bytes(t)                  its size
 *   Map cache         dmap_cache_new(g, m, dflt, capacity, &c)   up to K maps, one per goal
 *                     dmap_cache_free(c)                   free it and its maps
 *                     dmap_cache_get(c, goal, &map)        a goal's map, built or caught up
 *                     dmap_cache_edit(c, edits, n)         change the grid; maps catch up later
 *                     dmap_cache_stats(c, &counters)       hits, misses, updates, evictions
 *                     dmap_cache_grid(c)                   its grid as edited
 *   Batches           dmap_simd_best()                     the widest SIMD path here
 *                     dmap_pool_new(&pool, nthreads)       a caller's thread pool
 *                     dmap_pool_free(pool)                 stop and free it
 *                     dmap_pool_threads(pool)              its thread count
 *                     dmap_pool_run(pool, fn, ctx, n)      n chunks of a caller's job on it
 *                     dmap_bfs_batch(boards, m, sources, ...)   BFS depths of N boards
 *                     dmap_field_batch(boards, m, goals, ...)   Dijkstra maps of N boards
 *
 * Names and arguments
 *   - Every name is dmap_<noun>_<verb> or dmap_<what>; getters have no "get_" (dmap_cache_grid,
 *     dmap_live_values). Objects are made by dmap_<noun>_new(..., &out), which returns an
 *     error code, and freed by dmap_<noun>_free (NULL is fine); plain structs the caller owns
 *     are filled by dmap_grid_init / the parsers and emptied by dmap_grid_free.
 *   - Arguments come in one order: the grid, the moves, then what the call reads (maps, goals
 *     or sources each followed by its count, the ceiling, options), then what it writes (an
 *     array and its capacity, then counts), the workspace last. Functions that build the same
 *     thing take the same order: dmap_field(g, m, goals, n, dflt, values, ws) and
 *     dmap_live_new(g, m, goals, n, dflt, start, &lm).
 *   - Counts and capacities are size_t; cells, states and directions are int.
 *   - Callbacks (dmap_transition_fn, dmap_score_fn, dmap_outcome_fn, dmap_pool_fn) are called
 *     from C code, so from C++ they must not throw: an exception leaving one skips the
 *     library's cleanup (scratch memory; a pool stays locked and its next run waits forever).
 *     Catch inside and report through the context (or dmap_transition_fn's error code).
 *   - Path readers are named after what they read (dmap_bfs_path, dmap_parent_path,
 *     dmap_table_path) and share one shape: ..., to, path, cap, &len, with DMAP_ERR_LIMIT
 *     and the needed length when cap is too small.
 *
 * Conventions
 *   - A grid is W x H cells, row-major; the cell (x, y) — x the column, y the row, (0,0) the
 *     top-left — has index y*W + x. Functions that take "a cell" take that index.
 *   - A map ("field", "values") is an array of W*H doubles owned by the caller.
 *   - Costs are O(N) in the number of cells N unless the comment says otherwise.
 *   - Every function is declared with DMAP_API (the symbols the shared library exports; the
 *     library is built with hidden visibility, so nothing else is exported).
 *
 * Numbers
 *   - Values are IEEE doubles. Sums of integers are exact while every value stays below 2^53
 *     (about 9e15) in magnitude: with integer goal values, weights and costs, results equal
 *     the plain sweep loop's bit for bit and equal distances compare equal.
 *   - With fractional weights or costs (sqrt 2, 1.5, ...) each step rounds once, so a path
 *     of k steps can be off by about k ulps, and two routes of the same real length may
 *     differ in the last bits. Tie tests are exact (dmap_downhill_options keeps only values
 *     that compare equal), so such near-ties are not ties; compare with a tolerance, or use
 *     integer weights (e.g. 2 and 3, or 5 and 7, for a cardinal and a diagonal step) when
 *     ties matter.
 *   - +INFINITY means "never" or "unreachable": cells no goal reaches in a map without a
 *     ceiling (DMAP_NO_CEILING), threat and arrival times. A distance that would overflow the
 *     double range also reads +INFINITY. NaN is rejected wherever a value is checked.
 *   - Step weight times entry cost must stay a finite number > 0 (else DMAP_ERR_VALUE).
 *   - Files: dmap_read_file reads at most 1 GiB; grids have at most DMAP_MAX_CELLS cells.
 */
#ifndef DMAP_H
#define DMAP_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* DMAP_API marks the public functions. The library is built with hidden visibility and
 * DMAP_BUILDING defined; users include the header as is. Define DMAP_API yourself (e.g.
 * empty) to override, for instance when compiling the sources into your own program. */
#ifndef DMAP_API
#if defined(_WIN32) && defined(DMAP_SHARED_LIBRARY)
#ifdef DMAP_BUILDING
#define DMAP_API __declspec(dllexport)
#else
#define DMAP_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define DMAP_API __attribute__((visibility("default")))
#else
#define DMAP_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define DMAP_VERSION_MAJOR 0
#define DMAP_VERSION_MINOR 2
#define DMAP_VERSION_PATCH 0
#define DMAP_VERSION_STRING "0.2.0"
/* The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH (0.2.0 is 200). */
#define DMAP_VERSION_NUMBER \
    (DMAP_VERSION_MAJOR * 10000 + DMAP_VERSION_MINOR * 100 + DMAP_VERSION_PATCH)

/* The version of the library actually linked, which can differ from the header's when a
 * program runs against another shared library: "0.2.0" (never NULL) and DMAP_VERSION_NUMBER's
 * form. Compare dmap_version_number() / 10000 with DMAP_VERSION_MAJOR to detect a mismatch. */
DMAP_API const char *dmap_version(void);
DMAP_API int dmap_version_number(void);

/* ------------------------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------------------------- */

enum {
    DMAP_OK = 0,
    DMAP_ERR_ARG = -1,     /* a NULL pointer or an argument outside its documented domain */
    DMAP_ERR_SIZE = -2,    /* W or H <= 0, or W*H above DMAP_MAX_CELLS or overflowing */
    DMAP_ERR_NOMEM = -3,   /* an allocation failed */
    DMAP_ERR_VALUE = -4,   /* a value is NaN or infinite where it must be finite, a cost is
                              not finite and > 0, or weight * cost overflows or underflows */
    DMAP_ERR_RANGE = -5,   /* a cell or coordinate lies outside the grid */
    DMAP_ERR_WALL = -6,    /* a cell that must be passable is a wall */
    DMAP_ERR_FORMAT = -7,  /* a file or text is malformed (the dmap_diag says where and why) */
    DMAP_ERR_IO = -8,      /* a file could not be opened or read */
    DMAP_ERR_LIMIT = -9,   /* a caller-given capacity is too small for the result */
    DMAP_ERR_CEILING = -10 /* a goal's value is not below the map's ceiling, so it would have
                              no effect (dmap_field) */
};

/* A short English sentence for an error code ("invalid argument", ...). Never NULL. */
DMAP_API const char *dmap_strerror(int code);

/* Where and why a reader rejected its input. Readers fill it when given one (it may be NULL).
 * line is 1-based (0 when the problem is not tied to a line); message never ends in '\n'. */
typedef struct dmap_diag {
    int line;
    char message[160];
} dmap_diag;

/* The largest grid the library accepts: 2^28 cells (W and H each at most 2^28 too). */
#define DMAP_MAX_CELLS (INT64_C(1) << 28)

/* ------------------------------------------------------------------------------------------
 * Grids and move rules
 * ---------------------------------------------------------------------------------------- */

/* A W x H grid. wall[i] != 0 marks a wall; every other cell is passable with an entry cost:
 * cost[i] (finite, > 0) or 1 everywhere when cost is NULL. The struct is plain data: fill it
 * yourself over your own arrays, or let dmap_grid_init allocate them (then dmap_grid_free).
 * "Bad costs" below (DMAP_ERR_VALUE): a passable cell's cost that is not finite and > 0, or,
 * for functions that take moves, a move weight times a passable cell's cost that is not a
 * finite number > 0 (DBL_MAX costs with 1.41 diagonals overflow). */
typedef struct dmap_grid {
    int w, h;
    unsigned char *wall; /* w*h bytes, never NULL in a valid grid */
    double *cost;        /* w*h entry costs, or NULL for unit costs */
} dmap_grid;

/* Allocate an all-floor W x H grid with unit costs (cost stays NULL).
 * Errors: DMAP_ERR_ARG (g NULL), DMAP_ERR_SIZE, DMAP_ERR_NOMEM. On error *g is zeroed. */
DMAP_API int dmap_grid_init(dmap_grid *g, int w, int h);

/* Give the grid an owned cost array, all 1 (no-op if it has one). Errors: ARG, NOMEM. */
DMAP_API int dmap_grid_add_costs(dmap_grid *g);

/* Free the arrays of a grid made by dmap_grid_init or a reader and zero it. NULL is fine. */
DMAP_API void dmap_grid_free(dmap_grid *g);

/* Check a grid: sizes in range, wall present, every passable cost finite and > 0.
 * Returns DMAP_OK, DMAP_ERR_ARG, DMAP_ERR_SIZE or DMAP_ERR_VALUE. */
DMAP_API int dmap_grid_check(const dmap_grid *g);

/* The index of (x, y), or -1 when it lies outside the grid. */
DMAP_API int dmap_grid_index(const dmap_grid *g, int x, int y);

/* Nonzero when cell (x, y) is inside the grid and not a wall. */
DMAP_API int dmap_grid_passable(const dmap_grid *g, int x, int y);

/* Corner rule for diagonal steps. */
typedef enum dmap_corners {
    DMAP_CORNERS_CUT = 0,   /* a diagonal step may pass walls on either side */
    DMAP_CORNERS_STRICT = 1 /* a diagonal step needs both orthogonal neighbours passable */
} dmap_corners;

/* How an agent moves: 4 or 8 neighbours; the weight of a cardinal and of a diagonal step
 * (the cost of entering cell c by a step is weight * cost[c]); the corner rule. */
typedef struct dmap_moves {
    int connectivity;     /* 4 or 8 */
    double cardinal;      /* finite, > 0 */
    double diagonal;      /* finite, > 0; ignored when connectivity is 4 */
    dmap_corners corners; /* ignored when connectivity is 4 */
} dmap_moves;

/* 4-connected, unit steps (Manhattan distance): the classic Dijkstra map's moves. */
DMAP_API dmap_moves dmap_moves_4(void);
/* 8-connected, unit cardinal and diagonal steps, corners cut (Chebyshev distance). */
DMAP_API dmap_moves dmap_moves_8(void);
/* Moving AI's octile moves: 8-connected, 1 and sqrt(2), strict corners. */
DMAP_API dmap_moves dmap_moves_octile(void);

/* DMAP_OK when the move descriptor is valid, else DMAP_ERR_ARG. */
DMAP_API int dmap_moves_check(const dmap_moves *m);

/* Directions, for moves and downhill choices. DMAP_STAY is "do not move". */
typedef enum dmap_dir {
    DMAP_STAY = 0,
    DMAP_UP, DMAP_RIGHT, DMAP_DOWN, DMAP_LEFT,                   /* cardinal: 1..4 */
    DMAP_UP_RIGHT, DMAP_DOWN_RIGHT, DMAP_DOWN_LEFT, DMAP_UP_LEFT, /* diagonal: 5..8 */
    DMAP_DIR_COUNT
} dmap_dir;

/* The column and row offsets of a direction (UP is y-1). Out-of-range d gives 0, 0. */
DMAP_API int dmap_dir_dx(dmap_dir d);
DMAP_API int dmap_dir_dy(dmap_dir d);

/* The cell reached from cell `from` by direction d under the move rules: the index, or -1 when
 * the step leaves the grid, enters a wall, is diagonal under 4-connectivity or breaks the
 * corner rule, and when g, m, from or d are invalid. DMAP_STAY gives `from` itself (when it
 * is a passable cell). */
DMAP_API int dmap_step(const dmap_grid *g, const dmap_moves *m, int from, dmap_dir d);

/* ------------------------------------------------------------------------------------------
 * Map files
 *
 * Readers parse a whole text held in memory (len bytes; it need not end in NUL), allocate the
 * grid (free it with dmap_grid_free) and on failure return DMAP_ERR_FORMAT (or SIZE/NOMEM;
 * ARG for NULL pointers) with diag telling the 1-based line and the reason; after a failure
 * the grid is zeroed (dmap_grid_free on it is harmless) and nothing is left allocated.
 * dmap_read_file loads a file for them.
 * ---------------------------------------------------------------------------------------- */

/* Plain text map: one row per line (LF or CRLF), all rows the same length, '#' a wall, any
 * other printable character floor (a space too). Empty lines at the end are ignored. When
 * chars is not NULL it receives a malloc'ed copy of the W*H map characters (free() it; it
 * has no terminating NUL), so callers can find goal or agent markers. Rejects: empty input,
 * NUL or control bytes, ragged rows. */
DMAP_API int dmap_parse_text_map(const char *text, size_t len, dmap_grid *g, char **chars,
                                 dmap_diag *diag);

/* Moving AI .map: "type octile", "height H", "width W", "map", then H rows of W characters.
 * Passable: '.', 'G', 'S'; blocked: '@', 'O', 'T', 'W'. When chars is not NULL it receives a
 * malloc'ed copy of the W*H map characters, as dmap_parse_text_map gives (free() it; no NUL),
 * so callers can tell trees from walls or find 'G'/'S' markers. Rejects unknown headers,
 * unknown characters, ragged or missing rows, and sizes out of range. */
DMAP_API int dmap_parse_movingai_map(const char *text, size_t len, dmap_grid *g, char **chars,
                                     dmap_diag *diag);

/* Either map format: a Moving AI map when the text starts with "type" and a space or tab,
 * else a plain text map. Same contract as the two readers above. */
DMAP_API int dmap_parse_map(const char *text, size_t len, dmap_grid *g, char **chars,
                            dmap_diag *diag);

/* Write a grid as a plain text map that dmap_parse_text_map reads back to the same walls:
 * '#' for walls, and for floor chars[i] when chars is given (a character that would not
 * read back as floor — '#', a control byte, a byte >= 0x7f — is written as '.'), else '.'.
 * Lines end in '\n'. *text gets a malloc'ed, NUL-terminated text (free() it), *len (may be
 * NULL) its length. Costs are not written. Errors: DMAP_ERR_ARG, DMAP_ERR_SIZE,
 * DMAP_ERR_NOMEM. O(N). */
DMAP_API int dmap_format_text_map(const dmap_grid *g, const char *chars, char **text,
                                  size_t *len);

/* One Moving AI scenario query. */
typedef struct dmap_scen_query {
    int bucket;
    int map_w, map_h;
    int start_x, start_y, goal_x, goal_y;
    double optimal;
    int line; /* the query's line in the file */
} dmap_scen_query;

/* Moving AI .map.scen ("version 1", then one query per line; blank lines ignored). *queries
 * receives a malloc'ed array (free() it) of *count queries. The map name column is skipped.
 * On failure *queries is NULL and *count 0. */
DMAP_API int dmap_parse_scen(const char *text, size_t len, dmap_scen_query **queries, size_t *count,
                             dmap_diag *diag);

/* Read a whole file ("-" reads standard input) into a malloc'ed buffer (free() it), with a
 * NUL after the last byte. Files larger than 1 GiB are refused (DMAP_ERR_IO).
 * Errors: DMAP_ERR_ARG, DMAP_ERR_IO (diag says why, with the system's reason), DMAP_ERR_NOMEM. */
DMAP_API int dmap_read_file(const char *path, char **text, size_t *len, dmap_diag *diag);

/* ------------------------------------------------------------------------------------------
 * Values maps as text
 *
 * A values map (W*H doubles over a grid) is written and read as CSV: H lines of W
 * comma-separated fields, each '#' (a wall) or a number. Numbers are written exactly (the
 * shortest of %.15g, %.16g, %.17g that reads back to the same double), "inf" and "-inf" for
 * the infinities, "0" for negative zero; so writing and reading back gives the same walls
 * and the same doubles. The reader accepts the same, with spaces around fields, LF or CRLF,
 * empty lines at the end; it refuses NaN, other spellings of infinity, hex floats, ragged
 * rows and empty fields.
 * ---------------------------------------------------------------------------------------- */

/* How dmap_format_values writes a map. */
typedef enum dmap_values_format {
    DMAP_VALUES_CSV = 0,   /* exact CSV as above */
    DMAP_VALUES_GRID = 1,  /* for people: aligned columns, numbers like %.6g ("inf" for
                              +INFINITY), '#' walls; not meant to be read back */
    DMAP_VALUES_DIGITS = 2 /* one character per cell, '#' walls, '0'..'9': only when every
                              passable value is an integer 0..9, else DMAP_ERR_VALUE */
} dmap_values_format;

/* Write values (W*H; walls from g, their values ignored) as text: *text gets a malloc'ed,
 * NUL-terminated text (free() it), *len (may be NULL) its length. NaN values are refused
 * (DMAP_ERR_VALUE), and DIGITS refuses any value that is not a digit; diag (may be NULL) then
 * names the cell ("line" is its row + 1). Errors: DMAP_ERR_ARG (NULLs, unknown format),
 * DMAP_ERR_SIZE, DMAP_ERR_VALUE, DMAP_ERR_NOMEM; *text is NULL after an error. O(N). */
DMAP_API int dmap_format_values(const dmap_grid *g, const double *values, dmap_values_format fmt,
                                char **text, size_t *len, dmap_diag *diag);

/* Read a CSV values map (as written by dmap_format_values): *g gets a grid of the CSV's size
 * whose walls are the '#' fields, unit costs (free with dmap_grid_free), *values a malloc'ed
 * W*H array (free() it; walls hold 0). Errors: DMAP_ERR_FORMAT with diag (line and reason),
 * DMAP_ERR_SIZE (more than DMAP_MAX_CELLS cells), DMAP_ERR_ARG, DMAP_ERR_NOMEM; after an error
 * *g is zeroed and *values NULL. O(len). */
DMAP_API int dmap_parse_values_csv(const char *text, size_t len, dmap_grid *g, double **values,
                                   dmap_diag *diag);

/* ------------------------------------------------------------------------------------------
 * The Dijkstra-map scan
 *
 * Given a values array seeded with reals (goals at their goal value — negative and
 * fractional allowed — other cells at a default that acts as a ceiling, or +INFINITY for no
 * ceiling), the scan computes in
 * place the fixed point of the classic rule "while a passable cell c has a passable neighbour
 * n with v(n) + step(n->c) < v(c), lower v(c) to that", which is
 *     v(c) = min( v0(c), min over passable s of v0(s) + dist(s, c) ).
 * Walls keep whatever value they hold. Rescanning a transformed map (the flee trick) is the
 * same call. The engine is exact (label-setting; dmap_field's 8-connected maps on grids with
 * few walls by raster sweeps that prove the same fixed point): when every input is an
 * integer, results equal the sweep loop's bit for bit.
 * ---------------------------------------------------------------------------------------- */

/* Scratch memory reused across scans (and the toolkit's searches), so that a bot's tick does
 * no allocation in steady state. One workspace serves one thread at a time. */
typedef struct dmap_workspace dmap_workspace;

/* A new empty workspace (it grows on first use) in *out (free with dmap_workspace_free).
 * Errors: DMAP_ERR_ARG (out NULL), DMAP_ERR_NOMEM (*out is then NULL). */
DMAP_API int dmap_workspace_new(dmap_workspace **out);
/* Free a workspace and everything it holds. NULL is fine. */
DMAP_API void dmap_workspace_free(dmap_workspace *ws);
/* Bytes the workspace holds now (for memory budgets and tests). */
DMAP_API size_t dmap_workspace_bytes(const dmap_workspace *ws);

/* Scan values (W*H doubles) in place to the fixed point above. A passable cell may hold
 * +INFINITY: it has no start value of its own and keeps +INFINITY only when nothing reaches
 * it. ws may be NULL (a temporary workspace is made and freed). Cost: O(N + S log S) for S
 * seeded cells when the grid has unit costs or only a few distinct costs (FIFO merge);
 * O(N log N) otherwise (heap).
 * Errors: DMAP_ERR_ARG (NULLs, invalid moves), DMAP_ERR_SIZE, DMAP_ERR_VALUE (a passable cell
 * holds NaN or -INFINITY, a cost is not finite and > 0, or a step weight times a cost is not
 * a finite number > 0), DMAP_ERR_NOMEM. On error values are unchanged. */
DMAP_API int dmap_scan(const dmap_grid *g, const dmap_moves *m, double *values, dmap_workspace *ws);

/* Set every cell (walls included) of values to v (finite, or +INFINITY for no ceiling).
 * Errors: ARG, VALUE (v NaN or -INFINITY). */
DMAP_API int dmap_fill(const dmap_grid *g, double *values, double v);

/* A goal: cell (x, y) seeded with value. */
typedef struct dmap_goal {
    int x, y;
    double value;
} dmap_goal;

/* Seed one goal: values[index(x, y)] = min(current, value). Errors: RANGE (outside the grid),
 * WALL (on a wall), VALUE (value not finite), ARG. */
DMAP_API int dmap_set_goal(const dmap_grid *g, double *values, dmap_goal goal);

/* No ceiling: pass it as dmap_field's dflt (or to dmap_fill) for plain distances. Cells that
 * no goal reaches then hold +INFINITY ("unreachable"), and every finite goal counts. Use it
 * unless you want far cells to look alike: a ceiling flattens everything beyond it. */
#define DMAP_NO_CEILING INFINITY

/* The classic roguelike ceiling of 100, for small maps where every useful distance is below
 * 100 and "far" may all look the same. On larger maps it makes every cell farther than 100
 * from the goals a flat plateau where rolling downhill stops at once: prefer DMAP_NO_CEILING. */
#define DMAP_DEFAULT_CEILING 100.0

/* Build a Dijkstra map from scratch: fill with dflt, seed the goals, scan. ws may be NULL.
 * dflt is a ceiling: cells farther than dflt - goal value from every goal keep dflt, and walls
 * get dflt. Pass DMAP_NO_CEILING for plain distances (+INFINITY where no goal reaches).
 * Every goal must lie strictly below the ceiling (value < dflt): a goal at or above it would
 * change nothing, so it is reported as DMAP_ERR_CEILING rather than silently ignored.
 * Several goals on one cell keep the lowest value. ngoals may be 0 (every cell dflt).
 * Errors: DMAP_ERR_ARG (NULLs, invalid moves), DMAP_ERR_SIZE, DMAP_ERR_VALUE (dflt NaN or
 * -INFINITY, a goal value not finite, bad costs), DMAP_ERR_RANGE / DMAP_ERR_WALL (a goal
 * outside the grid / on a wall), DMAP_ERR_CEILING, DMAP_ERR_NOMEM. values are unchanged after
 * an error (everything is checked before anything is written), except DMAP_ERR_NOMEM.
 * Cost: as dmap_scan. Unit steps without costs and integer goals within +-2^29 — the commonest
 * map — run faster with the same bits: on boards up to 64x64 on the small-board engine (one
 * machine word per row, a whole level at a time; with AVX-512, or for 8-connected moves), else
 * on int32 (about the speed of a plain int32 BFS). */
DMAP_API int dmap_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                        size_t ngoals, double dflt, double *values, dmap_workspace *ws);

/* ------------------------------------------------------------------------------------------
 * Seeded randomness (the only randomness in dmap: same seed, same result)
 * ---------------------------------------------------------------------------------------- */

typedef struct dmap_rng {
    uint64_t state;
} dmap_rng;

/* Seed a generator (any 64-bit value, 0 included). */
DMAP_API void dmap_rng_seed(dmap_rng *r, uint64_t seed);
/* The next 32 random bits. */
DMAP_API uint32_t dmap_rng_next(dmap_rng *r);
/* A uniform integer in [0, n) without modulo bias; 0 when n is 0. */
DMAP_API uint32_t dmap_rng_below(dmap_rng *r, uint32_t n);
/* A uniform double in [0, 1). */
DMAP_API double dmap_rng_unit(dmap_rng *r);

/* ------------------------------------------------------------------------------------------
 * The toolkit: map algebra, flee maps, rolling downhill, reachability
 * ---------------------------------------------------------------------------------------- */

/* ---- Map algebra (algebra.c) ----------------------------------------------------------------
 * Element-wise operations on maps of one grid. Common rules:
 *   - Only passable cells are computed. Wall cells of dst keep whatever dst held (so a wall
 *     keeps its value when dst is one of the inputs): they are neither read nor written.
 *   - dst may be the same array as any input (in place); inputs may repeat. Partially
 *     overlapping arrays (dst = a + 3) are not supported.
 *   - Coefficients and bounds must be finite (else DMAP_ERR_VALUE). Map values are not
 *     checked: they follow IEEE arithmetic, so infinite inputs (unreached cells of a map
 *     without ceiling) stay infinite, an overflowing sum gives an infinity, and inf - inf or
 *     inf * 0 gives NaN. dmap_scan accepts +inf (no start value) and rejects NaN and -inf.
 *   - Errors: DMAP_ERR_ARG (NULL grid/array, nmaps 0), DMAP_ERR_SIZE (bad grid size),
 *     DMAP_ERR_VALUE. On error dst is unchanged. Cost: O(N) per input map, no allocation. */

/* dst = a + b. */
DMAP_API int dmap_add(const dmap_grid *g, const double *a, const double *b, double *dst);

/* dst = factor * src. */
DMAP_API int dmap_scale(const dmap_grid *g, const double *src, double factor, double *dst);

/* dst = sum over k < nmaps of weights[k] * maps[k] — the "desire-driven" combination of
 * many maps. The sum is accumulated in index order k = 0, 1, ... for every cell. Bound by
 * memory bandwidth: it runs near the speed of merely reading the inputs (eight maps per pass,
 * cache-sized chunks beyond eight). No allocation. */
DMAP_API int dmap_weighted_sum(const dmap_grid *g, const double *const *maps, const double *weights,
                               size_t nmaps, double *dst);

/* dst = min(a, b) and dst = max(a, b), element-wise (for NaN the result is unspecified). */
DMAP_API int dmap_min(const dmap_grid *g, const double *a, const double *b, double *dst);
DMAP_API int dmap_max(const dmap_grid *g, const double *a, const double *b, double *dst);

/* dst = src clamped to [lo, hi]. lo <= hi, both finite, else DMAP_ERR_VALUE. */
DMAP_API int dmap_clamp(const dmap_grid *g, const double *src, double lo, double hi, double *dst);

/* ---- Flee maps (flee.c) ---------------------------------------------------------------------- */

/* The usual flee factor: multiply a "towards" map by it, then rescan (-1.2: a little more
 * than -1, so that an escape route through open space beats a dead end of equal distance). */
#define DMAP_FLEE_FACTOR (-1.2)

/* Flee map: dst = factor * src on passable cells, then dmap_scan(dst). Rolling down the
 * result leads away from src's goals, but — unlike the plain negation — out of dead ends
 * towards open regions, because the rescan lets far, open cells pull on nearer ones.
 * src is usually a Dijkstra map of the threats built with DMAP_NO_CEILING (a ceiling makes
 * every cell beyond it look alike). A src value of +INFINITY (no threat reaches the cell)
 * stays +INFINITY before the rescan: such cells share no path with the threats, and the
 * rescan leaves them +INFINITY unless a finite cell reaches them. dst may equal src. Wall
 * cells of dst are not written. factor must be finite and < 0 (use DMAP_FLEE_FACTOR). ws may
 * be NULL. Errors: DMAP_ERR_ARG (NULLs, bad moves, factor >= 0), DMAP_ERR_SIZE, DMAP_ERR_VALUE
 * (factor not finite, a passable src value NaN or -INFINITY, a finite product overflowing to
 * an infinity), DMAP_ERR_NOMEM; dst
 * is unchanged after any error but DMAP_ERR_NOMEM (then unspecified). Cost: O(N) plus one
 * dmap_scan. */
DMAP_API int dmap_flee(const dmap_grid *g, const dmap_moves *m, const double *src, double factor,
                       double *dst, dmap_workspace *ws);

/* ---- Rolling downhill (downhill.c) ------------------------------------------------------------ */

/* The best options from a cell: bit d (1u << d) is set for every direction d (DMAP_STAY
 * included) whose value is the smallest among the options, compared exactly. The options are
 * DMAP_STAY and every direction with dmap_step(g, m, cell, d) >= 0 whose target is not
 * blocked (blocked: optional W*H bytes, nonzero = never chosen, e.g. an opponent; blocked[cell]
 * itself is ignored: staying is always an option). Neighbours holding NaN are never chosen.
 * Result is never 0 on success. Errors: DMAP_ERR_ARG (NULLs, bad moves), DMAP_ERR_SIZE,
 * DMAP_ERR_RANGE (cell outside), DMAP_ERR_WALL (cell is a wall), DMAP_ERR_VALUE (values[cell]
 * is NaN). Cost: O(1). */
DMAP_API int dmap_downhill_options(const dmap_grid *g, const dmap_moves *m, const double *values,
                                   int cell, const unsigned char *blocked, unsigned *options);

/* Pick one direction uniformly at random among the set bits of options (bits 0..8, as from
 * dmap_downhill_options) using rng. Errors: DMAP_ERR_ARG (rng or dir NULL, options 0 or with
 * bits at DMAP_DIR_COUNT or above). Makes one dmap_rng_below call (none when one bit is set). */
DMAP_API int dmap_pick_option(unsigned options, dmap_rng *rng, dmap_dir *dir);

/* Roll downhill from cell `from`: repeatedly take a best option until DMAP_STAY is among the
 * best ones (a local minimum, or every strictly lower neighbour blocked). Each step therefore
 * goes to a strictly lower value and the walk ends. Ties between moves are broken by rng
 * (dmap_pick_option), or by the lowest dmap_dir when rng is NULL. path receives the cells
 * visited, start and end included (*len of them; a cell already at a minimum gives *len 1).
 * When cap < the length, the first cap cells are written, *len is set to the full length
 * and DMAP_ERR_LIMIT is returned (the rng has then advanced as in a complete walk: reseed to
 * repeat it). path may be NULL when cap is 0. Errors: as dmap_downhill_options, plus
 * DMAP_ERR_LIMIT. Cost: O(length). */
DMAP_API int dmap_downhill_path(const dmap_grid *g, const dmap_moves *m, const double *values, int from,
                                const unsigned char *blocked, dmap_rng *rng, int *path, size_t cap,
                                size_t *len);

/* ---- Reachability by breadth-first search (reach.c) ------------------------------------------
 * These count steps, not weights: every move allowed by the move rules (4/8-connectivity, the
 * corner rule, walls; step weights and cell costs ignored) is one step. Neighbours are visited
 * in dmap_dir order, so results are deterministic. ws may be NULL (a temporary workspace is
 * made); with a workspace, steady-state calls do not allocate (its search buffers).
 * Game boards are searched a whole level at a time on bits instead, unless dmap_bfs is asked
 * for parents: boards up to 64x64 on the small-board engine (one machine word per row; with
 * AVX-512, for 8-connected moves, or above 1024 cells), small 4-connected grids (up to 1024
 * cells) on bitsets of the whole grid. Same results, no workspace used and no allocation even
 * with ws NULL, several times faster.
 * Common errors: DMAP_ERR_ARG (NULLs, bad moves), DMAP_ERR_SIZE, DMAP_ERR_RANGE (a cell
 * outside the grid), DMAP_ERR_WALL (a start cell on a wall), DMAP_ERR_NOMEM. */

/* *reachable = 1 when `to` can be reached from `from`, else 0 (also when `to` is a wall).
 * from == to gives 1. Stops as soon as `to` is found. Cost: O(cells visited), plus an O(N)
 * sequential copy of the walls into a padded scratch grid. */
DMAP_API int dmap_can_move_to(const dmap_grid *g, const dmap_moves *m, int from, int to, int *reachable,
                              dmap_workspace *ws);

/* The set of cells reachable from `from`: reached (W*H bytes, caller-owned) gets 1 for each
 * reachable cell (from included) and 0 elsewhere; *count (may be NULL) the number of 1s.
 * Cost: O(N). */
DMAP_API int dmap_reachable(const dmap_grid *g, const dmap_moves *m, int from, unsigned char *reached,
                            size_t *count, dmap_workspace *ws);

/* Multi-source BFS: depth (W*H ints, caller-owned) gets the number of steps from the nearest
 * source (0 at sources; duplicates allowed), or -1 for cells unreachable or deeper than
 * max_depth (max_depth < 0: no limit). parent (W*H ints, may be NULL) gets for each reached
 * non-source cell the cell it was first reached from, -1 elsewhere: a shortest-path tree
 * (read paths out with dmap_bfs_path). nsources may be 0 (all -1). Cost: O(N). */
DMAP_API int dmap_bfs(const dmap_grid *g, const dmap_moves *m, const int *sources, size_t nsources,
                      int max_depth, int *depth, int *parent, dmap_workspace *ws);

/* Path readers are named after the tree they read: dmap_bfs_path reads dmap_bfs's depths
 * and parents, dmap_parent_path the parents and arrival times of dmap_safe_walk and
 * dmap_layered_search, dmap_table_path a distance table. Two parent-tree readers, because a
 * parent array alone cannot tell an unreached node from a root (both hold -1): each reader
 * takes the array that can (a depth of -1, an arrival of +INFINITY), and the depths also give
 * the path's length before it is read.
 *
 * The path from the tree's root to `to`, read from dmap_bfs's depth and parent arrays: path
 * gets depth[to] + 1 cells, root first and `to` last, and *len that count. An unreached
 * `to` (depth -1) gives *len 0 and DMAP_OK. When cap is too small nothing is written, *len is
 * set to the needed length and DMAP_ERR_LIMIT returned. Errors: DMAP_ERR_ARG (NULLs, or
 * arrays that are not a consistent tree: the whole chain is checked before anything is
 * written), DMAP_ERR_RANGE, DMAP_ERR_LIMIT. Cost: O(length). */
DMAP_API int dmap_bfs_path(const dmap_grid *g, const int *depth, const int *parent, int to,
                           int *path, size_t cap, size_t *len);

/* ------------------------------------------------------------------------------------------
 * The toolkit: dead-end burying, threat and timing maps, the safe walk,
 * state-layered search, move choice
 * ---------------------------------------------------------------------------------------- */

/* ---- Dead-end burying (bury.c) ---------------------------------------------------------------
 * Fill the dead ends of a grid with walls so that a fleeing agent never runs into one. A free
 * cell becomes a wall when, with U/R/D/L meaning "that orthogonal neighbour is a wall":
 *   - 3 or 4 of U, R, D, L hold; or
 *   - U+R hold and the down-left diagonal is not a wall; U+L and not down-right;
 *     D+L and not up-right; D+R and not up-left.
 * Opposite pairs (U+D, L+R) alone never fill. The rule is not confluent, so the order is part
 * of the contract: cells are scanned row by row, left to right; when a cell fills, its
 * neighbours are re-checked at once, depth-first, in the order down, up, right, left (each
 * re-check that fills recurses the same way); then the scan goes on. (Implemented with an
 * explicit stack in exactly that visiting order: no C recursion, any grid size.) */

/* Flags of dmap_bury_dead_ends. */
#define DMAP_BURY_EDGE_WALL 1u /* cells outside the grid count as walls (default: they never do,
                                  so dead ends formed by the board edge stay open) */

/* Bury the dead ends of g in place: g->wall[i] becomes 1 for every buried cell (costs are
 * ignored and untouched). protect: nprotect cell indices (agents) that are never filled
 * (may be NULL when nprotect is 0; a protected wall stays a wall). buried (may be NULL): W*H
 * bytes, set to 1 for cells buried by this call and 0 elsewhere. *nburied (may be NULL): how
 * many cells were buried. ws may be NULL (temporary workspace); with one, steady-state calls
 * do not allocate ((W+2)*(H+2) bytes + 4 bytes per cell).
 * Burying a buried grid again buries nothing. Errors: DMAP_ERR_ARG (g or g->wall NULL,
 * protect NULL with nprotect > 0, unknown flags), DMAP_ERR_SIZE, DMAP_ERR_RANGE (a protected
 * index outside the grid), DMAP_ERR_NOMEM; g is unchanged after an error.
 * Cost: O(N) time (each cell is checked once by the scan and at most 4 more times, once per
 * neighbour that fills). */
DMAP_API int dmap_bury_dead_ends(dmap_grid *g, const int *protect, size_t nprotect, unsigned flags,
                                 unsigned char *buried, size_t *nburied, dmap_workspace *ws);

/* ---- Threat maps, timing maps and the safe walk (threat.c, safewalk.c) ------------------------
 * Times are doubles; +INFINITY means "never". A threat map holds, for each cell, when one
 * enemy can be there at the earliest; a timing map is the element-wise minimum over enemies;
 * the safe walk finds where I can go, arriving strictly before danger does. These searches
 * use one start cell and the grid's move rules and costs (entering cell c by a step costs
 * weight * cost[c], as in dmap_scan). With unit costs (g->cost NULL) they run on FIFO queues
 * in O(N); with many distinct costs on a binary heap in O(N log N). They are the scan engine
 * itself run as a search from one cell (a deadline is a ceiling the scan already respects),
 * so they cost about one dmap_scan. ws may be NULL; with one, steady-state calls do not
 * allocate. */

/* Threat of one enemy standing on cell `from`: threat[c] = delay + dist(from, c) for every
 * cell with dist(from, c) <= cutoff, and +INFINITY for cells farther than cutoff, unreachable
 * cells and walls. delay is the spawn delay (finite, >= 0; 0 for an active enemy); cutoff is a
 * distance (before the delay is added), >= 0, +INFINITY for none. The search stops at the
 * cutoff, so a short cutoff is cheap besides the O(N) initialisation of threat.
 * Errors: DMAP_ERR_ARG (NULLs, bad moves), DMAP_ERR_SIZE, DMAP_ERR_VALUE (bad costs; delay
 * not finite or < 0; cutoff NaN or < 0), DMAP_ERR_RANGE (from outside), DMAP_ERR_WALL (from
 * on a wall), DMAP_ERR_NOMEM. threat is unspecified after an error. */
DMAP_API int dmap_threat_map(const dmap_grid *g, const dmap_moves *m, int from, double delay,
                             double cutoff, double *threat, dmap_workspace *ws);

/* One enemy for a timing map: its cell, spawn delay and cutoff (as in dmap_threat_map).
 * Mind the cutoff: 0 limits the threat to the enemy's own cell; use INFINITY for none. */
typedef struct dmap_enemy {
    int cell;
    double delay;
    double cutoff;
} dmap_enemy;

/* Timing map: timing[c] = min over the n enemies of their threat maps (+INFINITY everywhere
 * when n is 0, and on walls). Errors: as dmap_threat_map (enemies NULL with n > 0 is
 * DMAP_ERR_ARG). Cost: n threat maps; one extra W*H doubles of workspace. */
DMAP_API int dmap_timing_map(const dmap_grid *g, const dmap_moves *m, const dmap_enemy *enemies,
                             size_t n, double *timing, dmap_workspace *ws);

/* Safe walk: earliest arrival times from cell `start` (left at time start_time) where a cell
 * c may be entered at time t only when t < timing[c] (strictly: arriving when the enemy
 * arrives is not safe). Walking never waits (waiting cannot make an arrival earlier).
 * arrival (W*H doubles, caller-owned) gets each safely reachable cell's earliest arrival
 * time and +INFINITY for unsafe, unreachable and wall cells; arrival[start] = start_time
 * always (you are there; check timing[start] > start_time yourself if it matters).
 * parent (W*H ints, may be NULL) gets the cell each reached cell is entered from (-1 for the
 * start and unreached cells): a tree of safe shortest paths, read out with dmap_parent_path.
 * timing values may be +INFINITY; *nsafe (may be NULL) gets the number of reached cells.
 * Errors: DMAP_ERR_ARG (NULLs, bad moves), DMAP_ERR_SIZE, DMAP_ERR_VALUE (bad costs,
 * start_time not finite, a passable timing value NaN), DMAP_ERR_RANGE, DMAP_ERR_WALL (start
 * on a wall), DMAP_ERR_NOMEM. Cost: about one dmap_scan of the same grid, O(N) for unit
 * costs; the workspace holds about 13 bytes per cell (17 with parents). */
DMAP_API int dmap_safe_walk(const dmap_grid *g, const dmap_moves *m, const double *timing, int start,
                            double start_time, double *arrival, int *parent, size_t *nsafe,
                            dmap_workspace *ws);

/* The path from the root of a parent tree to node `to` (for dmap_safe_walk and
 * dmap_layered_search): path gets the nodes root first, `to` last, and *len their count.
 * A node whose arrival is +INFINITY is unreached: *len 0 and DMAP_OK. When cap is too small
 * nothing is written, *len gets the needed length and DMAP_ERR_LIMIT is returned (path may be
 * NULL when cap is 0). Errors: DMAP_ERR_ARG (NULLs, a parent outside [0, nnodes) or a cycle;
 * checked before anything is written), DMAP_ERR_VALUE (arrival[to] NaN), DMAP_ERR_RANGE (to
 * outside), DMAP_ERR_LIMIT. Cost: O(length). */
DMAP_API int dmap_parent_path(const int *parent, const double *arrival, size_t nnodes, int to, int *path,
                              size_t cap, size_t *len);

/* ---- State-layered search (layered.c) ----------------------------------------------------------
 * Dijkstra over nodes (cell, state) for ncells cells and nstates states: node index
 * state * ncells + cell, so layer s of the result is arrival + s * ncells. A caller callback
 * lists the transitions out of a node; durations are finite and >= 0 (0 allowed, e.g. an
 * instant state change). Several sources may start at different times. */

/* One transition out of a node: to (cell, state) after duration time units. */
typedef struct dmap_transition {
    int cell;
    int state;
    double duration;
} dmap_transition;

/* Lists the transitions out of (cell, state) into out[0..cap-1] and returns how many
 * (0..cap), or a negative DMAP_ERR_* code to abort the search with that code. */
typedef int (*dmap_transition_fn)(void *user, int cell, int state, dmap_transition *out,
                                  size_t cap);

/* A start node of a layered search and the time it is occupied at. */
typedef struct dmap_layer_source {
    int cell;
    int state;
    double time;
} dmap_layer_source;

/* Earliest arrival at every (cell, state) node from the sources. arrival: ncells*nstates
 * doubles (caller-owned), +INFINITY for nodes not reached or later than horizon (the search
 * stops past it; +INFINITY for none). parent: the same count of ints (may be NULL): the node
 * each node was reached from, -1 for sources and unreached nodes (dmap_parent_path reads
 * paths). next is called once per settled node with room for max_transitions (>= 1)
 * transitions. Duplicate sources keep the earliest time. Errors: DMAP_ERR_ARG (NULLs,
 * ncells, nstates or max_transitions 0, max_transitions above INT_MAX, a callback returning
 * more than cap), DMAP_ERR_SIZE (ncells*nstates above DMAP_MAX_CELLS), DMAP_ERR_RANGE (a
 * source or transition cell/state outside), DMAP_ERR_VALUE (a time or duration NaN, infinite
 * or negative, horizon NaN), DMAP_ERR_NOMEM, or the callback's own negative code. Outputs unspecified on error.
 * Cost: O(V log V + E log V) for V nodes settled and E transitions listed. ws may be NULL
 * and then steady-state calls do not allocate. */
DMAP_API int dmap_layered_search(size_t ncells, size_t nstates, const dmap_layer_source *sources,
                                 size_t nsources, dmap_transition_fn next, void *user,
                                 size_t max_transitions, double horizon, double *arrival,
                                 int *parent, dmap_workspace *ws);

/* ---- Move choice helpers (choice.c) -------------------------------------------------------------
 * Candidates are ints of the caller's choosing (directions, cells, action codes). */

/* Scores one candidate for a filter (the meaning of the score depends on the filter kind). */
typedef double (*dmap_score_fn)(void *user, int candidate);

typedef enum dmap_filter_kind {
    DMAP_FILTER_KEEP_TRUE = 0, /* keep candidates scoring nonzero (NaN counts as zero) */
    DMAP_FILTER_KEEP_MAX = 1,  /* keep candidates with the largest score (exact ties; NaN never) */
    DMAP_FILTER_KEEP_MIN = 2   /* keep candidates with the smallest score (exact ties; NaN never) */
} dmap_filter_kind;

typedef struct dmap_filter {
    dmap_filter_kind kind;
    dmap_score_fn score;
    void *user;
} dmap_filter;

/* Apply a chain of filters, in order, to cands[0..*n-1], compacting the kept candidates to
 * the front in their original order and updating *n. A filter that would remove every
 * candidate has "no opinion" and removes none; so a non-empty list never becomes empty.
 * removed (may be NULL): nfilters counts, how many candidates each filter removed (0 = no
 * opinion or all kept). Each score is called exactly once per candidate still in the list.
 * Errors: DMAP_ERR_ARG (NULLs, a NULL score, unknown kind), DMAP_ERR_NOMEM (more than 64
 * candidates need a scratch allocation). Cost: O(n) calls per filter. */
DMAP_API int dmap_filter_moves(int *cands, size_t *n, const dmap_filter *filters, size_t nfilters,
                               size_t *removed);

/* Outcome of one combination for me (higher is better): my move index and the opponents'
 * move indices (opp[j] in [0, nopp_moves[j])). */
typedef double (*dmap_outcome_fn)(void *user, int my_move, const int *opp, size_t nopp);

/* Worst-case (minimax) choice over all combinations of the opponents' moves: for each of my
 * nmine moves, worst[i] = min over combinations of outcome, average[i] (may be NULL) = the
 * unweighted mean over combinations. best (nmine ints, may be NULL) gets EVERY move index whose
 * worst case is the largest (exact ties, ascending order), *nbest (may be NULL) their count
 * (>= 1).
 * nopp may be 0 (one combination, opp NULL in the callback). Combinations are enumerated
 * with the last opponent's move varying fastest. Never allocates (the opponents' move indices
 * live on the stack), so a bot may call it every tick. Errors: DMAP_ERR_ARG (NULLs, nmine 0,
 * an opponent with 0 moves, nmine or a move count above INT_MAX), DMAP_ERR_LIMIT (more than
 * DMAP_MINIMAX_MAX_OPPONENTS opponents, or more than 2^32 combinations per move),
 * DMAP_ERR_VALUE (the callback returned NaN). Cost: nmine * prod(nopp_moves) callback calls. */
#define DMAP_MINIMAX_MAX_OPPONENTS 32
DMAP_API int dmap_minimax_moves(size_t nmine, const size_t *nopp_moves, size_t nopp, dmap_outcome_fn f,
                                void *user, double *worst, double *average, int *best, size_t *nbest);

/* ------------------------------------------------------------------------------------------
 * Live maps, distance tables, map cache
 * ---------------------------------------------------------------------------------------- */

/* ---- Live maps: incremental updates (update.c) -----------------------------------------------
 * A live map keeps a Dijkstra map together with its inputs (a copy of the grid, the moves and
 * the start value of every cell) and brings the map up to date after a batch of small changes
 * instead of rescanning: a goal added, moved, revalued or removed, a cell turned to wall or
 * floor, an entry cost changed. After every batch the map equals, bit for bit, dmap_scan of
 * the new start values on the new grid (and so dmap_field for goals and a default).
 *
 * How, and what it costs: decreases spread from the changed cells like the scan; increases
 * first invalidate the cells whose value rested on the change (visited in increasing value
 * with a binary heap, a cell stays valid while a valid, strictly smaller neighbour still
 * supports it), then re-lower them from their still-valid neighbours on the scan engine
 * itself (FIFO merge for unit costs, a heap with per-cell costs or a handful of cells).
 * Cost: O(K log K) for the K cells whose value depends on the change (the "touched" count),
 * independent of the grid's size: adding or removing one wall on the Moving AI maps costs
 * 12x (a 49x49 map) to 1,200x less than a rescan (bench/bench_engine.c). A change that
 * would invalidate more than an eighth of the passable cells — removing the only goal, or
 * the only one in reach — rebuilds the map with one full scan instead (detected up front
 * from the goals and the ceiling, or during invalidation): moving a map's only goal costs
 * about 1.1-1.5 rescans, since nearly every value changes. */

typedef struct dmap_live dmap_live;

typedef enum dmap_edit_kind {
    DMAP_EDIT_WALL = 0,   /* the cell becomes a wall (its value becomes its start value) */
    DMAP_EDIT_FLOOR = 1,  /* the cell becomes passable (keeps its entry cost) */
    DMAP_EDIT_GOAL = 2,   /* the cell's start value becomes value (add, move or revalue a goal) */
    DMAP_EDIT_UNGOAL = 3, /* the cell's start value returns to the live map's default */
    DMAP_EDIT_COST = 4    /* the cell's entry cost becomes value (finite, > 0) */
} dmap_edit_kind;

/* One change of a live map's inputs, at cell (x, y). value is read by GOAL and COST only. */
typedef struct dmap_edit {
    dmap_edit_kind kind;
    int x, y;
    double value;
} dmap_edit;

/* Make a live map: copy g (walls and costs; a wall's cost is replaced by 1 when it is not
 * finite and > 0) and m, set the start values — start[i] (W*H doubles, copied) when start is
 * not NULL, else dflt everywhere — lower the goals' cells to their values (as dmap_set_goal),
 * and scan. The arguments come in dmap_field's order (grid, moves, goals, ceiling), so
 * dmap_live_new(g, m, goals, n, dflt, NULL, &lm) starts from the map dmap_field gives. dflt
 * is also the value DMAP_EDIT_UNGOAL returns a cell to; DMAP_NO_CEILING (+INFINITY) is
 * allowed, like a +INFINITY start value ("not reached"). *out gets the new
 * object (free with dmap_live_free); it owns all its memory, g may be freed afterwards.
 * Errors: DMAP_ERR_ARG (NULLs, invalid moves), DMAP_ERR_SIZE, DMAP_ERR_VALUE (dflt or a
 * passable start value NaN or -INFINITY, a goal value not finite; bad costs), DMAP_ERR_RANGE / DMAP_ERR_WALL (a goal
 * outside the grid or on a wall), DMAP_ERR_NOMEM; *out is NULL after an error.
 * Cost: one dmap_scan; memory about 31 bytes per cell (47 with costs), plus the scan
 * engine's scratch. */
DMAP_API int dmap_live_new(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                           size_t ngoals, double dflt, const double *start, dmap_live **out);

/* Free a live map. NULL is fine. */
DMAP_API void dmap_live_free(dmap_live *lm);

/* Apply nedits edits in order (a later edit of a cell overrides an earlier one) and update
 * the map. *touched (may be NULL) gets the number of distinct cells whose value was
 * recomputed. The batch is checked first: on DMAP_ERR_RANGE (a cell outside the grid),
 * DMAP_ERR_VALUE (a GOAL value not finite, a COST not finite and > 0) or DMAP_ERR_ARG (an
 * unknown kind, edits NULL with nedits > 0) nothing changes. On DMAP_ERR_NOMEM nothing changes
 * either: the batch is undone and the map and its inputs are exactly as before the call. Goals may be set on walls
 * (the start value waits there until the cell becomes floor). Cost: see above; a batch costs
 * about what its edits cost one by one, or less when their regions overlap. */
DMAP_API int dmap_live_apply(dmap_live *lm, const dmap_edit *edits, size_t nedits, size_t *touched);

/* The current map (W*H doubles, walls at their start value), owned by lm and valid until the
 * next apply or free. Its grid (walls and costs as edited) and its start values likewise.
 * NULL when lm is NULL. */
DMAP_API const double *dmap_live_values(const dmap_live *lm);
DMAP_API const dmap_grid *dmap_live_grid(const dmap_live *lm);
DMAP_API const double *dmap_live_start(const dmap_live *lm);

/* ---- Distance tables (table.c) ----------------------------------------------------------------
 * For a small grid, the step distance (the number of moves, whatever the weights) between
 * every pair of passable cells, 16 bits per pair: the Kutulu post-mortem's "walking distance
 * from each cell to each other cell", computed once per map. The moves' connectivity and
 * corner rule decide which steps exist; their weights are ignored. Steps are undirected, so
 * dist(a, b) == dist(b, a). Limit: DMAP_TABLE_MAX_CELLS passable cells (the table then takes
 * 2 * 8192^2 bytes = 128 MiB); a 24x20 Kutulu maze (at most 480 cells) takes under 0.5 MiB. */

#define DMAP_TABLE_MAX_CELLS 8192
#define DMAP_TABLE_UNREACHABLE 0xFFFF

typedef struct dmap_table dmap_table;

/* Build the table of grid g under move rule m (copied; g may change or be freed afterwards).
 * *out gets the table (dmap_table_free). Errors: DMAP_ERR_ARG (NULLs, bad moves),
 * DMAP_ERR_SIZE, DMAP_ERR_VALUE (bad costs), DMAP_ERR_LIMIT (more than DMAP_TABLE_MAX_CELLS
 * passable cells), DMAP_ERR_NOMEM; *out is NULL after an error. Cost: one breadth-first
 * search per passable cell, 64 at a time bit-parallel (a level of 64 searches is one pass over
 * the cells near their frontier, E word reads per cell); each group of 64 fills only the rows
 * from its own cells on and stops when they are complete, the other half of the table being
 * its mirror image: at most O(P/64 * D * P * E) word operations for P passable cells, E = 4 or
 * 8 neighbours and D the largest distance, plus writing the P^2 entries; memory
 * 2*P^2 + 36*P + 4*W*H bytes, and (24 + 4*E)*P bytes of scratch while building. */
DMAP_API int dmap_table_new(const dmap_grid *g, const dmap_moves *m, dmap_table **out);

/* Free a table. NULL is fine. */
DMAP_API void dmap_table_free(dmap_table *t);

/* The step distance from cell `from` to cell `to` (indices y*W + x): >= 0, or -1 when either
 * is a wall or outside the grid or `to` cannot be reached. O(1): two index reads and one
 * table read. */
DMAP_API int dmap_table_dist(const dmap_table *t, int from, int to);

/* The nearest of n cells (cells[k] indices) from cell `from`: the index k of the first one at
 * the smallest distance, or -1 when none is reachable (walls and cells outside are skipped;
 * t NULL or cells NULL with n > 0 give -1). *dist (may be NULL) gets that distance or -1. O(n). */
DMAP_API int dmap_table_nearest(const dmap_table *t, int from, const int *cells, size_t n, int *dist);

/* A shortest path from `from` to `to` read from the table: path gets the cells `from` first,
 * `to` last (at each step the first neighbour, in the order of dmap_dir, that is one step
 * closer), *len their count; *len 0 and DMAP_OK when `to` cannot be reached. When cap is too
 * small nothing is written, *len gets the needed length and DMAP_ERR_LIMIT is returned.
 * Errors: DMAP_ERR_ARG (NULLs), DMAP_ERR_RANGE (a cell outside), DMAP_ERR_WALL (on a wall),
 * DMAP_ERR_LIMIT. Cost: O(length * E). */
DMAP_API int dmap_table_path(const dmap_table *t, int from, int to, int *path, size_t cap, size_t *len);

/* The number of passable cells of the table's grid, and the bytes the table holds. */
DMAP_API size_t dmap_table_passable(const dmap_table *t);
DMAP_API size_t dmap_table_bytes(const dmap_table *t);

/* ---- Map cache (mapcache.c) ------------------------------------------------------------------
 * Brogue's pattern: keep up to K distance maps, one per goal cell (value 0, every other cell
 * starting at a default ceiling), and refresh them lazily. Grid edits are logged; a kept map
 * replays the edits it missed, incrementally (live maps, above), only when it is asked for.
 * When all K slots are full, asking for a new goal evicts the least recently used map. */

typedef struct dmap_cache dmap_cache;

/* Counters of a cache: gets answered from a kept map, gets that built a map, gets that first
 * brought a kept map up to date (and the cells those updates touched), maps evicted. */
typedef struct dmap_cache_counters {
    size_t hits, misses, updates, cells_updated, evictions;
} dmap_cache_counters;

/* A cache of at most capacity (1 .. 2^20) maps on a copy of g under moves m; dflt is the
 * ceiling of every map (DMAP_NO_CEILING for plain distances). *out gets it (dmap_cache_free).
 * Errors: DMAP_ERR_ARG (NULLs, bad moves, capacity out of range), DMAP_ERR_SIZE,
 * DMAP_ERR_VALUE (dflt NaN or -INFINITY, bad costs), DMAP_ERR_NOMEM. Keeps no map yet: O(N). */
DMAP_API int dmap_cache_new(const dmap_grid *g, const dmap_moves *m, double dflt, size_t capacity,
                            dmap_cache **out);

/* Free a cache and every map it keeps. NULL is fine. */
DMAP_API void dmap_cache_free(dmap_cache *c);

/* The map of goal cell `goal` (index y*W + x) on the current grid: *map points to W*H doubles
 * owned by the cache, valid until the next dmap_cache_get or dmap_cache_edit on c (or the
 * free). A kept map is returned at once (after replaying missed edits: O(cells that depend
 * on them)); otherwise it is built (one scan; the least recently used map is evicted when
 * the cache is full). Errors: DMAP_ERR_ARG (NULLs), DMAP_ERR_RANGE (goal outside),
 * DMAP_ERR_WALL (goal on a wall now), DMAP_ERR_NOMEM; *map is NULL after an error. */
DMAP_API int dmap_cache_get(dmap_cache *c, int goal, const double **map);

/* Change the cache's grid with WALL, FLOOR and COST edits (see dmap_edit; GOAL and UNGOAL are
 * DMAP_ERR_ARG: maps are keyed by their goal). Kept maps are not touched now; each catches up
 * when next asked for. The batch is checked first (DMAP_ERR_ARG, DMAP_ERR_RANGE,
 * DMAP_ERR_VALUE: nothing changes). More than 65,536 edits pending evicts the maps instead.
 * Cost: O(nedits). */
DMAP_API int dmap_cache_edit(dmap_cache *c, const dmap_edit *edits, size_t nedits);

/* The cache's counters (zeros when c is NULL), and its current grid (NULL when c is NULL). */
DMAP_API void dmap_cache_stats(const dmap_cache *c, dmap_cache_counters *counters);
DMAP_API const dmap_grid *dmap_cache_grid(const dmap_cache *c);

/* === end of live maps, distance tables, map cache ========================================== */

/* ------------------------------------------------------------------------------------------
 * Batches of small boards
 *
 * One call computes the maps of N boards of one size: an RL batch of observations, a bot's
 * lookahead over many candidate boards. The walls come stacked (board b's cell i is byte
 * b*W*H + i), the outputs too, in the element type the caller picks (int8, int16, int32,
 * float, double; a batch of many boards spends much of its time writing, and int8 writes
 * half the bytes of int16). Boards up to 64x64 run on the small-board engine (one machine
 * word per row, a whole BFS level at a time), in SIMD registers where the processor has
 * them, chosen at run time: with AVX-512 the BFS of boards up to 64 rows high runs one board
 * row per lane, 32 boards per register up to 16 columns wide, 16 boards up to 32 columns;
 * wider boards eight rows of a board per register (and boards of up to 16 rows four at a
 * time); with AVX2 four boards per register; the plain C path gives the same results. A
 * caller-made thread pool spreads the boards over threads; the library keeps no threads of
 * its own, and the output is the same for any number of threads and any SIMD path.
 * ---------------------------------------------------------------------------------------- */

/* N boards of one size: n*w*h wall bytes, board b's cell (x, y) at walls[b*w*h + y*w + x],
 * nonzero a wall. Unit costs (the batch functions count steps or use unit-cost fields). */
typedef struct dmap_boards {
    int w, h;
    size_t n;
    const unsigned char *walls;
} dmap_boards;

/* The element type of a batch's output. */
typedef enum dmap_elem {
    DMAP_ELEM_I16 = 0, /* int16_t */
    DMAP_ELEM_I32 = 1, /* int32_t */
    DMAP_ELEM_F32 = 2, /* float */
    DMAP_ELEM_F64 = 3, /* double */
    DMAP_ELEM_I8 = 4   /* int8_t: half the bytes of int16 (an RL observation plane) */
} dmap_elem;

/* Which code runs the boards of a batch. AUTO takes the widest this processor has; the others
 * force one path (tests compare them; a path the processor lacks is DMAP_ERR_ARG). Every path
 * gives the same results. */
typedef enum dmap_simd {
    DMAP_SIMD_AUTO = 0,
    DMAP_SIMD_NONE = 1,  /* plain C, one board at a time */
    DMAP_SIMD_AVX2 = 2,  /* 4 boards per 256-bit register (x86-64 with AVX2) */
    DMAP_SIMD_AVX512 = 3 /* AVX-512 F and BW: 32 or 16 narrow boards, or 8 rows, per register */
} dmap_simd;

/* The widest path this processor runs: DMAP_SIMD_NONE, DMAP_SIMD_AVX2 or DMAP_SIMD_AVX512.
 * The environment variable DMAP_SIMD, read at the first call, caps it: "none" or "avx2" (tests
 * run the plain paths on a processor with AVX-512 this way). The single-board functions
 * (dmap_bfs, dmap_field, ...) use AVX-512 on boards up to 64x64 only below the same cap. */
DMAP_API dmap_simd dmap_simd_best(void);

typedef struct dmap_pool dmap_pool;

/* A pool of threads for the batch functions, made and freed by the caller. nthreads (1..256)
 * counts the calling thread: a pool of T makes T - 1 threads, which sleep between calls. One
 * call at a time uses a pool (a second caller waits for the first). *pool gets the pool
 * (NULL after an error). Errors: DMAP_ERR_ARG (NULL pool, nthreads out of range),
 * DMAP_ERR_NOMEM (memory or a thread could not be had; nothing is left behind). */
DMAP_API int dmap_pool_new(dmap_pool **pool, int nthreads);
/* Stop and join the pool's threads and free it. NULL is fine. */
DMAP_API void dmap_pool_free(dmap_pool *pool);
/* The pool's thread count (1 for NULL). */
DMAP_API int dmap_pool_threads(const dmap_pool *pool);

/* A caller's job on a pool: chunk `chunk` of the job, run on thread `thread` (0 .. threads-1;
 * 0 is the calling thread, so per-thread scratch can be indexed by it). */
typedef void (*dmap_pool_fn)(void *ctx, size_t chunk, int thread);
/* Runs fn on every chunk 0..nchunks-1, spread over the pool's threads, the calling thread
 * taking part (pool NULL: the calling thread alone), and returns when every chunk is done
 * (fn NULL: nothing runs).
 * Which thread runs which chunk varies from call to call, so a job whose chunks write
 * disjoint outputs gives the same result for any pool. One call at a time uses a pool (a
 * second caller waits); fn must not call dmap_pool_run on the same pool. */
DMAP_API void dmap_pool_run(dmap_pool *pool, dmap_pool_fn fn, void *ctx, size_t nchunks);

/* BFS depths of every board (as dmap_bfs without parents, one board at a time): depths gets
 * n*w*h elements of `type`, board b's map at element b*w*h, each cell the number of steps
 * from the board's nearest source, -1 for walls and cells unreached or deeper than max_depth
 * (< 0: no limit). Sources: with first NULL, one per board (sources[b], a cell index y*w + x);
 * else board b's sources are sources[first[b] .. first[b+1]-1] (first: n+1 nondecreasing
 * offsets; a board may have none). m's connectivity and corner rule count, not its weights.
 * pool may be NULL (the calling thread does everything; on many boards the argument checks
 * run on the pool too). Errors: DMAP_ERR_ARG (NULLs, bad moves, bad type or simd, offsets
 * decreasing), DMAP_ERR_SIZE (w, h out of range, n*w*h overflowing), DMAP_ERR_RANGE /
 * DMAP_ERR_WALL (a source outside its board / on a wall),
 * DMAP_ERR_LIMIT (DMAP_ELEM_I16 when a depth could exceed 32767: more than 32768 cells and no
 * max_depth below that; DMAP_ELEM_I8 when one could exceed 127: more than 128 cells and no
 * max_depth of 0..127), DMAP_ERR_NOMEM; everything is checked before anything is written.
 * Cost: a board up to 64x64 takes a few word operations per row and BFS level (with AVX-512
 * one operation per row for 32 boards up to 16 columns wide or 16 up to 32, else per eight
 * rows of a board); larger boards one dmap_bfs each. Each output element is written once. No
 * allocation on the AVX-512 path for boards up to 32 columns wide (about 75 KiB of stack), a
 * few bytes per chunk of 64 boards on the other SIMD paths; the plain path takes W*H ints
 * per thread. */
DMAP_API int dmap_bfs_batch(const dmap_boards *boards, const dmap_moves *m, const int *sources,
                            const size_t *first, int max_depth, dmap_elem type, void *depths,
                            dmap_pool *pool, dmap_simd simd);

/* Dijkstra maps of every board (as dmap_field, unit costs): values gets n*w*h elements of
 * `type`, board b's map at element b*w*h, built from dflt and the board's goals: with first
 * NULL one goal per board (goals[b]), else goals[first[b] .. first[b+1]-1] (n+1
 * nondecreasing offsets). Integer element types take only maps whose every value is an
 * integer in the type's range (a finite integer dflt, integer goals and weights); float
 * rounds each double once. pool may be NULL. Errors: as dmap_field for each board (ARG,
 * VALUE, RANGE, WALL, CEILING, all checked before anything is written), DMAP_ERR_SIZE (as
 * dmap_bfs_batch), DMAP_ERR_VALUE also when a value does not fit an integer type (the output
 * is then unspecified), DMAP_ERR_NOMEM. Cost: one dmap_field per board (the small-board
 * engine for unit steps and integer goals on boards up to 64x64). */
DMAP_API int dmap_field_batch(const dmap_boards *boards, const dmap_moves *m,
                              const dmap_goal *goals, const size_t *first, double dflt,
                              dmap_elem type, void *values, dmap_pool *pool);

/* === end of batches of small boards ======================================================== */

#ifdef __cplusplus
}
#endif

#endif /* DMAP_H */
