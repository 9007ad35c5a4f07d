/* postmortem.c — the `postmortem` bot: the Legend-league bot of a Code of Kutulu contest
 * post-mortem, section by section, on dmap's threat maps, timing map, safe walk, layered
 * search, filter chain and minimax; and `dmapbot`, the same decision with other options
 * (pm_options: the heuristic chain as a string of letters, thresholds, abilities), going past
 * the post-mortem where it is silent: a room filter (a second safe walk from the cell each move
 * reaches) and "closer to the others" early in the chain.
 *
 * Times are in turns from now: "time t" is the end of the t-th update from now (explorers
 * move, then minions act), so a minion that can be on cell c at time t hurts me if
 * I stand on c after my t-th move; a cell is safe to enter at time t when t < timing[c].
 *
 * Where the post-mortem is vague we decided, and say so here (the README repeats the list):
 *  - Wanderers (section 1): a spawning wanderer's delay is its countdown (it first moves one
 *    update after the countdown ends); a wandering one cannot go on past its remaining life.
 *    Targeting another explorer: cut off beyond its path distance to that target. Targeting
 *    me: up to D = its distance to me, only cells on a shortest path to me are dangerous at
 *    their time; "past that, use the Dijkstra's as usual": any other cell within D at D + 1.
 *  - Slashers: 6 layers as in the post-mortem, SPAWNING replaced by its end (it becomes RUSH after
 *    its countdown, so the source is a RUSH node at that time) and a sixth "aimed rush" layer
 *    for a rush striking this very update at another explorer ("pretty sure the target is in
 *    LoS"): it lands on the target's cell or a neighbour of it in sight; a stalker's rush at
 *    another explorer in sight, on the cells in sight that explorer reaches before the
 *    strike. Every other rush may land on any cell in line of sight of the slasher's cell.
 *  - Minimax (section 5) simulates one update of the minions on the explorers' new cells: a
 *    wandering wanderer spooks whoever is on its cell, else steps onto an adjacent explorer (me
 *    if I am adjacent: worst case; else its target, else the first adjacent one); a slasher in
 *    RUSH lands where the referee's acquireTarget sends it (its last-seen cell is taken to be
 *    its target's cell at turn start, where the last sighting happened). An explorer held by a
 *    yell (the receiver of a yell effect) only stays: its WAIT is forced.
 *  - A move's paths (section 6) are the safe walk's shortest paths that start with it, ties
 *    kept ("collect all moves with the same outcome"); staying: my own cell only. "Biggest
 *    bonus": the largest sanity bonus on them. "Closest bonus": how many steps after the move
 *    (staying on a bonus and stepping onto one both give it at the end of this turn); a move
 *    with no bonus has no distance, so no opinion. "Longest time to live": the greatest timing
 *    on any of them (the timing of the first cell alone pulls me away from the minions the
 *    crowd draws, so the last filter, closer to the others, never gets its say).
 *  - Dead ends: cells that dmap's dead-end burying fills (the lattice-world dead-end burying rule) on the bare maze.
 *  - PLAN "not over 250": sanity + 12 * (1 + explorers within 2 steps) <= 250 (4 ticks of +3
 *    for me and +3 per neighbour), the post-mortem's initial-bot rule being unpublished.
 *  - YELL "not yelled at yet" is remembered from the EFFECT_YELL lines I have seen cast by me;
 *    the yell-trap filter counts only explorers not yet seen yelling at me (a yell is once per
 *    pair and game).
 */
#include <math.h>
#include <stdlib.h>
#ifdef PM_TUNING
#include <stdio.h>
#endif
#include <string.h>

#include "world.h"

/* slasher layers (section 1): the 5 states, SPAWNING folded into RUSH, plus DAMAGE and the
 * aimed rush */
enum { L_WANDER, L_STALK, L_RUSH, L_STUN, L_DAMAGE, L_AIMED, PM_LAYERS };
#define PM_HORIZON 40.0
#define PM_MAX_MOVES 5
#define PM_MAX_TRANSITIONS (2 * (KT_MAX_W + KT_MAX_H) + 8)
#define PM_MAX_AIMED PM_MAX_TRANSITIONS /* an aimed rush's cells: in the slasher's sight */
/* The heuristic filters of section 6, a letter each: Not hit next turn, biggest Bonus, Closest
 * bonus, longest Time to live, no Yell trap, least Average damage to me, most average damage to
 * the Others, closer to the Group; and two of ours: the Longest timing of the cell itself, the
 * Room left after the move. */
#define PM_FILTER_LETTERS "NBCTYAOGLR"
#define PM_FILTERS 10

/* What chose the action (the published map "decided_by" holds it at my cell): the last step
 * that narrowed the moves, PM_BY_NO_SAFE added when no move was safe; an ability. */
enum {
    PM_BY_NONE = 0,     /* every move was as good: the generator chose */
    PM_BY_MINIMAX = 1,  /* the worst case alone */
    PM_BY_SAFE = 2,     /* the safe-tree filter */
    PM_BY_FILTER = 3,   /* + the heuristic's index in PM_FILTER_LETTERS */
    PM_BY_DEAD_END = PM_BY_FILTER + PM_FILTERS, PM_BY_NOT_PREVIOUS, PM_BY_NOT_HERE,
    PM_BY_TIE,          /* several moves left: the generator chose among them */
    PM_BY_FIRST_YELL, PM_BY_PLAN, PM_BY_YELL, PM_BY_LIGHT,
    PM_BY_NO_SAFE = 32
};

