/* bench_scan.c — the scan benchmark. In one run it times, on the same grids, our dmap_field
 * (fill, seed and scan, with a reused workspace), the classic sweep-until-stable loop
 * (tests/reference_scan.c, the oracle) and libtcod's TCOD_dijkstra_compute, checks that they
 * agree, and prints a table with ratios, the memory one 1000x1000 scan takes, and each
 * engine target with PASS or MISS. Absolute times drift on shared machines; ratios measured in
 * one run are what we judge. Each timing is the median of K runs after a warm-up; a method
 * whose single run exceeds a budget is timed once (the reference sweep, mostly). dmap's time
 * includes filling and seeding the map (dmap_field), as libtcod's includes the reset of its
 * distance array; the reference sweep's seeding happens untimed before each of its runs.
 *
 * Move rules. libtcod 1.18's Dijkstra lets a diagonal step pass walls on either side (it only
 * asks whether the target cell is walkable) and counts in integer hundredths (diagonal 1.41
 * becomes 141). So on the synthetic 1000x1000 cases dmap runs diagonal 1.41 with
 * DMAP_CORNERS_CUT, and the two must agree on every cell. On Moving AI maps dmap runs octile
 * moves (sqrt 2, strict corners) as the benchmark defines them; TCOD_map cannot express strict
 * corners, so there libtcod's time is a speed comparison only (marked '~').
 *
 * Exit status: 0 when every computed field agrees with its oracle, 1 otherwise, 2 on bad
 * arguments or unreadable data. Missing a speed target never fails the run. */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "dmap.h"
#include "reference_scan.h"

#ifdef DMAP_BENCH_LIBTCOD
#include <libtcod.h>
#endif

#define BENCH_CEILING 1e9       /* the default value: far above every distance, caps nothing */
#define BENCH_BUDGET_MS 1500.0  /* per method and case; slower single runs are timed once */
#define BENCH_MAX_REPS 64
#define BENCH_MAX_MAPS 64
#define BENCH_SMALL_MAP_CELLS (256 * 256) /* the reference sweep runs by default up to this */
#define BENCH_DIAGONAL_TCOD 1.41 /* libtcod's customary diagonal cost */

/* Engine targets (the bench reports them; it does not fail on a miss). */
#define TARGET_MCELLS_OPEN4 100.0
#define TARGET_TCOD_RATIO_4 20.0
#define TARGET_TCOD_RATIO_8 2.0
#define TARGET_REF_RATIO_MAZE 1000.0
#define TARGET_BYTES_PER_CELL 40.0

typedef struct bench_options {
    const char *source; /* the repository: tests/data/movingai */
    int reps;
    int full;  /* also run the reference sweep on the 1000x1000 grids */
    int quick; /* small grids only: the ctest smoke run */
} bench_options;

typedef struct bench_case {
    char name[48];
    dmap_grid grid;
    dmap_moves moves;
    int start;          /* the source cell */
    int tcod_same_rule; /* libtcod computes the same distances, checked cell by cell */
    int run_reference;
} bench_case;

typedef struct bench_row {
    char name[48];
    int connectivity;
    long settled;
    double dmap_ms, ref_ms, tcod_ms; /* NAN when not run */
    int ref_agrees, tcod_agrees;     /* 1 yes, 0 no, -1 not checked */
} bench_row;

/* ---------------------------------------------------------------------------------------
 * Timing
 * ------------------------------------------------------------------------------------- */

typedef int (*bench_fn)(void *ctx); /* one run of a method, or its untimed set-up; 0 = ok */

/* The median time of fn over up to reps runs after one warm-up run; as many runs as fit the
 * budget (at least 3). A warm-up slower than the budget is itself the measurement. prepare
 * (may be NULL) runs untimed before each run. NAN when either fails. */
