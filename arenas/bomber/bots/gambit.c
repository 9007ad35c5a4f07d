/* gambit.c — the Gambit port (gambit.h; gambit.py at 2e9a7ab; RULES.md's last section and
 * data/README.md facts 6-11 and 21).
 *
 * Every map is a dmap field on the 12x10 board (index y*12 + x, the bot's tiles[x][y]) with
 * the original's default 100 as the ceiling and NaN written on its walls afterwards, as the
 * original's _clear_map does (a map whose goals are all 0 comes from dmap_bfs: the same
 * small integers). Floating point follows the original to the last bit:
 *   - the original's scan lowers a cell to `lowest + 1`, so values grow by repeated additions of
 *     1 along a path; dmap's label-setting scan also settles each cell at its parent's value
 *     plus the step (1.0), never goal + distance in one addition, and because rounding is
 *     monotone the smallest such value is the sweep's fixed point: bit for bit the same;
 *   - scaling is float(v) * w (dmap_scale, dmap_flee: factor * v);
 *   - the goal map is the sum reward, safe, flee, ammo, 25 x high, centre, run, treasure
 *     accumulated left to right (dmap_weighted_sum sums in index order from 0.0), over a
 *     wall-less grid so NaN walls of every component propagate like Python's NaN;
 *   - reward rays are added in the order right, left, up, down, each v or v * 0.95;
 *   - the project builds with -std=c11, where gcc and clang do not contract a*b+c into an
 *     FMA on the baseline x86-64 target, so each product and sum is rounded on its own as
 *     in CPython. */
#include "gambit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const gambit_map_names[GAMBIT_NMAPS] = {
    "high_used", "flee", "reward", "ammo", "safe", "centre", "run", "treasure", "high_next"};

#define W BOMBER_W
#define H BOMBER_H
#define N BOMBER_CELLS
#define CEILING 100.0

static int cell_of(int x, int y) { return y * W + x; }
static int on_board(int x, int y) { return x >= 0 && x < W && y >= 0 && y < H; }

/* The directions of gambit.py's explosion lists: (0,1), (0,-1), (1,0), (-1,0). */
static const int ray_dir[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};

int gambit_init(gambit *b, int pid, uint64_t seed) {
    memset(b, 0, sizeof *b);
    b->pid = pid;
    kit_pyrandom_seed(&b->rng, (int64_t)seed);
    gambit_set_knobs(b, NULL);
    for (int i = 0; i < N; i++) b->high[i] = CEILING; /* DijkstraMap(12,10,None): no walls */
    b->grid.w = W, b->grid.h = H, b->grid.wall = b->wall, b->grid.cost = NULL;
    dmap_workspace_new(&b->ws);
    b->memo = calloc((size_t)GAMBIT_MEMO_SLOTS * GAMBIT_MEMO_WAYS, sizeof *b->memo);
    b->run = calloc(1, sizeof *b->run);
    return b->ws && b->memo && b->run ? DMAP_OK : DMAP_ERR_NOMEM;
}

static const kit_param gambit_param[] = {GAMBIT_PARAMS};
const kit_params gambit_params = {gambit_param, GAMBIT_NDESIRE};

void gambit_set_knobs(gambit *b, const void *preset) {
    double p[KIT_PARAM_MAX];
    kit_param_read(&gambit_params, preset, p);
    memcpy(b->knob, p, sizeof b->knob);
    /* self.desire at the start: safe and ammo are set by every update before they count */
    b->w = (gambit_weights){3, p[GD_FLEE], p[GD_REWARD], 1, 1, 0, 0, 0};
}

void gambit_release(gambit *b) {
    dmap_workspace_free(b->ws);
    free(b->memo);
    free(b->run);
    b->ws = NULL, b->memo = NULL, b->run = NULL;
}

/* ---- the pieces of the view the maps use ------------------------------------------------- */

