/* dmap.c — the arena's strongest bot, built on the toolkit:
 *   - a desire map (the Gambit idea: one Dijkstra map over weighted goals, dmap_field): power-ups,
 *     cells from which a bomb destroys wood not already doomed, cells beside enemies;
 *   - real blast timing: each bomb's fuse, chains resolved, gives the step each cell burns (a
 *     timing map), and dmap_safe_walk says from where an escape to a never-burning cell exists,
 *     entering every cell strictly before it burns;
 *   - every action (stop, four moves, bomb) is kept only when an escape exists after it; with
 *     enemies close (the two nearest within 3), the worst case over their six actions each (they
 *     may bomb or block a cell) decides, through dmap_minimax_moves; among safe actions, more
 *     room to escape (never-burning cells reached) is better;
 *   - a move that bounced last step (two agents aiming at one cell) is expected to bounce again;
 *   - with the kick power-up, walking into a bomb kicks it: the bomb is judged where its roll
 *     takes it by the time it explodes;
 *   - when no action is safe, a flee map from the bombs (dmap_flee) picks the least bad move;
 *   - a bomb that leaves an enemy in its blast with no escape is worth more than any wood. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define NACT 6
#define CEILING 1000.0       /* desire maps: cells no goal reaches stay at this */

/* The numbers of the desire map and of the choice among safe actions: the bot's parameters
 * (kit bot.h), a bot spec may set them. */
enum {
    P_POWERUP, P_KICK_ITEM, P_WOOD_BASE, P_WOOD_EACH, P_BESIDE_ENEMY, P_BLAST_GOAL, P_KICK_COST,
    P_LIVE_BLAST, P_FREEDOM, P_BOMB_WOOD, P_TRAP_ENEMY, P_HIT_ENEMY, NPARAMS
};
static const kit_param dmap_param[NPARAMS] = {
    {"powerup", 12, 0, 100, 2, 0, "desire of an extra-bomb or range power-up"},
    {"kick_item", 4, 0, 100, 1, 0, "desire of the kick power-up"},
    {"wood_base", 3, 0, 100, 1, 0, "desire of a bomb spot that destroys wood, plus wood_each per "
                                   "block"},
    {"wood_each", 2, 0, 100, 0.5, 0, "desire per wood block a bomb there destroys"},
    {"beside_enemy", 4, 0, 100, 1, 0, "desire of each side of a cell that touches an enemy"},
    {"blast_goal", 6, 0, 100, 1, 0, "desire lost by a goal inside a live blast"},
    {"kick_cost", 1, 0, 20, 0.5, 0, "a kick keeps me in place: my cell's desire plus this"},
    {"live_blast", 8, 0, 100, 1, 0, "cost of ending a step inside a live blast"},
    {"freedom", 1.5, 0, 20, 0.5, 0, "cost per never-burning cell short of 8 reachable"},
    {"bomb_wood", 3, 0, 100, 1, 0, "worth of a bomb per wood block it destroys"},
    {"trap_enemy", 40, 0, 400, 5, 0, "worth of a bomb per enemy it leaves without escape"},
    {"hit_enemy", 1, 0, 100, 0.5, 0, "worth of a bomb per enemy in its blast that can escape"},
};
const kit_params pm_dmap_params = {dmap_param, NPARAMS};

typedef struct dmap_bot {
    dmap_grid grid;       /* the walkable grid of this decision */
    dmap_grid work;       /* the grid of one hypothetical world */
    dmap_workspace *ws;
    double desire[PM_MAX_CELLS];
    double burn[PM_MAX_CELLS];
    double timing[PM_MAX_CELLS];
    double arrival[PM_MAX_CELLS];
    int last_cell, last_target; /* where I was and where my last move aimed (-1: no move) */
    double burn_now[PM_MAX_CELLS]; /* this decision's timing map: when each cell burns */
    int desire_built;              /* the desire map is this decision's */
    double pub[2][PM_MAX_CELLS];   /* published copies (walls and "never" as +INFINITY) */
    int err; /* DMAP_ERR_NOMEM once a map could not get its memory: decide returns it */
    dmap_rng rng; /* its own generator: ties between equally good actions */
    double p[KIT_PARAM_MAX]; /* the parameters (P_*) */
} dmap_bot;

