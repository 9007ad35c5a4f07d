/* engine.c — the rules of Code of Kutulu, turn-exact with the official referee (league 7).
 *
 * One call of kt_game_step is one gameTurn(t) of the referee (Referee.java updateGame): clear
 * LIGHT marks, spawn slashers then wanderers, the explorers' actions (yells first), effects,
 * minions, sanity loss, removal of explorers at 0, shelters. Every java.util.Random draw of
 * the referee is made here, in its order, with the kit's generator (kit_javarandom): the four
 * parameters, the map, one unused nextInt(4) per minion created, and the shuffle of the living
 * explorers before every chase. Rules only: no printing, no files, no clocks. */
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

static const int step_dx[5] = {0, 0, 1, 0, -1}; /* indexed by kt_action_kind WAIT..LEFT */
static const int step_dy[5] = {0, -1, 0, 1, 0};
static const int ray_dx[4] = {0, 1, 0, -1}; /* up, right, down, left */
static const int ray_dy[4] = {-1, 0, 1, 0};

static int cell_x(const kt_game *g, int c) { return c % g->map->w; }
static int cell_y(const kt_game *g, int c) { return c / g->map->w; }

static int manhattan(const kt_game *g, int a, int b) {
    return abs(cell_x(g, a) - cell_x(g, b)) + abs(cell_y(g, a) - cell_y(g, b));
}

/* ---- setup --------------------------------------------------------------------------------- */

int kt_game_init(kt_game *g, int64_t seed, const kt_mapset *maps, int forced_map) {
    memset(g, 0, sizeof *g);
    g->seed = seed;
    kit_javarandom_seed(&g->rng, seed);
    /* Constants.calculateParametrizedConstants: randomBetween(min, max) = min + nextInt(max-min+1) */
    g->params.lonely = 3 + kit_javarandom_next_int_bound(&g->rng, 4);
    g->params.group = 1 + kit_javarandom_next_int_bound(&g->rng, 3);
    g->params.spawn_time = 3 + kit_javarandom_next_int_bound(&g->rng, 4);
    g->params.life_time = 30 + kit_javarandom_next_int_bound(&g->rng, 11);
    int index = forced_map;
    if (index < 0 || index >= KT_LEAGUE_MAPS) {
        int32_t r = kit_javarandom_next_int(&g->rng);
        /* Math.abs(Integer.MIN_VALUE) stays negative and its Java remainder by 16 is 0 */
        index = r == INT32_MIN ? 0 : (r < 0 ? -r : r) % KT_LEAGUE_MAPS;
    }
    g->map_index = index;
    g->map = &maps->maps[index];
    g->next_id = KT_PLAYERS;
    int found = 0, n = g->map->w * g->map->h;
    for (int c = 0; c < n && found < KT_PLAYERS; c++) {
        if (g->map->cells[c] != 'S') continue;
        kt_explorer *e = &g->ex[found++];
        e->cell = c;
        e->sanity = KT_MAX_SANITY;
        e->plans = KT_PLANS;
        e->lights = KT_LIGHTS;
        e->active = 1;
    }
    if (found < KT_PLAYERS) return -1;
    g->search = (struct kt_search *)malloc(sizeof *g->search); /* cast: compiles as C++ */
    if (!g->search) return -1;
    kt_search_reset(g->search);
    return 0;
}

void kt_game_free(kt_game *g) {
    if (!g) return;
    free(g->search);
    g->search = NULL;
}

int kt_game_copy(kt_game *dst, const kt_game *src) {
    struct kt_search *s = (struct kt_search *)malloc(sizeof *s);
    if (!s) return -1;
    memcpy(dst, src, sizeof *dst);
    kt_search_reset(s);
    dst->search = s;
    return 0;
}

/* ---- small helpers ------------------------------------------------------------------------- */

static int count_active(const kt_game *g) {
    int n = 0;
    for (int i = 0; i < KT_PLAYERS; i++) n += g->ex[i].active;
    return n;
}

/* PlayerUnit.madden: lose sanity, 0 at most. */
static void madden(kt_explorer *e, int amount) {
    e->sanity -= amount;
    if (e->sanity <= 0) e->sanity = 0;
}

static void heal(kt_explorer *e, int amount) {
    e->sanity = e->sanity + amount > KT_MAX_SANITY ? KT_MAX_SANITY : e->sanity + amount;
}