typedef struct scene {
    unsigned char block[N], bomb[N], opponent[N], metal[N], wood[N], ore[N];
    unsigned char walls[N];     /* generate_walls: blocks + bombs + opponent */
    int nvalue;                 /* wood + ore blocks */
} scene;

static void read_scene(const gambit *b, const bomber_view *v, scene *s) {
    memset(s, 0, sizeof *s);
    for (int i = 0; i < v->nblocks; i++) {
        int c = cell_of(v->blocks[i].x, v->blocks[i].y);
        s->block[c] = 1;
        if (v->blocks[i].tag == BOMBER_TAG_METAL) s->metal[c] = 1;
        else if (v->blocks[i].tag == BOMBER_TAG_WOOD) s->wood[c] = 1, s->nvalue++;
        else s->ore[c] = 1, s->nvalue++;
    }
    for (int i = 0; i < v->nbombs; i++) s->bomb[cell_of(v->bombs[i].x, v->bombs[i].y)] = 1;
    /* GameState.opponents(id): every player whose pid differs from the caller's. */
    for (int i = 0; i < v->nplayers; i++)
        if (v->players[i].pid != b->pid) s->opponent[cell_of(v->players[i].x, v->players[i].y)] = 1;
    for (int c = 0; c < N; c++) s->walls[c] = s->block[c] | s->bomb[c] | s->opponent[c];
}

/* `tile in game_state.all_blocks + game_state.bombs` for a tile that may be off the board. */
static int stops_ray(const scene *s, int x, int y) {
    return on_board(x, y) && (s->block[cell_of(x, y)] || s->bomb[cell_of(x, y)]);
}

/* ---- maps -------------------------------------------------------------------------------- */

/* Every goal is +0.0 (safe maps, the centre, the opponent of the run map). */
static int all_goals_zero(const dmap_goal *goals, int n) {
    for (int i = 0; i < n; i++)
        if (goals[i].value != 0 || signbit(goals[i].value)) return 0;
    return 1;
}

/* The field of goals that are all +0.0 is the step count to the nearest goal where it is below
 * the ceiling, the ceiling elsewhere: dmap_bfs (bitsets on a board this small) gives it without
 * the goal sort dmap_field does for more than 64 goals. Values are small integers either way,
 * so the doubles are the same bits. */
static int zero_goal_field(gambit *b, const dmap_moves *mv, const dmap_goal *goals, int n,
                           double *out) {
    int sources[N], depth[N];
    for (int i = 0; i < n; i++) sources[i] = cell_of(goals[i].x, goals[i].y);
    int rc = dmap_bfs(&b->grid, mv, sources, (size_t)n, (int)CEILING - 1, depth, NULL, b->ws);
    if (rc) return rc;
    for (int c = 0; c < N; c++) out[c] = depth[c] >= 0 ? (double)depth[c] : CEILING;
    return DMAP_OK;
}

/* The memo entry of `slot` holding these inputs, or NULL. The newest entries are tried first
 * (most hits are on the last tick's inputs). */
static gambit_memo *memo_find(gambit *b, int slot, const unsigned char *walls,
                              const dmap_goal *goals, int n, double factor) {
    gambit_memo *m = &b->memo[slot * GAMBIT_MEMO_WAYS];
    for (int i = 1; i <= GAMBIT_MEMO_WAYS; i++) {
        int k = (b->memo_next[slot] + GAMBIT_MEMO_WAYS - i) % GAMBIT_MEMO_WAYS;
        if (m[k].valid && m[k].ngoals == n && m[k].factor == factor &&
            !memcmp(m[k].walls, walls, N) && !memcmp(m[k].goals, goals, (size_t)n * sizeof *goals))
            return &m[k];
    }
    return NULL;
}