/* rc, remembering an out-of-memory one: the decision is then not the bot's. */
static int noted(dmap_bot *d, int rc) {
    if (rc == DMAP_ERR_NOMEM) d->err = rc;
    return rc;
}

static int dmapbot_init(void **state, const pm_view *first, uint64_t seed) {
    int size = first->obs.size;
    dmap_bot *d = calloc(1, sizeof *d);
    if (!d) return DMAP_ERR_NOMEM;
    kit_param_read(&pm_dmap_params, *state, d->p); /* a spec's values, or the defaults */
    int rc = dmap_grid_init(&d->grid, size, size);
    if (rc == DMAP_OK) rc = dmap_grid_init(&d->work, size, size);
    dmap_workspace_new(&d->ws);
    if (rc != DMAP_OK || !d->ws) {
        dmap_grid_free(&d->grid);
        dmap_grid_free(&d->work);
        dmap_workspace_free(d->ws);
        free(d);
        return rc != DMAP_OK ? rc : DMAP_ERR_NOMEM;
    }
    d->last_cell = d->last_target = -1;
    dmap_rng_seed(&d->rng, seed);
    *state = d;
    return DMAP_OK;
}

static void dmapbot_release(void *state) {
    dmap_bot *d = state;
    if (!d) return;
    dmap_grid_free(&d->grid);
    dmap_grid_free(&d->work);
    dmap_workspace_free(d->ws);
    free(d);
}

/* A hypothetical world: the observed bombs plus up to three imagined ones, cells enemies will
 * block, and who must escape from where, starting at time t0. */
typedef struct world {
    pmb_bomb bombs[PM_MAX_BOMBS + 3];
    int nb;
    int blocked[4], nblocked;
} world;

/* How free an agent standing on `start` at time t0 is: the number (capped at FREEDOM_CAP) of
 * never-burning cells it reaches entering every cell strictly before it burns; 0 = no escape. */
#define FREEDOM_CAP 8
static int freedom(dmap_bot *d, const pm_obs *o, const world *w, int start, double t0) {
    int n = o->size, ncells = n * n;
    pmb_bomb tmp[PM_MAX_BOMBS + 3];
    memcpy(tmp, w->bombs, sizeof(pmb_bomb) * (size_t)w->nb);
    pmb_burn_times(o, tmp, w->nb, d->burn);
    if (d->burn[start] <= t0) return 0;
    memcpy(d->work.wall, d->grid.wall, (size_t)ncells);
    for (int i = 0; i < w->nb; i++) d->work.wall[w->bombs[i].cell] = 1;
    for (int i = 0; i < w->nblocked; i++) d->work.wall[w->blocked[i]] = 1;
    d->work.wall[start] = 0;
    for (int c = 0; c < ncells; c++) d->timing[c] = d->burn[c] >= PMB_NEVER ? INFINITY : d->burn[c];
    dmap_moves mv = dmap_moves_4();
    if (noted(d, dmap_safe_walk(&d->work, &mv, d->timing, start, t0, d->arrival, NULL, NULL, d->ws)) !=
        DMAP_OK)
        return 0;
    int free_cells = 0;
    for (int c = 0; c < ncells && free_cells < FREEDOM_CAP; c++)
        free_cells += isfinite(d->arrival[c]) && isinf(d->timing[c]);
    return free_cells;
}

static int survives(dmap_bot *d, const pm_obs *o, const world *w, int start, double t0) {
    return freedom(d, o, w, start, t0) > 0;
}

/* How many wood cells not already doomed a bomb of this strength on cell would destroy. */
static int wood_in_blast(const pm_obs *o, const double *burn_now, int cell, int blast) {
    unsigned char mark[PM_MAX_CELLS] = {0};
    pmb_mark_blast(o, cell, blast, mark);
    int k = 0;
    for (int c = 0; c < o->size * o->size; c++) k += mark[c] && o->board[c] == PM_WOOD && burn_now[c] >= PMB_NEVER;
    return k;
}

static int enemy_at(const pm_obs *o, int cell) {
    for (int e = 0; e < o->nenemies; e++)
        if (o->board[cell] == o->enemies[e]) return 1;
    return 0;
}

