/* test_bury.c — dead-end burying, the pursuit game's burying rule (arenas/pursuit/RULES.md).
 *
 * Oracles: (1) the four worlds of the pursuit game (arenas/pursuit/tests/test_pursuit_world.c
 * checks the pictures against the files), each buried BY HAND from the rule and written below as
 * pictures; (2) a plainly recursive statement of the burying write-up's order (C recursion, small
 * grids only) that the library's explicit stack must match cell for cell on random grids; (3)
 * properties: burying twice = burying once, protected cells never fill, and open cells keep the
 * 4-connectivity they had (see connectivity_property below for why it holds). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

/* ---- a world from a picture ('#' obstacle, '.' free, '@' predator, '*' prey) ---------- */

static void grid_from_picture(const char *const *rows, int w, int h, dmap_grid *g, int *protect,
                              size_t *nprotect) {
    dmap_grid_init(g, w, h);
    *nprotect = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            char c = rows[y][x];
            g->wall[y * w + x] = c == '#';
            if (c == '@' || c == '*') protect[(*nprotect)++] = y * w + x;
        }
}

static int grid_matches_picture(const dmap_grid *g, const char *const *rows) {
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if ((rows[y][x] == '#') != (g->wall[y * g->w + x] != 0)) return 0;
    return 1;
}

static void print_grid(const dmap_grid *g) {
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) fputc(g->wall[y * g->w + x] ? '#' : '.', stderr);
        fputc('\n', stderr);
    }
}

/* ---- the pursuit game's four worlds, buried by hand -----------------------------------
 * Hand derivation notes (U/R/D/L = that neighbour is an obstacle; "DR free" = the down-right
 * diagonal is not an obstacle). Scan order row by row; on a fill, re-check down, up, right,
 * left depth-first.
 *
 * battlefield.dat (10 buried):
 *   (2,1) U+L, DR (3,2) free -> fill; its re-checks fill nothing ((3,1) is L+R).
 *   (4,2) U+R+D -> fill; re-check left (3,2) is D+R but UL (2,1) was just filled -> stays.
 *     SURPRISE: (3,2) would have filled had (2,1) not been filled first: order matters.
 *   (2,3) R+D+L -> fill.
 *   (1,4) U+R, DL (0,5) free -> fill; re-check down (1,5) U+R, DL (0,6) free -> fill; down
 *     (1,6) U+R, DL (0,7) free -> fill; (1,7) has only U -> stays.
 *   (3,4) U+R+L -> fill; down (3,5) U+R+L -> fill; (3,6) is the prey: never filled. The prey
 *     keeps exactly one way out (down), as the seed promises.
 *   (5,4) U+L, DR (6,5) free -> fill; down (5,5) U+D+L -> fill.
 * battlefield1.dat (4 buried):
 *   (4,2) U+R+D -> fill; left (3,2) U+R+D -> fill; left (2,2) U+R+D (L is the predator,
 *     not an obstacle) -> fill; its left is the protected predator.
 *   (5,4) U+L, DR (6,5) free -> fill; (5,5) becomes U+D: a corridor, stays.
 *   (3,5) is D+L but UR (4,4) is a wall -> stays: the prey's way out (3,5)-(4,5)-(5,5).
 * battlefield2.dat (18 buried): the whole pocket left of the (5,3)-(6,4) block fills from
 *   (2,1) down column 2 ((2,1)..(2,5) are U+L with DR free, (2,6) is U+D+L), then up column
 *   3 ((3,6)..(3,2) are D+L with UR free, (3,1) U+D+L), then along row 1 ((4,1),(5,1),(6,1)
 *   U+L with DR free) and row 6 ((4,6),(5,6),(6,6) D+L with UR free). (4,2) stays: U+L but DR
 *   (5,3) is a wall; the loop around the block stays open — the burying write-up's "best escape
 *   loop".
 *   Column 0 (the prey's) is a dead end formed by the board edge: deliberately not filled.
 * battlefield3.dat (8 buried): (2,2) U+L, DR is the predator (not an obstacle) -> fill, then
 *   down column 2 to (2,5), right (3,5) D+L -> fill, up (3,4) D+L, UR (4,3) free -> fill;
 *   back at (2,2): right (3,2) U+L, DR (4,3) free -> fill; right (4,2) U+R+L -> fill; its
 *   down (4,3) is U+R with DL (3,4) now filled -> stays: the predator's way out. */

