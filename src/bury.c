/* bury.c — dead-end burying (the pursuit game's burying rule, the "buryDeadendAlgo"
 * write-up; arenas/pursuit/RULES.md): turn the dead ends of a grid into
 * walls so that a fleeing agent never enters one.
 *
 * The rule is not confluent, so the visiting order is part of the contract: a row-by-row scan, and
 * on every fill an immediate depth-first re-check of the neighbours in the order down, up, right,
 * left. The burying write-up states that order recursively; here an explicit stack replays exactly
 * the same visits (a 4096x4096 map would overflow the C stack).
 *
 * To keep the inner loop free of bounds checks, the grid is copied into a padded byte map
 * (one border cell all round) in which each byte holds two bits:
 *   CELL_OBSTACLE — counts as an obstacle in the rule (walls, filled cells, and the border
 *                   when the edge is treated as a wall);
 *   CELL_FIXED    — may never be filled (walls, filled cells, protected agents, the border).
 * A cell can be filled exactly when its byte is 0. */
#include <stdint.h>
#include <string.h>

#include "workspace.h"

enum { CELL_OBSTACLE = 1, CELL_FIXED = 2, CELL_WALL = CELL_OBSTACLE | CELL_FIXED };

/* The rule as a table over the 8 neighbour bits (see neighbour_bits): 1 = fill. */
enum { NB_U = 1, NB_R = 2, NB_D = 4, NB_L = 8, NB_UR = 16, NB_DR = 32, NB_DL = 64, NB_UL = 128 };

/* The rule as a constant expression over the 8 neighbour bits nb (1 = fill):
 *   three or four orthogonal obstacles: fill;
 *   exactly two, at a corner (up+right, up+left, down+left, down+right): fill unless the
 *   diagonal cell opposite that corner is an obstacle too;
 *   two opposite ones (up+down, left+right) or fewer: keep (filling would cut a corridor).
 * A constant expression so that the compiler builds the 256-entry table (building it on every
 * call cost more than burying a game board). */
#define NB_HAS(nb, bit) (((nb) & (bit)) != 0)
#define NB_ORTHO(nb) (NB_HAS(nb, NB_U) + NB_HAS(nb, NB_R) + NB_HAS(nb, NB_D) + NB_HAS(nb, NB_L))
#define NB_CORNER(nb, a, b, opposite) (NB_HAS(nb, a) && NB_HAS(nb, b) && !NB_HAS(nb, opposite))
#define RULE_SAYS_FILL(nb)                                                                   \
    (NB_ORTHO(nb) >= 3 ||                                                                    \
     (NB_ORTHO(nb) == 2 &&                                                                   \
      (NB_CORNER(nb, NB_U, NB_R, NB_DL) || NB_CORNER(nb, NB_U, NB_L, NB_DR) ||               \
       NB_CORNER(nb, NB_D, NB_L, NB_UR) || NB_CORNER(nb, NB_D, NB_R, NB_UL))))
#define RULE_4(nb) RULE_SAYS_FILL(nb), RULE_SAYS_FILL((nb) + 1), RULE_SAYS_FILL((nb) + 2), \
                   RULE_SAYS_FILL((nb) + 3)
#define RULE_16(nb) RULE_4(nb), RULE_4((nb) + 4), RULE_4((nb) + 8), RULE_4((nb) + 12)
#define RULE_64(nb) RULE_16(nb), RULE_16((nb) + 16), RULE_16((nb) + 32), RULE_16((nb) + 48)

static const unsigned char fill_rule[256] = {RULE_64(0), RULE_64(64), RULE_64(128),
                                             RULE_64(192)};

/* The state of one burying run over the padded map. */
typedef struct bury_run {
    unsigned char *cell; /* padded map, pw * ph bytes */
    ptrdiff_t pw;        /* padded row length */
    uint32_t *stack;     /* frames: padded index << 2 | next neighbour (0..3) */
    size_t depth;
    size_t filled;
} bury_run;

static unsigned neighbour_bits(const unsigned char *c, ptrdiff_t pw) {
    return (unsigned)((c[-pw] & 1) | (c[1] & 1) << 1 | (c[pw] & 1) << 2 | (c[-1] & 1) << 3 |
                      (c[1 - pw] & 1) << 4 | (c[1 + pw] & 1) << 5 | (c[pw - 1] & 1) << 6 |
                      (c[-pw - 1] & 1) << 7);
}

/* Check one cell; fill it when the rule says so. Returns 1 when it was filled. */
static int try_fill(bury_run *r, size_t p) {
    unsigned char *c = r->cell + p;
    if (*c != 0 || !fill_rule[neighbour_bits(c, r->pw)]) return 0;
    *c = CELL_WALL;
    r->filled++;
    return 1;
}

/* After cell p filled: re-check neighbours depth-first, down, up, right, left, exactly like
 *     recheck(p): for q in (down, up, right, left): if try_fill(q) recheck(q)
 * A frame remembers which neighbour comes next; the last neighbour pops its frame before it
 * is checked (a tail call), so the next-neighbour field needs only 2 bits. */