/* The decision's knobs: the post-mortem's values in kt_bot_postmortem. */
typedef struct pm_options {
    const char *order;  /* the heuristic filters of section 6, one letter each, in order */
    const char *fallback; /* the filters applied to the minimax result when no move is safe */
    double next_turn;   /* "<= 2 danger": the not-next-turn filter's threshold */
    double yell_trap;   /* "<= 3": the yell-trap filter's threshold */
    int plan_per_tick;  /* PLAN when sanity + 4 * plan_per_tick * (1 + near) <= 250 */
    int light;          /* use LIGHT at all */
    int first_yell;     /* the YELL before the move heuristics */
    double yell_hit;    /* YELL when the frozen one's cell is struck within this many turns */
    int safe_yells;     /* the second YELL too only when I can stand still (timing >= 2) */
    int room_cap;       /* filter R: the safe cells reachable after the move, counted up to this */
    int paths;          /* which safe paths a move leads along (PM_PATHS_*) */
    int aim_stalkers;   /* a stalking slasher's rush at another explorer in sight is aimed too */
    int chaser_flat;    /* a wanderer chasing me: the cells off its paths within D at D + 1 */
    int bonus_from_move; /* "closest bonus" counts from the cell the move puts me on */
    int ttl_any_path;   /* "longest time to live" over all the move's safe paths, not only those
                         * to its bonus */
    int held_stay;      /* minimax: an explorer a yell holds can only stay */
} pm_options;

/* Which safe paths "lead" a move to a cell, for the bonus and time-to-live filters: the safe
 * walk's one tree of shortest paths (each cell belongs to the move its tree path starts with),
 * every shortest safe path (a cell reached as early through several moves belongs to each), or
 * every safe path that starts with the move (a safe walk from the cell the move reaches). */
enum { PM_PATHS_TREE, PM_PATHS_SHORTEST, PM_PATHS_ANY };

typedef struct pm_bot {
    pm_options opt;
#ifdef PM_TUNING
    char order[16], fallback[16]; /* the options' strings read from the environment */
#endif
    int stage;          /* the step of the decision that chose the last action (PM_BY_*) */
    double decided[KT_MAX_CELLS]; /* the stage at my cell, +inf elsewhere (a published map) */
    dmap_rng rng;
    dmap_workspace *ws;
    kb_world world;
    unsigned char dead_end[KT_MAX_CELLS];
    unsigned yelled_at; /* bit id: I have yelled at explorer id */
    unsigned yelled_by; /* bit id: explorer id has yelled at me (it cannot again) */
    int prev_cell;      /* where I stood the turn before */
    int aimed[PM_MAX_AIMED];
    int naimed;
    /* maps of this turn */
    int dme[KT_MAX_CELLS], dothers[KT_MAX_CELLS];
    double threat[KT_MAX_CELLS], timing[KT_MAX_CELLS], arrival[KT_MAX_CELLS],
        bonus[KT_MAX_CELLS];
    int parent[KT_MAX_CELLS], first[KT_MAX_CELLS];
    double layers[PM_LAYERS * KT_MAX_CELLS];
    /* candidates */
    int nmoves, moves[PM_MAX_MOVES]; /* cells: my cell (stay) first, then neighbours */
    double worst[PM_MAX_MOVES], avg_me[PM_MAX_MOVES], avg_others[PM_MAX_MOVES],
        move_bonus[PM_MAX_MOVES], bonus_dist[PM_MAX_MOVES], move_ttl[PM_MAX_MOVES],
        room[PM_MAX_MOVES];
    double room_arrival[KT_MAX_CELLS];
    double via[PM_MAX_MOVES][KT_MAX_CELLS]; /* arrival on each cell along the move's paths */
    int nopp, opp_moves[KT_PLAYERS - 1][PM_MAX_MOVES];
    size_t opp_count[KT_PLAYERS - 1];
    int err; /* DMAP_ERR_NOMEM once a map could not get its memory (decide returns it) */
} pm_bot;

/* rc, remembering an out-of-memory one: the answer is then not the bot's. */
static int noted(pm_bot *b, int rc) {
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    return rc;
}

static const int ray_dx[4] = {0, 1, 0, -1}, ray_dy[4] = {-1, 0, 1, 0};

static int walkable(const kb_world *w, int x, int y) {
    return x >= 0 && y >= 0 && x < w->w && y < w->h && !w->wall[y * w->w + x];
}

static int in_sight(const kb_world *w, int from, int cell) {
    int x0 = from % w->w, y0 = from / w->w;
    for (int r = 0; r < 4; r++)
        for (int x = x0, y = y0; walkable(w, x, y); x += ray_dx[r], y += ray_dy[r])
            if (y * w->w + x == cell) return 1;
    return 0;
}

static int explorer_index(const kb_world *w, int id) {
    for (int i = 0; i < w->nex; i++)
        if (w->ex[i].id == id) return i;
    return -1;
}

/* ---- setup ------------------------------------------------------------------------------- */

static void release_pm(void *state);

/* The post-mortem's own values (section 6's order, "<= 2", "<= 3"; section 7) and our
 * readings of its vague sentences (the file's top comment). */
static const pm_options pm_postmortem_options = {
    "NBCTYAOG", "", 2.0, 3.0, KT_PLAN_HEAL, 1, 1, 2.0, 0, 0, PM_PATHS_SHORTEST, 1, 1, 1, 1, 1};

#ifdef PM_TUNING
/* The kutulu_tuning program only (CMakeLists.txt): the options from the environment, for the
 * paired runs of the README ("Filter order, thresholds and open points"). */