static void remove_effects_where(kt_game *g, int (*drop)(const kt_effect *, int), int arg) {
    int k = 0;
    for (int i = 0; i < g->neffects; i++)
        if (!drop(&g->effects[i], arg)) g->effects[k++] = g->effects[i];
    g->neffects = k;
}

static int cast_by_not_yell(const kt_effect *e, int who) {
    return e->caster == who && e->type != KT_EFFECT_YELL;
}
static int finished(const kt_effect *e, int unused) {
    (void)unused;
    return e->tick <= 0;
}
static int is_shelter(const kt_effect *e, int unused) {
    (void)unused;
    return e->type == KT_EFFECT_SHELTER;
}

/* Referee.removeThePlayer: its PLAN and LIGHT leave with it (its yells stay); sanity 0. */
static void remove_player(kt_game *g, int i, int score) {
    if (!g->ex[i].active) return;
    remove_effects_where(g, cast_by_not_yell, i);
    g->ex[i].active = 0;
    g->ex[i].sanity = 0;
    g->ex[i].score = score;
}

static int append_effect(kt_game *g, kt_effect e) {
    if (g->neffects >= KT_MAX_EFFECTS) return -1;
    g->effects[g->neffects++] = e;
    return 0;
}

static int is_stuck(const kt_game *g, int i) {
    for (int k = 0; k < g->neffects; k++)
        if (g->effects[k].type == KT_EFFECT_YELL && g->effects[k].receiver == i) return 1;
    return 0;
}

static int has_effect_cast_by(const kt_game *g, int i) {
    for (int k = 0; k < g->neffects; k++)
        if (g->effects[k].caster == i) return 1;
    return 0;
}

/* Effect.doBFSEffect: the walkable cells within depth steps of src (through walkable cells).
 * Writes them to out (src first) and returns their count. */
static int cells_within(const kt_game *g, int src, int depth, int *out, unsigned char *seen) {
    int n = g->map->w * g->map->h;
    memset(seen, 0, (size_t)n);
    int count = 0, level_start = 0;
    out[count++] = src;
    seen[src] = 1;
    for (int d = 0; d < depth; d++) {
        int level_end = count;
        for (int k = level_start; k < level_end; k++) {
            int x = cell_x(g, out[k]), y = cell_y(g, out[k]);
            for (int r = 0; r < 4; r++) {
                int nx = x + ray_dx[r], ny = y + ray_dy[r];
                if (!kt_walkable(g->map, nx, ny)) continue;
                int c = ny * g->map->w + nx;
                if (seen[c]) continue;
                seen[c] = 1;
                out[count++] = c;
            }
        }
        level_start = level_end;
    }
    return count;
}

/* ---- minions ------------------------------------------------------------------------------- */

static int new_minion(kt_game *g, kt_minion_type type, int cell) {
    if (g->nminions >= KT_MAX_MINIONS) return -1;
    kt_minion *m = &g->minions[g->nminions++];
    memset(m, 0, sizeof *m);
    m->id = g->next_id++;
    m->type = type;
    m->cell = cell;
    m->state = KT_SPAWNING;
    m->spawn_cd = type == KT_SLASHER ? KT_SLASHER_SPAWN_TIME : g->params.spawn_time;
    m->life_cd = g->params.life_time;
    m->target = -1;
    m->last_seen = -1;
    /* Minion's constructor draws a direction offset it never uses: the draw still counts */
    (void)kit_javarandom_next_int_bound(&g->rng, 4);
    return 0;
}

