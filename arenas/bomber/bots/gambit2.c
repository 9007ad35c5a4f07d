/* gambit2.c — `gambit2`: Gambit's desire-weighted goal map (the port, bots/gambit.c), with its
 * own reward map (ore valued by the HP it has left, counted from the fires it saw; blocks that
 * a known blast will burn first are worth nothing), the opponent hunted instead of fled once the
 * blocks are gone, and Gambit's safety heuristics replaced by real blast timing:
 *   - bomb timers from first sightings and chain reactions (blast.h) give the tick each cell's
 *     fire hurts; a move is safe when its cell does not burn next tick and dmap's safe walk
 *     still finds a cell no fire reaches, arriving everywhere before the fire (a timing map);
 *   - at close range (opponent within 3 steps) the moves are chosen by worst case over the
 *     opponent's replies (dmap_minimax_moves): its body may block a corridor and its bomb may
 *     chain into a blast;
 *   - it bombs when a block no other blast will burn first is in reach, or the opponent, and
 *     only when it can escape itself whatever the opponent does; within 4 steps it looks for
 *     an ambush (a cell where a bomb, chained by an older one, catches the opponent);
 *   - ties between the best moves are broken by its own generator (filters: dmap_filter_moves). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bomber.h"
#include "bots/blast.h"
#include "bots/gambit.h"

typedef struct g2 {
    gambit inner;
    kit_pyrandom rng;
    blast_memory mem;
    unsigned char wall[BOMBER_CELLS];
    dmap_grid grid;
    /* the decision at hand (read by the callbacks) */
    const bomber_view *v;
    int now, me, opp, ncand, cand[5], nopp, oppc[6], opp_bombs[6];
    int hurt[BOMBER_CELLS];
    int ore_hits[BOMBER_CELLS]; /* fires seen to hit each ore block (its HP is hidden) */
    double reward[BOMBER_CELLS], goal[BOMBER_CELLS];
} g2;

static int gambit2_init(void **state, const bomber_view *first, uint64_t seed) {
    const void *preset = *state;
    g2 *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    int rc = gambit_init(&s->inner, first->id, seed);
    if (rc) {
        gambit_release(&s->inner);
        free(s);
        return rc;
    }
    s->inner.no_guard = 1;
    gambit_set_knobs(&s->inner, preset); /* Gambit's knobs are gambit2's parameters */
    kit_pyrandom_seed(&s->rng, (int64_t)(seed ^ 0x5eed));
    s->grid = (dmap_grid){BOMBER_W, BOMBER_H, s->wall, NULL};
    *state = s;
    return 0;
}

static void gambit2_release(void *state) {
    g2 *s = state;
    if (!s) return;
    gambit_release(&s->inner);
    free(s);
}

static int manhattan(int a, int b) {
    return abs(a % BOMBER_W - b % BOMBER_W) + abs(a / BOMBER_W - b / BOMBER_W);
}

/* Can I (at `me_cell`, entered at step t0) reach a fire-free cell, with the opponent standing on
 * `opp_cell` and fire times `hurt`? */
static int escapes(g2 *s, const int *hurt, int me_cell, int t0, int opp_cell) {
    unsigned char saved = s->wall[opp_cell];
    s->wall[opp_cell] = (unsigned char)(opp_cell != me_cell);
    int ok = hurt[me_cell] != s->now + t0 &&
             blast_escape(&s->grid, hurt, s->now, me_cell, t0, s->inner.ws, NULL, &s->inner.err) >= 0;
    s->wall[opp_cell] = saved;
    return ok;
}

/* Outcome of my candidate i against the opponent's reply j: 1 when I stay safe, else 0. */
static double outcome(void *user, int i, const int *opp, size_t nopp) {
    g2 *s = user;
    (void)nopp;
    int oc = s->oppc[opp[0]], mine = s->cand[i];
    if (mine == oc) mine = s->me; /* both step into one cell: whoever is second is refused */
    if (!s->opp_bombs[opp[0]]) return escapes(s, s->hurt, mine, 1, oc);
    int h[BOMBER_CELLS], at[2] = {s->opp % BOMBER_W, s->opp / BOMBER_W};
    blast_hurt_ticks(s->v, &s->mem, at, s->now + 1, h);
    return escapes(s, h, mine, 1, oc);
}

static double safe_score(void *user, int i) {
    g2 *s = user;
    return escapes(s, s->hurt, s->cand[i], 1, s->opp);
}

static double goal_score(void *user, int i) {
    g2 *s = user;
    double v = s->goal[s->cand[i]];
    return isnan(v) ? INFINITY : v;
}