static double time_median(bench_fn prepare, bench_fn fn, void *ctx, int reps) {
    if (prepare && prepare(ctx) != 0) return NAN;
    double t0 = now_ms();
    if (fn(ctx) != 0) return NAN;
    double first = now_ms() - t0;
    if (first > BENCH_BUDGET_MS) return first;
    int n = reps;
    if (first > 0 && first * n > BENCH_BUDGET_MS) n = (int)(BENCH_BUDGET_MS / first);
    if (n < 3) n = 3;
    if (n > BENCH_MAX_REPS) n = BENCH_MAX_REPS;
    double times[BENCH_MAX_REPS];
    for (int i = 0; i < n; i++) {
        if (prepare && prepare(ctx) != 0) return NAN;
        t0 = now_ms();
        if (fn(ctx) != 0) return NAN;
        times[i] = now_ms() - t0;
    }
    return median(times, n);
}

/* ---------------------------------------------------------------------------------------
 * The three methods
 * ------------------------------------------------------------------------------------- */

typedef struct dmap_run {
    const bench_case *c;
    double *values;
    dmap_workspace *ws;
} dmap_run;

/* Untimed: every cell at the ceiling, the source at 0. */
static int seed_values(void *ctx) {
    dmap_run *r = ctx;
    const dmap_grid *g = &r->c->grid;
    dmap_goal source = {r->c->start % g->w, r->c->start / g->w, 0.0};
    int rc = dmap_fill(g, r->values, BENCH_CEILING);
    return rc == DMAP_OK ? dmap_set_goal(g, r->values, source) : rc;
}

static int run_dmap(void *ctx) {
    dmap_run *r = ctx;
    const dmap_grid *g = &r->c->grid;
    dmap_goal source = {r->c->start % g->w, r->c->start / g->w, 0.0};
    return dmap_field(g, &r->c->moves, &source, 1, BENCH_CEILING, r->values, r->ws);
}

static int run_reference(void *ctx) {
    dmap_run *r = ctx;
    return reference_scan(&r->c->grid, &r->c->moves, r->values) < 0 ? -1 : 0;
}

#ifdef DMAP_BENCH_LIBTCOD
typedef struct tcod_run {
    TCOD_map_t map;
    TCOD_dijkstra_t dijkstra;
    int x, y;
} tcod_run;

static int run_tcod(void *ctx) {
    tcod_run *r = ctx;
    TCOD_dijkstra_compute(r->dijkstra, r->x, r->y);
    return 0;
}

/* libtcod's view of a case: walkable = not a wall; diagonal cost 0 disables diagonals. */
static int tcod_open(tcod_run *r, const bench_case *c) {
    const dmap_grid *g = &c->grid;
    r->map = TCOD_map_new(g->w, g->h);
    if (!r->map) return -1;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int open = !g->wall[y * g->w + x];
            TCOD_map_set_properties(r->map, x, y, open, open);
        }
    float diagonal = c->moves.connectivity == 8 ? (float)BENCH_DIAGONAL_TCOD : 0.0f;
    r->dijkstra = TCOD_dijkstra_new(r->map, diagonal);
    if (!r->dijkstra) {
        TCOD_map_delete(r->map);
        return -1;
    }
    r->x = c->start % g->w;
    r->y = c->start / g->w;
    return 0;
}

static void tcod_close(tcod_run *r) {
    TCOD_dijkstra_delete(r->dijkstra);
    TCOD_map_delete(r->map);
}

/* Every passable cell: libtcod's distance (hundredths, as a float) equals ours, and a cell
 * libtcod cannot reach (-1) kept our ceiling. */
static int tcod_agrees(const tcod_run *r, const bench_case *c, const double *values) {
    const dmap_grid *g = &c->grid;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            if (g->wall[i]) continue;
            double theirs = TCOD_dijkstra_get_distance(r->dijkstra, x, y);
            int unreached = values[i] >= BENCH_CEILING;
            if (theirs < 0 ? !unreached : unreached || fabs(theirs - values[i]) > 0.004) {
                fprintf(stderr, "libtcod disagrees at (%d,%d): %.4f vs dmap %.4f\n", x, y,
                        theirs, values[i]);
                return 0;
            }
        }
    return 1;
}
#endif