static int spawn_minions(kt_game *g) {
    for (int i = 0; i < KT_PLAYERS; i++) {
        kt_explorer *e = &g->ex[i];
        if (!e->active || e->slasher_spawned || e->sanity >= KT_SLASHER_SANITY) continue;
        if (new_minion(g, KT_SLASHER, e->cell)) return -1;
        kt_minion *m = &g->minions[g->nminions - 1];
        m->target = i;
        m->last_seen = e->cell;
        e->slasher_spawned = 1;
    }
    if (g->turn % KT_WANDERER_INTERVAL != 0) return 0;
    const kt_map *map = g->map;
    int n = map->w * map->h, best = -1, spawns = 0;
    int cell[KT_MAX_CELLS], dist[KT_MAX_CELLS];
    /* the farthest spawn points: the largest distance to the nearest living explorer */
    for (int c = 0; c < n; c++) {
        if (map->cells[c] != 'w') continue;
        int d = map->w + map->h;
        for (int i = 0; i < KT_PLAYERS; i++) {
            if (!g->ex[i].active) continue;
            int e = manhattan(g, c, g->ex[i].cell);
            if (e < d) d = e;
        }
        if (d > best) best = d;
        cell[spawns] = c;
        dist[spawns++] = d;
    }
    for (int k = 0; k < spawns; k++) /* in row-major order, as the referee creates them */
        if (dist[k] == best && new_minion(g, KT_WANDERER, cell[k])) return -1;
    return 0;
}

/* The cost of the referee's path from minion m to each living explorer (-1: unreachable),
 * or costs that compare the same way. With LIGHT marks: one search from the minion, until the
 * cheapest explorers are settled (the dearer ones get -1: they cannot win), kept in g->search
 * for the first step. Without: the map of the steps to the nearest living
 * explorers, made once in the turn for all minions (explorers do not move while minions do;
 * a path's cost is its number of steps, the same both ways): the nearest explorers of the
 * minion's cell cost their distance, the others more (exactly how much does not matter).
 * Returns 0 when the map cannot be made (never for a parsed map). */
static int chase_costs(kt_game *g, const kt_minion *m, const int *living, int n, int *cost) {
    kt_search *s = g->search;
    int cells[KT_PLAYERS] = {0};
    for (int i = 0; i < KT_PLAYERS; i++) cells[i] = g->ex[i].cell;
    if (g->lit) {
        int targets[KT_PLAYERS] = {0};
        for (int i = 0; i < n; i++) targets[i] = cells[living[i]];
        kt_path_search_cheapest(g->map, g->light, m->cell, g->turn, targets, n, s);
        for (int i = 0; i < n; i++) cost[i] = s->cost[targets[i]];
        return 1;
    }
    if (!s->near_ready) {
        unsigned include = 0;
        for (int i = 0; i < n; i++) include |= 1u << living[i];
        /* the cells of the minions that may chase in the rest of this turn (m and those after
         * it: each is updated once, and chases from its cell of the turn's start) */
        int needed[KT_MAX_MINIONS], nneeded = 0;
        for (int k = (int)(m - g->minions); k < g->nminions; k++) {
            const kt_minion *o = &g->minions[k];
            if (o->type == KT_WANDERER ? o->state != KT_SPAWNING && o->state != KT_RECALLED
                                       : o->state == KT_WANDERING)
                needed[nneeded++] = o->cell;
        }
        if (kt_nearest_map(g->map, cells, include, needed, nneeded, s)) return 0;
        s->near_ready = 1;
    }
    int d = s->near[m->cell];
    for (int i = 0; i < n; i++)
        cost[i] = d < 0 ? -1 : (s->who[m->cell] & (1u << living[i])) ? d : d + 1;
    return 1;
}

/* Minion.chaseClosestPlayers: the living explorers in a shuffled order (the current target
 * first), the cheapest path wins, an equal one replaces it only when it is the target. */
static void chase(kt_game *g, kt_minion *m) {
    int living[KT_PLAYERS], n = 0;
    for (int i = 0; i < KT_PLAYERS; i++)
        if (g->ex[i].active) living[n++] = i;
    int order[KT_PLAYERS], start = 0;
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 0; i < n && m->target >= 0; i++) {
        if (living[i] != m->target) continue;
        order[i] = 0;
        order[0] = i;
        start = 1;
    }
    for (int i = start; i < n - 1; i++) {
        int r = kit_javarandom_next_int_bound(&g->rng, n - i) + i;
        int t = order[i];
        order[i] = order[r];
        order[r] = t;
    }
    int cost[KT_PLAYERS];
    if (!chase_costs(g, m, living, n, cost)) return;
    int best = -1, best_cost = 0;
    for (int k = 0; k < n; k++) {
        int p = living[order[k]], c = cost[order[k]];
        if (c < 0) continue;
        if (best < 0 || c < best_cost || (c == best_cost && p == m->target)) {
            best = p;
            best_cost = c;
        }
    }
    if (best < 0) return;
    m->target = best;
    int next = g->lit ? kt_path_first_step(g->search, m->cell, g->ex[best].cell)
                      : kt_first_step_toward(g->map, g->search, best, m->cell, g->turn);
    if (next >= 0) m->cell = next;
}