typedef struct lab_world {
    const char *file;
    const char *before[8];
    const char *after[8];
    size_t nburied;
} lab_world;

static const lab_world lab_worlds[] = {
    {"battlefield.dat",
     {".@#.....", ".#..##..", ".....#..", ".#.###..", "..#.#...", "..#.#...", "..#*##..",
      "........"},
     {".@#.....", ".##.##..", "....##..", ".#####..", ".#####..", ".#####..", ".##*##..",
      "........"},
     10},
    {"battlefield1.dat",
     {"........", "..####..", ".@...#..", "..####..", "..#*#...", "..#.....", "..####..",
      "........"},
     {"........", "..####..", ".@####..", "..####..", "..#*##..", "..#.....", "..####..",
      "........"},
     4},
    {"battlefield2.dat",
     {"*######.", ".#......", ".#......", ".#...##.", ".#...##.", ".#......", ".#......",
      ".######@"},
     {"*######.", ".######.", ".###....", ".###.##.", ".###.##.", ".###....", ".######.",
      ".######@"},
     18},
    {"battlefield3.dat",
     {"*.......", ".#####..", ".#...#..", ".#.@.#..", ".#...#..", ".#......", ".#####..",
      "........"},
     {"*.......", ".#####..", ".#####..", ".##@.#..", ".###.#..", ".###....", ".#####..",
      "........"},
     8},
};

static void test_lab_worlds(void) {
    for (size_t k = 0; k < sizeof lab_worlds / sizeof lab_worlds[0]; k++) {
        const lab_world *lw = &lab_worlds[k];
        dmap_grid g;
        int agents[2];
        size_t nagents = 0;
        grid_from_picture(lw->before, 8, 8, &g, agents, &nagents);
        CHECK_EQ_INT(nagents, 2);
        unsigned char buried[64];
        size_t nburied = 0;
        CHECK_EQ_INT(dmap_bury_dead_ends(&g, agents, 2, 0, buried, &nburied, NULL), DMAP_OK);
        CHECK_EQ_INT(nburied, lw->nburied);
        int ok = grid_matches_picture(&g, lw->after);
        CHECK(ok);
        if (!ok) {
            fprintf(stderr, "%s buried as:\n", lw->file);
            print_grid(&g);
        }
        size_t marks = 0;
        for (int i = 0; i < 64; i++) {
            marks += buried[i];
            CHECK(!buried[i] || (lw->before[i / 8][i % 8] == '.' && lw->after[i / 8][i % 8] == '#'));
        }
        CHECK_EQ_INT(marks, lw->nburied);
        /* a second burying buries nothing */
        CHECK_EQ_INT(dmap_bury_dead_ends(&g, agents, 2, 0, NULL, &nburied, NULL), DMAP_OK);
        CHECK_EQ_INT(nburied, 0);
        dmap_grid_free(&g);
    }
}

/* ---- the edge option, by hand ------------------------------------------------------------
 * Room "..#.." / ".##.." / "....." (5x3, walls (2,0), (1,1), (2,1)). */