/* ---------------------------------------------------------------------------------------
 * Checks
 * ------------------------------------------------------------------------------------- */

static long count_settled(const dmap_grid *g, const double *values) {
    long n = 0;
    for (long i = 0; i < (long)g->w * g->h; i++) n += !g->wall[i] && values[i] < BENCH_CEILING;
    return n;
}

static int fields_agree(const dmap_grid *g, const double *a, const double *b) {
    for (long i = 0; i < (long)g->w * g->h; i++) {
        double scale = fabs(a[i]) > 1 ? fabs(a[i]) : 1;
        if (fabs(a[i] - b[i]) > 1e-9 * scale) {
            fprintf(stderr, "reference disagrees at cell %ld: %.17g vs dmap %.17g\n", i, b[i],
                    a[i]);
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------------------------------
 * Cases
 * ------------------------------------------------------------------------------------- */

static dmap_moves moves_for(int connectivity) {
    if (connectivity == 4) return dmap_moves_4();
    dmap_moves m = {8, 1.0, BENCH_DIAGONAL_TCOD, DMAP_CORNERS_CUT};
    return m;
}

/* A w x h grid, wall_percent of its cells walls (seeded, so every run sees the same grid),
 * the source in the centre (kept open). */
static int make_synthetic(bench_case *c, int w, int h, int connectivity, int wall_percent,
                          const bench_options *o) {
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s-%dx%d-%d", wall_percent ? "walls25" : "open", w, h,
             connectivity);
    if (dmap_grid_init(&c->grid, w, h) != DMAP_OK) return -1;
    dmap_rng rng;
    dmap_rng_seed(&rng, 20240601u);
    for (long i = 0; i < (long)w * h; i++)
        c->grid.wall[i] = dmap_rng_below(&rng, 100) < (uint32_t)wall_percent;
    c->start = (h / 2) * w + w / 2;
    c->grid.wall[c->start] = 0;
    c->moves = moves_for(connectivity);
    c->tcod_same_rule = 1;
    c->run_reference = o->quick || o->full;
    return 0;
}

/* out = dir/file + suffix; -1 when it does not fit. */
static int join_path(char *out, size_t size, const char *dir, const char *file,
                     const char *suffix) {
    int n = snprintf(out, size, "%s/%s%s", dir, file, suffix);
    return n >= 0 && (size_t)n < size ? 0 : -1;
}

static int read_whole(const char *path, char **text, size_t *len) {
    dmap_diag diag = {0, ""};
    int rc = dmap_read_file(path, text, len, &diag);
    if (rc != DMAP_OK)
        fprintf(stderr, "dmap_bench: %s: %s (%s)\n", path, dmap_strerror(rc), diag.message);
    return rc;
}

/* A Moving AI map with the source at the start of its longest scenario query (so it lies in
 * the map's main region), or the first passable cell when there is no scenario. */
static int make_movingai(bench_case *c, const char *dir, const char *file,
                         const bench_options *o) {
    memset(c, 0, sizeof *c);
    size_t stem = strlen(file) - 4; /* without ".map" */
    if (stem >= sizeof c->name) stem = sizeof c->name - 1;
    memcpy(c->name, file, stem);
    c->name[stem] = '\0';
    char path[4096];
    char *text = NULL;
    size_t len = 0;
    if (join_path(path, sizeof path, dir, file, "") != 0) return -1;
    if (read_whole(path, &text, &len) != DMAP_OK) return -1;
    dmap_diag diag = {0, ""};
    int rc = dmap_parse_movingai_map(text, len, &c->grid, NULL, &diag);
    free(text);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap_bench: %s:%d: %s\n", path, diag.line, diag.message);
        return -1;
    }
    c->start = -1;
    if (join_path(path, sizeof path, dir, file, ".scen") == 0 && access(path, R_OK) == 0 &&
        read_whole(path, &text, &len) == DMAP_OK) {
        dmap_scen_query *q = NULL;
        size_t count = 0;
        if (dmap_parse_scen(text, len, &q, &count, &diag) == DMAP_OK) {
            double longest = -1;
            for (size_t k = 0; k < count; k++)
                if (q[k].optimal > longest &&
                    dmap_grid_passable(&c->grid, q[k].start_x, q[k].start_y)) {
                    longest = q[k].optimal;
                    c->start = dmap_grid_index(&c->grid, q[k].start_x, q[k].start_y);
                }
        }
        free(q);
        free(text);
    }
    for (int i = 0; c->start < 0 && i < c->grid.w * c->grid.h; i++)
        if (!c->grid.wall[i]) c->start = i;
    if (c->start < 0) {
        fprintf(stderr, "dmap_bench: %s has no passable cell\n", file);
        dmap_grid_free(&c->grid);
        return -1;
    }
    c->moves = dmap_moves_octile();
    /* The sweep takes seconds to a minute on 512x512 maps: by default only on the small maps
     * and on the maze (a target), on every map with --full. */
    c->run_reference = o->full || strcmp(c->name, "maze512-1-0") == 0 ||
                       (long)c->grid.w * c->grid.h <= BENCH_SMALL_MAP_CELLS;
    return 0;
}

static int ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.map file names in dir, sorted; *count of them (0 when dir is missing). */
static char **list_maps(const char *dir, int *count) {
    *count = 0;
    char **names = calloc(BENCH_MAX_MAPS, sizeof *names);
    DIR *d = names ? opendir(dir) : NULL;
    if (!d) return names;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && *count < BENCH_MAX_MAPS)
        if (ends_with(e->d_name, ".map") && (names[*count] = strdup(e->d_name)) != NULL)
            (*count)++;
    closedir(d);
    qsort(names, (size_t)*count, sizeof *names, compare_names);
    return names;
}