/* Does a bomb on my cell pay: a wood or ore block in reach that no known blast will hit
 * first, or the opponent in reach? */
static int bomb_pays(g2 *s) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    const bomber_view *v = s->v;
    for (int k = 0; k < 4; k++)
        for (int i = 1; i <= 2; i++) {
            int x = v->x + d[k][0] * i, y = v->y + d[k][1] * i;
            if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
            int c = y * BOMBER_W + x, t = v->game_map[c];
            if (t == 1 - v->id) return 1;
            if (t == BOMBER_TAG_WOOD || t == BOMBER_TAG_ORE) {
                if (s->hurt[c] >= BLAST_NEVER || t == BOMBER_TAG_ORE) return 1;
                break;
            }
            if (t == BOMBER_TAG_METAL || t == BOMBER_TAG_BOMB) break;
        }
    return 0;
}

/* Is a bomb on my cell safe for me whatever the opponent replies (its body on any cell it can
 * reach)? *kills: the opponent, in reach of the new bomb, could not escape it. */
static int bomb_is_safe(g2 *s, int *kills) {
    int h[BOMBER_CELLS], at[2] = {s->v->x, s->v->y};
    blast_hurt_ticks(s->v, &s->mem, at, s->now + 1, h);
    for (int j = 0; j < s->nopp; j++) {
        int oc = s->oppc[j];
        unsigned char saved = s->wall[oc];
        s->wall[oc] = (unsigned char)(oc != s->me);
        int ok = blast_escape(&s->grid, h, s->now, s->me, 0, s->inner.ws, NULL, &s->inner.err) >= 0;
        s->wall[oc] = saved;
        if (!ok) return 0;
    }
    *kills = 0;
    if (h[s->opp] < BLAST_NEVER) {
        unsigned char me_w = s->wall[s->me], opp_w = s->wall[s->opp];
        s->wall[s->me] = 1, s->wall[s->opp] = 0;
        *kills = blast_escape(&s->grid, h, s->now, s->opp, 0, s->inner.ws, NULL, &s->inner.err) < 0;
        s->wall[s->me] = me_w, s->wall[s->opp] = opp_w;
    }
    return 1;
}

/* Count the fire of every bomb that vanished in the tick just played on the ore blocks it
 * reaches (it hurts them in the next tick); forget blocks that are gone. */
static void count_ore_hits(g2 *s, const bomber_view *v) {
    for (int c = 0; c < BOMBER_CELLS; c++)
        if (v->game_map[c] != BOMBER_TAG_ORE) s->ore_hits[c] = 0;
    for (int k = 0; k < s->mem.n; k++) {
        if (s->mem.b[k].gone != v->tick_number) continue;
        int cells[9], n = blast_cells(v, s->mem.b[k].x, s->mem.b[k].y, cells);
        for (int i = 0; i < n; i++)
            if (v->game_map[cells[i]] == BOMBER_TAG_ORE) s->ore_hits[cells[i]]++;
    }
}

/* gambit2's own reward map: along each ray (as Gambit looks) the first block counts, wood 2
 * unless a known blast will burn it first, ore by its estimated HP — the fire that ends an ore
 * block is paid 10, so an ore at 1 HP is worth the full 10 — and 0.95 x at distance 2. */
static void reward_map(g2 *s, const bomber_view *v) {
    double board[BOMBER_CELLS];
    for (int c = 0; c < BOMBER_CELLS; c++) {
        int t = v->game_map[c], doomed = s->hurt[c] < BLAST_NEVER;
        int hp = 3 - s->ore_hits[c] - doomed;
        board[c] = t == BOMBER_TAG_WOOD ? (doomed ? 0 : 2)
                 : t == BOMBER_TAG_ORE ? (hp <= 0 ? 0 : hp == 1 ? 10 : hp == 2 ? 5 : 3)
                 : t == BOMBER_TAG_METAL ? NAN : 0;
    }
    static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    dmap_goal goals[BOMBER_CELLS];
    int n = 0;
    unsigned char walls[BOMBER_CELLS];
    memcpy(walls, s->wall, sizeof walls);
    if (v->game_map[s->me] == BOMBER_TAG_BOMB) walls[s->me] = 1;
    for (int y = 0; y < BOMBER_H; y++)
        for (int x = 0; x < BOMBER_W; x++) {
            double val = 0;
            for (int k = 0; k < 4; k++)
                for (int i = 1; i <= 2; i++) {
                    int tx = x + d[k][0] * i, ty = y + d[k][1] * i;
                    if (tx < 0 || tx >= BOMBER_W || ty < 0 || ty >= BOMBER_H) break;
                    double m = board[ty * BOMBER_W + tx];
                    if (isnan(m)) break;
                    if (m == 0) continue;
                    val += m * (i == 1 ? 1 : 0.95);
                    break;
                }
            if (val != 0 && !walls[y * BOMBER_W + x]) goals[n++] = (dmap_goal){x, y, -val};
        }
    unsigned char saved[BOMBER_CELLS];
    memcpy(saved, s->wall, sizeof saved);
    memcpy(s->wall, walls, sizeof walls);
    dmap_moves mv = dmap_moves_4();
    if (dmap_field(&s->grid, &mv, goals, (size_t)n, 100.0, s->reward, s->inner.ws) == DMAP_ERR_NOMEM)
        s->inner.err = DMAP_ERR_NOMEM;
    memcpy(s->wall, saved, sizeof saved);
}