/* DijkstraMap(12, 10, walls) with goals (dropped on walls), recalculated, walls NaN; with a
 * flee factor (not 0) then scaled by it and recalculated again (dmap_flee), as
 * generate_bomb_flee_dijkstra and generate_run_dijkstra do. *out gets the map, which lives in
 * a memo entry of the map kind's slot until that slot has computed GAMBIT_MEMO_WAYS more
 * maps. When the walls, goals and factor equal those of one of the slot's last results, that
 * result is reused (most ticks leave most maps' inputs unchanged, and an opponent stepping
 * back and forth brings back the walls of a tick before), which is exactly what recomputing
 * would give. */
static int field_memo(gambit *b, int slot, const unsigned char *walls, const dmap_goal *goals,
                      int ngoals, double factor, const double **out) {
    dmap_goal kept[N];
    int n = 0;
    for (int i = 0; i < ngoals; i++)
        if (!walls[cell_of(goals[i].x, goals[i].y)]) kept[n++] = goals[i];
    gambit_memo *m = memo_find(b, slot, walls, kept, n, factor);
    if (m) {
        *out = m->out;
        return DMAP_OK;
    }
    m = &b->memo[slot * GAMBIT_MEMO_WAYS + b->memo_next[slot]];
    b->memo_next[slot] = (unsigned char)((b->memo_next[slot] + 1) % GAMBIT_MEMO_WAYS);
    *out = m->out;
    memcpy(b->wall, walls, N);
    dmap_moves mv = dmap_moves_4();
    int passable = 0, same = 1, rc = DMAP_OK;
    for (int c = 0; c < N; c++) passable += !walls[c];
    for (int i = 1; i < n && same; i++) same = kept[i].value == kept[0].value;
    if (n == passable && n > 0 && same && factor == 0) {
        /* Every passable cell is a goal of one value (a safe map with no blast in sight): the
         * fixed point is that value everywhere; no scan needed. */
        for (int c = 0; c < N; c++) m->out[c] = kept[0].value;
    } else if (n > 0 && all_goals_zero(kept, n)) {
        rc = zero_goal_field(b, &mv, kept, n, m->out);
    } else {
        rc = dmap_field(&b->grid, &mv, kept, (size_t)n, CEILING, m->out, b->ws);
    }
    for (int c = 0; c < N; c++)
        if (walls[c]) m->out[c] = NAN;
    if (!rc && factor != 0) rc = dmap_flee(&b->grid, &mv, m->out, factor, m->out, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    m->valid = rc == DMAP_OK;
    memcpy(m->walls, walls, N);
    memcpy(m->goals, kept, (size_t)n * sizeof kept[0]);
    m->ngoals = n, m->factor = factor;
    return rc;
}

/* The cells a bomb's blast reaches in generate_bomb_safe_dijkstra(_high_timer): its cell and
 * per ray up to 2 cells, stopping before the first block or bomb. */
static void mark_blast(const scene *s, int bx, int by, unsigned char *hit) {
    hit[cell_of(bx, by)] = 1;
    for (int d = 0; d < 4; d++)
        for (int k = 1; k <= 2; k++) {
            int x = bx + k * ray_dir[d][0], y = by + k * ray_dir[d][1];
            if (stops_ray(s, x, y)) break;
            if (on_board(x, y)) hit[cell_of(x, y)] = 1;
        }
}

/* A safe map: goals (value 0) on every cell that is not a block, a bomb or in `hit`. */
static int safe_map(gambit *b, int slot, const scene *s, const unsigned char *hit,
                    const double **out) {
    dmap_goal goals[N];
    int n = 0;
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H; y++) {
            int c = cell_of(x, y);
            if (!s->block[c] && !s->bomb[c] && !hit[c]) goals[n++] = (dmap_goal){x, y, 0.0};
        }
    return field_memo(b, slot, s->walls, goals, n, 0, out);
}

static int bomb_safe_map(gambit *b, const scene *s, const bomber_view *v, const double **out) {
    unsigned char hit[N] = {0};
    for (int i = 0; i < v->nbombs; i++) mark_blast(s, v->bombs[i].x, v->bombs[i].y, hit);
    return safe_map(b, GAMBIT_SAFE, s, hit, out);
}