static void tune_from_environment(pm_bot *b) {
    const char *e;
    if ((e = getenv("PM_ORDER"))) {
        snprintf(b->order, sizeof b->order, "%s", e);
        b->opt.order = b->order;
    }
    if ((e = getenv("PM_FB"))) {
        snprintf(b->fallback, sizeof b->fallback, "%s", e);
        b->opt.fallback = b->fallback;
    }
    if ((e = getenv("PM_NEXT"))) b->opt.next_turn = atof(e);
    if ((e = getenv("PM_TRAP"))) b->opt.yell_trap = atof(e);
    if ((e = getenv("PM_PLAN"))) b->opt.plan_per_tick = atoi(e);
    if ((e = getenv("PM_LIGHT"))) b->opt.light = atoi(e);
    if ((e = getenv("PM_FY"))) b->opt.first_yell = atoi(e);
    if ((e = getenv("PM_YH"))) b->opt.yell_hit = atof(e);
    if ((e = getenv("PM_SY"))) b->opt.safe_yells = atoi(e);
    if ((e = getenv("PM_ROOM"))) b->opt.room_cap = atoi(e);
    if ((e = getenv("PM_PATHS"))) b->opt.paths = atoi(e);
    if ((e = getenv("PM_AIM"))) b->opt.aim_stalkers = atoi(e);
    if ((e = getenv("PM_CHASER"))) b->opt.chaser_flat = atoi(e);
    if ((e = getenv("PM_CFROM"))) b->opt.bonus_from_move = atoi(e);
    if ((e = getenv("PM_TALL"))) b->opt.ttl_any_path = atoi(e);
    if ((e = getenv("PM_STUCK"))) b->opt.held_stay = atoi(e);
}
#endif

/* The thresholds a bot spec may set (param.h), in this order in both bots' declarations;
 * dmapbot adds room_cap. */
enum { P_NEXT_TURN, P_YELL_TRAP, P_YELL_HIT, P_PLAN_PER_TICK, P_ROOM_CAP };
#define PM_PARAMS(next, trap, hit, plan)                                                       \
    {"next_turn", next, 0, 10, 1, 0, "filter N keeps the moves to cells no minion reaches "   \
                                     "within this many turns"},                               \
    {"yell_trap", trap, 0, 10, 1, 0, "filter Y: a neighbour that may yell is a trap when a "   \
                                     "minion reaches my cell within this many turns"},        \
    {"yell_hit", hit, 0, 10, 1, 0, "YELL when a minion strikes the frozen explorer's cell "    \
                                   "within this many turns"},                                 \
    {"plan_per_tick", plan, 0, 10, 1, 1, "PLAN when sanity + 4 * this * (1 + explorers "       \
                                         "within 2) <= 250"}

static const kit_param postmortem_param[] = {PM_PARAMS(2.0, 3.0, 2.0, KT_PLAN_HEAL)};
const kit_params kt_postmortem_params = {postmortem_param, 4};
static const kit_param dmapbot_param[] = {
    PM_PARAMS(2.0, 3.0, 2.0, KT_PLAN_HEAL),
    {"room_cap", 4, 1, 20, 1, 1, "filter R counts the cells the safe walk reaches after the "
                                 "move up to this many"}};
const kit_params kt_dmapbot_params = {dmapbot_param, 5};