/* ---------------------------------------------------------------------------------------
 * One case: time and check each method, print its row
 * ------------------------------------------------------------------------------------- */

static void print_header(void) {
    printf("%-24s %9s %9s %9s %10s %10s %9s %9s  %s\n", "case", "settled", "dmap ms",
           "Mcells/s", "ref ms", "libtcod ms", "tcod/dmap", "ref/dmap", "check");
}

static void print_ms(double ms, int width) {
    if (isnan(ms))
        printf(" %*s", width, "-");
    else
        printf(" %*.3f", width, ms);
}

static void print_ratio(double num, double den, const char *mark) {
    if (isnan(num) || isnan(den) || den <= 0)
        printf(" %9s", "-");
    else
        printf(" %8.1f%s", num / den, mark);
}

static void print_row(const bench_row *r, int tcod_same_rule) {
    printf("%-24s %9ld", r->name, r->settled);
    print_ms(r->dmap_ms, 9);
    printf(" %9.1f", r->dmap_ms > 0 ? (double)r->settled / r->dmap_ms / 1e3 : 0.0);
    print_ms(r->ref_ms, 10);
    print_ms(r->tcod_ms, 10);
    print_ratio(r->tcod_ms, r->dmap_ms, tcod_same_rule ? "x" : "~");
    print_ratio(r->ref_ms, r->dmap_ms, "x");
    printf("  ref=%s tcod=%s\n", r->ref_agrees < 0 ? "-" : r->ref_agrees ? "ok" : "DIFF",
           r->tcod_agrees < 0 ? "-" : r->tcod_agrees ? "ok" : "DIFF");
    fflush(stdout);
}