/* Spook every living explorer on the cell; nonzero when there was one. */
static int spook_cell(kt_game *g, int cell) {
    int any = 0;
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!g->ex[i].active || g->ex[i].cell != cell) continue;
        madden(&g->ex[i], KT_SPOOK);
        any = 1;
    }
    return any;
}

int kt_in_sight(const kt_map *m, int from, int to) {
    int x0 = from % m->w, y0 = from / m->w;
    for (int r = 0; r < 4; r++)
        for (int x = x0, y = y0; kt_walkable(m, x, y); x += ray_dx[r], y += ray_dy[r])
            if (y * m->w + x == to) return 1;
    return 0;
}

/* MinionSlasher.acquireTarget. */
static int acquire_target(kt_game *g, kt_minion *m) {
    if (m->target >= 0 && g->ex[m->target].sanity <= 0) {
        m->target = -1;
        m->last_seen = -1;
    }
    if (m->target >= 0 && kt_in_sight(g->map, m->cell, g->ex[m->target].cell)) {
        m->last_seen = g->ex[m->target].cell;
        return 1;
    }
    int min_depth = g->map->w > g->map->h ? g->map->w : g->map->h;
    unsigned found = 0; /* bit i: explorer i at the smallest depth */
    int x0 = cell_x(g, m->cell), y0 = cell_y(g, m->cell);
    for (int r = 0; r < 4; r++) {
        for (int x = x0, y = y0; kt_walkable(g->map, x, y); x += ray_dx[r], y += ray_dy[r]) {
            unsigned here = 0;
            for (int i = 0; i < KT_PLAYERS; i++)
                if (g->ex[i].active && g->ex[i].cell == y * g->map->w + x) here |= 1u << i;
            if (!here) continue;
            int depth = abs(x - x0) > abs(y - y0) ? abs(x - x0) : abs(y - y0);
            if (depth < min_depth) {
                found = here;
                min_depth = depth;
            } else if (depth == min_depth) {
                found |= here;
            }
            break;
        }
    }
    if (!found) {
        m->target = -1;
        return 0;
    }
    if ((found & (found - 1)) == 0) {
        int i = 0;
        while (!(found & (1u << i))) i++;
        m->target = i;
        m->last_seen = g->ex[i].cell;
        return 1;
    }
    m->target = -1; /* several at the same distance: it cannot decide */
    m->last_seen = -1;
    return 0;
}

static void update_wanderer(kt_game *g, kt_minion *m) {
    if (m->state == KT_SPAWNING) {
        if (--m->spawn_cd == 0) {
            m->state = KT_WANDERING;
            m->life_cd = g->params.life_time;
        }
        return;
    }
    if (m->state == KT_RECALLED) return;
    chase(g, m);
    if (spook_cell(g, m->cell))
        m->state = KT_RECALLED;
    else if (--m->life_cd == 0)
        m->state = KT_RECALLED;
}

static void update_slasher(kt_game *g, kt_minion *m) {
    switch (m->state) {
    case KT_SPAWNING:
        if (--m->spawn_cd == 0) m->state = KT_RUSH;
        break;
    case KT_STALKING:
        m->stun_cd--;
        acquire_target(g, m);
        if (m->stun_cd <= 0) m->state = KT_RUSH;
        break;
    case KT_RUSH:
        if (acquire_target(g, m))
            m->cell = g->ex[m->target].cell;
        else if (m->last_seen >= 0)
            m->cell = m->last_seen;
        spook_cell(g, m->cell);
        m->target = -1;
        m->last_seen = -1;
        m->state = KT_STUNNED;
        m->stun_cd = KT_SLASHER_STUN;
        break;
    case KT_STUNNED:
        if (--m->stun_cd == 0) m->state = KT_WANDERING;
        break;
    case KT_WANDERING:
        if (acquire_target(g, m)) {
            m->stun_cd = KT_SLASHER_PREP;
            m->state = KT_STALKING;
        } else {
            chase(g, m);
        }
        break;
    default:
        break;
    }
}

/* ---- the explorers' actions ---------------------------------------------------------------- */