static int init_with(void **state, const kt_view *v, uint64_t seed, const pm_options *opt,
                     const kit_params *decl) {
    double p[KIT_PARAM_MAX];
    kit_param_read(decl, *state, p); /* a spec's values, or the defaults */
    *state = NULL;
    pm_bot *b = (pm_bot *)calloc(1, sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    b->opt = *opt;
    b->opt.next_turn = p[P_NEXT_TURN];
    b->opt.yell_trap = p[P_YELL_TRAP];
    b->opt.yell_hit = p[P_YELL_HIT];
    b->opt.plan_per_tick = (int)p[P_PLAN_PER_TICK];
    if (decl->n > P_ROOM_CAP) b->opt.room_cap = (int)p[P_ROOM_CAP];
#ifdef PM_TUNING
    tune_from_environment(b);
#endif
    dmap_workspace_new(&b->ws);
    if (!b->ws) {
        free(b);
        return DMAP_ERR_NOMEM;
    }
    dmap_rng_seed(&b->rng, seed);
    b->prev_cell = -1;
    kb_world *w = &b->world;
    kb_world_from_view(w, v);
    /* dead ends of the bare maze, once: the burying fills them with walls */
    dmap_grid g = w->grid;
    unsigned char walls[KT_MAX_CELLS];
    memcpy(walls, w->wall, (size_t)w->n);
    g.wall = walls;
    int rc = dmap_bury_dead_ends(&g, NULL, 0, 0, b->dead_end, NULL, b->ws);
    if (rc == DMAP_ERR_NOMEM) {
        release_pm(b);
        return DMAP_ERR_NOMEM;
    }
    if (rc != DMAP_OK) memset(b->dead_end, 0, sizeof b->dead_end);
    *state = b;
    return 0;
}

static int init_pm(void **state, const kt_view *v, uint64_t seed) {
    return init_with(state, v, seed, &pm_postmortem_options, &kt_postmortem_params);
}

/* dmapbot: the same maps and filters, beyond the post-mortem where it is silent or its order
 * was tuned against other opponents: a room filter right after "not hit next turn" (keep the
 * moves from which the safe walk still reaches the most cells, counted up to 4: no walking into
 * a pocket), then the biggest bonus, then "closer to the others" (measured in
 * arenas/kutulu/README.md, "dmapbot"); the former readings of the paths and threat maps. */
static const pm_options pm_dmapbot_options = {
    "NRBGCTYAO", "", 2.0, 3.0, KT_PLAN_HEAL, 1, 1, 2.0, 0, 4, PM_PATHS_TREE, 0, 0, 0, 0, 0};

static int init_dmapbot(void **state, const kt_view *v, uint64_t seed) {
    return init_with(state, v, seed, &pm_dmapbot_options, &kt_dmapbot_params);
}

static void release_pm(void *state) {
    pm_bot *b = (pm_bot *)state;
    if (!b) return;
    dmap_workspace_free(b->ws);
    free(b);
}

/* ---- 1. threat maps ------------------------------------------------------------------------ */

static void wanderer_threat(pm_bot *b, const kb_minion *m, double *t) {
    kb_world *w = &b->world;
    dmap_moves mv = dmap_moves_4();
    double delay = m->state == 0 ? m->countdown : 0;
    double life = m->state == 0 ? w->params.life_time + m->countdown : m->countdown;
    if (noted(b, dmap_threat_map(&w->grid, &mv, m->cell, delay, INFINITY, t, b->ws)) != DMAP_OK) {
        for (int c = 0; c < w->n; c++) t[c] = INFINITY;
        return;
    }
    int me = w->ex[0].cell, target = m->state == 1 ? explorer_index(w, m->target) : -1;
    if (target == 0 && isfinite(t[me])) {
        double d = t[me];
        for (int c = 0; c < w->n; c++)
            if (t[c] <= d && b->dme[c] >= 0 && t[c] + b->dme[c] != d)
                t[c] = d + (b->opt.chaser_flat ? 1 : b->dme[c]);
    } else if (target > 0) {
        double d = t[w->ex[target].cell];
        for (int c = 0; c < w->n; c++)
            if (t[c] > d) t[c] = INFINITY;
    }
    for (int c = 0; c < w->n; c++)
        if (t[c] > life) t[c] = INFINITY;
}

static int slasher_moves(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    pm_bot *b = (pm_bot *)user;
    kb_world *w = &b->world;
    int n = 0;
    if (cap < PM_MAX_TRANSITIONS) return DMAP_ERR_LIMIT;
    switch (state) {
    case L_WANDER: {
        int nb[4], k = kb_neighbours(w, cell, nb);
        for (int i = 0; i < k; i++) out[n++] = (dmap_transition){nb[i], L_WANDER, 1.0};
        out[n++] = (dmap_transition){cell, L_STALK, 1.0}; /* sights someone, stays */
        break;
    }
    case L_STALK:
        out[n++] = (dmap_transition){cell, L_RUSH, KT_SLASHER_PREP};
        break;
    case L_RUSH: {
        int x0 = cell % w->w, y0 = cell / w->w;
        out[n++] = (dmap_transition){cell, L_DAMAGE, 1.0};
        for (int r = 0; r < 4; r++)
            for (int x = x0 + ray_dx[r], y = y0 + ray_dy[r]; walkable(w, x, y);
                 x += ray_dx[r], y += ray_dy[r])
                out[n++] = (dmap_transition){y * w->w + x, L_DAMAGE, 1.0};
        break;
    }
    case L_AIMED:
        for (int i = 0; i < b->naimed; i++)
            out[n++] = (dmap_transition){b->aimed[i], L_DAMAGE, 1.0};
        break;
    case L_DAMAGE:
        out[n++] = (dmap_transition){cell, L_STUN, 0.0};
        break;
    case L_STUN:
        out[n++] = (dmap_transition){cell, L_WANDER, KT_SLASHER_STUN};
        break;
    }
    return n;
}

/* The cells a rush at another explorer in sight may land on: that explorer's cells within
 * `steps` steps (its moves before the strike) that the slasher sees. */
static void aim_at_target(pm_bot *b, const kb_minion *m, int target_cell, int steps) {
    kb_world *w = &b->world;
    dmap_moves mv = dmap_moves_4();
    int depth[KT_MAX_CELLS];
    b->naimed = 0;
    if (noted(b, dmap_bfs(&w->grid, &mv, &target_cell, 1, steps, depth, NULL, b->ws)) != DMAP_OK)
        return;
    for (int c = 0; c < w->n && b->naimed < PM_MAX_AIMED; c++)
        if (depth[c] >= 0 && in_sight(w, m->cell, c)) b->aimed[b->naimed++] = c;
}

static void slasher_threat(pm_bot *b, const kb_minion *m, double *t) {
    kb_world *w = &b->world;
    dmap_layer_source src = {m->cell, L_WANDER, 0.0};
    int target = explorer_index(w, m->target);
    b->naimed = 0;
    switch (m->state) {
    case 0: /* spawning: RUSH when the countdown ends */
    case 2: /* stalking: likewise */
        src = (dmap_layer_source){m->cell, L_RUSH, (double)m->countdown};
        if (m->state == 2 && b->opt.aim_stalkers && target > 0 &&
            in_sight(w, m->cell, w->ex[target].cell)) {
            aim_at_target(b, m, w->ex[target].cell, m->countdown + 1);
            src.state = L_AIMED;
        }
        break;
    case 3: /* rushing this update */
        src = (dmap_layer_source){m->cell, L_RUSH, 0.0};
        if (target > 0) {
            int tc = w->ex[target].cell, nb[4], k = kb_neighbours(w, tc, nb);
            b->aimed[b->naimed++] = tc;
            for (int i = 0; i < k; i++)
                if (in_sight(w, m->cell, nb[i])) b->aimed[b->naimed++] = nb[i];
            src.state = L_AIMED;
        }
        break;
    case 4:
        src = (dmap_layer_source){m->cell, L_WANDER, (double)m->countdown};
        break;
    default:
        break;
    }
    int rc = noted(b, dmap_layered_search(w->n, PM_LAYERS, &src, 1, slasher_moves, b,
                                          PM_MAX_TRANSITIONS, PM_HORIZON, b->layers, NULL, b->ws));
    for (int c = 0; c < w->n; c++)
        t[c] = rc == DMAP_OK ? b->layers[L_DAMAGE * w->n + c] : INFINITY;
}

/* ---- 2. timing map, 3. safe walk, 4. sanity bonus -------------------------------------------- */

static void compute_maps(pm_bot *b) {
    kb_world *w = &b->world;
    dmap_moves mv = dmap_moves_4();
    int me = w->ex[0].cell;
    if (noted(b, dmap_bfs(&w->grid, &mv, &me, 1, -1, b->dme, NULL, b->ws)) != DMAP_OK)
        for (int c = 0; c < w->n; c++) b->dme[c] = -1;
    int others[KT_PLAYERS], no = 0;
    for (int i = 1; i < w->nex; i++) others[no++] = w->ex[i].cell;
    if (noted(b, dmap_bfs(&w->grid, &mv, others, (size_t)no, -1, b->dothers, NULL, b->ws)) != DMAP_OK)
        for (int c = 0; c < w->n; c++) b->dothers[c] = -1;
    for (int c = 0; c < w->n; c++) b->timing[c] = INFINITY;
    for (int k = 0; k < w->nmin; k++) {
        const kb_minion *m = &w->min[k];
        if (m->type == 'W')
            wanderer_threat(b, m, b->threat);
        else
            slasher_threat(b, m, b->threat);
        dmap_min(&w->grid, b->timing, b->threat, b->timing);
    }
    size_t nsafe = 0;
    if (noted(b, dmap_safe_walk(&w->grid, &mv, b->timing, me, 0.0, b->arrival, b->parent, &nsafe,
                                b->ws)) != DMAP_OK) {
        for (int c = 0; c < w->n; c++) b->arrival[c] = INFINITY, b->parent[c] = -1;
        b->arrival[me] = 0;
    }
    /* first step of every safe path (me for my own cell) */
    for (int c = 0; c < w->n; c++) {
        b->first[c] = -1;
        if (!isfinite(b->arrival[c])) continue;
        int x = c, guard = 0;
        while (x >= 0 && b->parent[x] != me && x != me && guard++ < w->n) x = b->parent[x];
        b->first[c] = x;
    }
    /* sanity bonus of standing on each cell now */
    int cells[KT_MAX_CELLS];
    unsigned char seen[KT_MAX_CELLS];
    for (int c = 0; c < w->n; c++) b->bonus[c] = 0;
    for (int k = 0; k < w->neff; k++) {
        const kb_effect *e = &w->eff[k];
        if (e->type == 'U' && e->ticks > 0 && e->cell >= 0) b->bonus[e->cell] += (double)KT_SHELTER_HEAL;
        if (e->type != 'P' || e->cell < 0) continue;
        /* the plan's reach: cells within 2 steps of its caster */
        int n = 0, head = 0;
        memset(seen, 0, (size_t)w->n);
        cells[n++] = e->cell;
        seen[e->cell] = 1;
        for (int depth = 0; depth < KT_PLAN_RADIUS; depth++) {
            int end = n;
            for (; head < end; head++) {
                int nb[4], kk = kb_neighbours(w, cells[head], nb);
                for (int i = 0; i < kk; i++)
                    if (!seen[nb[i]]) seen[nb[i]] = 1, cells[n++] = nb[i];
            }
        }
        for (int i = 0; i < n; i++) b->bonus[cells[i]] += (double)KT_PLAN_HEAL;
    }
    for (int c = 0; c < w->n; c++) {
        if (w->wall[c]) continue;
        for (int i = 1; i < w->nex; i++)
            if (kb_manhattan(w, c, w->ex[i].cell) <= KT_GROUP_RANGE) {
                b->bonus[c] += w->params.lonely - w->params.group;
                break;
            }
    }
}

/* ---- 5. minimax over the other explorers' moves ------------------------------------------ */

typedef struct sim_ctx {
    pm_bot *b;
    int mode; /* 0: combined (worst case), 1: damage to me (negated), 2: damage to others */
} sim_ctx;

/* Damage (sanity lost to minions) this update with the explorers on pos[0..nex-1]. */
static void simulate(const pm_bot *b, const int *pos, int *dme, int *dothers) {
    const kb_world *w = &b->world;
    *dme = *dothers = 0;
    for (int k = 0; k < w->nmin; k++) {
        const kb_minion *m = &w->min[k];
        int hit = -1;
        if (m->type == 'W' && m->state == 1) {
            int adjacent = -1, target = explorer_index(w, m->target);
            for (int i = 0; i < w->nex; i++)
                if (pos[i] == m->cell) hit = m->cell;
            for (int i = 0; hit < 0 && i < w->nex; i++) {
                if (kb_manhattan(w, pos[i], m->cell) != 1) continue;
                if (i == 0 || i == target) {
                    adjacent = pos[i];
                    if (i == 0) break;
                } else if (adjacent < 0) {
                    adjacent = pos[i];
                }
            }
            if (hit < 0) hit = adjacent;
        } else if (m->type == 'S' && m->state == 3) {
            int target = explorer_index(w, m->target);
            if (target >= 0 && in_sight(w, m->cell, pos[target])) {
                hit = pos[target];
            } else {
                /* the closest explorers along the 4 rays */
                int best = KT_MAX_W + KT_MAX_H, nbest = 0, cell = -1;
                int x0 = m->cell % w->w, y0 = m->cell / w->w;
                for (int r = 0; r < 4; r++)
                    for (int x = x0, y = y0, d = 0; walkable(w, x, y);
                         x += ray_dx[r], y += ray_dy[r], d++) {
                        int c = y * w->w + x, here = 0;
                        for (int i = 0; i < w->nex; i++) here += pos[i] == c;
                        if (!here) continue;
                        if (d < best) best = d, nbest = 0, cell = -1;
                        if (d == best && c != cell) nbest += here, cell = c;
                        else if (d == best) nbest += here;
                        break;
                    }
                if (nbest == 1) hit = cell;
                else if (nbest == 0) hit = target >= 0 ? w->ex[target].cell : m->cell;
                else hit = m->cell;
            }
        }
        if (hit < 0) continue;
        for (int i = 0; i < w->nex; i++)
            if (pos[i] == hit) *(i == 0 ? dme : dothers) += KT_SPOOK;
    }
}

static double outcome(void *user, int my_move, const int *opp, size_t nopp) {
    sim_ctx *s = (sim_ctx *)user;
    const pm_bot *b = s->b;
    int pos[KT_PLAYERS];
    pos[0] = b->moves[my_move];
    for (size_t j = 0; j < nopp; j++) pos[j + 1] = b->opp_moves[j][opp[j]];
    int dme, dothers;
    simulate(b, pos, &dme, &dothers);
    if (s->mode == 1) return -dme;
    if (s->mode == 2) return dothers;
    return -1000.0 * dme + dothers;
}

/* ---- 6. filters ------------------------------------------------------------------------------ */

static double f_safe(void *u, int i) {
    pm_bot *b = (pm_bot *)u;
    int c = b->moves[i];
    return c == b->world.ex[0].cell ? b->timing[c] > 1 : isfinite(b->arrival[c]) && b->first[c] == c;
}
static double f_not_next_turn(void *u, int i) {
    pm_bot *b = (pm_bot *)u;
    return b->timing[b->moves[i]] > b->opt.next_turn;
}
static double f_bonus(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->move_bonus[i]; }
static double f_bonus_dist(void *u, int i) {
    pm_bot *b = (pm_bot *)u; /* from my cell, or from the move's (one step less) */
    int moved = b->moves[i] != b->world.ex[0].cell;
    return b->bonus_dist[i] - (b->opt.bonus_from_move && moved ? 1 : 0);
}
static double f_ttl(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->move_ttl[i]; }
static double f_no_yell_trap(void *u, int i) {
    pm_bot *b = (pm_bot *)u;
    const kb_world *w = &b->world;
    int c = b->moves[i];
    if (b->timing[c] > b->opt.yell_trap) return 1;
    for (int k = 1; k < w->nex; k++) /* someone who can still yell at me, in range next turn */
        if (!(b->yelled_by & (1u << (w->ex[k].id & 31))) &&
            kb_manhattan(w, w->ex[k].cell, c) <= KT_YELL_RANGE + 1)
            return 0;
    return 1;
}
static double f_avg_me(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->avg_me[i]; }
static double f_avg_others(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->avg_others[i]; }
static double f_near_others(void *u, int i) {
    pm_bot *b = (pm_bot *)u;
    int d = b->dothers[b->moves[i]];
    return d < 0 ? INFINITY : d;
}
static double f_room(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->room[i]; }
static double f_cell_ttl(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->timing[b->moves[i]]; }
static double f_not_dead_end(void *u, int i) { pm_bot *b = (pm_bot *)u; return !b->dead_end[b->moves[i]]; }
static double f_not_previous(void *u, int i) { pm_bot *b = (pm_bot *)u; return b->moves[i] != b->prev_cell; }
static double f_not_here(void *u, int i) {
    pm_bot *b = (pm_bot *)u;
    return b->moves[i] != b->world.ex[0].cell;
}

/* The heuristic filters of section 6 in the order opt.order names them (letters of
 * PM_FILTER_LETTERS); which[i] gets each one's index in that list. */
static size_t heuristic_chain(pm_bot *b, const char *order, dmap_filter *out, int *which) {
    static const dmap_filter_kind kind[PM_FILTERS] = {
        DMAP_FILTER_KEEP_TRUE, DMAP_FILTER_KEEP_MAX, DMAP_FILTER_KEEP_MIN, DMAP_FILTER_KEEP_MAX,
        DMAP_FILTER_KEEP_TRUE, DMAP_FILTER_KEEP_MIN, DMAP_FILTER_KEEP_MAX, DMAP_FILTER_KEEP_MIN,
        DMAP_FILTER_KEEP_MAX, DMAP_FILTER_KEEP_MAX};
    static const dmap_score_fn score[PM_FILTERS] = {f_not_next_turn, f_bonus, f_bonus_dist, f_ttl,
                                                    f_no_yell_trap, f_avg_me, f_avg_others,
                                                    f_near_others, f_cell_ttl, f_room};
    size_t n = 0;
    for (const char *o = order; *o && n < PM_FILTERS; o++) {
        const char *at = strchr(PM_FILTER_LETTERS, *o);
        if (!at) continue;
        int k = (int)(at - PM_FILTER_LETTERS);
        out[n] = (dmap_filter){kind[k], score[k], b};
        which[n++] = k;
    }
    return n;
}

/* For every move: when each cell is reached along the safe paths that start with it
 * (opt.paths), +inf where none leads; staying leads to my own cell only. */
static void paths_per_move(pm_bot *b) {
    const kb_world *w = &b->world;
    dmap_moves mv = dmap_moves_4();
    int me = w->ex[0].cell;
    for (int i = 0; i < b->nmoves; i++) {
        double *via = b->via[i];
        int m = b->moves[i];
        for (int c = 0; c < w->n; c++) via[c] = INFINITY;
        if (m == me) {
            via[me] = 0;
            continue;
        }
        if (b->opt.paths == PM_PATHS_TREE || !isfinite(b->arrival[m]) || b->first[m] != m) {
            for (int c = 0; c < w->n; c++)
                if (b->first[c] == m) via[c] = b->arrival[c];
            continue;
        }
        size_t nsafe = 0; /* on an error (noted: the decision fails) the move leads nowhere */
        if (noted(b, dmap_safe_walk(&w->grid, &mv, b->timing, m, 1.0, via, NULL, &nsafe, b->ws)))
            for (int c = 0; c < w->n; c++) via[c] = INFINITY;
        if (b->opt.paths == PM_PATHS_SHORTEST)
            for (int c = 0; c < w->n; c++)
                if (via[c] > b->arrival[c]) via[c] = INFINITY;
    }
}

/* For every move: the biggest bonus its safe paths lead to, and how soon. A move whose paths
 * reach no bonus (0 everywhere) has no "closest bonus": its distance is infinite, so the
 * closest-bonus filter has no opinion between bonus-less moves (staying, the path of length 0,
 * would otherwise always win and keep me standing alone). */
static void bonus_per_move(pm_bot *b) {
    const kb_world *w = &b->world;
    for (int i = 0; i < b->nmoves; i++) {
        b->move_bonus[i] = -INFINITY;
        b->bonus_dist[i] = INFINITY;
        const double *via = b->via[i];
        for (int c = 0; c < w->n; c++) {
            if (!isfinite(via[c])) continue;
            if (b->bonus[c] > b->move_bonus[i] ||
                (b->bonus[c] == b->move_bonus[i] && via[c] < b->bonus_dist[i])) {
                b->move_bonus[i] = b->bonus[c];
                b->bonus_dist[i] = via[c];
            }
        }
        if (!(b->move_bonus[i] > 0)) b->bonus_dist[i] = INFINITY;
    }
}

/* For every move: the longest time to live of its paths, the timing at their end cell. The
 * paths are those the bonus filters kept (to its biggest bonus, at the closest distance) when
 * the move has a bonus, else every safe path starting with it (staying: my cell). */
static void ttl_per_move(pm_bot *b) {
    const kb_world *w = &b->world;
    for (int i = 0; i < b->nmoves; i++) {
        b->move_ttl[i] = -INFINITY;
        const double *via = b->via[i];
        for (int c = 0; c < w->n; c++) {
            if (!isfinite(via[c])) continue;
            if (b->move_bonus[i] > 0 && !b->opt.ttl_any_path &&
                (b->bonus[c] != b->move_bonus[i] || via[c] != b->bonus_dist[i]))
                continue;
            if (b->timing[c] > b->move_ttl[i]) b->move_ttl[i] = b->timing[c];
        }
    }
}

/* For every move: how many cells I can still reach safely from where it puts me (a safe walk
 * from there, one turn later), counted up to opt.room_cap; 0 for a cell hit next turn. */
static void room_per_move(pm_bot *b) {
    const kb_world *w = &b->world;
    dmap_moves mv = dmap_moves_4();
    for (int i = 0; i < b->nmoves; i++) {
        b->room[i] = 0;
        int c = b->moves[i];
        if (b->opt.room_cap <= 0 || !(b->timing[c] > 1)) continue;
        size_t nsafe = 0;
        if (noted(b, dmap_safe_walk(&w->grid, &mv, b->timing, c, 1.0, b->room_arrival, NULL, &nsafe,
                                    b->ws)) != DMAP_OK)
            continue;
        b->room[i] = nsafe < (size_t)b->opt.room_cap ? (double)nsafe : b->opt.room_cap;
    }
}

/* ---- 7. abilities -------------------------------------------------------------------------- */

/* A YELL that should hurt someone: an explorer in range I have not yelled at, standing where a
 * minion strikes within 2 turns (it stays frozen there). */
static int yell_worth_it(const pm_bot *b) {
    const kb_world *w = &b->world;
    for (int i = 1; i < w->nex; i++) {
        if (b->yelled_at & (1u << (w->ex[i].id & 31))) continue;
        if (kb_manhattan(w, w->ex[0].cell, w->ex[i].cell) > KT_YELL_RANGE) continue;
        if (b->timing[w->ex[i].cell] <= b->opt.yell_hit) return 1;
    }
    return 0;
}

static int plan_worth_it(const pm_bot *b) {
    const kb_world *w = &b->world;
    const kb_explorer *me = &w->ex[0];
    if (me->plans <= 0) return 0;
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type != 'U' && w->eff[k].caster == me->id) return 0; /* refused */
    int near = 0;
    for (int i = 1; i < w->nex; i++) near += b->dme[w->ex[i].cell] >= 0 && b->dme[w->ex[i].cell] <= 2;
    return me->sanity + KT_PLAN_TICKS * b->opt.plan_per_tick * (1 + near) <= KT_MAX_SANITY;
}

