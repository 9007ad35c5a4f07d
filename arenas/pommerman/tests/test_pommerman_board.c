/* test_pommerman_board.c — the board generator's properties over thousands of boards, each
 * checked by this file's own code against the facts of utility.make_board / make_items
 * (RULES.md, data/README.md "Board generation facts"): wall and item counts,
 * the mirror across the main diagonal, an empty diagonal, the FFA's fixed wood, the kept-clear
 * cells, at most 4 passages unreachable from (size-2, size-2) through non-rigid cells, items
 * only under wood, agents at their corners; and determinism (same seed, same board). */
#include <stdio.h>
#include <string.h>

#include "../../../tests/check.h"
#include "pommerman.h"

/* Passages not reached from (n-2, n-2) by a flood fill through everything but rigid walls. */
static int unreachable_passages(const unsigned char *b, int n) {
    unsigned char seen[PM_MAX_CELLS] = {0};
    int queue[PM_MAX_CELLS], head = 0, tail = 0, missed = 0;
    int start = (n - 2) * n + (n - 2);
    seen[start] = 1;
    queue[tail++] = start;
    while (head < tail) {
        int cell = queue[head++], r = cell / n, c = cell % n;
        int nb[4] = {r > 0 ? cell - n : -1, r < n - 1 ? cell + n : -1, c > 0 ? cell - 1 : -1,
                     c < n - 1 ? cell + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && !seen[nb[k]] && b[nb[k]] != PM_RIGID) {
                seen[nb[k]] = 1;
                queue[tail++] = nb[k];
            }
    }
    for (int i = 0; i < n * n; i++) missed += b[i] == PM_PASSAGE && !seen[i];
    return missed;
}

static void check_board(const pm_state *s, const pm_config *cfg, int seed) {
    int n = cfg->size, rigid = 0, wood = 0, items = 0;
    const unsigned char *b = s->board;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int v = b[r * n + c], m = b[c * n + r];
            rigid += v == PM_RIGID;
            wood += v == PM_WOOD;
            if (s->items[r * n + c]) {
                items++;
                CHECK(v == PM_WOOD, "seed %d: item at %d,%d on %d", seed, r, c, v);
                CHECK(s->items[r * n + c] >= PM_EXTRABOMB && s->items[r * n + c] <= PM_KICK, "item kind");
            }
            if (r == c) CHECK(v != PM_RIGID && v != PM_WOOD, "seed %d: wall on the diagonal %d,%d", seed, r, c);
            if ((v == PM_RIGID || v == PM_WOOD)) CHECK(m == v, "seed %d: %d,%d not mirrored", seed, r, c);
        }
    CHECK(rigid == cfg->num_rigid, "seed %d: %d rigid", seed, rigid);
    CHECK(wood == cfg->num_wood, "seed %d: %d wood", seed, wood);
    CHECK(items == cfg->num_items, "seed %d: %d items", seed, items);
    CHECK(unreachable_passages(b, n) <= 4, "seed %d: %d passages unreachable", seed, unreachable_passages(b, n));
    CHECK(pm_inaccessible_passages(b, n) == unreachable_passages(b, n), "seed %d: inaccessible count", seed);
    /* agents and their kept-clear cells: two along the edge-side row and column */
    for (int i = 0; i < cfg->num_agents; i++) {
        int r, c;
        pm_start_position(cfg, i, &r, &c);
        CHECK(b[r * n + c] == PM_AGENT0 + i, "seed %d: agent %d not at %d,%d", seed, i, r, c);
        CHECK(s->agents[i].r == r && s->agents[i].c == c && s->agents[i].ammo == 1 &&
                   s->agents[i].blast == 2 && !s->agents[i].kick && s->agents[i].alive,
               "agent %d start", i);
        int dr = r == 1 ? 1 : -1, dc = c == 1 ? 1 : -1;
        for (int k = 1; k <= 2; k++) {
            CHECK(b[r * n + c + dc * k] == PM_PASSAGE, "seed %d: agent %d row not clear", seed, i);
            CHECK(b[(r + dr * k) * n + c] == PM_PASSAGE, "seed %d: agent %d column not clear", seed, i);
        }
    }
    if (cfg->num_agents == 4)
        for (int i = 4; i <= 6; i++) {
            CHECK(b[1 * n + i] == PM_WOOD && b[i * n + 1] == PM_WOOD && b[9 * n + i] == PM_WOOD &&
                       b[i * n + 9] == PM_WOOD,
                   "seed %d: fixed wood %d", seed, i);
        }
    CHECK(s->nbombs == 0 && s->nflames == 0 && s->step == 0, "seed %d: fresh state", seed);
}

/* The breathing-room rule keeps exactly those cells clear: somewhere over many boards, (0,1),
 * (1,0) and (2,3)-like cells next to the clear ones do get walls. */
static void check_not_overcleared(const pm_config *cfg, int boards) {
    int n = cfg->size, wall01 = 0;
    for (int seed = 0; seed < boards; seed++) {
        kit_pyrandom py;
        pm_state s;
        kit_pyrandom_seed(&py, seed);
        pm_reset(&s, cfg, &py);
        wall01 += s.board[0 * n + 1] == PM_RIGID || s.board[0 * n + 1] == PM_WOOD;
    }
    CHECK(wall01 > 0, "%s: (0,1) never got a wall in %d boards", cfg->name, boards);
}

int main(void) {
    static const pm_config_id ids[2] = {PM_FFA, PM_ONE_VS_ONE};
    for (int k = 0; k < 2; k++) {
        const pm_config *cfg = pm_config_get(ids[k]);
        for (int seed = 0; seed < 3000; seed++) {
            kit_pyrandom py, py2;
            pm_state s, t;
            kit_pyrandom_seed(&py, seed);
            pm_reset(&s, cfg, &py);
            check_board(&s, cfg, seed);
            kit_pyrandom_seed(&py2, seed);
            pm_reset(&t, cfg, &py2);
            CHECK(!memcmp(s.board, t.board, sizeof s.board) && !memcmp(s.items, t.items, sizeof s.items),
                   "seed %d: not deterministic", seed);
        }
        check_not_overcleared(cfg, 300);
    }
    /* inaccessible_passages on a hand-made board: a rigid ring around a passage at (1,1)... */
    unsigned char b[PM_MAX_CELLS];
    int n = 8;
    memset(b, PM_PASSAGE, sizeof b);
    b[0 * n + 1] = b[1 * n + 0] = b[1 * n + 2] = b[2 * n + 1] = PM_RIGID;
    b[0] = PM_WOOD; /* wood counts as open but (0,0) is cut off by the ring as well */
    CHECK(pm_inaccessible_passages(b, n) == 1, "ring: %d", pm_inaccessible_passages(b, n));
    return check_report("test_pommerman_board");
}
