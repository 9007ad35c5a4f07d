/* board.c — the configurations and env.reset(): the board generator (utility.make_board,
 * make_items, inaccessible_passages; ut:39-201) and the agents' start. Every config with four
 * agents (FFA, team, radio, collapsing) draws the FFA board.
 *
 * The draws are the original's, in its order, from a CPython-compatible random.Random: one
 * sample per wall pair (rigid first, then wood) from the set of candidates in CPython's set
 * order (pyset.c), the whole board redrawn while more than 4 passages are inaccessible, then
 * items by randint(row), randint(col), choice(kind). So a seed gives the board, the hidden items
 * and the generator state that CPython 3.8-3.13 give (the recorded games check all three). */
#include <pthread.h>
#include <string.h>

#include "pommerman.h"
#include "pyset.h"

#define V0 "pommerman.envs.v0:Pomme"
#define V1 "pommerman.envs.v1:Pomme"
#define V2 "pommerman.envs.v2:Pomme"
#define FFA_BOARD 11, 36, 36, 20, 4, PM_MAX_STEPS
#define VIEW PM_AGENT_VIEW_SIZE /* agent_view_size: the view and the largest blast strength */

/* configs.py, in pm_config_id order: id, env_id, size, rigid, wood, items, agents, max_steps,
 * max blast, game type, view, first collapse, radio vocabulary and words, entry point. */
static const pm_config configs[PM_NUM_CONFIGS] = {
    {PM_FFA, "PommeFFACompetition-v0", FFA_BOARD, 10, PM_GAME_FFA, 0, 0, 0, 0, V0},
    {PM_ONE_VS_ONE, "OneVsOne-v0", 8, 16, 16, 10, 2, PM_MAX_STEPS, 10, PM_GAME_ONE_VS_ONE, 0, 0, 0, 0, V0},
    {PM_FFA_COMPETITION_FAST, "PommeFFACompetitionFast-v0", FFA_BOARD, 10, PM_GAME_FFA, 0, 0, 0, 0, V0},
    {PM_FFA_FAST, "PommeFFAFast-v0", FFA_BOARD, 10, PM_GAME_FFA, 0, 0, 0, 0, V0},
    {PM_FFA_V1, "PommeFFA-v1", FFA_BOARD, 10, PM_GAME_FFA, 0, PM_FIRST_COLLAPSE, 0, 0, V1},
    {PM_TEAM, "PommeTeam-v0", FFA_BOARD, 10, PM_GAME_TEAM, 0, 0, 0, 0, V0},
    {PM_TEAM_FAST, "PommeTeamFast-v0", FFA_BOARD, 10, PM_GAME_TEAM, 0, 0, 0, 0, V0},
    {PM_TEAM_COMPETITION, "PommeTeamCompetition-v0", FFA_BOARD, VIEW, PM_GAME_TEAM, VIEW, 0, 0, 0, V0},
    {PM_TEAM_COMPETITION_FAST, "PommeTeamCompetitionFast-v0", FFA_BOARD, VIEW, PM_GAME_TEAM, VIEW, 0, 0, 0, V0},
    {PM_TEAM_COMPETITION_V1, "PommeTeamCompetition-v1", FFA_BOARD, VIEW, PM_GAME_TEAM, VIEW, PM_FIRST_COLLAPSE, 0, 0, V1},
    {PM_RADIO, "PommeRadio-v2", FFA_BOARD, VIEW, PM_GAME_TEAM_RADIO, VIEW, 0, PM_RADIO_VOCAB_SIZE, PM_RADIO_NUM_WORDS, V2},
    {PM_RADIO_COMPETITION, "PommeRadioCompetition-v2", FFA_BOARD, VIEW, PM_GAME_TEAM_RADIO, VIEW, 0, PM_RADIO_VOCAB_SIZE,
     PM_RADIO_NUM_WORDS, V2},
};

const pm_config *pm_config_at(int i) { return i >= 0 && i < PM_NUM_CONFIGS ? &configs[i] : NULL; }