/* Only bombs first seen more than 30 calls ago count (timers are hidden). */
static int high_timer_map(gambit *b, const scene *s, const double **out) {
    unsigned char hit[N] = {0};
    for (int i = 0; i < b->nbombs_seen; i++)
        if (b->tick - b->bombs_seen[i].first > 30)
            mark_blast(s, b->bombs_seen[i].x, b->bombs_seen[i].y, hit);
    return safe_map(b, GAMBIT_HIGH_NEXT, s, hit, out);
}

/* generate_reward_map: along each ray (right, left, up, down) the first of the 2 cells whose
 * value is not 0 counts (x 0.95 at distance 2); NaN (metal) stops the ray; off the board
 * reads 0. */
static double ray_score(const double *board, int x, int y) {
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    double val = 0;
    for (int d = 0; d < 4; d++)
        for (int k = 1; k <= 2; k++) {
            int tx = x + k * dirs[d][0], ty = y + k * dirs[d][1];
            double m = on_board(tx, ty) ? board[cell_of(tx, ty)] : 0.0;
            if (isnan(m)) break;
            if (m == 0) continue;
            val += m * (k == 1 ? 1 : 0.95);
            break;
        }
    return val;
}

/* generate_one_reward_map (fewer than 5 wood and ore left): the sum of the 4 neighbours'
 * values, NaN and off-board read as 0 (sums of halves and integers: exact in any order). */