/* Gambit's goal map with gambit2's reward map in place of Gambit's, and the run map's weight
 * negated: with the blocks gone Gambit flees the opponent (run 0.25), gambit2 hunts it, since
 * ambushes (and the 25 points of a hit) happen near it. */
static void goal_map_of(g2 *s) {
    const gambit_info *in = &s->inner.scratch;
    const gambit_weights *w = &s->inner.w;
    const double *maps[8] = {s->reward, in->comp[GAMBIT_SAFE], in->comp[GAMBIT_FLEE],
                             in->comp[GAMBIT_AMMO], in->comp[GAMBIT_HIGH_USED],
                             in->comp[GAMBIT_CENTRE], in->comp[GAMBIT_RUN],
                             in->comp[GAMBIT_TREASURE]};
    const double weights[8] = {w->reward, w->safe,     w->flee, w->ammo, s->inner.knob[GD_HIGH],
                               w->aversion, -w->run, w->treasure};
    unsigned char open[BOMBER_CELLS] = {0};
    dmap_grid all = {BOMBER_W, BOMBER_H, open, NULL};
    dmap_weighted_sum(&all, maps, weights, 8, s->goal);
}

/* An ambush: a cell c within 4 safe steps from which a bomb (placed on arrival) would catch the
 * opponent where it stands — with no escape at all, or within 8 ticks, which only a bomb
 * chained by an older one does (it goes off long before its own timer, and an opponent that
 * cannot see timers rarely runs in time) — while I still get away. Returns the first step
 * towards the nearest such cell (me itself: bomb now), or -1. */
static int ambush(g2 *s) {
    const bomber_view *v = s->v;
    if (v->ammo_left <= 0 || s->opp < 0) return -1;
    int depth[BOMBER_CELLS], parent[BOMBER_CELLS];
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&s->grid, &mv, &s->me, 1, 4, depth, parent, s->inner.ws);
    if (rc == DMAP_ERR_NOMEM) s->inner.err = rc;
    if (rc) return -1;
    int best = -1;
    for (int c = 0; c < BOMBER_CELLS; c++) {
        int d = depth[c];
        if (d < 0 || (best >= 0 && d >= depth[best]) || s->hurt[c] - s->now <= d + 1) continue;
        if (v->game_map[c] == BOMBER_TAG_BOMB) continue;
        int h[BOMBER_CELLS], at[2] = {c % BOMBER_W, c / BOMBER_W};
        blast_hurt_ticks(v, &s->mem, at, s->now + d + 1, h);
        if (h[s->opp] >= BLAST_NEVER || h[s->opp] - s->now > 12) continue;
        int soon = h[s->opp] - s->now <= 8; /* a chained bomb: few opponents read it in time */
        unsigned char me_w = s->wall[c], opp_w = s->wall[s->opp], my_w = s->wall[s->me];
        s->wall[c] = 1, s->wall[s->opp] = 0, s->wall[s->me] = (unsigned char)(c != s->me);
        int trapped = blast_escape(&s->grid, h, s->now, s->opp, 0, s->inner.ws, NULL, &s->inner.err) < 0;
        s->wall[c] = 0, s->wall[s->opp] = 1;
        int safe = (trapped || soon) && blast_escape(&s->grid, h, s->now, c, d, s->inner.ws, NULL, &s->inner.err) >= 0;
        s->wall[c] = me_w, s->wall[s->opp] = opp_w, s->wall[s->me] = my_w;
        if (safe) best = c;
    }
    if (best < 0 || best == s->me) return best;
    while (parent[best] != s->me) best = parent[best];
    return best;
}