const pm_config *pm_config_get(pm_config_id id) {
    const pm_config *c = pm_config_at((int)id);
    return c ? c : &configs[PM_FFA];
}

const pm_config *pm_config_find(const char *name) {
    if (!name) return NULL;
    if (!strcmp(name, "ffa")) return &configs[PM_FFA];
    if (!strcmp(name, "1v1")) return &configs[PM_ONE_VS_ONE];
    for (int i = 0; i < PM_NUM_CONFIGS; i++)
        if (!strcmp(name, configs[i].name)) return &configs[i];
    return NULL;
}

void pm_start_position(const pm_config *cfg, int i, int *r, int *c) {
    int n = cfg->size;
    if (cfg->num_agents == 2) {
        *r = *c = i == 0 ? 1 : n - 2;
        return;
    }
    static const int corner_r[4] = {0, 1, 1, 0}, corner_c[4] = {0, 0, 1, 1};
    *r = corner_r[i] ? n - 2 : 1;
    *c = corner_c[i] ? n - 2 : 1;
}

/* ut:64-72: sample one candidate (tuple(set)[_randbelow(len)]), remove it and its mirror, lay
 * both. */
static inline void lay_wall(unsigned char *board, int size, pm_pyset *co, int value, kit_pyrandom *rng) {
    int cell = pm_pyset_at(co, kit_pyrandom_below32(rng, (uint32_t)co->used));
    int x = cell / size, y = cell % size;
    pm_pyset_remove(co, x * size + y);
    pm_pyset_remove(co, y * size + x);
    board[x * size + y] = (unsigned char)value;
    board[y * size + x] = (unsigned char)value;
}

/* What make_board does before its first draw (ut:74-133), the same for every board of a
 * config: the board with its agents and fixed wood, the candidates left, the walls left. */
typedef struct board_start {
    unsigned char board[PM_MAX_CELLS];
    pm_pyset co;
    int rigid, wood;
    /* Whether every live key's mirror is live: then each wall removes exactly two keys (the
     * drawn one and its mirror, which stays true), so the draws' bounds are known ahead and
     * each place can carry its pair's cells and bits (make_once's fast path). */
    int symmetric;
    unsigned char cell[PM_PYSET_KEYS], mirror[PM_PYSET_KEYS]; /* per place: (x, y) and (y, x) */
    uint64_t pair[PM_PYSET_KEYS][2];                          /* per place: both places' bits */
    unsigned char pair0[PM_PYSET_KEYS];                       /* of which in the low word */
    unsigned char row[PM_PYSET_KEYS], col[PM_PYSET_KEYS];     /* per place: x and y */
    uint32_t open[PM_MAX_SIZE], passage[PM_MAX_SIZE];         /* the board's row masks */
    uint32_t agents[PM_MAX_SIZE];                             /* and its agents' cells */
} board_start;

/* Row masks of a board (bit c of row r: cell (r, c)): not rigid, and passage. */
static void row_masks(const unsigned char *board, int size, uint32_t *open, uint32_t *passage) {
    for (int r = 0; r < size; r++) {
        uint32_t o = 0, p = 0;
        for (int c = 0; c < size; c++) {
            o |= (uint32_t)(board[r * size + c] != PM_RIGID) << c;
            p |= (uint32_t)(board[r * size + c] == PM_PASSAGE) << c;
        }
        open[r] = o;
        passage[r] = p;
    }
}

