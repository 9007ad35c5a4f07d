/* lookahead.c — the `lookahead` bot: a short exact lookahead of the minions. Every decision
 * rebuilds the game from the view (kt_game_from_view) and plays my actions a few turns ahead
 * with the engine's own step (kt_game_step): the minions move by the referee's rules (chase,
 * slashers' spotting, stalking, rush and stun, LIGHT costs, yells), not by a model of them.
 * The other explorers are modelled: their first move is each one's best turn by the engine,
 * later ones step away from a wanderer within 2 steps or stay; one seen yelling in this game
 * may freeze me when it stands next to me. A line of play is worth my sanity change at every
 * turn (hits, heals, the group's smaller loss), less as it lies further ahead, plus a little
 * for each hit the others take (what my YELL is for), and at its end a guess of what comes
 * next: wanderers next to me, slashers about to strike me, my walking distance to the nearest
 * other explorer, the cells I can still reach before the wanderers. My best line is taken at
 * every turn (I choose my later moves too); PLAN, LIGHT and YELL are first actions like the
 * moves, with a price for the charge they use. With two explorers left the game is a duel: who
 * outlasts whom, so the other's sanity counts against mine, a PLAN charge is spent rather than
 * kept (it is worth as much now as later), and the pull at the line's end goes to the
 * shelters with energy (5 a turn to me alone) instead of to the other. A guide (postmortem,
 * or dmapbot) proposes the action; it is played unless the lookahead finds one better by more
 * than a margin. Built with LOOK_ALONE (the single-file CodinGame build) the bot has no guide. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"
#include "world.h"

#define LOOK_DEAD 1000.0 /* a line on which I leave the game */
#define LOOK_WON 200.0   /* a line on which the last other explorer leaves the game */
#define LOOK_MAX_DEPTH 7
#define LOOK_SLASHERS 8 /* one slasher per explorer and game */

enum {
    P_DEPTH, P_DISCOUNT, P_ADJACENT, P_SLASHER, P_FAR, P_OTHERS, P_PLAN, P_LIGHT, P_ROOM,
    P_ROOM_CAP, P_FLEE, P_GREEDY, P_GUIDE, P_GUIDE_BOT, P_HIT, P_YELLED, P_DUEL, P_DUEL_PLAN,
    P_DUEL_SHELTER, P_YELL_ALL, P_DUEL_DEPTH, P_COUNT
};

static const kit_param look_param[] = {
    {"depth", 4, 1, 5, 1, 1, "turns played ahead with the engine"},
    {"discount", 0.9, 0.5, 1, 0.05, 0, "weight of each further turn"},
    {"adjacent", 10, 0, 40, 2, 0, "at the line's end, per wanderer next to me"},
    {"slasher", 10, 0, 40, 2, 0, "at the line's end, per slasher stalking or rushing me"},
    {"far", 1.5, 0, 5, 0.1, 0, "at the line's end, per step to the nearest other explorer"},
    {"others", 1, 0, 20, 0.5, 0, "per hit another explorer takes"},
    {"plan_cost", 20, 0, 40, 1, 0, "the price of a PLAN charge"},
    {"light_cost", 5, 0, 60, 1, 0, "the price of a LIGHT charge"},
    {"room", 2, 0, 20, 0.5, 0, "at the line's end, per cell I reach before every wanderer"},
    {"room_cap", 8, 1, 40, 1, 1, "cells counted as room at most"},
    {"flee", 2, 0, 4, 1, 1, "the others step away from wanderers this close (0: they stay)"},
    {"greedy", 1, 0, 1, 1, 1, "the others' first move: their best turn by the engine"},
    {"guide", 10, -1, 100, 1, 0, "the guide's action is played unless the lookahead finds "
                                 "one better by more than this (-1: no guide)"},
    {"guide_bot", 1, 0, 1, 1, 1, "the guide: 0 dmapbot, 1 postmortem"},
    {"hit", 0, 0, 100, 5, 0, "per hit I take, on top of the sanity it costs"},
    {"yelled", 0.5, 0, 1, 0.1, 0, "weight of the line where a neighbour seen yelling in this "
                                   "game yells at me (when it is the worse line)"},
    {"duel", 1, 0, 1, 0.1, 0, "with two explorers left, weight of the other's sanity change "
                              "(counted against mine) and of its leaving the game (0: no duel: "
                              "duel_plan, duel_shelter and duel_depth off)"},
    {"duel_plan", 0, -1, 40, 1, 0, "the price of a PLAN charge with two explorers left (-1: "
                                    "plan_cost)"},
    {"duel_shelter", 1.5, 0, 10, 0.5, 0, "with two explorers left, at the line's end, per step to "
                                       "the nearest shelter with energy (instead of `far`)"},
    {"yell_all", 0, 0, 1, 1, 1, "every other explorer may yell, not only those seen yelling"},
    {"duel_depth", 0, 0, LOOK_MAX_DEPTH, 1, 1, "turns played ahead with two explorers left "
                                              "(0: depth)"}};