static int bench_one(const bench_case *c, const bench_options *o, bench_row *row) {
    size_t n = (size_t)c->grid.w * (size_t)c->grid.h;
    memset(row, 0, sizeof *row);
    snprintf(row->name, sizeof row->name, "%s", c->name);
    row->connectivity = c->moves.connectivity;
    row->ref_ms = row->tcod_ms = NAN;
    row->ref_agrees = row->tcod_agrees = -1;
    double *values = malloc(n * sizeof *values);
    double *ref_values = malloc(n * sizeof *ref_values);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int rc = -1;
    if (!values || !ref_values || !ws) goto done;

    dmap_run ours = {c, values, ws};
    row->dmap_ms = time_median(NULL, run_dmap, &ours, o->reps);
    if (isnan(row->dmap_ms)) {
        int err = run_dmap(&ours);
        fprintf(stderr, "dmap_bench: %s: dmap_scan failed: %s\n", c->name, dmap_strerror(err));
        goto done;
    }
    row->settled = count_settled(&c->grid, values);

    if (c->run_reference) {
        dmap_run theirs = {c, ref_values, NULL};
        row->ref_ms = time_median(seed_values, run_reference, &theirs, o->reps);
        row->ref_agrees = !isnan(row->ref_ms) && fields_agree(&c->grid, values, ref_values);
    }
#ifdef DMAP_BENCH_LIBTCOD
    tcod_run tcod;
    if (tcod_open(&tcod, c) == 0) {
        row->tcod_ms = time_median(NULL, run_tcod, &tcod, o->reps);
        if (c->tcod_same_rule) row->tcod_agrees = tcod_agrees(&tcod, c, values);
        tcod_close(&tcod);
    }
#endif
    print_row(row, c->tcod_same_rule);
    rc = row->ref_agrees == 0 || row->tcod_agrees == 0 ? 1 : 0;
done:
    free(values);
    free(ref_values);
    dmap_workspace_free(ws);
    if (rc < 0) fprintf(stderr, "dmap_bench: %s: could not run\n", c->name);
    return rc;
}

/* ---------------------------------------------------------------------------------------
 * Memory: one 1000x1000 4-connected scan, bytes the library holds and the process peak
 * ------------------------------------------------------------------------------------- */

typedef struct memory_figures {
    double accounted_per_cell; /* grid + values + workspace bytes, per cell */
    double maxrss_per_cell;    /* growth of the process peak RSS, per cell */
    size_t workspace_bytes;
} memory_figures;

static long maxrss_bytes(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss * 1024L;
}

static int measure_memory(int w, int h, memory_figures *f) {
    long before = maxrss_bytes();
    dmap_grid g;
    if (dmap_grid_init(&g, w, h) != DMAP_OK) return -1;
    size_t n = (size_t)w * (size_t)h;
    double *values = malloc(n * sizeof *values);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    dmap_moves m = dmap_moves_4();
    dmap_goal centre = {w / 2, h / 2, 0.0};
    int rc = values && ws ? dmap_field(&g, &m, &centre, 1, BENCH_CEILING, values, ws) : -1;
    if (rc == DMAP_OK) {
        f->workspace_bytes = dmap_workspace_bytes(ws);
        size_t accounted = n * sizeof g.wall[0] + n * sizeof *values + f->workspace_bytes;
        f->accounted_per_cell = (double)accounted / (double)n;
        f->maxrss_per_cell = (double)(maxrss_bytes() - before) / (double)n;
    }
    free(values);
    dmap_workspace_free(ws);
    dmap_grid_free(&g);
    return rc == DMAP_OK ? 0 : -1;
}

static void print_memory(const memory_figures *f, int w, int h) {
    printf("memory, one %dx%d 4-connected scan: grid+values+workspace %.1f B/cell "
           "(workspace %zu B); peak RSS growth %.1f B/cell\n",
           w, h, f->accounted_per_cell, f->workspace_bytes, f->maxrss_per_cell);
}

/* The memory figures measured in a fresh child process, so that the peak RSS is this scan's
 * and not the benchmark's. */