static int light_worth_it(const pm_bot *b) {
    const kb_world *w = &b->world;
    const kb_explorer *me = &w->ex[0];
    if (me->lights <= 0) return 0;
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type != 'U' && w->eff[k].caster == me->id) return 0; /* refused */
    for (int k = 0; k < w->nmin; k++) {
        const kb_minion *m = &w->min[k];
        if (m->type != 'W' || m->state != 1 || m->target != me->id) continue;
        int d = b->dme[m->cell];
        if (d < 0 || 2 * d <= KT_LIGHT_RADIUS) continue;
        for (int i = 1; i < w->nex; i++)
            if (b->dme[w->ex[i].cell] > d) return 1;
    }
    return 0;
}

/* ---- the decision ---------------------------------------------------------------------------- */

static kt_action by(pm_bot *b, int stage, kt_action a) {
    b->stage = stage;
    return a;
}

static kt_action choose(pm_bot *b, const kt_view *v) {
    kb_world *w = &b->world;
    kb_world_from_view(w, v);
    const kb_explorer *me = &w->ex[0];
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type == 'Y' && w->eff[k].caster == me->id)
            b->yelled_at |= 1u << (w->eff[k].receiver & 31);
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type == 'Y' && w->eff[k].receiver == me->id)
            b->yelled_by |= 1u << (w->eff[k].caster & 31);
    compute_maps(b);
    int prev = b->prev_cell;
    b->prev_cell = me->cell;
    (void)prev;

    /* section 7, first place: a yell that hurts, when I can afford to stand still */
    if (b->opt.first_yell && yell_worth_it(b) && b->timing[me->cell] >= 2)
        return by(b, PM_BY_FIRST_YELL, (kt_action){KT_YELL, 0, 0});

    /* candidates: stay, then the walkable neighbours; the others' moves likewise */
    int nb[4], k = kb_neighbours(w, me->cell, nb);
    b->nmoves = 0;
    b->moves[b->nmoves++] = me->cell;
    for (int i = 0; i < k; i++) b->moves[b->nmoves++] = nb[i];
    b->nopp = w->nex - 1;
    for (int j = 0; j < b->nopp; j++) {
        int c = w->ex[j + 1].cell, on[4], kk = kb_neighbours(w, c, on);
        b->opp_count[j] = 0;
        b->opp_moves[j][b->opp_count[j]++] = c;
        for (int e = 0; e < w->neff && b->opt.held_stay; e++)
            if (w->eff[e].type == 'Y' && w->eff[e].receiver == w->ex[j + 1].id) kk = 0;
        for (int i = 0; i < kk; i++) b->opp_moves[j][b->opp_count[j]++] = on[i];
    }
    int best[PM_MAX_MOVES], unused[PM_MAX_MOVES];
    size_t nbest = 0, nunused = 0;
    double scratch[PM_MAX_MOVES];
    sim_ctx s0 = {b, 0}, s1 = {b, 1}, s2 = {b, 2};
    /* the worst case keeps every tied best move; two more passes give the average damage to
     * me and to the others (their own best sets are not used) */
    if (noted(b, dmap_minimax_moves((size_t)b->nmoves, b->opp_count, (size_t)b->nopp, outcome,
                                    &s0, b->worst, NULL, best, &nbest)) != DMAP_OK ||
        noted(b, dmap_minimax_moves((size_t)b->nmoves, b->opp_count, (size_t)b->nopp, outcome,
                                    &s1, scratch, b->avg_me, unused, &nunused)) != DMAP_OK ||
        noted(b, dmap_minimax_moves((size_t)b->nmoves, b->opp_count, (size_t)b->nopp, outcome,
                                    &s2, scratch, b->avg_others, unused, &nunused)) != DMAP_OK) {
        nbest = (size_t)b->nmoves;
        for (int i = 0; i < b->nmoves; i++) best[i] = i, b->avg_me[i] = b->avg_others[i] = 0;
    }
    for (int i = 0; i < b->nmoves; i++) b->avg_me[i] = -b->avg_me[i]; /* mode 1 negated it */
    paths_per_move(b);
    bonus_per_move(b);
    ttl_per_move(b);
    room_per_move(b);

    /* section 6: the minimax result, then the safe ones through the heuristic filters */
    int cands[PM_MAX_MOVES];
    size_t n = nbest;
    for (size_t i = 0; i < n; i++) cands[i] = best[i];
    b->stage = n < (size_t)b->nmoves ? PM_BY_MINIMAX : PM_BY_NONE;
    int safe[PM_MAX_MOVES];
    size_t nsafe = 0;
    for (size_t i = 0; i < n; i++)
        if (f_safe(b, cands[i])) safe[nsafe++] = cands[i];
    int unsafe = nsafe == 0;
    if (!unsafe) {
        if (nsafe < n) b->stage = PM_BY_SAFE;
        dmap_filter heuristics[PM_FILTERS];
        int which[PM_FILTERS];
        size_t nh = heuristic_chain(b, b->opt.order, heuristics, which), removed[PM_FILTERS];
        noted(b, dmap_filter_moves(safe, &nsafe, heuristics, nh, removed));
        for (size_t i = 0; i < nh; i++)
            if (removed[i]) b->stage = PM_BY_FILTER + which[i];
        n = nsafe;
        memcpy(cands, safe, n * sizeof cands[0]);
    } else { /* no safe path at all, fall back on the minimax result */
        dmap_filter fb[PM_FILTERS];
        int which[PM_FILTERS];
        size_t nh = heuristic_chain(b, b->opt.fallback, fb, which), removed[PM_FILTERS];
        noted(b, dmap_filter_moves(cands, &n, fb, nh, removed));
        for (size_t i = 0; i < nh; i++)
            if (removed[i]) b->stage = PM_BY_FILTER + which[i];
    }
    const dmap_filter last[] = {{DMAP_FILTER_KEEP_TRUE, f_not_dead_end, b},
                                {DMAP_FILTER_KEEP_TRUE, f_not_previous, b},
                                {DMAP_FILTER_KEEP_TRUE, f_not_here, b}};
    size_t removed_last[3];
    b->prev_cell = prev;
    noted(b, dmap_filter_moves(cands, &n, last, sizeof last / sizeof last[0], removed_last));
    b->prev_cell = me->cell;
    for (int i = 0; i < 3; i++)
        if (removed_last[i]) b->stage = PM_BY_DEAD_END + i;
    if (n > 1) b->stage = PM_BY_TIE;
    if (unsafe) b->stage += PM_BY_NO_SAFE;

    /* section 7, second place: staying is still an option */
    int stay_ok = 0;
    for (size_t i = 0; i < n; i++) stay_ok |= b->moves[cands[i]] == me->cell;
    if (stay_ok) {
        if (plan_worth_it(b)) return by(b, PM_BY_PLAN, (kt_action){KT_PLAN, 0, 0});
        if (yell_worth_it(b) && (!b->opt.safe_yells || b->timing[me->cell] >= 2))
            return by(b, PM_BY_YELL, (kt_action){KT_YELL, 0, 0});
        if (b->opt.light && light_worth_it(b)) return by(b, PM_BY_LIGHT, (kt_action){KT_LIGHT, 0, 0});
    }
    int pick = cands[n > 1 ? dmap_rng_below(&b->rng, (uint32_t)n) : 0];
    return kb_move_to(w, b->moves[pick]);
}