const kit_params kt_lookahead_params = {look_param, P_COUNT};

typedef struct look_bot {
    double p[P_COUNT];
    int depth;             /* turns played ahead in this decision: depth, or duel_depth */
    kt_map map;
    kt_search *search; /* the scratch of every simulated step */
    kt_game root;
    kt_game node[LOOK_MAX_DEPTH + 1]; /* node[d]: the game after a move with d turns left */
    kb_world world;
    dmap_workspace *ws;
    int far[KT_MAX_CELLS]; /* steps to the nearest other explorer, -1 where none reaches */
    double threat[KT_MAX_CELLS]; /* the turn the first wanderer can reach each cell */
    int sources[2][KT_MAX_MINIONS], depth_map[KT_MAX_CELLS]; /* the threat's searches */
    int seen_at[KT_MAX_CELLS], queue[KT_MAX_CELLS], stamp; /* the room's search */
    unsigned yelled;       /* bit j: I have yelled at explorer j */
    int first[KT_PLAYERS]; /* the others' first moves, -1: by the flee rule */
    int yeller;            /* an explorer who yells in this simulated turn, or -1 */
    unsigned yellers;      /* bit j: explorer j has yelled in this game (seen in the view) */
    int slasher_id[LOOK_SLASHERS], last_seen[LOOK_SLASHERS], nslashers;
    int rival;             /* the other explorer when only two are left (duel on), else -1 */
    int shelter[KT_MAX_CELLS]; /* steps to the nearest shelter with energy, -1 where none */
    int shelters;          /* 1 when `shelter` holds a map */
    const kt_bot *guide_bot; /* dmapbot or postmortem (bots/postmortem.c); NULL alone */
    void *guide;             /* its state: the action it would play */
    int err;
} look_bot;

#ifndef LOOK_ALONE
extern const kt_bot kt_bot_dmapbot, kt_bot_postmortem; /* bots/postmortem.c */
#endif

static void release_look(void *state) {
    look_bot *b = (look_bot *)state;
    if (!b) return;
    dmap_workspace_free(b->ws);
    free(b->search);
    if (b->guide) b->guide_bot->release(b->guide);
    free(b);
}