/* PlayerAction: MOVE x y becomes the first step of the explorer's shortest path (offset 0,
 * no LIGHT costs), or an invalid move (WAIT) when the target is a wall, off the map,
 * unreachable or the explorer's own cell. */
static kt_action_kind resolve(kt_game *g, int i, const kt_action *a, int *invalid) {
    *invalid = 0;
    if (a->kind != KT_MOVE) return a->kind;
    const kt_map *map = g->map;
    if (!kt_walkable(map, a->x, a->y)) {
        *invalid = 1;
        return KT_WAIT;
    }
    int src = g->ex[i].cell, dst = a->y * map->w + a->x;
    int next = kt_first_step_near(map, src, dst);
    if (next == -2) {
        kt_path_search(map, NULL, src, 0, &dst, 1, g->search);
        next = kt_path_first_step(g->search, src, dst);
    }
    if (next < 0) {
        *invalid = 1;
        return KT_WAIT;
    }
    int dx = cell_x(g, next) - cell_x(g, src), dy = cell_y(g, next) - cell_y(g, src);
    if (dx == 1) return KT_RIGHT;
    if (dx == -1) return KT_LEFT;
    if (dy == -1) return KT_UP;
    return KT_DOWN;
}

static int do_actions(kt_game *g, kt_action_kind want[KT_PLAYERS], const int invalid[KT_PLAYERS]) {
    for (int i = 0; i < KT_PLAYERS; i++)
        if (g->ex[i].active && is_stuck(g, i)) want[i] = KT_WAIT;
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!g->ex[i].active || want[i] != KT_YELL) continue;
        for (int j = 0; j < KT_PLAYERS; j++) {
            if (j == i || !g->ex[j].active) continue;
            if (manhattan(g, g->ex[i].cell, g->ex[j].cell) > KT_YELL_RANGE) continue;
            if (g->ex[j].yelled_by & (1u << i)) continue;
            g->ex[j].yelled_by |= 1u << i;
            kt_effect e = {KT_EFFECT_YELL, KT_YELL_TICKS, i, j, -1};
            if (append_effect(g, e)) return -1;
        }
    }
    for (int i = 0; i < KT_PLAYERS; i++) {
        kt_explorer *e = &g->ex[i];
        if (!e->active || is_stuck(g, i)) continue;
        int x = cell_x(g, e->cell), y = cell_y(g, e->cell);
        int dx = want[i] <= KT_LEFT ? step_dx[want[i]] : 0;
        int dy = want[i] <= KT_LEFT ? step_dy[want[i]] : 0;
        if (!kt_walkable(g->map, x + dx, y + dy) || invalid[i]) continue;
        e->cell = (y + dy) * g->map->w + (x + dx);
        if (want[i] != KT_PLAN && want[i] != KT_LIGHT) continue;
        if (has_effect_cast_by(g, i)) continue; /* one running effect per caster */
        if (want[i] == KT_PLAN && e->plans > 0) {
            e->plans--;
            kt_effect eff = {KT_EFFECT_PLAN, KT_PLAN_TICKS, i, -1, -1};
            if (append_effect(g, eff)) return -1;
        } else if (want[i] == KT_LIGHT && e->lights > 0) {
            e->lights--;
            kt_effect eff = {KT_EFFECT_LIGHT, KT_LIGHT_TICKS, i, -1, -1};
            if (append_effect(g, eff)) return -1;
        }
    }
    return 0;
}

static void do_effects(kt_game *g) {
    int cells[KT_MAX_CELLS];
    unsigned char seen[KT_MAX_CELLS];
    for (int k = 0; k < g->neffects; k++) {
        kt_effect *e = &g->effects[k];
        if (e->tick <= 0) continue;
        switch (e->type) {
        case KT_EFFECT_PLAN: {
            kt_explorer *c = &g->ex[e->caster];
            heal(c, KT_PLAN_HEAL);
            int n = cells_within(g, c->cell, KT_PLAN_RADIUS, cells, seen);
            (void)n;
            for (int i = 0; i < KT_PLAYERS; i++) {
                if (i == e->caster || !g->ex[i].active || !seen[g->ex[i].cell]) continue;
                heal(&g->ex[i], KT_PLAN_HEAL);
                heal(c, KT_PLAN_HEAL);
            }
            e->tick--;
            break;
        }
        case KT_EFFECT_LIGHT: {
            int n = cells_within(g, g->ex[e->caster].cell, KT_LIGHT_RADIUS, cells, seen);
            for (int i = 0; i < n; i++) g->light[cells[i]] = 1;
            g->lit = 1;
            e->tick--;
            break;
        }
        case KT_EFFECT_YELL:
            e->tick--;
            break;
        case KT_EFFECT_SHELTER: {
            int count = 0;
            for (int i = 0; i < KT_PLAYERS; i++) {
                if (!g->ex[i].active || g->ex[i].cell != e->cell) continue;
                heal(&g->ex[i], KT_SHELTER_HEAL);
                count++;
            }
            e->tick = e->tick - count > 0 ? e->tick - count : 0;
            break;
        }
        }
    }
    remove_effects_where(g, finished, 0);
}