/* The desire map: power-ups, bomb spots (while we have ammo), cells beside enemies. */
static void build_desire(dmap_bot *d, const pm_obs *o, const double *burn_now) {
    int n = o->size;
    dmap_goal goals[PM_MAX_CELLS];
    size_t ng = 0;
    for (int c = 0; c < n * n; c++) {
        if (d->grid.wall[c]) continue;
        int v = o->board[c];
        double value = 0;
        if (v == PM_EXTRABOMB || v == PM_INCRRANGE) value = -d->p[P_POWERUP];
        else if (v == PM_KICK) value = -d->p[P_KICK_ITEM];
        if (o->ammo > 0) {
            int k = wood_in_blast(o, burn_now, c, o->blast_strength);
            if (k) value -= d->p[P_WOOD_BASE] + d->p[P_WOOD_EACH] * k;
            for (int a = PM_UP; a <= PM_RIGHT; a++) {
                int nb = pmb_next_cell(n, c, a);
                if (nb >= 0 && enemy_at(o, nb)) value -= d->p[P_BESIDE_ENEMY];
            }
        }
        if (burn_now[c] < PMB_NEVER) value += d->p[P_BLAST_GOAL]; /* inside a live blast: worth less */
        if (value < 0) goals[ng++] = (dmap_goal){c % n, c / n, value};
    }
    dmap_moves mv = dmap_moves_4();
    if (noted(d, dmap_field(&d->grid, &mv, goals, ng, CEILING, d->desire, d->ws)) != DMAP_OK)
        for (int c = 0; c < n * n; c++) d->desire[c] = CEILING;
}

#define MAX_NEAR_ENEMIES 2
/* Where a bomb on `cell`, kicked by a move `dir` into it, is when it explodes: it rolls one cell
 * per step over walkable cells (the engine stops it at walls, power-ups, bombs and agents), for
 * at most its remaining life. -1 when the kick fails (no kick, no bomb, the first cell beyond
 * blocked). */
static int kick_landing(const dmap_bot *d, const pm_obs *o, int cell, int dir) {
    if (!o->can_kick || !o->bomb_blast_strength[cell]) return -1;
    int at = cell, life = o->bomb_life[cell];
    for (int t = 0; t < life; t++) {
        int next = pmb_next_cell(o->size, at, dir);
        int v = next >= 0 ? o->board[next] : PM_RIGID;
        if (next < 0 || d->grid.wall[next] || v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK) break;
        at = next;
    }
    return at == cell ? -1 : at;
}

typedef struct minimax_ctx {
    dmap_bot *d;
    const pm_obs *o;
    const int *mine;
    const world *base;
    int enemy_cell[MAX_NEAR_ENEMIES];
    int enemy_blast;
    const int *their;
    int blocked_target; /* the cell my last move aimed at and did not reach, or -1 */
} minimax_ctx;

/* My freedom after my action against the near enemies' actions (0: I cannot escape). */
static double outcome(void *user, int my_move, const int *opp, size_t nopp) {
    minimax_ctx *m = user;
    const pm_obs *o = m->o;
    int n = o->size, me = o->r * n + o->c;
    world w = *m->base;
    int my = m->mine[my_move];
    int start = my == PM_LAY_BOMB || my == PM_STOP ? me : pmb_next_cell(n, me, my);
    if (start == m->blocked_target) start = me; /* that move bounced last step: expect it again */
    if (start != me && o->bomb_blast_strength[start]) { /* a kick: the bomb rolls away */
        int land = kick_landing(m->d, o, start, my);
        for (int b = 0; b < w.nb; b++)
            if (w.bombs[b].cell == start) w.bombs[b].cell = land;
    }
    if (my == PM_LAY_BOMB) w.bombs[w.nb++] = (pmb_bomb){me, o->blast_strength, PM_DEFAULT_BOMB_LIFE + 1};
    for (size_t k = 0; k < nopp; k++) {
        int their = m->their[opp[k]];
        if (their == PM_LAY_BOMB) {
            w.bombs[w.nb++] = (pmb_bomb){m->enemy_cell[k], m->enemy_blast, PM_DEFAULT_BOMB_LIFE + 1};
        } else {
            int ec = pmb_next_cell(n, m->enemy_cell[k], their);
            if (ec >= 0 && ec == start && start != me) {
                start = me; /* both aim at one cell: both stay */
            } else if (ec >= 0 && !m->d->grid.wall[ec]) {
                w.blocked[w.nblocked++] = ec;
            }
        }
    }
    return freedom(m->d, o, &w, start, 1.0);
}