static void test_edge_option(void) {
    const char *before[] = {"..#..", ".##..", "....."};
    /* Edge not an obstacle (the seed): (0,0) has no obstacle side. (1,0) is R+D with UL
     * outside, which is not an obstacle -> fills; re-check left (0,0): only R -> stays.
     * Every other free cell has at most one obstacle side. One cell buried. */
    const char *plain[] = {".##..", ".##..", "....."};
    /* Edge as obstacle: (0,0) is U+L but DR (1,1) is a wall -> stays. (1,0) U+R+D -> fills;
     * left (0,0) now U+R+L -> fills; down (0,1) U+R+L -> fills; down (0,2) U+D+L -> fills;
     * right (1,2) U+D+L -> fills; right (2,2) U+D+L -> fills; right (3,2) D+L with UR (4,1)
     * free -> fills; up (3,1) D+L with UR (4,0) free -> fills; up (3,0) U+D+L -> fills;
     * right (4,0) U+R+L -> fills; down (4,1) U+R+D? (D (4,2) free) U+R+L -> fills; down
     * (4,2) all four -> fills. All 12 free cells: an edge-walled room is one big dead end. */
    const char *edge[] = {"#####", "#####", "#####"};
    int protect[4];
    size_t np;
    dmap_grid g;
    grid_from_picture(before, 5, 3, &g, protect, &np);
    size_t n = 0;
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, &n, NULL), DMAP_OK);
    CHECK(grid_matches_picture(&g, plain));
    CHECK_EQ_INT(n, 1);
    dmap_grid_free(&g);
    grid_from_picture(before, 5, 3, &g, protect, &np);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 0, DMAP_BURY_EDGE_WALL, NULL, &n, NULL), DMAP_OK);
    CHECK(grid_matches_picture(&g, edge));
    CHECK_EQ_INT(n, 12);
    dmap_grid_free(&g);
    /* with an agent in the room, the edge-walled room keeps the agent (and no more is needed:
     * every open cell would be a dead end, so only the agent stays). */
    const char *with_agent[] = {"..#..", ".##..", "..*.."};
    grid_from_picture(with_agent, 5, 3, &g, protect, &np);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, protect, np, DMAP_BURY_EDGE_WALL, NULL, &n, NULL),
                 DMAP_OK);
    CHECK(!g.wall[2 * 5 + 2]);
    dmap_grid_free(&g);
}

/* ---- the write-up's order, stated recursively (the oracle for the explicit stack) ------- */

typedef struct ref_bury {
    int w, h, edge;
    unsigned char *obst;       /* 1 = obstacle */
    const unsigned char *prot; /* 1 = protected */
} ref_bury;

static int ref_obstacle(const ref_bury *r, int x, int y) {
    if (x < 0 || y < 0 || x >= r->w || y >= r->h) return r->edge;
    return r->obst[y * r->w + x];
}

static void ref_visit(ref_bury *r, int x, int y) {
    if (x < 0 || y < 0 || x >= r->w || y >= r->h) return;
    int i = y * r->w + x;
    if (r->obst[i] || r->prot[i]) return;
    int u = ref_obstacle(r, x, y - 1), rt = ref_obstacle(r, x + 1, y);
    int d = ref_obstacle(r, x, y + 1), l = ref_obstacle(r, x - 1, y);
    int fill = 0;
    if (u + rt + d + l >= 3) fill = 1;
    else if (u && rt) fill = !ref_obstacle(r, x - 1, y + 1);
    else if (u && l) fill = !ref_obstacle(r, x + 1, y + 1);
    else if (d && l) fill = !ref_obstacle(r, x + 1, y - 1);
    else if (d && rt) fill = !ref_obstacle(r, x - 1, y - 1);
    if (!fill) return;
    r->obst[i] = 1;
    ref_visit(r, x, y + 1); /* down */
    ref_visit(r, x, y - 1); /* up */
    ref_visit(r, x + 1, y); /* right */
    ref_visit(r, x - 1, y); /* left */
}

static void ref_bury_all(ref_bury *r) {
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++) ref_visit(r, x, y);
}

static void random_grid(dmap_rng *rng, dmap_grid *g, int w, int h, double density) {
    dmap_grid_init(g, w, h);
    for (int i = 0; i < w * h; i++) g->wall[i] = dmap_rng_unit(rng) < density;
}