/* The action, or the error of a map that could not get its memory (the answer is then not the
 * bot's, and the game ends with the error). */
static int decide_pm(void *state, const kt_view *v, kt_action *action) {
    pm_bot *b = (pm_bot *)state;
    *action = choose(b, v);
    const kb_world *w = &b->world;
    for (int c = 0; c < w->n; c++) b->decided[c] = INFINITY;
    b->decided[w->ex[0].cell] = b->stage;
    return b->err;
}

/* The maps of the last decision worth seeing in a replay: the timing map (the earliest time a
 * minion can be on each cell, in turns from now; null where none can come) and the safe walk's
 * arrival times (when I can be on each cell along a safe path; null where none leads). */
static int maps_pm(void *state, kit_map *out, int max) {
    pm_bot *b = (pm_bot *)state;
    int n = 0;
    if (n < max) out[n++] = (kit_map){"timing", b->timing};
    if (n < max) out[n++] = (kit_map){"safe_walk", b->arrival};
    if (n < max) out[n++] = (kit_map){"decided_by", b->decided};
    return n;
}

const kt_bot kt_bot_postmortem = {{"postmortem",
                                   "Legend bot: threat/timing maps, safe walk, minimax, filters"},
                                  init_pm, decide_pm, release_pm, maps_pm};

const kt_bot kt_bot_dmapbot = {{"dmapbot",
                                "postmortem's maps, room to escape, then bonus and the others first"},
                               init_dmapbot, decide_pm, release_pm, maps_pm};