static int init_look(void **state, const kt_view *v, uint64_t seed) {
    double p[KIT_PARAM_MAX];
    kit_param_read(&kt_lookahead_params, *state, p);
    *state = NULL;
    look_bot *b = (look_bot *)calloc(1, sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    memcpy(b->p, p, sizeof b->p);
    b->search = (kt_search *)malloc(sizeof *b->search);
    dmap_workspace_new(&b->ws);
    if (!b->search || !b->ws) {
        release_look(b);
        return DMAP_ERR_NOMEM;
    }
    kt_search_reset(b->search);
    b->yeller = -1;
#ifndef LOOK_ALONE
    if (b->p[P_GUIDE] >= 0)
        b->guide_bot = b->p[P_GUIDE_BOT] >= 1 ? &kt_bot_postmortem : &kt_bot_dmapbot;
#endif
    if (b->guide_bot) {
        int rc = b->guide_bot->init(&b->guide, v, seed);
        if (rc) {
            b->guide = NULL;
            release_look(b);
            return rc;
        }
    }
    *state = b;
    return 0;
}

/* ---- the game of this turn ----------------------------------------------------------------- */

/* What the view hides and I can remember: whom I yelled at, and where each slasher last saw
 * its target (the cell it rushes to when the target has left its sight). */
static void remember(look_bot *b, kt_game *g, int me) {
    for (int k = 0; k < g->neffects; k++) {
        if (g->effects[k].type != KT_EFFECT_YELL) continue;
        b->yellers |= 1u << g->effects[k].caster;
        if (g->effects[k].caster == me) b->yelled |= 1u << g->effects[k].receiver;
    }
    for (int j = 0; j < KT_PLAYERS; j++)
        if (b->yelled & (1u << j)) g->ex[j].yelled_by |= 1u << me;
    for (int k = 0; k < g->nminions; k++) {
        kt_minion *m = &g->minions[k];
        if (m->type != KT_SLASHER) continue;
        int s = 0;
        while (s < b->nslashers && b->slasher_id[s] != m->id) s++;
        if (s == b->nslashers) {
            if (s == LOOK_SLASHERS) continue;
            b->slasher_id[b->nslashers++] = m->id;
            b->last_seen[s] = m->cell;
        }
        int t = m->target;
        if (t >= 0 && kt_in_sight(g->map, m->cell, g->ex[t].cell))
            b->last_seen[s] = g->ex[t].cell;
        else if (m->state == KT_STALKING || m->state == KT_RUSH)
            m->last_seen = b->last_seen[s];
    }
}

/* Steps to the nearest other explorer from every cell (dmap's breadth-first search). */
static void map_the_others(look_bot *b, const kt_game *g, int me) {
    int src[KT_PLAYERS], n = 0;
    dmap_moves moves = dmap_moves_4();
    for (int j = 0; j < KT_PLAYERS; j++)
        if (j != me && g->ex[j].active) src[n++] = g->ex[j].cell;
    int rc = n ? dmap_bfs(&b->world.grid, &moves, src, (size_t)n, -1, b->far, NULL, b->ws)
               : DMAP_ERR_ARG;
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    if (rc != DMAP_OK)
        for (int c = 0; c < b->world.n; c++) b->far[c] = -1;
}

/* With two explorers left and the duel on: the other one (rival; -1 otherwise), and the steps
 * to the nearest shelter with energy (dmap's breadth-first search). */
static void map_the_duel(look_bot *b, const kt_game *g, int me) {
    b->rival = -1;
    b->shelters = 0;
    int n = 0;
    for (int j = 0; j < KT_PLAYERS; j++)
        if (j != me && g->ex[j].active) {
            b->rival = j;
            n++;
        }
    if (n != 1 || b->p[P_DUEL] <= 0) {
        b->rival = -1;
        return;
    }
    if (b->p[P_DUEL_SHELTER] <= 0) return;
    int src[KT_MAX_EFFECTS], ns = 0;
    for (int k = 0; k < g->neffects && ns < KT_MAX_EFFECTS; k++)
        if (g->effects[k].type == KT_EFFECT_SHELTER && g->effects[k].tick > 0)
            src[ns++] = g->effects[k].cell;
    if (!ns) return;
    dmap_moves moves = dmap_moves_4();
    int rc = dmap_bfs(&b->world.grid, &moves, src, (size_t)ns, -1, b->shelter, NULL, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    b->shelters = rc == DMAP_OK;
}

/* The turn each cell can first be reached by a wanderer of this turn, a spawning one counted
 * from the end of the shortest countdown: two breadth-first searches (dmap_bfs). */
static void map_the_wanderers(look_bot *b, const kt_game *g) {
    int (*cells)[KT_MAX_MINIONS] = b->sources, *depth = b->depth_map;
    int n[2] = {0, 0}, wait = 1 << 20;
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        if (m->type != KT_WANDERER || m->state == KT_RECALLED) continue;
        int spawning = m->state == KT_SPAWNING;
        cells[spawning][n[spawning]++] = m->cell;
        if (spawning && m->spawn_cd < wait) wait = m->spawn_cd;
    }
    dmap_moves moves = dmap_moves_4();
    for (int c = 0; c < b->world.n; c++) b->threat[c] = 1e9;
    for (int s = 0; s < 2; s++) {
        if (!n[s]) continue;
        int rc = dmap_bfs(&b->world.grid, &moves, cells[s], (size_t)n[s], -1, depth, NULL, b->ws);
        if (rc == DMAP_ERR_NOMEM) b->err = rc;
        if (rc != DMAP_OK) continue;
        for (int c = 0; c < b->world.n; c++)
            if (depth[c] >= 0 && depth[c] + (s ? wait : 0) < b->threat[c])
                b->threat[c] = depth[c] + (s ? wait : 0);
    }
}

/* The cells I can walk to from `from`, `elapsed` turns from now, each before any wanderer of
 * this turn can be there (up to room_cap). */
static int room_at(look_bot *b, const kt_map *m, int from, int elapsed) {
    int cap = (int)b->p[P_ROOM_CAP], head = 0, tail = 0, count = 0;
    b->stamp++;
    b->queue[tail++] = from;
    b->seen_at[from] = b->stamp;
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int depth_end = tail, depth = 0;
    while (head < tail && count < cap) {
        if (head == depth_end) {
            depth++;
            depth_end = tail;
        }
        int c = b->queue[head++];
        for (int r = 0; r < 4 && count < cap; r++) {
            int x = c % m->w + dx[r], y = c / m->w + dy[r], d = y * m->w + x;
            if (!kt_walkable(m, x, y) || b->seen_at[d] == b->stamp) continue;
            b->seen_at[d] = b->stamp;
            if (elapsed + depth + 1 >= b->threat[d]) continue;
            count++;
            b->queue[tail++] = d;
        }
    }
    return count;
}

/* ---- one simulated turn -------------------------------------------------------------------- */

static void copy_game(kt_game *dst, const kt_game *src) {
    memcpy(dst, src, offsetof(kt_game, minions));
    memcpy(dst->minions, src->minions, (size_t)src->nminions * sizeof src->minions[0]);
    dst->neffects = src->neffects;
    memcpy(dst->effects, src->effects, (size_t)src->neffects * sizeof src->effects[0]);
    if (src->lit) memcpy(dst->light, src->light, sizeof dst->light);
    else if (dst->lit) memset(dst->light, 0, sizeof dst->light);
    dst->lit = src->lit;
    dst->search = src->search;
}

static const int look_dx[5] = {0, 0, 1, 0, -1}, look_dy[5] = {0, -1, 0, 1, 0};

static int step_cell(const kt_map *m, int cell, int kind) {
    int x = cell % m->w + look_dx[kind], y = cell / m->w + look_dy[kind];
    return kt_walkable(m, x, y) ? y * m->w + x : -1;
}

/* Another explorer's move: away from the wanderers within 2 steps (Manhattan) of it, staying
 * when that is as far; staying when none is that close. */
static kt_action_kind other_move(const look_bot *b, const kt_game *g, int j) {
    const kb_world *w = &b->world;
    int near[KT_MAX_MINIONS], n = 0, from = g->ex[j].cell, flee = (int)b->p[P_FLEE];
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        if (m->type != KT_WANDERER || m->state != KT_WANDERING) continue;
        if (kb_manhattan(w, m->cell, from) <= flee) near[n++] = m->cell;
    }
    if (!n) return KT_WAIT;
    int best = KT_WAIT, best_d = -1;
    for (int kind = KT_WAIT; kind <= KT_LEFT; kind++) {
        int c = step_cell(g->map, from, kind);
        if (c < 0) continue;
        int d = 1 << 20;
        for (int i = 0; i < n; i++) {
            int e = kb_manhattan(w, near[i], c);
            if (e < d) d = e;
        }
        if (d > best_d) {
            best = kind;
            best_d = d;
        }
    }
    return (kt_action_kind)best;
}