static void recheck_from(bury_run *r, size_t p) {
    const ptrdiff_t offset[4] = {r->pw, -r->pw, 1, -1};
    r->stack[0] = (uint32_t)p << 2;
    r->depth = 1;
    while (r->depth > 0) {
        uint32_t top = r->stack[r->depth - 1];
        size_t cell = top >> 2;
        unsigned k = top & 3u;
        if (k == 3)
            r->depth--;
        else
            r->stack[r->depth - 1] = top + 1;
        size_t q = (size_t)((ptrdiff_t)cell + offset[k]);
        if (try_fill(r, q)) r->stack[r->depth++] = (uint32_t)q << 2;
    }
}

static int check_protected(const dmap_grid *g, const int *protect, size_t nprotect) {
    int64_t n = (int64_t)g->w * g->h;
    for (size_t i = 0; i < nprotect; i++)
        if (protect[i] < 0 || protect[i] >= n) return DMAP_ERR_RANGE;
    return DMAP_OK;
}

/* Copy the grid into the padded map with its border and protected cells. */
static void pad_grid(const dmap_grid *g, unsigned char *cell, size_t pw, size_t ph,
                     unsigned flags, const int *protect, size_t nprotect) {
    unsigned char border = (unsigned char)(CELL_FIXED | ((flags & DMAP_BURY_EDGE_WALL) ? 1 : 0));
    memset(cell, border, pw);
    memset(cell + (ph - 1) * pw, border, pw);
    for (size_t y = 0; y < (size_t)g->h; y++) {
        unsigned char *row = cell + (y + 1) * pw;
        const unsigned char *wall = g->wall + y * (size_t)g->w;
        row[0] = border;
        row[pw - 1] = border;
        for (size_t x = 0; x < (size_t)g->w; x++)
            row[x + 1] = (unsigned char)(CELL_WALL * (wall[x] != 0));
    }
    for (size_t i = 0; i < nprotect; i++) {
        size_t x = (size_t)protect[i] % (size_t)g->w, y = (size_t)protect[i] / (size_t)g->w;
        unsigned char *c = cell + (y + 1) * pw + x + 1;
        if (*c == 0) *c = CELL_FIXED;
    }
}

/* The row-by-row scan. The rule is looked up for every cell (walls included: their
 * neighbours are in the padded map too) so that the only branch is the rare "fill here";
 * the pointers live in locals because a byte store may alias the run's fields. */
static void scan_rows(bury_run *r, size_t w, size_t h) {
    unsigned char *const cell = r->cell;
    const ptrdiff_t pw = r->pw;
    for (size_t y = 1; y <= h; y++) {
        size_t p = y * (size_t)pw + 1, end = p + w;
        for (; p < end; p++) {
            unsigned char *c = cell + p;
            int fill = (*c == 0) & fill_rule[neighbour_bits(c, pw)];
            if (!fill) continue;
            *c = CELL_WALL;
            r->filled++;
            recheck_from(r, p);
        }
    }
}

/* Copy the fills back into the grid's walls and the optional buried marks. */
static void write_back(dmap_grid *g, const unsigned char *cell, size_t pw,
                       unsigned char *buried) {
    for (size_t y = 0; y < (size_t)g->h; y++) {
        const unsigned char *row = cell + (y + 1) * pw + 1;
        unsigned char *wall = g->wall + y * (size_t)g->w;
        unsigned char *mark = buried ? buried + y * (size_t)g->w : NULL;
        for (size_t x = 0; x < (size_t)g->w; x++) {
            /* no branch on the (unpredictable) cell: walls keep their byte, fills become 1 */
            unsigned char now_buried = (unsigned char)((wall[x] == 0) & (row[x] == CELL_WALL));
            wall[x] = (unsigned char)(wall[x] | now_buried);
            if (mark) mark[x] = now_buried;
        }
    }
}

int dmap_bury_dead_ends(dmap_grid *g, const int *protect, size_t nprotect, unsigned flags,
                        unsigned char *buried, size_t *nburied, dmap_workspace *ws) {
    if (!g || !g->wall || (nprotect > 0 && !protect) || (flags & ~DMAP_BURY_EDGE_WALL))
        return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * g->h > DMAP_MAX_CELLS) return DMAP_ERR_SIZE;
    int rc = check_protected(g, protect, nprotect);
    if (rc != DMAP_OK) return rc;

    size_t pw = (size_t)g->w + 2, ph = (size_t)g->h + 2, padded, stack_bytes;
    if (!dmap_mul_size(pw, ph, &padded) ||
        !dmap_mul_size((size_t)g->w * (size_t)g->h + 1, sizeof(uint32_t), &stack_bytes))
        return DMAP_ERR_SIZE;

    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    bury_run r;
    r.cell = (unsigned char *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_D, padded, 0);
    r.stack = (uint32_t *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, stack_bytes, 0);
    if (!r.cell || !r.stack) {
        dmap_workspace_free(own);
        return DMAP_ERR_NOMEM;
    }
    r.pw = (ptrdiff_t)pw;
    r.depth = 0;
    r.filled = 0;

    pad_grid(g, r.cell, pw, ph, flags, protect, nprotect);
    scan_rows(&r, (size_t)g->w, (size_t)g->h);
    write_back(g, r.cell, pw, buried);
    if (nburied) *nburied = r.filled;
    dmap_workspace_free(own);
    return DMAP_OK;
}