static void make_start(board_start *b, const pm_config *cfg) {
    int n = cfg->size;
    unsigned char *board = b->board;
    pm_pyset *co = &b->co;
    memset(board, PM_PASSAGE, sizeof b->board);
    pm_pyset_make_board_coords(co, n);
    for (int i = 0; i < cfg->num_agents; i++) {
        int r, c;
        pm_start_position(cfg, i, &r, &c);
        board[r * n + c] = (unsigned char)(PM_AGENT0 + i);
        pm_pyset_remove(co, r * n + c); /* where present: not for those on the diagonal */
    }
    for (int i = 2; i < 4; i++) {
        pm_pyset_remove(co, 1 * n + i);
        pm_pyset_remove(co, i * n + 1);
        pm_pyset_remove(co, (n - 2) * n + (n - i - 1));
        pm_pyset_remove(co, (n - i - 1) * n + (n - 2));
        if (cfg->num_agents == 4) {
            pm_pyset_remove(co, 1 * n + (n - i - 1));
            pm_pyset_remove(co, (n - i - 1) * n + 1);
            pm_pyset_remove(co, i * n + (n - 2));
            pm_pyset_remove(co, (n - 2) * n + i);
        }
    }
    b->wood = cfg->num_wood;
    b->rigid = cfg->num_rigid;
    if (cfg->num_agents == 4) {
        for (int i = 4; i < n - 4; i++) {
            int fixed[4] = {1 * n + i, (n - i - 1) * n + 1, (n - 2) * n + (n - i - 1),
                            (n - i - 1) * n + (n - 2)};
            for (int k = 0; k < 4; k++) {
                board[fixed[k]] = PM_WOOD;
                pm_pyset_remove(co, fixed[k]);
            }
            b->wood -= 4;
        }
    }
    b->symmetric = 1;
    for (int k = 0; k < PM_PYSET_KEYS; k++) {
        int p = co->place[k];
        if (p < 0) continue;
        int x = k / n, y = k % n, q = co->place[y * n + x];
        int live = (co->live[p >> 6] >> (p & 63)) & 1, mirror_live = q >= 0 && ((co->live[q >> 6] >> (q & 63)) & 1);
        if (live && !mirror_live) b->symmetric = 0;
        b->cell[p] = (unsigned char)k;
        b->mirror[p] = (unsigned char)(y * n + x);
        b->pair[p][0] = b->pair[p][1] = 0;
        b->pair[p][p >> 6] |= (uint64_t)1 << (p & 63);
        if (q >= 0) b->pair[p][q >> 6] |= (uint64_t)1 << (q & 63);
        b->pair0[p] = (unsigned char)((p < 64) + (q >= 0 && q < 64));
        b->row[p] = (unsigned char)x;
        b->col[p] = (unsigned char)y;
    }
    row_masks(board, n, b->open, b->passage);
    for (int r = 0; r < n; r++) {
        b->agents[r] = 0;
        for (int c = 0; c < n; c++) b->agents[r] |= (uint32_t)(board[r * n + c] >= PM_AGENT0) << c;
    }
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define LIST_SIMD 1
/* For the item draws' listing (list_ssse3, below), [m]: the places of m's set bits, lowest
 * first (the rest 0x80: shuffled in as 0) */
static unsigned char list_places[256][8];
static void make_list_places(void) {
    for (int m = 0; m < 256; m++) {
        int k = 0;
        for (int b = 0; b < 8; b++)
            if (m >> b & 1) list_places[m][k++] = (unsigned char)b;
        while (k < 8) list_places[m][k++] = 0x80;
    }
}

#else
#define LIST_SIMD 0
#endif

/* The starts of the configs of pm_config_at, made once (read-only afterwards). */
static board_start starts[PM_NUM_CONFIGS];
static pthread_once_t starts_once = PTHREAD_ONCE_INIT;
static void make_starts(void) {
#if LIST_SIMD
    make_list_places();
#endif
    for (int i = 0; i < PM_NUM_CONFIGS; i++) make_start(&starts[i], &configs[i]);
}

/* The walls' draws when the set is symmetric: the k-th pair is drawn below used - 2k, so all
 * are drawn first (no jump per rejected word), then placed, each placement a select and two
 * masks. Returns the pairs drawn: fewer than asked when the block ends first (the rest are
 * then drawn one by one, twisting as the original does). */
static int draw_walls(kit_pyrandom *rng, uint32_t used, int pairs, uint32_t *value) {
    int k = 0, p = rng->index;
    while (k < pairs && p < 624) {
        uint32_t bound = used - 2u * (uint32_t)k;
        uint32_t v = kit_pyrandom_temper(rng->mt[p++]) >> __builtin_clz(bound);
        value[k] = v;
        k += v < bound;
    }
    rng->index = p;
    return k;
}

/* ut:74-147, one attempt, from the config's start; also the board's row masks (open: not
 * rigid; passage). */
static void make_once(unsigned char *board, const board_start *start, kit_pyrandom *rng, uint32_t *open,
                      uint32_t *passage) {
    int n = start->co.size;
    pm_pyset co = start->co;
    memcpy(board, start->board, (size_t)(n * n));
    int rigid_pairs = start->rigid > 0 ? (start->rigid + 1) / 2 : 0;
    int pairs = rigid_pairs + (start->wood > 0 ? (start->wood + 1) / 2 : 0);
    if (!start->symmetric || pairs > PM_PYSET_KEYS / 2 || (size_t)(2 * pairs) > co.used) {
        for (int left = start->rigid; left > 0; left -= 2) lay_wall(board, n, &co, PM_RIGID, rng);
        for (int left = start->wood; left > 0; left -= 2) lay_wall(board, n, &co, PM_WOOD, rng);
        row_masks(board, n, open, passage);
        return;
    }
    memcpy(open, start->open, sizeof start->open);
    memcpy(passage, start->passage, sizeof start->passage);
    uint32_t value[PM_PYSET_KEYS / 2];
    int drawn = draw_walls(rng, (uint32_t)co.used, pairs, value);
    uint64_t lo = co.live[0], hi = co.live[1];
    unsigned used0 = (unsigned)co.used0, used = (unsigned)co.used;
    for (int k = 0; k < pairs; k++) {
        unsigned r = k < drawn ? value[k] : kit_pyrandom_below32(rng, used);
        int upper = r >= used0;
        int p = 64 * upper + pm_pyset_select64(upper ? hi : lo, upper ? r - used0 : r);
        lo &= ~start->pair[p][0];
        hi &= ~start->pair[p][1];
        used0 -= start->pair0[p];
        used -= 2;
        unsigned char wall = k < rigid_pairs ? PM_RIGID : PM_WOOD;
        board[start->cell[p]] = wall;
        board[start->mirror[p]] = wall;
        int x = start->row[p], y = start->col[p];
        uint32_t rigid = k < rigid_pairs ? ~0u : 0u;
        passage[x] &= ~(1u << y);
        passage[y] &= ~(1u << x);
        open[x] &= ~(rigid & (1u << y));
        open[y] &= ~(rigid & (1u << x));
    }
}

/* The cells of an open row (bit c: cell c not rigid) reached from seeds within it: each run of
 * open cells that holds a seed, whole. Toward higher bits a carry does it (adding the seeds to
 * the row runs a carry from the lowest seed of each run to its end); toward lower bits a
 * doubling fill (seeds spread 1, 2, 4, 8 cells over cells whose next 1, 2, 4, 8 are open). */
static inline uint32_t row_fill(uint32_t open, uint32_t seeds) {
    uint32_t up = (((seeds + open) ^ open) | seeds) & open;
    uint32_t down = seeds, run = open;
    down |= run & (down >> 1);
    run &= run >> 1;
    down |= run & (down >> 2);
    run &= run >> 2;
    down |= run & (down >> 4);
    run &= run >> 4;
    down |= run & (down >> 8);
    return up | down;
}

/* A flood fill of rows as bit masks (bit c of row r: cell (r, c)), through anything but rigid
 * walls: sweeps up and down the rows, each row taking what its neighbours reach and filling its
 * runs, until a sweep changes nothing; the passages left out are counted. The start
 * cell is an agent's, never a passage. */
static int inaccessible(const uint32_t *open_rows, const uint32_t *passage, int size) {
    uint32_t open[PM_MAX_SIZE + 2] = {0}, reach[PM_MAX_SIZE + 2] = {0};
    memcpy(open + 1, open_rows, (size_t)size * sizeof *open); /* rows 1..size; 0 and size + 1 empty */
    reach[size - 1] = 1u << (size - 2);                           /* row size - 2 */
    /* sweeps up (first: the start is near the bottom) and down in turn, until one changes no
     * row: every row is then filled from its neighbours as they are, the fill is complete */
    for (int up = 1;; up = !up) {
        uint32_t changed = 0;
        for (int k = 0; k < size; k++) {
            int r = up ? size - k : 1 + k;
            uint32_t f = row_fill(open[r], (reach[r] | reach[r - 1] | reach[r + 1]) & open[r]);
            changed |= f ^ reach[r];
            reach[r] = f;
        }
        if (!changed) break;
    }
    int left = 0;
    for (int r = 0; r < size; r++)
        for (uint32_t out = passage[r] & ~reach[r + 1]; out; out &= out - 1) left++;
    return left;
}

int pm_inaccessible_passages(const unsigned char *board, int size) {
    uint32_t open[PM_MAX_SIZE], passage[PM_MAX_SIZE];
    row_masks(board, size, open, passage);
    return inaccessible(open, passage, size);
}

/* The item draws of ut:156-172 (randint(0, n-1) for the row, then the column, until a wood cell
 * without an item; then choice of three kinds), the words taken in chunks: a chunk's words are
 * tempered together (a loop the compiler vectorizes) and its accepted row/column values listed
 * without a jump per word, so a rejected word (5 of 16 for n = 11) costs no mispredicted jump;
 * the tries then read that list. The words consumed, and the generator left, are the
 * original's: a chunk ends at the block's end, and the next block is twisted only when a draw
 * needs a word of it. */
enum { ITEM_CHUNK = 64 };
typedef struct item_words {
    kit_pyrandom *rng;
    int shift, n;
    int base, len;                    /* the chunk: words base .. base + len - 1 of the block */
    int have, next;                   /* accepted values listed, the next one to take */
    int cur;                          /* the last word consumed, as an offset in the chunk */
    int simd;                         /* list 8 at a time (list_ssse3) */
    uint32_t word[ITEM_CHUNK];        /* tempered */
    unsigned char value[ITEM_CHUNK];  /* accepted values in order */
    unsigned char at[ITEM_CHUNK];     /* and their offsets */
} item_words;

/* The listing of a chunk's accepted values: a word at a time, or 8 at a time on SSSE3 (every
 * processor with AVX2 has it): the 8 values packed to bytes, the accepted ones' positions from
 * a table by the 8-bit mask of accepted words, moved to the front with one byte shuffle (8
 * bytes stored at the count listed so far, never past the words read: within the chunk). */
/* words k.. of the chunk, have values listed before them */
static int list_plain(item_words *w, int k, int have) {
    for (; k < w->len; k++) {
        uint32_t v = w->word[k] >> w->shift;
        w->value[have] = (unsigned char)v;
        w->at[have] = (unsigned char)k;
        have += v < (uint32_t)w->n;
    }
    return have;
}

#if LIST_SIMD
__attribute__((target("avx2"))) static int list_ssse3(item_words *w) {
    const __m128i shift = _mm_cvtsi32_si128(w->shift), n = _mm_set1_epi16((short)w->n);
    int have = 0, k = 0;
    for (; k + 8 <= w->len; k += 8) {
        __m128i lo = _mm_srl_epi32(_mm_loadu_si128((const __m128i *)(const void *)(w->word + k)), shift);
        __m128i hi = _mm_srl_epi32(_mm_loadu_si128((const __m128i *)(const void *)(w->word + k + 4)), shift);
        __m128i v16 = _mm_packs_epi32(lo, hi); /* values below 64 (n <= 32): not saturated */
        __m128i ok = _mm_packs_epi16(_mm_cmplt_epi16(v16, n), _mm_setzero_si128());
        unsigned m = (unsigned)_mm_movemask_epi8(ok) & 0xffu;
        __m128i bytes = _mm_packus_epi16(v16, v16);
        __m128i places = _mm_loadl_epi64((const __m128i *)(const void *)list_places[m]);
        _mm_storel_epi64((__m128i *)(void *)(w->value + have), _mm_shuffle_epi8(bytes, places));
        _mm_storel_epi64((__m128i *)(void *)(w->at + have), _mm_add_epi8(places, _mm_set1_epi8((char)k)));
        have += __builtin_popcount(m);
    }
    return list_plain(w, k, have);
}
#endif

static void item_chunk(item_words *w, int start) {
    kit_pyrandom *rng = w->rng;
    if (start >= 624) { /* a draw needs the next block */
        kit_pyrandom_twist(rng);
        start = 0;
    }
    w->base = start;
    w->len = 624 - start < ITEM_CHUNK ? 624 - start : ITEM_CHUNK;
    for (int k = 0; k < w->len; k++) w->word[k] = kit_pyrandom_temper(rng->mt[start + k]);
#if LIST_SIMD
    w->have = w->simd ? list_ssse3(w) : list_plain(w, 0, 0);
#else
    w->have = list_plain(w, 0, 0);
#endif
    w->next = 0;
    w->cur = -1;
}

/* randbelow(n): the next accepted value */
static int item_take(item_words *w) {
    while (w->next == w->have) item_chunk(w, w->base + w->len);
    w->cur = w->at[w->next];
    return w->value[w->next++];
}

/* randbelow(3), from the word after the last consumed; the listed values it passes are dropped */
static int item_kind(item_words *w) {
    for (;;) {
        if (++w->cur == w->len) {
            item_chunk(w, w->base + w->len);
            w->cur = 0;
        }
        uint32_t v = w->word[w->cur] >> 30;
        if (v < 3) {
            while (w->next < w->have && w->at[w->next] <= w->cur) w->next++;
            return (int)v;
        }
    }
}

/* free[r]: the row's wood cells without an item (bit c: cell (r, c)) */
static void place_items(pm_state *s, int n, int count, kit_pyrandom *rng, uint32_t *free) {
    if (count <= 0) return;
    item_words w;
    w.rng = rng;
    w.n = n;
    w.shift = __builtin_clz((unsigned)n);
    w.simd = LIST_SIMD && n <= 32 && dmap_simd_best() >= DMAP_SIMD_AVX2;
    item_chunk(&w, rng->index);
    for (int left = count; left > 0;) {
        int r = item_take(&w), c = item_take(&w);
        if (!(free[r] >> c & 1)) continue;
        s->items[r * n + c] = (unsigned char)(PM_EXTRABOMB + item_kind(&w));
        free[r] &= ~(1u << c);
        left--;
    }
    rng->index = w.base + w.cur + 1;
}

void pm_reset(pm_state *s, const pm_config *cfg, kit_pyrandom *rng) {
    board_start own;
    const board_start *start;
    pthread_once(&starts_once, make_starts); /* the configs' starts and the listing's table */
    if ((int)cfg->id >= 0 && (int)cfg->id < PM_NUM_CONFIGS && cfg == &configs[cfg->id]) {
        start = &starts[cfg->id];
    } else { /* a config made elsewhere: its start made here */
        make_start(&own, cfg);
        start = &own;
    }
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->size = cfg->size;
    s->nagents = cfg->num_agents;
    int n = cfg->size;
    uint32_t open[PM_MAX_SIZE], passage[PM_MAX_SIZE];
    do {
        make_once(s->board, start, rng, open, passage);
    } while (inaccessible(open, passage, n) > 4);
    for (int r = 0; r < n; r++) open[r] &= ~passage[r] & ~start->agents[r]; /* wood */
    place_items(s, n, cfg->num_items, rng, open);
    for (int i = 0; i < s->nagents; i++) {
        pm_agent *a = &s->agents[i];
        pm_start_position(cfg, i, &a->r, &a->c);
        a->ammo = 1;
        a->blast = PM_DEFAULT_BLAST;
        a->kick = 0;
        a->alive = 1;
    }
}