/* dst = src after one turn in which I play `mine` and the others their modelled moves. */
static void simulate(const look_bot *b, kt_game *dst, const kt_game *src, int me,
                     kt_action_kind mine) {
    copy_game(dst, src);
    kt_action act[KT_PLAYERS];
    unsigned char ok[KT_PLAYERS] = {1, 1, 1, 1};
    for (int j = 0; j < KT_PLAYERS; j++) {
        act[j] = (kt_action){j == me ? mine : KT_WAIT, 0, 0};
        if (j == me || !src->ex[j].active) continue;
        if (j == b->yeller) {
            act[j].kind = KT_YELL;
            continue;
        }
        act[j].kind = src == &b->root && b->first[j] >= 0 ? (kt_action_kind)b->first[j]
                                                          : other_move(b, src, j);
    }
    kt_game_step(dst, act, ok);
}

/* The others' first moves: each takes the turn best for itself by the engine (least sanity
 * lost, then no wanderer next to it), I and the rest as modelled, ties to the flee rule. */
static void guess_first_moves(look_bot *b, int me) {
    const kt_game *g = &b->root;
    kt_game *next = &b->node[0];
    for (int j = 0; j < KT_PLAYERS; j++) b->first[j] = -1;
    if (b->p[P_GREEDY] < 1) return;
    int chosen[KT_PLAYERS];
    for (int j = 0; j < KT_PLAYERS; j++) chosen[j] = -1;
    for (int j = 0; j < KT_PLAYERS; j++) {
        if (j == me || !g->ex[j].active) continue;
        int rule = other_move(b, g, j);
        double best = -INFINITY;
        for (int t = 0; t <= KT_LEFT + 1; t++) {
            int kind = t == 0 ? rule : t - 1;
            if ((t > 0 && kind == rule) || step_cell(g->map, g->ex[j].cell, kind) < 0) continue;
            b->first[j] = kind;
            simulate(b, next, g, me, KT_WAIT);
            double v = next->ex[j].sanity - g->ex[j].sanity;
            int at = next->ex[j].cell;
            for (int k = 0; k < next->nminions && next->ex[j].active; k++) {
                const kt_minion *m = &next->minions[k];
                if (m->type == KT_WANDERER && m->state == KT_WANDERING &&
                    kb_manhattan(&b->world, m->cell, at) <= 1)
                    v -= KT_SPOOK / 2;
            }
            if (v > best) {
                best = v;
                chosen[j] = kind;
            }
        }
        b->first[j] = -1;
    }
    for (int j = 0; j < KT_PLAYERS; j++) b->first[j] = chosen[j];
}