static int memory_in_child(int w, int h, memory_figures *f) {
    int fd[2];
    if (pipe(fd) != 0) return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        close(fd[0]);
        memory_figures mine;
        int ok = measure_memory(w, h, &mine) == 0 &&
                 write(fd[1], &mine, sizeof mine) == (ssize_t)sizeof mine;
        _exit(ok ? 0 : 1);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], f, sizeof *f);
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return got == (ssize_t)sizeof *f && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* ---------------------------------------------------------------------------------------
 * Targets
 * ------------------------------------------------------------------------------------- */

static void print_target(const char *what, double value, double target, int higher_is_better,
                         const char *unit) {
    if (isnan(value)) {
        printf("  %-50s %9s%-3s (target %s %g%s)  n/a\n", what, "-", "",
               higher_is_better ? ">=" : "<=", target, unit);
        return;
    }
    int pass = higher_is_better ? value >= target : value <= target;
    printf("  %-50s %9.1f%-3s (target %s %g%s)  %s\n", what, value, unit,
           higher_is_better ? ">=" : "<=", target, unit, pass ? "PASS" : "MISS");
}

static const bench_row *find_row(const bench_row *rows, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].name, name) == 0) return &rows[i];
    return NULL;
}

static double ratio(double num, double den) {
    return isnan(num) || isnan(den) || den <= 0 ? NAN : num / den;
}

static void print_targets(const bench_row *rows, int n, const memory_figures *mem) {
    printf("\ntargets:\n");
    const bench_row *open4 = find_row(rows, n, "open-1000x1000-4");
    print_target("settled cells per second, open-1000x1000-4",
                 open4 ? (double)open4->settled / open4->dmap_ms / 1e3 : NAN,
                 TARGET_MCELLS_OPEN4, 1, "M/s");
    const char *tcod_cases[] = {"open-1000x1000-4", "walls25-1000x1000-4", "open-1000x1000-8",
                                "walls25-1000x1000-8"};
    for (int i = 0; i < 4; i++) {
        const bench_row *r = find_row(rows, n, tcod_cases[i]);
        char what[96];
        snprintf(what, sizeof what, "libtcod/dmap on %s", tcod_cases[i]);
        print_target(what, r ? ratio(r->tcod_ms, r->dmap_ms) : NAN,
                     r && r->connectivity == 8 ? TARGET_TCOD_RATIO_8 : TARGET_TCOD_RATIO_4, 1,
                     "x");
    }
    const bench_row *maze = find_row(rows, n, "maze512-1-0");
    print_target("reference/dmap on maze512-1-0", maze ? ratio(maze->ref_ms, maze->dmap_ms) : NAN,
                 TARGET_REF_RATIO_MAZE, 1, "x");
    print_target("memory per cell, 1000x1000 (grid+values+workspace)",
                 mem ? mem->accounted_per_cell : NAN, TARGET_BYTES_PER_CELL, 0, "B");
    print_target("peak RSS growth per cell, 1000x1000 scan", mem ? mem->maxrss_per_cell : NAN,
                 TARGET_BYTES_PER_CELL, 0, "B");
}

/* ---------------------------------------------------------------------------------------
 * Main
 * ------------------------------------------------------------------------------------- */

static int usage(const char *why) {
    fprintf(stderr, "dmap_bench: %s\nusage: dmap_bench [SOURCE] [--full] [--quick] "
                    "[--reps K] [--memory]\n", why);
    return 2;
}

/* Time one case into the next row, count its disagreement or failure, free its grid. */
static void bench_and_free(bench_case *c, const bench_options *o, bench_row *rows, int *nrows,
                           int *disagreements, int *failures) {
    int rc = bench_one(c, o, &rows[*nrows]);
    if (rc >= 0) (*nrows)++;
    *disagreements += rc > 0;
    *failures += rc < 0;
    dmap_grid_free(&c->grid);
}