static int decide_action(dmap_bot *d, const pm_obs *o) {
    int n = o->size, me = o->r * n + o->c, ncells = n * n;
    pmb_walk_grid(o, &d->grid);

    world base;
    memset(&base, 0, sizeof base);
    base.nb = pmb_bombs(o, base.bombs);
    double *burn_now = d->burn_now;
    d->desire_built = 0;
    {
        pmb_bomb tmp[PM_MAX_BOMBS];
        memcpy(tmp, base.bombs, sizeof(pmb_bomb) * (size_t)base.nb);
        pmb_burn_times(o, tmp, base.nb, burn_now);
    }
    int max_blast = o->blast_strength > 2 ? o->blast_strength : 2;
    for (int i = 0; i < base.nb; i++)
        if (base.bombs[i].blast > max_blast) max_blast = base.bombs[i].blast;

    /* the legal candidate actions */
    int cands[NACT], nc = 0;
    for (int a = 0; a < NACT; a++) {
        if (a == PM_LAY_BOMB) {
            if (o->ammo > 0 && !o->bomb_blast_strength[me]) cands[nc++] = a;
        } else if (a == PM_STOP) {
            cands[nc++] = a;
        } else {
            int c = pmb_next_cell(n, me, a);
            if (c >= 0 && (!d->grid.wall[c] || kick_landing(d, o, c, a) >= 0)) cands[nc++] = a;
        }
    }

    /* the (at most two) nearest enemies close enough to matter this step */
    int near[MAX_NEAR_ENEMIES], nnear = 0;
    for (int dist = 1; dist <= 3 && nnear < MAX_NEAR_ENEMIES; dist++)
        for (int c = 0; c < ncells && nnear < MAX_NEAR_ENEMIES; c++)
            if (enemy_at(o, c) && abs(c / n - o->r) + abs(c % n - o->c) == dist) near[nnear++] = c;

    static const int their[NACT] = {PM_STOP, PM_UP, PM_DOWN, PM_LEFT, PM_RIGHT, PM_LAY_BOMB};
    minimax_ctx mc = {d, o, cands, &base, {-1, -1}, max_blast, their, -1};
    for (int k = 0; k < nnear; k++) mc.enemy_cell[k] = near[k];
    if (d->last_cell == me && d->last_target >= 0) mc.blocked_target = d->last_target;
    double worst[NACT];
    size_t nopp = (size_t)nnear, nopp_moves[MAX_NEAR_ENEMIES] = {NACT, NACT};
    int best[NACT];
    size_t nbest = 0;
    if (noted(d, dmap_minimax_moves((size_t)nc, nopp_moves, nopp, outcome, &mc, worst, NULL, best, &nbest)) !=
        DMAP_OK)
        return PM_STOP;
    /* With enemies near, the actions that survive every combination of their replies; failing
     * that, those that survive when they do not attack. */
    int safe[NACT], ns = 0;
    double free_of[NACT];
    if (worst[best[0]] > 0) {
        for (int i = 0; i < nc; i++)
            if (worst[i] > 0) {
                free_of[ns] = worst[i];
                safe[ns++] = i;
            }
    } else {
        for (int i = 0; i < nc; i++) {
            double f = outcome(&mc, i, NULL, 0);
            if (f > 0) {
                free_of[ns] = f;
                safe[ns++] = i;
            }
        }
    }

    if (ns == 0) { /* no escape proven: flee the bombs */
        dmap_goal goals[PM_MAX_BOMBS];
        size_t ng = 0;
        for (int i = 0; i < base.nb; i++) goals[ng++] = (dmap_goal){base.bombs[i].cell % n, base.bombs[i].cell / n, 0};
        double dist[PM_MAX_CELLS], flee[PM_MAX_CELLS];
        memcpy(d->work.wall, d->grid.wall, (size_t)ncells);
        for (size_t i = 0; i < ng; i++) d->work.wall[goals[i].y * n + goals[i].x] = 0;
        dmap_moves mv = dmap_moves_4();
        int best_a = PM_STOP;
        if (ng && noted(d, dmap_field(&d->work, &mv, goals, ng, DMAP_NO_CEILING, dist, d->ws)) == DMAP_OK &&
            noted(d, dmap_flee(&d->work, &mv, dist, DMAP_FLEE_FACTOR, flee, d->ws)) == DMAP_OK) {
            double bv = INFINITY;
            for (int i = 0; i < nc; i++) {
                int a = cands[i];
                if (a == PM_LAY_BOMB) continue;
                int c = a == PM_STOP ? me : pmb_next_cell(n, me, a);
                double v = flee[c] - (burn_now[c] < PMB_NEVER ? burn_now[c] : 50);
                if (v < bv) {
                    bv = v;
                    best_a = a;
                }
            }
        }
        return best_a;
    }

    build_desire(d, o, burn_now);
    d->desire_built = 1;
    double best_score = INFINITY;
    int choice[NACT], nchoice = 0;
    for (int i = 0; i < ns; i++) {
        int a = cands[safe[i]];
        int c = (a == PM_STOP || a == PM_LAY_BOMB) ? me : pmb_next_cell(n, me, a);
        double score = d->grid.wall[c] ? d->desire[me] + d->p[P_KICK_COST]
                                       : d->desire[c]; /* a kick stays put */
        if (burn_now[c] < PMB_NEVER) score += d->p[P_LIVE_BLAST]; /* out of live blasts early */
        score += d->p[P_FREEDOM] * (FREEDOM_CAP - free_of[i]); /* and keep room to escape */
        if (a == PM_LAY_BOMB) {
            double bonus = d->p[P_BOMB_WOOD] * wood_in_blast(o, burn_now, me, o->blast_strength);
            unsigned char mark[PM_MAX_CELLS] = {0};
            pmb_mark_blast(o, me, o->blast_strength, mark);
            world w = base;
            w.bombs[w.nb++] = (pmb_bomb){me, o->blast_strength, PM_DEFAULT_BOMB_LIFE + 1};
            w.blocked[w.nblocked++] = me;
            for (int e = 0; e < ncells; e++)
                if (mark[e] && enemy_at(o, e))
                    bonus += survives(d, o, &w, e, 0.0) ? d->p[P_HIT_ENEMY] : d->p[P_TRAP_ENEMY];
            if (bonus <= 0) continue;
            score = d->desire[me] - 1 - bonus;
        }
        if (score < best_score - 1e-9) {
            best_score = score;
            nchoice = 0;
        }
        if (score <= best_score + 1e-9) choice[nchoice++] = a;
    }
    if (nchoice == 0) return PM_STOP;
    return choice[dmap_rng_below(&d->rng, (uint32_t)nchoice)];
}

