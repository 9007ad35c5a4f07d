/* tree.c — the search bot's tree mode (tree.h): a depth-limited search on the engine.
 *
 * A path plays my actions for `depth` steps, the first among the caller's candidates, the later
 * ones every action worth a look (stand, a bomb, a move into a cell I may enter); at the first
 * step each enemy of `branch` plays each of its replies (stand, a bomb, a move into a cell it may
 * enter, a kick given whether or not it was seen kicking), every other agent the caller's
 * deterministic policy at every step. A replier marked `deep` replies at the second step as well:
 * under each of my second actions each of its actions is played, and that action is worth the
 * worst plus `mean` times the mean (frankfurt branches an enemy within 3 two steps: a step into
 * my way and a bomb after it, a step to a bomb and its kick, are what the first step's replies
 * alone never search). A node is worth its best child (my choice); a candidate
 * the worst over the replies plus `mean` times their mean (the enemies' choice, frankfurt's
 * weighting); a path ends early where I die or the game ends, scored by the caller's leaf.
 * Iterative deepening: depth 1, 2, ... each searched in full while the engine steps played stay
 * under the cap; a depth cut short is dropped, so the values are those of the deepest complete
 * depth and the same for the same cap. */
#include "tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

typedef struct tree_run {
    const pmt_search *t;
    const pmt_hooks *h;
    pm_state *stack; /* the state after each step of the path: stack[ply] */
    long steps;
    int cut; /* the cap was reached: this depth is dropped */
    int reply[PMT_MAX_BRANCH]; /* the repliers' first actions on the path searched */
} tree_run;

static int enterable(int v) {
    return v == PM_PASSAGE || v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK ||
           (v >= PM_AGENT0 && v < PM_AGENT0 + PM_MAX_AGENTS);
}

/* The actions of agent i worth a look in s: stand, a bomb (with ammo when `any_bomb` is 0; none
 * on its cell), each move into a cell it may enter (an agent's cell may empty), or into a bomb
 * when it may kick (`any_kick`: whether or not it has the kick). A move into a wall or wood is
 * a stand, one into flames a death: neither is looked at. */
static int actions_of(const pm_state *s, int i, int any_bomb, int any_kick, int *out) {
    const pm_agent *a = &s->agents[i];
    int n = s->size, cell = a->r * n + a->c, k = 0;
    out[k++] = PM_STOP;
    if ((a->ammo > 0 || any_bomb) && !pm_bomb_at(s, a->r, a->c)) out[k++] = PM_LAY_BOMB;
    for (int m = PM_UP; m <= PM_RIGHT; m++) {
        int d = pmb_next_cell(n, cell, m);
        if (d < 0) continue;
        if (enterable(s->board[d]) || (s->board[d] == PM_BOMB && (a->kick || any_kick))) out[k++] = m;
    }
    return k;
}

static double node(tree_run *r, int ply, int left);

static int deep_count(const pmt_search *t) {
    int k = 0;
    for (int e = 0; e < t->nbranch; e++) k += t->deep[e] != 0;
    return k;
}

/* A replier's action played: its ammo and kick in the belief are guesses, so a reply searched is
 * one it can make (a bomb with no ammo seen, a move into a bomb without the kick seen). */
static void grant(pm_state *c, int i, int ra) {
    if (ra == PM_LAY_BOMB && c->agents[i].ammo < 1) c->agents[i].ammo = 1;
    if (ra >= PM_UP && ra <= PM_RIGHT) {
        int d = pmb_next_cell(c->size, c->agents[i].r * c->size + c->agents[i].c, ra);
        if (d >= 0 && c->board[d] == PM_BOMB) c->agents[i].kick = 1;
    }
}

/* Joint reply j of the repliers into acts (one digit of j per replier, base nr[e]), granted on c;
 * with deep_only, the repliers that do not reply at this step keep their actions untouched. */
static void play_combo(tree_run *r, pm_state *c, int *acts, int reply[][6], const int *nr, int j,
                       int deep_only) {
    const pmt_search *t = r->t;
    for (int e = 0, q = j; e < t->nbranch; e++) {
        if (deep_only && !t->deep[e]) continue;
        int i = t->branch[e], ra = reply[e][q % nr[e]];
        q /= nr[e];
        acts[i] = r->reply[e] = ra;
        grant(c, i, ra);
    }
}

/* The worth of stack[ply] stepped on by my action `mine` and the repliers' joint reply j
 * (play_combo) into stack[ply + 1], `left` more of my actions to play there. */
static double combo_value(tree_run *r, int ply, int *acts, int mine, int reply[][6], const int *nr,
                          int j, int deep_only, int left) {
    pm_state *c = &r->stack[ply + 1];
    pmb_copy_state(c, &r->stack[ply]);
    acts[r->t->me] = mine;
    play_combo(r, c, acts, reply, nr, j, deep_only);
    pm_step(c, acts);
    r->steps++;
    return node(r, ply + 1, left);
}

