/* test_pommerman_board.c — the board generator's properties over thousands of boards, each
 * checked by this file's own code against the facts of utility.make_board / make_items
 * (RULES.md, data/README.md "Board generation facts"): wall and item counts,
 * the mirror across the main diagonal, an empty diagonal, the FFA's fixed wood, the kept-clear
 * cells, at most 4 passages unreachable from (size-2, size-2) through non-rigid cells, items
 * only under wood, agents at their corners; and determinism (same seed, same board). */
#include <stdio.h>
#include <string.h>

#include "../../../tests/check.h"
#include "../../kit/tests/ref_mt.h"
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

/* ---- the generator written the plain way, as the oracle of pm_reset's fast one ----------
 * A CPython set of (x, y) tuples kept as CPython keeps it (an open-addressing table: 8 slots,
 * growth to the smallest power of two above 4 x used once fill * 5 >= mask * 3, 9 linear
 * probes then perturbed probing, a dummy left by each removal), tuple(set) read by walking the
 * slots every time, draws from the plain MT19937 of ref_mt.h, passages counted by the BFS
 * above, items by randint/choice: make_board and make_items step by step. */
typedef struct ref_set {
    size_t mask, fill, used;
    int key[512]; /* x * 16 + y, or -1 empty, -2 dummy */
    uint64_t hash[512];
} ref_set;

static uint64_t ref_tuple_hash(uint64_t x, uint64_t y) {
    const uint64_t p1 = 11400714785074694791ull, p2 = 14029467366897019727ull, p5 = 2870177450012600261ull;
    uint64_t acc = p5;
    acc += x * p2, acc = (acc << 31) | (acc >> 33), acc *= p1;
    acc += y * p2, acc = (acc << 31) | (acc >> 33), acc *= p1;
    acc += 2 ^ (p5 ^ 3527539ull);
    return acc == UINT64_MAX ? 1546275796u : acc;
}

static void ref_insert(ref_set *s, int key, uint64_t hash) {
    size_t perturb = (size_t)hash, i = (size_t)hash & s->mask;
    while (s->key[i] != -1) {
        size_t probe = 1;
        if (i + 9 <= s->mask)
            for (; probe <= 9 && s->key[i + probe] != -1; probe++) {}
        if (i + 9 <= s->mask && probe <= 9) {
            i += probe;
            break;
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & s->mask;
    }
    s->key[i] = key;
    s->hash[i] = hash;
}

static void ref_add(ref_set *s, int x, int y) {
    ref_insert(s, x * 16 + y, ref_tuple_hash((uint64_t)x, (uint64_t)y));
    s->used++;
    if (++s->fill * 5 < s->mask * 3) return;
    ref_set old = *s;
    size_t slots = 8;
    while (slots <= s->used * 4) slots *= 2;
    s->mask = slots - 1;
    for (size_t i = 0; i < slots; i++) s->key[i] = -1;
    for (size_t i = 0; i <= old.mask; i++)
        if (old.key[i] >= 0) ref_insert(s, old.key[i], old.hash[i]);
    s->fill = s->used;
}

static void ref_remove(ref_set *s, int x, int y) {
    for (size_t i = 0; i <= s->mask; i++)
        if (s->key[i] == x * 16 + y) {
            s->key[i] = -2;
            s->used--;
        }
}

/* tuple(set)[i] */
static int ref_at(const ref_set *s, size_t index) {
    for (size_t i = 0; i <= s->mask; i++)
        if (s->key[i] >= 0 && index-- == 0) return s->key[i];
    return -1;
}

static void ref_make_once(unsigned char *b, const pm_config *cfg, ref_mt *rng) {
    int n = cfg->size, rigid = cfg->num_rigid, wood = cfg->num_wood;
    static ref_set co;
    co.mask = 7, co.fill = co.used = 0;
    for (int i = 0; i < 8; i++) co.key[i] = -1;
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++)
            if (x != y) ref_add(&co, x, y);
    memset(b, PM_PASSAGE, (size_t)(n * n));
    for (int i = 0; i < cfg->num_agents; i++) { /* the corners, out of the set where in it */
        int r = cfg->num_agents == 2 ? (i ? n - 2 : 1) : (i == 1 || i == 2 ? n - 2 : 1);
        int c = cfg->num_agents == 2 ? r : (i >= 2 ? n - 2 : 1);
        b[r * n + c] = (unsigned char)(PM_AGENT0 + i);
        ref_remove(&co, r, c);
    }
    for (int i = 2; i < 4; i++) {
        ref_remove(&co, 1, i), ref_remove(&co, i, 1);
        ref_remove(&co, n - 2, n - i - 1), ref_remove(&co, n - i - 1, n - 2);
        if (cfg->num_agents == 4) {
            ref_remove(&co, 1, n - i - 1), ref_remove(&co, n - i - 1, 1);
            ref_remove(&co, i, n - 2), ref_remove(&co, n - 2, i);
        }
    }
    if (cfg->num_agents == 4)
        for (int i = 4; i < n - 4; i++, wood -= 4) {
            b[1 * n + i] = b[(n - i - 1) * n + 1] = b[(n - 2) * n + (n - i - 1)] = b[(n - i - 1) * n + (n - 2)] = PM_WOOD;
            ref_remove(&co, 1, i), ref_remove(&co, n - i - 1, 1);
            ref_remove(&co, n - 2, n - i - 1), ref_remove(&co, n - i - 1, n - 2);
        }
    for (int k = 0; k < rigid + wood; k += 2) {
        int key = ref_at(&co, ref_below(rng, (uint32_t)co.used)), x = key / 16, y = key % 16;
        ref_remove(&co, x, y), ref_remove(&co, y, x);
        b[x * n + y] = b[y * n + x] = k < rigid ? PM_RIGID : PM_WOOD;
    }
}