/* ---- the value of a line ------------------------------------------------------------------- */

/* What one turn gave: my sanity change, and the others' hits (20 each). */
static double turn_value(const look_bot *b, const kt_game *before, const kt_game *after, int me) {
    if (before->ex[me].active && after->ex[me].sanity <= 0) return -LOOK_DEAD;
    double v = after->ex[me].sanity - before->ex[me].sanity;
    if (v <= -KT_SPOOK + 5) v -= b->p[P_HIT] * (int)((-v + KT_SPOOK / 2) / KT_SPOOK);
    for (int j = 0; j < KT_PLAYERS; j++) {
        if (j == me || !before->ex[j].active) continue;
        int lost = before->ex[j].sanity - after->ex[j].sanity;
        if (lost >= KT_SPOOK) v += b->p[P_OTHERS] * (lost + KT_SPOOK / 2) / KT_SPOOK;
    }
    int r = b->rival;
    if (r >= 0 && before->ex[r].active) /* the duel: who outlasts whom */
        v += b->p[P_DUEL] * (after->ex[r].active ? before->ex[r].sanity - after->ex[r].sanity
                                                 : LOOK_WON);
    return v;
}

/* At the end of a line: wanderers next to me, slashers that may strike me, the others'
 * distance. */
static double end_value(look_bot *b, const kt_game *g, int me) {
    if (!g->ex[me].active) return 0;
    int at = g->ex[me].cell;
    double v = 0;
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        int d = kb_manhattan(&b->world, m->cell, at);
        if (m->type == KT_WANDERER) {
            if (m->state == KT_WANDERING && d <= 1) v -= b->p[P_ADJACENT];
        } else if ((m->state == KT_STALKING || m->state == KT_RUSH) && m->target == me) {
            v -= b->p[P_SLASHER];
        } else if (m->state == KT_WANDERING && kt_in_sight(g->map, m->cell, at)) {
            v -= b->p[P_SLASHER] / 2;
        }
    }
    if (b->rival >= 0 && b->shelters) {
        if (b->shelter[at] > 0) v -= b->p[P_DUEL_SHELTER] * b->shelter[at];
    } else if (b->far[at] > 0) {
        v -= b->p[P_FAR] * b->far[at];
    }
    return v + b->p[P_ROOM] * room_at(b, g->map, at, b->depth);
}