static void test_against_recursion(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 2024);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int mismatches = 0;
    for (int t = 0; t < 3000; t++) {
        int w = 1 + (int)dmap_rng_below(&rng, 20), h = 1 + (int)dmap_rng_below(&rng, 20);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.1 + 0.4 * dmap_rng_unit(&rng));
        unsigned char *prot = calloc((size_t)(w * h), 1), *obst = malloc((size_t)(w * h));
        int protect[3];
        size_t np = dmap_rng_below(&rng, 4);
        for (size_t k = 0; k < np; k++) {
            protect[k] = (int)dmap_rng_below(&rng, (uint32_t)(w * h));
            prot[protect[k]] = 1;
        }
        unsigned flags = dmap_rng_below(&rng, 2) ? DMAP_BURY_EDGE_WALL : 0;
        memcpy(obst, g.wall, (size_t)(w * h));
        ref_bury r = {w, h, flags != 0, obst, prot};
        ref_bury_all(&r);
        size_t n = 0;
        CHECK_EQ_INT(dmap_bury_dead_ends(&g, protect, np, flags, NULL, &n, ws), DMAP_OK);
        if (memcmp(obst, g.wall, (size_t)(w * h)) != 0) mismatches++;
        /* protected cells never filled */
        for (size_t k = 0; k < np; k++)
            if (!r.obst[protect[k]]) CHECK(!g.wall[protect[k]]);
        /* idempotent */
        size_t again = 1;
        CHECK_EQ_INT(dmap_bury_dead_ends(&g, protect, np, flags, NULL, &again, ws), DMAP_OK);
        if (again != 0) mismatches++;
        dmap_grid_free(&g);
        free(prot);
        free(obst);
    }
    CHECK_EQ_INT(mismatches, 0);
    dmap_workspace_free(ws);
}

/* ---- connectivity property ----------------------------------------------------------------
 * Claim: two cells still open after burying are 4-connected through open cells afterwards iff
 * they were before. Why it should hold: look at one fill. With 3-4 obstacle sides the cell
 * has at most one open neighbour (a leaf or an isolated cell): removing it disconnects no
 * one. With two adjacent obstacle sides, say U+R, the cell's open neighbours are D and L, and
 * the rule demands DL open, so D-DL-L still joins them. (At the board edge DL outside means
 * D or L is outside too: again at most one open neighbour.) Each fill keeps the connectivity
 * of what remains, so the whole run does. The test checks it on many random grids and
 * exhaustively on all 4x4 grids, with and without the edge option and protected cells. */

static void label_components(const unsigned char *wall, int w, int h, int *label, int *queue) {
    for (int i = 0; i < w * h; i++) label[i] = -1;
    int next = 0;
    for (int s = 0; s < w * h; s++) {
        if (wall[s] || label[s] >= 0) continue;
        int head = 0, tail = 0;
        queue[tail++] = s;
        label[s] = next;
        while (head < tail) {
            int c = queue[head++], x = c % w, y = c / w;
            int nb[4] = {y > 0 ? c - w : -1, x + 1 < w ? c + 1 : -1, y + 1 < h ? c + w : -1,
                         x > 0 ? c - 1 : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && !wall[nb[k]] && label[nb[k]] < 0) {
                    label[nb[k]] = next;
                    queue[tail++] = nb[k];
                }
        }
        next++;
    }
}

/* 1 when open cells keep their connectivity; else prints the grid pair. */
static int keeps_connectivity(const unsigned char *before, const unsigned char *after, int w,
                              int h, int print) {
    int n = w * h, ok = 1;
    int *lb = malloc(sizeof(int) * (size_t)n), *la = malloc(sizeof(int) * (size_t)n);
    int *q = malloc(sizeof(int) * (size_t)n), *map = malloc(sizeof(int) * (size_t)n);
    label_components(before, w, h, lb, q);
    label_components(after, w, h, la, q);
    for (int i = 0; i < n; i++) map[i] = -1;
    for (int i = 0; i < n && ok; i++) {
        if (after[i]) continue;
        if (map[lb[i]] < 0) map[lb[i]] = la[i];
        else if (map[lb[i]] != la[i]) ok = 0;
    }
    if (!ok && print) {
        fprintf(stderr, "connectivity counterexample %dx%d (before | after):\n", w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) fputc(before[y * w + x] ? '#' : '.', stderr);
            fputs(" | ", stderr);
            for (int x = 0; x < w; x++) fputc(after[y * w + x] ? '#' : '.', stderr);
            fputc('\n', stderr);
        }
    }
    free(lb);
    free(la);
    free(q);
    free(map);
    return ok;
}