/* The second step (stack[1] to stack[2]) when `deep` repliers reply there too: my best action of
 * mine[0..nm-1], each worth the worst over the deep repliers' joint actions plus `mean` times
 * their mean; acts holds the other agents' actions. */
static double second_replies(tree_run *r, int *acts, const int *mine, int nm, int left) {
    const pmt_search *t = r->t;
    const pm_state *s = &r->stack[1];
    int reply[PMT_MAX_BRANCH][6], nr[PMT_MAX_BRANCH], combos = 1;
    for (int e = 0; e < t->nbranch; e++) {
        int i = t->branch[e];
        nr[e] = 1;
        reply[e][0] = acts[i];
        if (t->deep[e] && s->agents[i].alive) nr[e] = actions_of(s, i, 1, 1, reply[e]);
        combos *= nr[e];
    }
    double best = -INFINITY;
    for (int k = 0; k < nm; k++) {
        double worst = INFINITY, sum = 0;
        for (int j = 0; j < combos; j++) {
            if (r->steps >= t->max_steps) {
                r->cut = 1;
                return best > -INFINITY ? best : 0;
            }
            double v = combo_value(r, 1, acts, mine[k], reply, nr, j, 1, left - 1);
            if (v < worst) worst = v;
            sum += v;
        }
        double v = worst + t->mean * sum / combos;
        if (v > best) best = v;
    }
    return best;
}

/* The worth of the state at stack[ply], `left` more of my actions to play. */
static double node(tree_run *r, int ply, int left) {
    const pm_state *s = &r->stack[ply];
    int me = r->t->me;
    if (left == 0 || !s->agents[me].alive || pmb_path_over(s, r->t->play_on))
        return r->h->leaf(r->h->ctx, s);
    int acts[PM_MAX_AGENTS], mine[6];
    r->h->others(r->h->ctx, s, acts);
    for (int e = 0; e < r->t->nbranch && r->t->keep; e++) { /* it goes on the way it went */
        int i = r->t->branch[e];
        if (acts[i] == PM_STOP && r->reply[e] >= PM_UP && r->reply[e] <= PM_RIGHT) acts[i] = r->reply[e];
    }
    int nm = actions_of(s, me, 0, 0, mine);
    if (ply == 1 && deep_count(r->t) > 0) return second_replies(r, acts, mine, nm, left);
    double best = -INFINITY;
    for (int k = 0; k < nm; k++) {
        if (r->steps >= r->t->max_steps) {
            r->cut = 1;
            return best > -INFINITY ? best : 0;
        }
        pm_state *c = &r->stack[ply + 1];
        pmb_copy_state(c, s);
        acts[me] = mine[k];
        pm_step(c, acts);
        r->steps++;
        double v = node(r, ply + 1, left - 1);
        if (v > best) best = v;
    }
    return best;
}

/* The worth of my candidate a at the root (stack[0]): the worst over the repliers' joint replies
 * plus `mean` times their mean. */
static double candidate(tree_run *r, int a, int depth) {
    const pmt_search *t = r->t;
    const pm_state *root = &r->stack[0];
    int acts[PM_MAX_AGENTS], reply[PMT_MAX_BRANCH][6], nr[PMT_MAX_BRANCH], combos = 1;
    r->h->others(r->h->ctx, root, acts);
    for (int e = 0; e < t->nbranch; e++) {
        nr[e] = actions_of(root, t->branch[e], 1, 1, reply[e]);
        combos *= nr[e];
    }
    double worst = INFINITY, sum = 0;
    for (int j = 0; j < combos && !r->cut; j++) {
        double v = combo_value(r, 0, acts, a, reply, nr, j, 0, depth - 1);
        if (v < worst) worst = v;
        sum += v;
    }
    return worst + t->mean * sum / combos;
}

int pmt_values(const pmt_search *t, const pmt_hooks *h, const pm_state *root, const int *cands, int nc,
               double *values, long *steps) {
    int depth = t->depth < 1 ? 1 : t->depth > PMT_MAX_DEPTH ? PMT_MAX_DEPTH : t->depth;
    tree_run r = {t, h, malloc(sizeof(pm_state) * (PMT_MAX_DEPTH + 1)), 0, 0, {PM_STOP, PM_STOP}};
    *steps = 0;
    if (!r.stack) return 0;
    pmb_copy_state(&r.stack[0], root);
    int done = 0;
    double v[6];
    for (int d = 1; d <= depth; d++) {
        r.cut = 0;
        for (int k = 0; k < nc && !r.cut; k++) v[k] = candidate(&r, cands[k], d);
        if (r.cut && d > 1) break; /* depth 1 is kept whatever it cost */
        memcpy(values, v, sizeof(double) * (size_t)nc);
        done = d;
        if (r.cut) break;
    }
    *steps = r.steps;
    free(r.stack);
    return done;
}