static void ref_reset(const pm_config *cfg, ref_mt *ref, unsigned char *b, unsigned char *items) {
    int n = cfg->size;
    memset(items, 0, PM_MAX_CELLS);
    do ref_make_once(b, cfg, ref);
    while (unreachable_passages(b, n) > 4);
    for (int left = cfg->num_items; left > 0;) {
        int r = (int)ref_below(ref, (uint32_t)n), c = (int)ref_below(ref, (uint32_t)n);
        if (b[r * n + c] != PM_WOOD || items[r * n + c]) continue;
        items[r * n + c] = (unsigned char)(PM_EXTRABOMB + ref_below(ref, 3));
        left--;
    }
}

/* pm_reset against the oracle: board, items and the generator's words and index after them,
 * from fresh seeds, then on one generator continued from board to board (its draws cross the
 * block's end at every place: walls, items, kinds) */
static void check_against_plain(const pm_config *cfg, int seeds) {
    int n = cfg->size, bad = 0;
    static pm_state s;
    unsigned char b[PM_MAX_CELLS], items[PM_MAX_CELLS];
    kit_pyrandom py;
    ref_mt ref;
    for (int seed = 0; seed < 2 * seeds && bad < 5; seed++) {
        uint32_t key[1] = {(uint32_t)seed};
        if (seed < seeds || seed == seeds) {
            ref_seed(&ref, key, 1);
            kit_pyrandom_seed(&py, seed);
        }
        ref_reset(cfg, &ref, b, items);
        pm_reset(&s, cfg, &py);
        int same = !memcmp(s.board, b, (size_t)(n * n)) && !memcmp(s.items, items, (size_t)(n * n)) &&
                   !memcmp(py.mt, ref.mt, sizeof ref.mt) && py.index == ref.index;
        CHECK(same, "%s %s %d: pm_reset's board, items or generator differ from the plain generator's",
              cfg->name, seed < seeds ? "seed" : "continued board", seed < seeds ? seed : seed - seeds);
        bad += !same;
    }
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
        check_against_plain(cfg, k == 0 ? 10000 : 3000);
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