/* The answer of one decision (errors collect in s->inner.err). */
static bomber_answer gambit2_answer(g2 *s, const bomber_view *v) {
    gambit_next_move(&s->inner, v, &s->inner.scratch); /* Gambit's maps and weights */
    blast_remember(&s->mem, v);
    count_ore_hits(s, v);
    s->v = v, s->now = v->tick_number, s->me = v->y * BOMBER_W + v->x;
    s->opp = -1;
    for (int i = 0; i < v->nplayers; i++)
        if (v->players[i].pid != v->id) s->opp = v->players[i].y * BOMBER_W + v->players[i].x;
    blast_hurt_ticks(v, &s->mem, NULL, 0, s->hurt);
    blast_walls(v, s->wall);
    reward_map(s, v);
    goal_map_of(s);

    static const int d[5][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    s->ncand = 0, s->nopp = 0;
    for (int k = 0; k < 5; k++) {
        int x = v->x + d[k][0], y = v->y + d[k][1];
        if (x >= 0 && x < BOMBER_W && y >= 0 && y < BOMBER_H && (k == 0 || !s->wall[y * BOMBER_W + x]))
            s->cand[s->ncand++] = y * BOMBER_W + x;
        int ox = s->opp % BOMBER_W + d[k][0], oy = s->opp / BOMBER_W + d[k][1];
        if (ox >= 0 && ox < BOMBER_W && oy >= 0 && oy < BOMBER_H &&
            (k == 0 || (!s->wall[oy * BOMBER_W + ox] && oy * BOMBER_W + ox != s->me)))
            s->oppc[s->nopp] = oy * BOMBER_W + ox, s->opp_bombs[s->nopp++] = 0;
    }
    s->oppc[s->nopp] = s->opp, s->opp_bombs[s->nopp++] = 1; /* the opponent may bomb */

    int trap = manhattan(s->me, s->opp) <= 6 ? ambush(s) : -1;
    if (trap == s->me && v->game_map[s->me] != BOMBER_TAG_BOMB) return BOMBER_ANS_B;

    int idx[5];
    size_t n = (size_t)s->ncand;
    for (int i = 0; i < s->ncand; i++) idx[i] = i;
    if (manhattan(s->me, s->opp) <= 3) {
        double worst[5];
        int best[5];
        size_t nbest = 0, nopp = (size_t)s->nopp;
        dmap_minimax_moves(n, &nopp, 1, outcome, s, worst, NULL, best, &nbest);
        for (size_t i = 0; i < nbest; i++) idx[i] = best[i];
        n = nbest;
    } else {
        dmap_filter f = {DMAP_FILTER_KEEP_TRUE, safe_score, s};
        dmap_filter_moves(idx, &n, &f, 1, NULL);
    }
    int target = -1;
    for (size_t i = 0; trap >= 0 && i < n; i++) /* a safe step towards an ambush comes first */
        if (s->cand[idx[i]] == trap) target = trap;
    if (target < 0) {
        dmap_filter pref = {DMAP_FILTER_KEEP_MIN, goal_score, s};
        dmap_filter_moves(idx, &n, &pref, 1, NULL);
        target = s->cand[idx[n > 1 ? kit_pyrandom_choice(&s->rng, n) : 0]];
    }
    /* Staying: bomb when it pays (the opponent cannot escape it, a block in reach that no other
     * blast will hit first, or the opponent in reach) and I get away whatever it does. */
    int kills = 0;
    if (v->ammo_left > 0 && v->game_map[s->me] != BOMBER_TAG_BOMB &&
        target == s->me && bomb_is_safe(s, &kills) && (kills || bomb_pays(s)))
        return BOMBER_ANS_B;
    if (target == s->me) return BOMBER_ANS_EMPTY;
    int dx = target % BOMBER_W - v->x, dy = target / BOMBER_W - v->y;
    return dx == 1 ? BOMBER_ANS_R : dx == -1 ? BOMBER_ANS_L : dy == 1 ? BOMBER_ANS_U : BOMBER_ANS_D;
}

static int gambit2_decide(void *state, const bomber_view *v, bomber_answer *answer) {
    g2 *s = state;
    *answer = gambit2_answer(s, v);
    return s->inner.err;
}

/* Its goal map is computed for every decision (the moves are chosen on it): publishing it
 * costs nothing. */
static int gambit2_maps(void *state, kit_map *out, int max) {
    if (max < 1) return 0;
    out[0] = (kit_map){"goal", ((const g2 *)state)->goal};
    return 1;
}

const bomber_bot bomber_bot_gambit2 = {
    {"gambit2", "timing maps from the bombs it saw, safe walk, minimax at close range"},
    gambit2_init, gambit2_decide, gambit2_release, gambit2_maps};