static double neighbour_score(const double *board, int x, int y) {
    double v[4];
    const int d[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
    for (int k = 0; k < 4; k++) {
        int tx = x + d[k][0], ty = y + d[k][1];
        double m = on_board(tx, ty) ? board[cell_of(tx, ty)] : 0.0;
        v[k] = isnan(m) ? 0.0 : m;
    }
    return v[0] + (v[1] + v[2]) + v[3];
}

static int reward_map(gambit *b, const scene *s, const bomber_view *v, const double **out) {
    unsigned char blast[N] = {0}; /* explosion_tiles: rays include the block/bomb ending them */
    for (int i = 0; i < v->nbombs; i++) {
        int bx = v->bombs[i].x, by = v->bombs[i].y;
        blast[cell_of(bx, by)] = 1;
        for (int d = 0; d < 4; d++)
            for (int k = 1; k <= 2; k++) {
                int x = bx + k * ray_dir[d][0], y = by + k * ray_dir[d][1];
                if (on_board(x, y)) blast[cell_of(x, y)] = 1;
                if (stops_ray(s, x, y)) break;
            }
    }
    double board[N];
    for (int c = 0; c < N; c++) {
        board[c] = 0;
        if (s->wood[c]) board[c] = blast[c] ? 0 : 2;
        else if (s->ore[c]) board[c] = b->explosions[c] == 0 ? 0.5 : b->explosions[c] == 1 ? 3 : 11;
        else if (s->metal[c]) board[c] = NAN;
    }
    /* The goals depend on the board and the scoring rule only: the last call's are kept. */
    gambit_reward_goals *r = &b->reward;
    int near = s->nvalue < 5;
    if (!r->valid || r->near != near || memcmp(r->board, board, sizeof board)) {
        r->n = 0;
        for (int x = 0; x < W; x++)
            for (int y = 0; y < H; y++) {
                double score = near ? neighbour_score(board, x, y) : ray_score(board, x, y);
                if (score != 0) r->goals[r->n++] = (dmap_goal){x, y, -1 * score};
            }
        memcpy(r->board, board, sizeof board);
        r->near = near, r->valid = 1;
    }
    return field_memo(b, GAMBIT_REWARD, s->walls, r->goals, r->n, 0, out);
}

static int ammo_map(gambit *b, const scene *s, const bomber_view *v, int with_ammo,
                    const double **out) {
    dmap_goal goals[2 * BOMBER_MAX_ITEMS];
    int n = 0;
    for (int i = 0; with_ammo && i < v->nammo; i++)
        goals[n++] = (dmap_goal){v->ammo[i].x, v->ammo[i].y, -3};
    for (int i = 0; i < v->ntreasure; i++)
        goals[n++] = (dmap_goal){v->treasure[i].x, v->treasure[i].y, -2};
    return field_memo(b, with_ammo ? GAMBIT_AMMO : GAMBIT_TREASURE, s->walls, goals, n, 0, out);
}

static int centre_map(gambit *b, const scene *s, const double **out) {
    unsigned char walls[N];
    for (int c = 0; c < N; c++) walls[c] = s->block[c] | s->bomb[c];
    dmap_goal goals[15];
    int n = 0;
    for (int x = 3; x < 8; x++)
        for (int y = 3; y < 6; y++) goals[n++] = (dmap_goal){x, y, 0};
    return field_memo(b, GAMBIT_CENTRE, walls, goals, n, 0, out);
}

static int bomb_flee_map(gambit *b, const scene *s, const bomber_view *v, const double **out) {
    dmap_goal goals[BOMBER_MAX_BOMBS];
    for (int i = 0; i < v->nbombs; i++) goals[i] = (dmap_goal){v->bombs[i].x, v->bombs[i].y, -1};
    return field_memo(b, GAMBIT_FLEE, s->block, goals, v->nbombs, -1.3, out);
}

static int run_map(gambit *b, const scene *s, const bomber_view *v, const double **out) {
    dmap_goal goals[BOMBER_PLAYERS];
    int n = 0;
    for (int i = 0; i < v->nplayers; i++)
        if (v->players[i].pid != b->pid)
            goals[n++] = (dmap_goal){v->players[i].x, v->players[i].y, 0};
    int at = n == 1 ? cell_of(goals[0].x, goals[0].y) : -1;
    if (at < 0 || s->block[at]) return field_memo(b, GAMBIT_RUN, s->block, goals, n, -1.2, out);
    /* One opponent off the blocks: the map depends on the blocks and its cell only. Once the
     * wood and ore are gone (when the run map has a weight) the blocks stay the same, so each
     * cell's map is computed once. */
    gambit_run_cache *rc = b->run;
    if (memcmp(rc->blocks, s->block, N)) {
        memcpy(rc->blocks, s->block, N);
        memset(rc->have, 0, N);
    }
    if (!rc->have[at]) {
        int e = field_memo(b, GAMBIT_RUN, s->block, goals, n, -1.2, out);
        if (e) return e;
        memcpy(rc->map[at], *out, sizeof rc->map[at]);
        rc->have[at] = 1;
    }
    *out = rc->map[at];
    return DMAP_OK;
}

/* ---- memory ------------------------------------------------------------------------------ */

/* current_bombs: bombs with the call they were first seen at, kept while still on the map. */
static void remember_bombs(gambit *b, const bomber_view *v) {
    for (int i = 0; i < v->nbombs; i++) {
        int known = 0;
        for (int k = 0; k < b->nbombs_seen && !known; k++)
            known = b->bombs_seen[k].x == v->bombs[i].x && b->bombs_seen[k].y == v->bombs[i].y;
        if (!known)
            b->bombs_seen[b->nbombs_seen++] = (gambit_bomb_seen){v->bombs[i].x, v->bombs[i].y, b->tick};
    }
    int kept = 0;
    for (int k = 0; k < b->nbombs_seen; k++) {
        int still = 0;
        for (int i = 0; i < v->nbombs && !still; i++)
            still = b->bombs_seen[k].x == v->bombs[i].x && b->bombs_seen[k].y == v->bombs[i].y;
        if (still) b->bombs_seen[kept++] = b->bombs_seen[k];
    }
    b->nbombs_seen = kept;
}

/* all_explosions: for each bomb not in the previous call's set, its 4 rays of up to 2 cells,
 * each ray ending at (and including) the first block or bomb. Only counts per cell matter. */
static void remember_explosions(gambit *b, const scene *s, const bomber_view *v) {
    for (int i = 0; i < v->nbombs; i++) {
        int bx = v->bombs[i].x, by = v->bombs[i].y;
        if (b->prev_bombs[cell_of(bx, by)]) continue;
        for (int d = 0; d < 4; d++)
            for (int k = 1; k <= 2; k++) {
                int x = bx + k * ray_dir[d][0], y = by + k * ray_dir[d][1];
                if (on_board(x, y)) b->explosions[cell_of(x, y)]++;
                if (stops_ray(s, x, y)) break;
            }
    }
}

/* The desire updates, in gambit.py's order. */
static void update_desires(gambit *b, const scene *s, const bomber_view *v) {
    const double *k = b->knob;
    if (s->nvalue == 0)
        b->w.aversion = k[GD_AVERSION_LATE], b->w.run = k[GD_RUN_LATE],
        b->w.treasure = k[GD_TREASURE_LATE], b->w.reward = 0;
    if (v->ammo_left <= 1) {
        b->w.ammo = k[GD_AMMO_LOW];
        b->w.reward = v->ammo_left == 0 ? k[GD_REWARD_NONE] : k[GD_REWARD_ONE];
    } else {
        b->w.ammo = k[GD_AMMO];
    }
    b->w.safe = v->hp == 1 ? k[GD_SAFE_HURT] : k[GD_SAFE];
}

/* check_bomb_location: the cell scores (wood 2 / ore 10 in reach, rays as the reward map)
 * and a safe tile (outside every blast, the new bomb's included, rays stopped by walls) is
 * next to it: lowest neighbour (or itself, or 100) below 50. */
static int check_bomb(gambit *b, const scene *s, const bomber_view *v) {
    double board[N];
    for (int c = 0; c < N; c++)
        board[c] = s->wood[c] ? 2 : s->ore[c] ? 10 : s->metal[c] ? NAN : 0;
    int scores = ray_score(board, v->x, v->y) > 0;
    unsigned char hit[N] = {0};
    hit[cell_of(v->x, v->y)] = 1;
    for (int i = 0; i <= v->nbombs; i++) {
        int bx = i < v->nbombs ? v->bombs[i].x : v->x, by = i < v->nbombs ? v->bombs[i].y : v->y;
        for (int d = 0; d < 4; d++)
            for (int k = 1; k <= 2; k++) {
                int x = bx + k * ray_dir[d][0], y = by + k * ray_dir[d][1];
                if (on_board(x, y) && s->walls[cell_of(x, y)]) break;
                if (on_board(x, y)) hit[cell_of(x, y)] = 1;
            }
    }
    dmap_goal goals[N];
    int n = 0;
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H; y++)
            if (!s->walls[cell_of(x, y)] && !hit[cell_of(x, y)]) goals[n++] = (dmap_goal){x, y, 0};
    const double *safety;
    if (field_memo(b, GAMBIT_NMAPS, s->walls, goals, n, 0, &safety)) return 0;
    /* _get_lowest_neighbor_value: min of 100 and the in-map, non-wall cells of
     * (0,-1), (-1,0), (1,0), (0,1), (0,0). */
    static const int nb[5][2] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {0, 0}};
    double lowest = 100;
    for (int k = 0; k < 5; k++) {
        int x = v->x + nb[k][0], y = v->y + nb[k][1];
        if (on_board(x, y) && !s->walls[cell_of(x, y)] && safety[cell_of(x, y)] < lowest)
            lowest = safety[cell_of(x, y)];
    }
    return scores && lowest < 50;
}