/* Decides, remembering where a move aimed: a move that bounced (two agents aiming at one cell
 * bounce for as long as both insist) is expected to bounce again. */
static int dmapbot_decide(void *state, const pm_view *view, pm_action *action) {
    dmap_bot *d = state;
    const pm_obs *o = &view->obs;
    int a = decide_action(d, o), me = o->r * o->size + o->c;
    if (d->err) return d->err;
    d->last_cell = me;
    d->last_target = a >= PM_UP && a <= PM_RIGHT ? pmb_next_cell(o->size, me, a) : -1;
    *action = a;
    return DMAP_OK;
}

/* Published maps: the desire map (when this decision built one) and the timing map. */
static int dmapbot_maps(void *state, kit_map *out, int max) {
    dmap_bot *d = state;
    int ncells = d->grid.w * d->grid.h, n = 0;
    for (int c = 0; c < ncells; c++) {
        d->pub[0][c] = d->grid.wall[c] || d->desire[c] >= CEILING ? INFINITY : d->desire[c];
        d->pub[1][c] = d->burn_now[c] >= PMB_NEVER ? INFINITY : d->burn_now[c];
    }
    if (d->desire_built && n < max) out[n++] = (kit_map){"desire", d->pub[0]};
    if (n < max) out[n++] = (kit_map){"burn", d->pub[1]};
    return n;
}

const pm_bot pm_bot_dmap = {{"dmap", "desire map + blast timing map + safe walk + minimax vs near "
                                     "enemies (dmap toolkit)"},
                            dmapbot_init, dmapbot_decide, dmapbot_release, dmapbot_maps};