/* Another explorer next to me, seen yelling in this game, who has not yelled at me yet (the
 * first), or -1. */
static int may_yell_at(const look_bot *b, const kt_game *g, int me) {
    int a = g->ex[me].cell;
    for (int j = 0; j < KT_PLAYERS; j++) {
        if (j == me || !g->ex[j].active ||
            (!(b->yellers & (1u << j)) && b->p[P_YELL_ALL] < 1) ||
            (g->ex[me].yelled_by & (1u << j)))
            continue;
        int c = g->ex[j].cell;
        if (kb_manhattan(&b->world, a, c) <= KT_YELL_RANGE) return j;
    }
    return -1;
}

/* The best line from g with `left` turns to play. */
static double best_line(look_bot *b, const kt_game *g, int me, int left) {
    if (left == 0 || g->over || !g->ex[me].active) return end_value(b, g, me);
    if (b->rival >= 0 && !g->ex[b->rival].active) return 0; /* won */
    kt_game *next = &b->node[left];
    double best = -INFINITY;
    for (int kind = KT_WAIT; kind <= KT_LEFT; kind++) {
        if (step_cell(g->map, g->ex[me].cell, kind) < 0) continue;
        simulate(b, next, g, me, (kt_action_kind)kind);
        double v = turn_value(b, g, next, me) + b->p[P_DISCOUNT] * best_line(b, next, me, left - 1);
        if (v > best) best = v;
    }
    int j = may_yell_at(b, g, me);
    if (j >= 0 && b->p[P_YELLED] > 0) { /* the line where j freezes me, if it is worse */
        b->yeller = j;
        simulate(b, next, g, me, KT_WAIT);
        b->yeller = -1;
        double v = turn_value(b, g, next, me) + b->p[P_DISCOUNT] * best_line(b, next, me, left - 1);
        if (v < best) best = (1 - b->p[P_YELLED]) * best + b->p[P_YELLED] * v;
    }
    return best;
}

/* ---- the decision -------------------------------------------------------------------------- */

static int has_running_effect(const kt_game *g, int me) {
    for (int k = 0; k < g->neffects; k++)
        if (g->effects[k].caster == me && g->effects[k].type != KT_EFFECT_YELL) return 1;
    return 0;
}

static int can_yell(const look_bot *b, const kt_game *g, int me) {
    for (int j = 0; j < KT_PLAYERS; j++) {
        if (j == me || !g->ex[j].active || (b->yelled & (1u << j))) continue;
        int a = g->ex[me].cell, c = g->ex[j].cell;
        if (kb_manhattan(&b->world, a, c) <= KT_YELL_RANGE) return 1;
    }
    return 0;
}