/* ---- one call ---------------------------------------------------------------------------- */

bomber_answer gambit_next_move(gambit *b, const bomber_view *v, gambit_info *info) {
    const int full = info != NULL;
    if (!info) info = &b->scratch;
    b->tick++;
    info->skipped = 0, info->nties = 0, info->chosen = 's', info->best = 1000, info->chk = -1;
    if (!b->no_guard && b->has_prev && b->prev_x == v->x && b->prev_y == v->y && b->prev_move &&
        strchr("lrdu", b->prev_move) && b->tick - b->prev_tick <= 2) {
        info->skipped = 1;
        return BOMBER_ANS_NONE;
    }
    scene s;
    read_scene(b, v, &s);
    remember_bombs(b, v);
    remember_explosions(b, &s, v);
    update_desires(b, &s, v);

    /* The goal map, summed from the components in gambit.py's order. Without `info` only the
     * decision is wanted, and a map whose weight is 0 is neither computed nor summed: its
     * values are finite off its walls, so its term there is +-0.0, which leaves the running
     * sum's bits unchanged (that sum starts at +0.0 and so is never -0.0), and its walls
     * (NaN) are among the safe map's walls (blocks, bombs, the opponent), which is always
     * summed. So the goal map is the same to the bit. */
    const double *map[GAMBIT_NMAPS] = {NULL};
    map[GAMBIT_HIGH_USED] = b->high;
    const double weight[GAMBIT_NMAPS] = {
        [GAMBIT_HIGH_USED] = b->knob[GD_HIGH], [GAMBIT_FLEE] = b->w.flee,
        [GAMBIT_REWARD] = b->w.reward,         [GAMBIT_AMMO] = b->w.ammo,
        [GAMBIT_SAFE] = b->w.safe,             [GAMBIT_CENTRE] = b->w.aversion,
        [GAMBIT_RUN] = b->w.run,               [GAMBIT_TREASURE] = b->w.treasure};
#define WANTED(k) (full || (k) == GAMBIT_SAFE || weight[k] != 0)
    if (WANTED(GAMBIT_FLEE)) bomb_flee_map(b, &s, v, &map[GAMBIT_FLEE]);
    if (WANTED(GAMBIT_REWARD)) reward_map(b, &s, v, &map[GAMBIT_REWARD]);
    if (WANTED(GAMBIT_AMMO)) ammo_map(b, &s, v, 1, &map[GAMBIT_AMMO]);
    bomb_safe_map(b, &s, v, &map[GAMBIT_SAFE]);
    if (WANTED(GAMBIT_CENTRE)) centre_map(b, &s, &map[GAMBIT_CENTRE]);
    if (WANTED(GAMBIT_RUN)) run_map(b, &s, v, &map[GAMBIT_RUN]);
    if (WANTED(GAMBIT_TREASURE)) ammo_map(b, &s, v, 0, &map[GAMBIT_TREASURE]);
#undef WANTED
    if (full)
        for (int k = 0; k < GAMBIT_HIGH_NEXT; k++) memcpy(info->comp[k], map[k], sizeof info->comp[k]);
    static const int order[8] = {GAMBIT_REWARD, GAMBIT_SAFE,      GAMBIT_FLEE,
                                 GAMBIT_AMMO,   GAMBIT_HIGH_USED, GAMBIT_CENTRE,
                                 GAMBIT_RUN,    GAMBIT_TREASURE};
    const double *terms[8];
    double factors[8];
    size_t nterms = 0;
    for (int i = 0; i < 8; i++)
        if (map[order[i]]) terms[nterms] = map[order[i]], factors[nterms++] = weight[order[i]];
    /* Candidates s l r d u on the board and off the goal map's walls (the reward map's);
     * the lowest value not above 1000 wins; exact ties go to random.choice. The sum covers
     * the whole board (no walls: NaN propagates) or, when only the answer is wanted, just the
     * candidates (dmap_weighted_sum leaves the cells it is told are walls alone). */
    static const int mv[5][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    static const char name[5] = {'s', 'l', 'r', 'd', 'u'};
    unsigned char skip[N];
    memset(skip, !full, sizeof skip);
    for (int k = 0; k < 5; k++) {
        int x = v->x + mv[k][0], y = v->y + mv[k][1];
        if (on_board(x, y) && !s.walls[cell_of(x, y)]) skip[cell_of(x, y)] = 0;
    }
    dmap_grid sum_grid = {W, H, skip, NULL};
    dmap_weighted_sum(&sum_grid, terms, factors, nterms, info->goal);
    const double *high_next;
    high_timer_map(b, &s, &high_next);
    memcpy(b->high, high_next, sizeof b->high);
    if (full) memcpy(info->comp[GAMBIT_HIGH_NEXT], high_next, sizeof b->high);

    double best = 1000;
    for (int k = 0; k < 5; k++) {
        int x = v->x + mv[k][0], y = v->y + mv[k][1];
        if (on_board(x, y) && !s.walls[cell_of(x, y)] && info->goal[cell_of(x, y)] <= best)
            best = info->goal[cell_of(x, y)];
    }
    int tie_of[5];
    for (int k = 0; k < 5; k++) {
        int x = v->x + mv[k][0], y = v->y + mv[k][1];
        if (on_board(x, y) && !s.walls[cell_of(x, y)] && info->goal[cell_of(x, y)] == best)
            tie_of[info->nties] = k, info->ties[info->nties++] = name[k];
    }
    info->best = best;
    int move = 0;
    if (info->nties) move = tie_of[kit_pyrandom_choice(&b->rng, (size_t)info->nties)];
    info->chosen = name[move];
    memset(b->prev_bombs, 0, sizeof b->prev_bombs);
    for (int i = 0; i < v->nbombs; i++) b->prev_bombs[cell_of(v->bombs[i].x, v->bombs[i].y)] = 1;
    /* (gambit.py:430-434, "never step onto the opponent", cannot fire: the opponent's cell is
     * a wall of the goal map, never a candidate.) */
    static const char action_of[5] = {0, 'l', 'r', 'd', 'u'};
    char action = action_of[move];
    if (!action) {
        info->chk = check_bomb(b, &s, v);
        if (info->chk && v->ammo_left > 0) action = 'b';
    }
    b->prev_move = action;
    b->has_prev = 1, b->prev_x = v->x, b->prev_y = v->y, b->prev_tick = b->tick;
    switch (action) {
    case 'l': return BOMBER_ANS_L;
    case 'r': return BOMBER_ANS_R;
    case 'd': return BOMBER_ANS_D;
    case 'u': return BOMBER_ANS_U;
    case 'b': return BOMBER_ANS_B;
    default: return BOMBER_ANS_EMPTY;
    }
}

/* ---- the bot ----------------------------------------------------------------------------- */

static int gambit_bot_init(void **state, const bomber_view *first, uint64_t seed) {
    gambit *b = malloc(sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    int rc = gambit_init(b, first->id, seed);
    if (rc) {
        gambit_release(b);
        free(b);
        return rc;
    }
    gambit_set_knobs(b, *state); /* a spec's values, or the defaults */
    *state = b;
    return 0;
}

/* With maps wanted, the whole goal map (and every component map) into b->scratch; else only
 * what the answer needs (the fast path). */
static int gambit_bot_decide(void *state, const bomber_view *v, bomber_answer *answer) {
    gambit *b = state;
    *answer = gambit_next_move(b, v, v->maps_wanted ? &b->scratch : NULL);
    return b->err;
}

static void gambit_bot_release(void *state) {
    if (!state) return;
    gambit_release(state);
    free(state);
}

/* The goal map of the last decision; whole only when that decision's view had maps_wanted
 * (after a call the desync guard skipped: the goal map of the call before). */
static int gambit_bot_maps(void *state, kit_map *out, int max) {
    if (max < 1) return 0;
    out[0] = (kit_map){"goal", ((const gambit *)state)->scratch.goal};
    return 1;
}

const bomber_bot bomber_bot_gambit = {
    {"gambit", "Jfbarr's Gambit Dijkstra-map bot, ported decision for decision"},
    gambit_bot_init, gambit_bot_decide, gambit_bot_release, gambit_bot_maps};