int main(int argc, char **argv) {
    bench_options o = {DMAP_BENCH_SOURCE, 7, 0, 0};
    int memory_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--full") == 0) {
            o.full = 1;
        } else if (strcmp(argv[i], "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(argv[i], "--memory") == 0) {
            memory_only = 1;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            char *end;
            long k = strtol(argv[++i], &end, 10);
            if (*end || k < 1 || k > BENCH_MAX_REPS) return usage("--reps wants 1..64");
            o.reps = (int)k;
        } else if (argv[i][0] == '-') {
            return usage("unknown option");
        } else {
            o.source = argv[i];
        }
    }
    int side = o.quick ? 100 : 1000;
    if (o.quick && o.reps > 3) o.reps = 3;
    if (memory_only) {
        memory_figures f;
        if (measure_memory(side, side, &f) != 0) return usage("the memory scan failed");
        print_memory(&f, side, side);
        print_target("bytes per cell (grid+values+workspace)", f.accounted_per_cell,
                     TARGET_BYTES_PER_CELL, 0, "B");
        print_target("peak RSS growth per cell", f.maxrss_per_cell, TARGET_BYTES_PER_CELL, 0, "B");
        return 0;
    }

    memory_figures mem;
    int have_mem = memory_in_child(side, side, &mem) == 0;

#ifdef DMAP_BENCH_LIBTCOD
    printf("libtcod: linked (TCOD_dijkstra_compute; diagonal %.2f, corners cut)\n",
           BENCH_DIAGONAL_TCOD);
#else
    printf("libtcod: not found (built without it)\n");
#endif
    printf("dmap %s; times are medians of up to %d runs after a warm-up (single runs over "
           "%.0f ms); ref = tests/reference_scan.c%s\n\n",
           DMAP_VERSION_STRING, o.reps, BENCH_BUDGET_MS,
           o.quick || o.full ? "" : " (skipped on 1000x1000 and on maps over 256x256 "
                                    "but the maze: use --full)");

    bench_row rows[4 + BENCH_MAX_MAPS];
    int nrows = 0, disagreements = 0, failures = 0;
    print_header();
    for (int walls = 0; walls <= 25; walls += 25)
        for (int conn = 4; conn <= 8; conn += 4) {
            bench_case c;
            if (make_synthetic(&c, side, side, conn, walls, &o) != 0) {
                failures++;
                continue;
            }
            bench_and_free(&c, &o, rows, &nrows, &disagreements, &failures);
        }

    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/data/movingai", o.source);
    int nmaps = 0;
    char **maps = list_maps(dir, &nmaps);
    int quick_map_found = 0;
    for (int i = 0; i < nmaps; i++) {
        bench_case c;
        if (o.quick && strcmp(maps[i], "arena.map") != 0) continue;
        quick_map_found = 1;
        if (make_movingai(&c, dir, maps[i], &o) != 0) {
            failures++;
            continue;
        }
        bench_and_free(&c, &o, rows, &nrows, &disagreements, &failures);
    }
    /* The maps are part of the benchmark and of its smoke test: missing data is a failure
     * with one line naming the path, never a quiet run on the synthetic grids alone. */
    if (nmaps == 0) {
        fprintf(stderr, "dmap_bench: MISSING DATA: no Moving AI maps (*.map) in %s\n", dir);
        failures++;
    } else if (o.quick && !quick_map_found) {
        fprintf(stderr, "dmap_bench: MISSING DATA: %s/arena.map does not exist\n", dir);
        failures++;
    }
    for (int i = 0; i < nmaps; i++) free(maps[i]);
    free(maps);
    printf("(~: libtcod cuts corners, dmap's octile moves do not: speed comparison only)\n\n");

    if (have_mem)
        print_memory(&mem, side, side);
    else
        printf("memory: the measuring child failed\n");
    if (!o.quick) print_targets(rows, nrows, have_mem ? &mem : NULL);
    printf("\n%d disagreements, %d failures\n", disagreements, failures);
    return disagreements || failures ? 1 : 0;
}