/* The first actions worth trying and what each costs. */
static int first_actions(const look_bot *b, const kt_game *g, int me, kt_action_kind *kinds,
                         double *cost) {
    int n = 0;
    for (int kind = KT_WAIT; kind <= KT_LEFT; kind++)
        if (step_cell(g->map, g->ex[me].cell, kind) >= 0) {
            cost[n] = 0;
            kinds[n++] = (kt_action_kind)kind;
        }
    int busy = has_running_effect(g, me);
    if (!busy && g->ex[me].plans > 0) {
        int duel = b->rival >= 0 && b->p[P_DUEL_PLAN] >= 0;
        cost[n] = duel ? b->p[P_DUEL_PLAN] : b->p[P_PLAN];
        kinds[n++] = KT_PLAN;
    }
    if (!busy && g->ex[me].lights > 0) {
        cost[n] = b->p[P_LIGHT];
        kinds[n++] = KT_LIGHT;
    }
    if (can_yell(b, g, me)) {
        cost[n] = 0;
        kinds[n++] = KT_YELL;
    }
    return n;
}

/* The kind of an action (a MOVE to a neighbour as its direction; -1 for a MOVE farther). */
static int kind_of(const kt_map *m, int from, const kt_action *a) {
    if (a->kind != KT_MOVE) return a->kind;
    int to = a->y * m->w + a->x;
    for (int kind = KT_WAIT; kind <= KT_LEFT; kind++)
        if (step_cell(m, from, kind) == to) return kind;
    return -1;
}

static int decide_look(void *state, const kt_view *v, kt_action *out) {
    look_bot *b = (look_bot *)state;
    *out = (kt_action){KT_WAIT, 0, 0};
    if (kt_game_from_view(&b->root, &b->map, v, b->search)) return 0;
    kb_world_from_view(&b->world, v);
    int me = v->ent[0].id;
    if (me < 0 || me >= KT_PLAYERS || !b->root.ex[me].active) return 0;
    remember(b, &b->root, me);
    map_the_others(b, &b->root, me);
    map_the_wanderers(b, &b->root);
    map_the_duel(b, &b->root, me);
    b->depth = (int)b->p[P_DEPTH];
    if (b->rival >= 0 && b->p[P_DUEL_DEPTH] > 0)
        b->depth = (int)b->p[P_DUEL_DEPTH];
    guess_first_moves(b, me);
    kt_action_kind kinds[8];
    double cost[8], value[8];
    int n = first_actions(b, &b->root, me, kinds, cost);
    double best = -INFINITY;
    kt_action_kind choice = KT_WAIT;
    kt_game *next = &b->node[b->depth];
    for (int i = 0; i < n; i++) {
        simulate(b, next, &b->root, me, kinds[i]);
        double val = turn_value(b, &b->root, next, me) - cost[i] +
                     b->p[P_DISCOUNT] * best_line(b, next, me, b->depth - 1);
        value[i] = val;
        if (val > best) {
            best = val;
            choice = kinds[i];
        }
    }
    if (b->guide) { /* the guide's action, unless the lookahead finds it clearly worse */
        kt_action a;
        int rc = b->guide_bot->decide(b->guide, v, &a);
        if (rc) return rc;
        int kind = kind_of(&b->map, b->root.ex[me].cell, &a);
        for (int i = 0; i < n; i++)
            if ((int)kinds[i] == kind && value[i] >= best - b->p[P_GUIDE]) choice = kinds[i];
    }
    if (choice >= KT_UP && choice <= KT_LEFT)
        *out = kb_move_to(&b->world, step_cell(&b->map, b->root.ex[me].cell, choice));
    else
        out->kind = choice;
    if (choice == KT_YELL) /* the referee yells at every explorer in range not yelled at */
        for (int j = 0; j < KT_PLAYERS; j++) {
            const kt_game *g = &b->root;
            int a = g->ex[me].cell, c = g->ex[j].cell;
            if (j != me && g->ex[j].active &&
                kb_manhattan(&b->world, a, c) <= KT_YELL_RANGE)
                b->yelled |= 1u << j;
        }
    int rc = b->err;
    b->err = 0;
    return rc;
}

const kt_bot kt_bot_lookahead = {{"lookahead",
                                  "the engine's own minions played a few turns ahead"},
                                 init_look, decide_look, release_look, NULL};