/* Referee.spreadMadness: lonely or group loss at the new cells; the last explorer alone in
 * the living list loses 50 a turn instead. */
static void spread_madness(kt_game *g) {
    if (count_active(g) == 1) {
        for (int i = 0; i < KT_PLAYERS; i++)
            if (g->ex[i].active) {
                madden(&g->ex[i], KT_KUTULU_LOSS);
                break;
            }
        return;
    }
    int isolated[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) {
        isolated[i] = 1;
        for (int j = 0; j < KT_PLAYERS && g->ex[i].active; j++)
            if (j != i && g->ex[j].active &&
                manhattan(g, g->ex[i].cell, g->ex[j].cell) <= KT_GROUP_RANGE)
                isolated[i] = 0;
    }
    for (int i = 0; i < KT_PLAYERS; i++)
        if (g->ex[i].active)
            madden(&g->ex[i], isolated[i] ? g->params.lonely : g->params.group);
}

static int spawn_shelters(kt_game *g) {
    if (g->turn == 0 || g->turn % KT_SHELTER_INTERVAL != 0) return 0;
    remove_effects_where(g, is_shelter, 0);
    int n = g->map->w * g->map->h;
    for (int c = 0; c < n; c++) {
        if (g->map->cells[c] != 'U') continue;
        kt_effect e = {KT_EFFECT_SHELTER, KT_SHELTER_ENERGY, -1, -1, c};
        if (append_effect(g, e)) return -1;
    }
    return 0;
}

/* ---- one turn ------------------------------------------------------------------------------ */

int kt_game_step(kt_game *g, const kt_action act[KT_PLAYERS], const unsigned char ok[KT_PLAYERS]) {
    if (g->over || !g->search) return -1;
    kt_action_kind want[KT_PLAYERS];
    int invalid[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) {
        want[i] = KT_WAIT;
        invalid[i] = 0;
        if (!g->ex[i].active) continue;
        if (!ok[i]) {
            remove_player(g, i, -1); /* timeout or invalid output */
            continue;
        }
        want[i] = resolve(g, i, &act[i], &invalid[i]);
    }
    if (g->lit) memset(g->light, 0, sizeof g->light);
    g->lit = 0;
    if (spawn_minions(g)) return -2;
    if (do_actions(g, want, invalid)) return -2;
    do_effects(g);
    g->search->near_ready = 0; /* the explorers have moved */
    for (int k = 0; k < g->nminions; k++) {
        kt_minion *m = &g->minions[k];
        if (m->type == KT_WANDERER)
            update_wanderer(g, m);
        else
            update_slasher(g, m);
    }
    int k = 0;
    for (int i = 0; i < g->nminions; i++)
        if (g->minions[i].state != KT_RECALLED) g->minions[k++] = g->minions[i];
    g->nminions = k;
    spread_madness(g);
    for (int i = 0; i < KT_PLAYERS; i++)
        if (g->ex[i].active && g->ex[i].sanity <= 0) remove_player(g, i, g->turn);
    if (spawn_shelters(g)) return -2;
    if (g->turn >= KT_LAST_TURN) {
        for (int i = 0; i < KT_PLAYERS; i++)
            if (g->ex[i].active) {
                g->ex[i].score = KT_LAST_TURN + g->ex[i].sanity;
                g->ex[i].active = 0;
            }
        g->over = 1;
    }
    if (count_active(g) == 0) g->over = 1;
    g->turn++;
    return 0;
}