static void test_connectivity_property(void) {
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    unsigned char before[16];
    int failures = 0;
    /* every 4x4 grid, with and without the edge option */
    for (unsigned flags = 0; flags <= DMAP_BURY_EDGE_WALL; flags++)
        for (unsigned bits = 0; bits < (1u << 16); bits++) {
            dmap_grid g;
            dmap_grid_init(&g, 4, 4);
            for (int i = 0; i < 16; i++) g.wall[i] = (bits >> i) & 1u;
            memcpy(before, g.wall, 16);
            dmap_bury_dead_ends(&g, NULL, 0, flags, NULL, NULL, ws);
            if (!keeps_connectivity(before, g.wall, 4, 4, failures == 0)) failures++;
            dmap_grid_free(&g);
        }
    /* random larger grids with protected cells */
    dmap_rng rng;
    dmap_rng_seed(&rng, 77);
    for (int t = 0; t < 2000; t++) {
        int w = 2 + (int)dmap_rng_below(&rng, 30), h = 2 + (int)dmap_rng_below(&rng, 30);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.15 + 0.35 * dmap_rng_unit(&rng));
        unsigned char *copy = malloc((size_t)(w * h));
        memcpy(copy, g.wall, (size_t)(w * h));
        int protect[2] = {(int)dmap_rng_below(&rng, (uint32_t)(w * h)),
                          (int)dmap_rng_below(&rng, (uint32_t)(w * h))};
        unsigned flags = (unsigned)(t & 1);
        dmap_bury_dead_ends(&g, protect, 2, flags, NULL, NULL, ws);
        if (!keeps_connectivity(copy, g.wall, w, h, failures == 0)) failures++;
        free(copy);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(failures, 0);
    dmap_workspace_free(ws);
}

/* ---- errors and workspace reuse --------------------------------------------------------- */

static void test_errors(void) {
    dmap_grid g;
    dmap_grid_init(&g, 3, 3);
    int bad = 9, neg = -1;
    CHECK_EQ_INT(dmap_bury_dead_ends(NULL, NULL, 0, 0, NULL, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 1, 0, NULL, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 0, 4u, NULL, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, &bad, 1, 0, NULL, NULL, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, &neg, 1, 0, NULL, NULL, NULL), DMAP_ERR_RANGE);
    dmap_grid bad_size = {0, 3, g.wall, NULL};
    CHECK_EQ_INT(dmap_bury_dead_ends(&bad_size, NULL, 0, 0, NULL, NULL, NULL), DMAP_ERR_SIZE);
    /* a 1x1 grid: nothing around is an obstacle, nothing fills; with the edge it fills */
    dmap_grid one;
    dmap_grid_init(&one, 1, 1);
    size_t n = 9;
    CHECK_EQ_INT(dmap_bury_dead_ends(&one, NULL, 0, 0, NULL, &n, NULL), DMAP_OK);
    CHECK_EQ_INT(n, 0);
    CHECK_EQ_INT(dmap_bury_dead_ends(&one, NULL, 0, DMAP_BURY_EDGE_WALL, NULL, &n, NULL), DMAP_OK);
    CHECK_EQ_INT(n, 1);
    dmap_grid_free(&one);
    /* steady state: a second call on the same workspace does not grow it */
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, NULL, ws), DMAP_OK);
    size_t bytes = dmap_workspace_bytes(ws);
    CHECK_EQ_INT(dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, NULL, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_workspace_bytes(ws), bytes);
    dmap_workspace_free(ws);
    dmap_grid_free(&g);
}

int main(void) {
    test_lab_worlds();
    test_edge_option();
    test_against_recursion();
    test_connectivity_property();
    test_errors();
    return check_report("test_bury");
}
