/* search.c — a search bot on the arena's own engine as its forward model, guided by dmap's maps:
 *   - a belief state (a pm_state) built from the observation and what the bot remembers: in the
 *     fog, the last seen board (rigid walls never change; wood, passages and revealed items as
 *     last seen; a cell never seen takes its mirror's first seen value, boards being symmetric),
 *     the bombs seen (their fuses counted down, their owners from who stood on them when laid);
 *     the other agents' ammo, blast strength and kick from the bombs and power-ups seen taken;
 *   - candidate actions pruned with the safe walk: the timing map (each bomb's fuse, chains
 *     resolved, the candidate bomb added, a rolling bomb burning from any cell of its path) and
 *     dmap_safe_walk must prove an escape to a cell that never burns (a bomb blocks its cell,
 *     the one I leave included); then, worst case over what the enemies may do next step, also
 *     under a bomb that an enemy within `near` steps lays on a cell it reaches (the enemies'
 *     reachable cells), under a kick of a bomb beside an enemy (`kicks`), and with the enemies
 *     within `block` walking into my way (each cell of the escape reached before any of them
 *     can reach it: their BFS distances as the timing; with `mate_block` the teammate too);
 *     the candidates are the actions that pass the most of these filters in that order (a
 *     filter has no opinion when it would leave nothing; when no escape is proven, every legal
 *     action stays a candidate); with `threat_min` (off by default), when no action survives
 *     every bomb of the near enemies, the first of those that survive the most of them passes;
 *   - flat Monte Carlo over the candidates with common random numbers: simulation j of every
 *     candidate plays the same draws; each copies the belief, plays the candidate with the other
 *     agents on a fast rollout policy, then `depth` steps of that policy for everyone (escape
 *     along a BFS that enters a cell only before or after its flames, bomb enemies in line and
 *     wood when an escape exists, wander among cells no bomb reaches); for the first `model`
 *     steps the enemies within `model_near` of me play the environment's SimpleAgent instead
 *     (bots/simple.c, fresh each simulation, on a stream drawn for the round), which chases,
 *     bombs when beside an enemy and steps into the cell I aim at as the real one does;
 *   - the enemies' kicks in the rollouts (`sim_kick`, off by default): an enemy that may kick
 *     (`sim_kickers`: 2, every enemy; 1, those seen taking a kick or kicking), beside a bomb whose
 *     roll passes or stops beside me or my teammate, kicks it with that chance each step (or steps
 *     onto the cell behind such a bomb), whatever its policy or SimpleAgent chose;
 *   - my side's kicks in the rollouts (`attack_kick`, off by default): an agent of my side with the
 *     kick (me from the second step on, the teammate), beside a bomb whose roll passes or stops
 *     beside an enemy, kicks it with that chance each step (or steps onto the cell behind such a
 *     bomb), whatever its policy chose: the rollouts' policies never kick, frankfurt kicks at us;
 *   - enemies in dead ends (`trap`, off by default): the leaf gains `trap` for each enemy that
 *     stood, at any step of the simulation, on a cell of the dead-end map (below) whose way out to
 *     the loop a bomb of my side closes (on a cell of the way, or its blast over one): counted at
 *     the leaf alone, a bomb laid now (gone before the leaf) would pay less than one laid later;
 *   - the enemy's replies (`reply`): the nearest enemy within `reply` steps of me (Manhattan)
 *     plays each of its first actions worth a look (stand, bomb, each move into a cell it may
 *     enter) under each of my candidates, and, with `reply_model`, once more whatever its model
 *     chooses; the simulations spread over the pairs with the same draws; a candidate is worth
 *     (1 - reply_model) times its worst reply plus a tenth of the replies' mean (a min node over
 *     the enemy's reply, the rollouts below it), so a kick, a step into my way or a bomb beside
 *     mine that the rollouts' policies seldom play counts, plus reply_model times its worth when
 *     the enemy plays its model, so the reply the model expects (a step into the cell I aim at,
 *     a bounce) is not outweighed by a worse one it does not expect; with `reply_kick` (off by
 *     default) a reply that moves the replier into a bomb is played with the kick whether or not
 *     it was seen kicking (without it, in the simulation's copy such a move is a stop for them);
 *   - the leaf: deaths (mine, the teammate's, the enemies'), agents alive but without escape at
 *     the leaf counted as nearly dead, power-ups taken, wood burnt, and the desire map (a
 *     dmap_field over power-ups, bomb spots and cells beside enemies) at my leaf cell;
 *   - offense: a candidate after which an enemy has no way out is worth `kill` per enemy, one
 *     whose move and a bomb on its cell next step leave an enemy none `kill2`: no_way_out follows
 *     the cells the enemy may stand on, step by step, in its best case (it may wait, pass other
 *     agents, kick a bomb that can roll on), under the bombs of the belief (chains resolved, the
 *     teammate's included) and mine (laid, or kicked to where it stops); the desire map also
 *     seeks the cells from which my bomb leaves an enemy where it stands no way out (`pocket`),
 *     and from step `late` on the cells beside enemies five times as much;
 *   - dead ends (`dead_end`): the open board peeled of its leaves until none is left marks the
 *     cells one bomb may shut in (corridors that end in a wall, pockets), each with its steps to
 *     the nearest cell of a loop; an action that leaves me on such a cell with an enemy within
 *     `dead_near` costs `dead_end` per step of that depth;
 *   - the tree mode (`tree`, off by default; bots/tree.c): instead of the rollouts, a depth-limited
 *     search of my actions on the engine, the nearest enemies' first replies as a min node (those
 *     within `tree_deep` their second replies too), the others escaping or standing, the leaves
 *     scored by the rollouts' leaf (the standing bombs' wood counted; with `tree_threat`, a leaf
 *     an enemy's next bomb may shut me in costs), under a cap of engine steps (`tree_steps`,
 *     iterative deepening);
 *   - the `dmap` bot's choice, asked each step on the same view, is the prior: a small bonus
 *     that decides when the simulations see no difference; a move that bounced last step (it
 *     left me in place though its cell was free: another agent aimed at it) pays `rebounce`, so
 *     two agents that see no difference do not bounce against each other for the rest of the
 *     game.
 * The budget is `sims` simulations per decision (deterministic for a seed) and, when `ms` is
 * above 0, also that many milliseconds of thread CPU time (whichever ends first). Team games:
 * the teammate is never an enemy of the rollout policy and its death costs. Radio games (with
 * `radio`): each pair of steps I send one report (bots/radio.c) of what I see nearest to the
 * teammate outside its view, an enemy or a bomb, and its reports go into my belief: a bomb in
 * my fog that I do not know, and an enemy I do not see on the reported cell while the report is
 * at most `radio_age` steps old. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "kit/cputime.h"
#include "tree.h"

#define NACT 6
#define NEVER 255
#define CEILING 1000.0

enum {
    P_SIMS, P_MS, P_DEPTH, P_PRIOR, P_ME_DEAD, P_ENEMY_DEAD, P_MATE_DEAD, P_TRAPPED, P_ITEM, P_WOOD,
    P_DESIRE, P_BOMB_ENEMY, P_BOMB_WOOD, P_STOP, P_NEAR, P_CHASE, P_BOUNCE, P_SPACE, P_BACK, P_MODEL, P_MODEL_NEAR, P_REBOUNCE,
    P_KICKS, P_BLOCK, P_KILL, P_POCKET, P_MATE_BLOCK, P_KILL2, P_LATE, P_RADIO, P_RADIO_AGE,
    P_REPLY, P_REPLY_MODEL, P_ROLL_FLAMES, P_DEAD_NEAR, P_DEAD_END, P_KICK_REACH, P_KICK_RISK, P_SIM_KICKERS,
    P_SIM_KICK, P_TRAP, P_REPLY_KICK, P_ATTACK_KICK, P_OUTNUMBERED, P_OUT_NEAR, P_KICK_WALK,
    P_TREE, P_TREE_STEPS, P_TREE_NEAR, P_TREE_BRANCH, P_TREE_MEAN, P_TREE_KEEP, P_TREE_THREAT, P_HUNT, P_HUNT_WOOD,
    P_SQUEEZE, P_PLAY_ON, P_THREAT_MIN, P_TREE_KICK, P_TREE_DEEP, NPARAMS
};
static const kit_param search_param[NPARAMS] = {
    {"sims", 600, 6, 100000, 60, 1, "simulations per decision (the deterministic budget)"},
    {"ms", 0, 0, 1000, 5, 0, "also stop after this many ms of thread CPU time (0: no clock)"},
    {"depth", 12, 1, 40, 1, 1, "steps of rollout after the candidate action"},
    {"prior", 0.03, 0, 1, 0.01, 0, "bonus of the dmap bot's choice"},
    {"me_dead", 1, 0, 10, 0.1, 0, "cost of my death in a simulation"},
    {"enemy_dead", 0.5, 0, 10, 0.1, 0, "worth of an enemy's death"},
    {"mate_dead", 0.6, 0, 10, 0.1, 0, "cost of the teammate's death"},
    {"trapped", 0.7, 0, 1, 0.05, 0, "share of a death counted for an agent without escape at the "
                                    "leaf"},
    {"item", 0.06, 0, 1, 0.01, 0, "worth of each power-up I take"},
    {"wood", 0.015, 0, 1, 0.005, 0, "worth of each wood block burnt"},
    {"desire", 0.004, 0, 0.1, 0.001, 0, "weight of the desire map at my leaf cell"},
    {"bomb_enemy", 0.4, 0, 1, 0.05, 0, "rollout policy: chance to bomb an enemy in line"},
    {"bomb_wood", 0.12, 0, 1, 0.02, 0, "rollout policy: chance to bomb beside wood"},
    {"stop", 0.2, 0, 1, 0.05, 0, "rollout policy: chance to stand still when safe"},
    {"near", 3, 0, 20, 1, 1, "pruning: enemies this close (Manhattan) may bomb next step"},
    {"chase", 0, 0, 1, 0.05, 0, "rollout policy: chance to step toward an enemy within 4"},
    {"bounce", 0, 0, 1, 1, 1, "1: a move that bounced last step is played as a stop, and one that "
                              "may leave me in place (it bounced, it kicks) must be safe if I stay"},
    {"space", 0, 0, 1, 0.005, 0, "worth of each open cell within 3 steps of my leaf cell"},
    {"back", 1, 0, 1, 1, 1, "pruning: 1: a bomb on the cell I leave blocks my way back"},
    {"model", 6, 0, 40, 1, 1, "rollout steps in which enemies near me play SimpleAgent (0: the fast "
                              "policy throughout)"},
    {"model_near", 6, 0, 20, 1, 1, "enemies this close (Manhattan) to me play SimpleAgent in the "
                                   "rollouts"},
    {"rebounce", 0.05, 0, 1, 0.01, 0, "cost of repeating a move that bounced last step (two agents "
                                   "aiming at one cell)"},
    {"kicks", 2, 0, 2, 1, 1, "pruning: a rolling bomb burns from any cell of its path, and an enemy "
                             "beside a bomb may kick it (1: the enemies seen taking a kick or kicking; "
                             "2: any enemy; 0: neither, a rolling bomb burns where it is)"},
    {"block", 4, 0, 20, 1, 1, "pruning: enemies this close (Manhattan) may walk into my escape (I must "
                              "reach each cell of it first); 0: off"},
    {"kill", 0.5, 0, 10, 0.1, 0, "worth of each enemy left with no way out by my action (its best "
                                 "case: it may wait, pass agents, kick when it can); 0: off"},
    {"pocket", 16, 0, 100, 2, 0, "desire of a cell from which my bomb leaves an enemy where it stands "
                                 "no way out (0: off)"},
    {"mate_block", 0, 0, 1, 1, 1, "pruning: 1: the teammate, too, may walk into my escape (team "
                                  "games; with `block`)"},
    {"kill2", 0.25, 0, 10, 0.05, 0, "worth of each enemy left with no way out by my move and a bomb "
                                    "of mine on its cell next step (0: off)"},
    {"late", 650, 0, 800, 25, 1, "from this step on, cells beside enemies are desired 5 times more "
                                 "(pressing the attack before a tie at step 800; 0: off)"},
    {"radio", 1, 0, 1, 1, 1, "radio games: 1: say what I see that the teammate may not (an enemy, a "
                             "bomb: a report in two steps, bots/radio.c) and believe its reports"},
    {"radio_age", 4, 0, 20, 1, 1, "an enemy the teammate reported stays in the belief until its report "
                                  "is this many steps old (it arrives 2 steps old)"},
    {"reply", 0, 0, 20, 1, 1, "the nearest enemy this close (Manhattan) to me replies: each of its "
                              "first actions is simulated under each of mine, a candidate worth its "
                              "worst reply plus a tenth of their mean, blended by `reply_model` (0: off)"},
    {"reply_model", 0.5, 0, 1, 0.1, 0, "with `reply`: the share of a candidate's worth taken from its "
                                       "simulations where the replier plays its model (the rest from the "
                                       "replies'; 0: the replies' alone)"},
    {"roll_flames", 0, 0, 1, 1, 1, "with `kicks`: 1: a bomb rolling into a flame that still stands "
                                   "when it gets there explodes there (its path ends there)"},
    {"dead_near", 4, 0, 20, 1, 1, "with `dead_end`: an enemy this close (Manhattan) to the cell "
                                  "makes a dead end cost"},
    {"dead_end", 0.1, 0, 1, 0.01, 0, "cost per step of depth of an action that leaves me in a dead end "
                                   "(a cell of the open board's tree-like branches: one bomb shuts its "
                                   "way out; the depth: its steps to a loop's cell, at most 5) with an "
                                   "enemy within `dead_near` (0: off)"},
    {"kick_reach", 1, 0, 4, 1, 1, "with `kick_risk`: the steps an enemy may walk to the cell it kicks "
                                  "from (0: only a bomb beside it now)"},
    {"kick_risk", 0, 0, 1, 0.05, 0, "cost of each kick an enemy may make (a bomb beside it, or beside a "
                                   "cell it reaches within `kick_reach` steps, rolling away from it) "
                                   "after which my action leaves me no escape (0: off)"},
    {"sim_kickers", 2, 1, 2, 1, 1, "with `sim_kick`: the enemies that kick in the rollouts (2: every "
                                   "enemy; 1: those seen taking a kick or kicking)"},
    {"sim_kick", 0, 0, 1, 0.05, 0, "rollouts: chance that an enemy that may kick kicks a bomb beside it "
                                   "(or steps behind one) whose roll passes or stops beside me or my "
                                   "teammate (0: off)"},
    {"trap", 0, 0, 1, 0.05, 0, "leaf: worth of each enemy that stood, at any step of the simulation, in "
                               "a dead end whose way out a bomb of my side closes (on it or in its "
                               "blast; 0: off)"},
    {"reply_kick", 0, 0, 1, 1, 1, "with `reply`: 1: a reply that moves the replier into a bomb (it may "
                                  "kick, `kicks`) is played with the kick, whether or not it was seen "
                                  "kicking (0: only those seen kicking kick, the others stand)"},
    {"attack_kick", 0, 0, 1, 0.05, 0, "rollouts: chance that an agent of my side with the kick (me after "
                                      "the first step, the teammate) kicks a bomb beside it (or steps "
                                      "behind one) whose roll passes or stops beside an enemy (0: off)"},
    {"outnumbered", 0, 0, 1, 0.05, 0, "rollouts: cost, W / (depth + 1) after each step I live, of each enemy "
                                      "beyond one within `out_near` (Manhattan) of me, less one for my "
                                      "teammate there (two enemies on me alone; 0: off)"},
    {"out_near", 5, 1, 20, 1, 1, "with `outnumbered`: the distance (Manhattan) within which agents count"},
    {"kick_walk", 0, 0, 4, 1, 1, "pruning: the kicks filter also weighs the kicks an enemy makes after walking "
                                 "this many steps to the cell behind a bomb, and it filters even when the "
                                 "enemies' bombs left no action (0: off, only a bomb beside an enemy near me)"},
    {"tree", 0, 0, PMT_MAX_DEPTH, 1, 1, "a tree search instead of the rollouts (bots/tree.c): my actions to this "
                                        "depth, the near enemies' replies at the first step (0: off)"},
    {"tree_steps", 60000, 100, 10000000, 10000, 1, "with `tree`: the engine steps a decision may play "
                                                   "(iterative deepening: the deepest complete depth)"},
    {"tree_near", 4, 0, 20, 1, 1, "with `tree`: enemies this close (Manhattan) to me reply at the first step"},
    {"tree_branch", 1, 0, PMT_MAX_BRANCH, 1, 1, "with `tree`: the most enemies that reply (the nearest)"},
    {"tree_mean", 0.1, 0, 1, 0.05, 0, "with `tree`: the weight of the replies' mean beside their worst"},
    {"tree_keep", 1, 0, 1, 1, 1, "with `tree`: 1: a replier that moved at the first step moves the same way "
                                 "after it, unless in danger (it keeps stepping into the cell I aim at)"},
    {"tree_threat", 0, 0, 1, 0.05, 0, "with `tree`: cost of a leaf where a bomb an enemy within `near` lays "
                                      "on its cell or a cell beside it leaves me no escape (0: off)"},
    {"hunt", 0, 0, 40, 2, 0, "desire (steps of the desire map) of an enemy's last known cell and of the cells "
                             "beside an enemy seen, once the wood is (nearly) gone (0: off)"},
    {"hunt_wood", 3, 0, 121, 1, 1, "with `hunt`: the hunt is on while at most this much wood may be left "
                                   "(cells as last seen, never seen as their mirror, else wood)"},
    {"squeeze", 0, 0, 1, 0.05, 0, "with `tree`: a leaf's worth for each near enemy with few safe cells left "
                                  "to reach before the bombs go off (the share of 6 it lacks; 0: off)"},
    {"play_on", 0, 0, 1, 1, 1, "1: with no enemy in the belief (none in view) the simulations and the tree "
                               "still play their steps (the game looks decided to the engine; 0: they end at once "
                               "and the prior alone decides)"},
    {"threat_min", 0, 0, 1, 1, 1, "pruning: 1: when no action survives every bomb the near enemies may lay next "
                                  "step, the first action (in action order) of those that survive the most of them passes "
                                  "that filter, the later filters applied to it (0: the filter has no opinion)"},
    {"tree_kick", 0, 0, 1, 1, 1, "with `tree`: 1: in the tree every enemy that may kick (`kicks`), out of danger, "
                                 "kicks a standing bomb beside it whose roll passes or stops beside my side, or "
                                 "steps behind one, at every step (0: the enemies that do not reply stand)"},
    {"tree_deep", 0, 0, 20, 1, 1, "with `tree`: a replier this close (Manhattan) to me replies at the second "
                                  "step as well, a min node over its actions under each of mine (0: off)"},
};
const kit_params pm_search_params = {search_param, NPARAMS};

/* A bomb remembered: where, its strength, its life when last seen and when, who laid it. */
typedef struct seen_bomb {
    int cell, blast, life, step, owner, dir;
} seen_bomb;

typedef struct search_bot {
    double p[KIT_PARAM_MAX];
    const pm_config *cfg;
    int n, me, team; /* board size, my id, whether teams play */
    unsigned char mem[PM_MAX_CELLS];   /* last seen static value (255 never seen) */
    unsigned char first[PM_MAX_CELLS]; /* first seen static value (255 never seen) */
    seen_bomb bombs[PM_MAX_BOMBS];
    int nbombs;
    int ammo_total[PM_MAX_AGENTS], blast[PM_MAX_AGENTS], kick[PM_MAX_AGENTS];
    void *dmap_state; /* the prior's bot */
    dmap_rng rng;
    uint64_t seed;
    long decisions;
    int last_cell, last_action; /* where I was and what I did at the last decision */
    int bounced;                /* this decision: the move that bounced last step, or -1 */
    int rebounce;               /* the same, whatever `bounce` says (for its cost `rebounce`) */
    /* scratch of a decision */
    pm_state root;
    pm_state troot; /* `tree_kick`: the tree's root, the enemies that may kick given the kick */
    pm_state sim;
    dmap_grid grid;
    dmap_workspace *ws;
    double timing[PM_MAX_CELLS], arrival[PM_MAX_CELLS], desire[PM_MAX_CELLS];
    double etime[PM_MAX_CELLS]; /* the earliest step a near enemy may stand on each cell */
    unsigned char dead[PM_MAX_CELLS]; /* the dead-end map of the belief (with `dead_end`) */
    int ebfs[PM_MAX_CELLS]; /* scratch: the depths of a BFS (enemy_times, dead ends, kicks) */
    double value[NACT];
    double rvalue[NACT][NACT + 1]; /* with `reply`: the sum over simulations of each candidate and reply (the last column: the model's reply) */
    long sims_done;  /* simulations of the last decision */
    int err;
    /* the SimpleAgent model of the rollouts: which enemies play it this decision, the stream
     * of a round of simulations and of one simulation, a simulation's agents and their view */
    int modeled[PM_MAX_AGENTS];
    kit_pyrandom round_draws, sim_draws;
    void *simple[PM_MAX_AGENTS];
    pm_view sview;
    /* the radio (radio games with `radio`): the report I am sending, what I heard */
    int radio;
    pmb_report telling;
    pmb_radio_ear ear;
    int heard_cell[PM_MAX_AGENTS], heard_step[PM_MAX_AGENTS]; /* an enemy's reported cell, its step */
    int mate_cell;                                            /* the teammate's cell last seen */
    long heard;                                               /* reports heard in this game */
    /* the hunt (`hunt`): each agent's last known cell (-1: none) and the step it was known,
     * and the step each cell was last in view (-1: never) */
    int known_cell[PM_MAX_AGENTS], known_step[PM_MAX_AGENTS];
    int viewed[PM_MAX_CELLS];
    int blind;   /* this decision: `play_on` and no enemy in the belief */
    int hunting; /* this decision: the hunt is on (`hunt`, the wood gone) */
} search_bot;

/* ---- cells of the engine state: what may enter them ----------------------------------------- */

static int walkable(int v) {
    return v == PM_PASSAGE || v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK;
}
static int is_item(int v) { return v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK; }
static int is_agent(int v) { return v >= PM_AGENT0 && v < PM_AGENT0 + PM_MAX_AGENTS; }
/* Whether a rolling bomb moves into a cell holding v: a passage, a flame, an agent (it may step
 * aside); a wall, wood, a power-up or another bomb stops it. */
static int rolls_into(int v) { return v == PM_PASSAGE || v == PM_FLAMES || is_agent(v); }
/* Whether a cell holding v is open: no wall, wood or bomb (a flame passes, an agent may step aside). */
static int is_open(int v) { return walkable(v) || v == PM_FLAMES || is_agent(v); }

/* burn_map's `roll` for this bot: 0 without `kicks`, else 1, or 2 with `roll_flames`. */
static int roll_mode(const search_bot *b) {
    return b->p[P_KICKS] > 0 ? 1 + (b->p[P_ROLL_FLAMES] > 0) : 0;
}

/* The cells a bomb rolling in direction dir from `cell` may stop on before it explodes (life
 * steps): the cells ahead while they are open (passages, flames, agents: an agent may step
 * aside); a wall, wood, a power-up or another bomb stops it. Returns the count (its own cell
 * not counted). */
static int rolling_path(const pm_state *s, int cell, int dir, int life, short *out) {
    int k = 0, n = s->size;
    for (int c = cell; k < life && k < PM_MAX_SIZE;) {
        int d = pmb_next_cell(n, c, dir);
        if (d < 0 || !rolls_into(s->board[d])) break;
        out[k++] = (short)d;
        c = d;
    }
    return k;
}

#define ROLLING_MAX 48 /* cells of rolling bombs' paths counted as bombs of their own */

/* burn[c]: in how many steps cell c is in new flames (chains resolved), NEVER when no bomb
 * reaches it; flame[c]: steps the flame now on c still stands (0 none). An extra bomb (cell
 * >= 0) may be imagined. With `roll`, a rolling bomb burns as if it exploded on any cell of
 * its path: each cell ahead is a bomb of its own with the same fuse (the worst case: where it
 * stops depends on agents that may step aside or in); with `roll` 2, a bomb that rolls into a
 * flame still standing when it gets there explodes there and then (the engine sets off a bomb
 * on a burning cell), and its path ends there. */
static void burn_map(int roll, const pm_state *s, int extra_cell, int extra_blast, unsigned char *burn,
                     unsigned char *flame) {
    int ncells = s->size * s->size, nreal = s->nbombs + (extra_cell >= 0), nb = nreal;
    short cells[PM_MAX_BOMBS + 1 + ROLLING_MAX][PMB_RAY];
    int count[PM_MAX_BOMBS + 1 + ROLLING_MAX] = {0}, life[PM_MAX_BOMBS + 1 + ROLLING_MAX] = {0};
    int where[ROLLING_MAX];
    short on[PM_MAX_CELLS];
    memset(on, 0, sizeof(short) * (size_t)ncells);
    for (int i = 0; i < nreal; i++) {
        int cell = i < s->nbombs ? s->bombs[i].r * s->size + s->bombs[i].c : extra_cell;
        int strength = i < s->nbombs ? s->bombs[i].blast : extra_blast;
        life[i] = i < s->nbombs ? s->bombs[i].life : PM_DEFAULT_BOMB_LIFE + 1;
        count[i] = pmb_blast_cells(s->board, s->size, cell, strength, cells[i]);
        on[cell] = (short)(i + 1);
    }
    for (int i = 0; i < s->nbombs && roll; i++) { /* the rolling bombs' paths */
        if (!s->bombs[i].dir) continue;
        short path[PM_MAX_SIZE];
        int k = rolling_path(s, s->bombs[i].r * s->size + s->bombs[i].c, s->bombs[i].dir, s->bombs[i].life, path);
        for (int m = 0; m < k && nb - nreal < ROLLING_MAX; m++) {
            where[nb - nreal] = path[m];
            life[nb] = s->bombs[i].life;
            count[nb] = pmb_blast_cells(s->board, s->size, path[m], s->bombs[i].blast, cells[nb]);
            int burning = 0; /* a flame on the cell when the bomb gets there, m + 1 steps from now */
            for (int f = 0; roll > 1 && f < s->nflames; f++)
                burning |= s->flames[f].r * s->size + s->flames[f].c == path[m] && s->flames[f].life + 1 > m + 1;
            if (burning && m + 1 < life[nb]) life[nb] = m + 1;
            nb++;
            if (burning) break;
        }
    }
    for (int i = nreal; i < nb; i++)
        if (!on[where[i - nreal]]) on[where[i - nreal]] = (short)(i + 1);
    pmb_chain_lives(nb, (const short (*)[PMB_RAY])cells, count, on, life);
    memset(burn, NEVER, (size_t)ncells);
    for (int i = 0; i < nb; i++)
        for (int k = 0; k < count[i]; k++)
            if (life[i] < burn[cells[i][k]]) burn[cells[i][k]] = (unsigned char)life[i];
    if (flame) {
        memset(flame, 0, (size_t)ncells);
        for (int i = 0; i < s->nflames; i++) {
            int c = s->flames[i].r * s->size + s->flames[i].c;
            if (s->flames[i].life + 1 > flame[c]) flame[c] = (unsigned char)(s->flames[i].life + 1);
        }
    }
}

/* Whether standing on cell at time t (steps from now) is deadly: a flame still there, or a
 * blast's flames (they stand three states from the explosion). */
static int deadly(const unsigned char *burn, const unsigned char *flame, int cell, int t) {
    if (flame[cell] > t) return 1;
    return burn[cell] != NEVER && t >= burn[cell] && t <= burn[cell] + PM_FLAME_LIFE;
}

/* BFS from `from` through walkable cells (and dying flames), entering a cell at time t only when
 * it is not deadly then, to a cell no bomb reaches, within `horizon` steps. Returns the first
 * move of a shortest escape (PM_STOP when already there), or -1 when there is none; rng (may
 * be NULL) rotates the order in which the first moves are tried. */
static int escape_move(const pm_state *s, const unsigned char *burn, const unsigned char *flame,
                       int from, int horizon, dmap_rng *rng) {
    int n = s->size;
    if (burn[from] == NEVER && !flame[from]) return PM_STOP;
    short queue[PM_MAX_CELLS];
    unsigned char first[PM_MAX_CELLS], seen[PM_MAX_CELLS], depth[PM_MAX_CELLS];
    memset(seen, 0, (size_t)(n * n));
    int head = 0, tail = 0;
    seen[from] = 1;
    int off = rng ? (int)dmap_rng_below(rng, 4) : 0;
    /* the first ring: moves from `from` */
    for (int k = 0; k < 4; k++) {
        int a = PM_UP + (k + off) % 4, c = pmb_next_cell(n, from, a);
        if (c < 0 || seen[c]) continue;
        int v = s->board[c];
        if (!(walkable(v) || (v == PM_FLAMES && flame[c] <= 1)) || deadly(burn, flame, c, 1)) continue;
        seen[c] = 1;
        first[c] = (unsigned char)a;
        depth[c] = 1;
        queue[tail++] = (short)c;
    }
    while (head < tail) {
        int c = queue[head++];
        if (burn[c] == NEVER && flame[c] <= depth[c]) return first[c];
        if (depth[c] >= horizon) continue;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int d = pmb_next_cell(n, c, a);
            if (d < 0 || seen[d]) continue;
            int v = s->board[d], t = depth[c] + 1;
            if (!(walkable(v) || v == PM_FLAMES) || deadly(burn, flame, d, t)) continue;
            seen[d] = 1;
            first[d] = first[c];
            depth[d] = (unsigned char)t;
            queue[tail++] = (short)d;
        }
    }
    return -1;
}

static int is_enemy(const search_bot *b, int i, int j) {
    if (i == j) return 0;
    if (b->team) return (i & 1) != (j & 1);
    return 1;
}

/* Whether an enemy of agent i stands in the line of a bomb on cell (within strength, no wall
 * between), and how much wood that bomb would burn. */
static void bomb_targets(const search_bot *b, const pm_state *s, int i, int cell, int strength,
                         int *enemies, int *wood) {
    short cells[PMB_RAY];
    int k = pmb_blast_cells(s->board, s->size, cell, strength, cells);
    *enemies = *wood = 0;
    for (int m = 1; m < k; m++) {
        int v = s->board[cells[m]];
        if (v == PM_WOOD) (*wood)++;
        else if (v >= PM_AGENT0 && is_enemy(b, i, v - PM_AGENT0)) (*enemies)++;
    }
}

/* The fast rollout policy for agent i. */
static int rollout_policy(const search_bot *b, const pm_state *s, int i, const unsigned char *burn,
                          const unsigned char *flame, dmap_rng *rng) {
    const pm_agent *ag = &s->agents[i];
    int n = s->size, cell = ag->r * n + ag->c;
    if (burn[cell] != NEVER || flame[cell]) {
        int a = escape_move(s, burn, flame, cell, 10, rng);
        if (a >= 0) return a;
    }
    if (ag->ammo > 0 && !pm_bomb_at(s, ag->r, ag->c)) {
        int en, wood;
        bomb_targets(b, s, i, cell, ag->blast, &en, &wood);
        double pr = en ? b->p[P_BOMB_ENEMY] : wood ? b->p[P_BOMB_WOOD] : 0;
        if (pr > 0 && dmap_rng_unit(rng) < pr) {
            unsigned char burn2[PM_MAX_CELLS];
            burn_map(roll_mode(b), s, cell, ag->blast, burn2, NULL);
            if (escape_move(s, burn2, flame, cell, 9, NULL) >= 0) return PM_LAY_BOMB;
        }
    }
    if (dmap_rng_unit(rng) < b->p[P_STOP] && burn[cell] == NEVER) return PM_STOP;
    int opts[4], no = 0;
    for (int a = PM_UP; a <= PM_RIGHT; a++) {
        int c = pmb_next_cell(n, cell, a);
        if (c < 0) continue;
        int v = s->board[c];
        if (is_item(v)) return a; /* a power-up beside: take it */
        if ((walkable(v) || (v == PM_FLAMES && flame[c] <= 1)) && burn[c] == NEVER) opts[no++] = a;
    }
    if (!no) return PM_STOP;
    if (dmap_rng_unit(rng) < b->p[P_CHASE]) { /* toward the nearest enemy within 4 */
        int best = -1, bd = 5;
        for (int j = 0; j < s->nagents; j++) {
            if (!s->agents[j].alive || !is_enemy(b, i, j)) continue;
            int d = abs(s->agents[j].r - ag->r) + abs(s->agents[j].c - ag->c);
            if (d < bd) {
                bd = d;
                best = j;
            }
        }
        for (int k = 0; best >= 0 && k < no; k++) {
            int c = pmb_next_cell(n, cell, opts[k]);
            if (abs(s->agents[best].r - c / n) + abs(s->agents[best].c - c % n) < bd) return opts[k];
        }
    }
    return opts[dmap_rng_below(rng, (uint32_t)no)];
}

/* ---- the enemies' kicks in the rollouts (`sim_kick`) ------------------------------------------- */

/* Whether a bomb standing on `cell`, kicked in direction dir, rolls past or stops beside one of
 * the targets (at_enemy 0: my side's agents, me and the teammate, for `sim_kick`; 1: my enemies,
 * for `attack_kick`) before its fuse (`life` steps) ends, as the engine rolls it: a cell a step,
 * into passages and flames (where it goes off), stopped before an agent, a wall, wood, a power-up
 * or another bomb. A kick into a cell it cannot enter moves nothing. */
static int kick_hits(const search_bot *b, const pm_state *s, int cell, int dir, int life, int at_enemy) {
    int n = s->size;
    for (int c = cell, k = 0; k < life; k++) {
        int d = pmb_next_cell(n, c, dir);
        if (d < 0 || pm_bomb_at(s, d / n, d % n) || !(s->board[d] == PM_PASSAGE || s->board[d] == PM_FLAMES)) return 0;
        for (int j = 0; j < s->nagents; j++) {
            const pm_agent *a = &s->agents[j];
            if (a->alive && is_enemy(b, b->me, j) == at_enemy && abs(a->r - d / n) + abs(a->c - d % n) <= 1)
                return 1;
        }
        if (s->board[d] == PM_FLAMES) return 0; /* it goes off there */
        c = d;
    }
    return 0;
}

/* The kick agent i (it may kick) makes in a rollout, or -1: a move into a standing bomb beside it
 * whose roll reaches the targets (kick_hits: at_enemy 0, my side, for an enemy's kick; 1, my
 * enemies, for my side's), else a step onto the open cell behind such a bomb (the kick to come a
 * step later, its roll a step shorter). Directions are tried in a fixed order. */
static int kick_move(const search_bot *b, const pm_state *s, int i, int at_enemy) {
    const pm_agent *e = &s->agents[i];
    int n = s->size, cell = e->r * n + e->c, walk = -1;
    for (int a = PM_UP; a <= PM_RIGHT; a++) {
        int d = pmb_next_cell(n, cell, a);
        if (d < 0) continue;
        for (int k = 0; k < s->nbombs; k++) {
            const pm_bomb *bb = &s->bombs[k];
            if (bb->dir || bb->r * n + bb->c != d) continue;
            if (kick_hits(b, s, d, a, bb->life, at_enemy)) return a;
        }
        if (walk >= 0 || !walkable(s->board[d])) continue;
        for (int m = PM_UP; m <= PM_RIGHT && walk < 0; m++) { /* behind a bomb, seen from d */
            int bc = pmb_next_cell(n, d, m);
            if (bc < 0 || bc == cell) continue;
            for (int k = 0; k < s->nbombs && walk < 0; k++) {
                const pm_bomb *bb = &s->bombs[k];
                if (!bb->dir && bb->r * n + bb->c == bc && bb->life > 1 && kick_hits(b, s, bc, m, bb->life - 1, at_enemy))
                    walk = a;
            }
        }
    }
    return walk;
}

/* ---- belief ---------------------------------------------------------------------------------- */

static const pm_config *config_of(const pm_obs *o) {
    int fog = 0;
    for (int c = 0; c < o->size * o->size; c++) fog |= o->board[c] == PM_FOG;
    const pm_config *best = NULL;
    for (int i = 0; i < PM_NUM_CONFIGS; i++) {
        const pm_config *cfg = pm_config_at(i);
        if (cfg->size != o->size || cfg->game_type != o->game_type || strcmp(cfg->env, o->game_env)) continue;
        if ((cfg->view_size > 0) != fog && best) continue;
        if (!best || (cfg->view_size > 0) == fog) best = cfg;
    }
    return best ? best : pm_config_at(0);
}

/* The static value of a visible cell (what stays when agents, bombs and flames are gone). */
static int static_value(int v) {
    return v == PM_RIGID || v == PM_WOOD || is_item(v) ? v : PM_PASSAGE;
}

/* The teammate's words: a report completed this step goes into the memory (an enemy's cell, a
 * bomb in the fog that I do not know). */
static void hear_radio(search_bot *b, const pm_obs *o) {
    pmb_report rep;
    int n = o->size;
    if (!pmb_radio_hear(&b->ear, o->step_count, o->message, &rep) || rep.r >= n || rep.c >= n) return;
    b->heard++;
    int cell = rep.r * n + rep.c;
    if (rep.kind == PMB_REPORT_ENEMY) {
        int id = 2 * rep.who + ((b->me & 1) ? 0 : 1); /* my enemies: 1, 3 or 0, 2 */
        b->heard_cell[id] = cell;
        b->heard_step[id] = rep.step;
        return;
    }
    if (o->board[cell] != PM_FOG || rep.life - (o->step_count - rep.step) <= 0) return;
    for (int k = 0; k < b->nbombs; k++)
        if (b->bombs[k].cell == cell) return;
    if (b->nbombs < PM_MAX_BOMBS) b->bombs[b->nbombs++] = (seen_bomb){cell, rep.blast, rep.life, rep.step, -1, 0};
}

static void remember_agents(search_bot *b, const pm_obs *o);

/* Updates the memory from an observation and builds the belief state `root`. */
static void build_belief(search_bot *b, const pm_obs *o) {
    int n = o->size, ncells = n * n, now = o->step_count;
    pm_state *s = &b->root;
    if (b->radio) hear_radio(b, o);
    /* power-ups taken by agents now seen where one lay last step */
    for (int c = 0; c < ncells; c++) {
        int v = o->board[c];
        if (is_agent(v) && is_item(b->mem[c])) {
            int i = v - PM_AGENT0;
            if (b->mem[c] == PM_EXTRABOMB && b->ammo_total[i] < PM_MAX_AMMO) b->ammo_total[i]++;
            if (b->mem[c] == PM_INCRRANGE && b->blast[i] < b->cfg->max_blast) b->blast[i]++;
            if (b->mem[c] == PM_KICK) b->kick[i] = 1;
        }
    }
    /* bombs: the visible ones (owners kept from the remembered list, or the agent on the cell),
     * then the remembered ones in the fog whose fuse still burns */
    seen_bomb old[PM_MAX_BOMBS];
    int nold = b->nbombs, nb = 0;
    memcpy(old, b->bombs, sizeof(seen_bomb) * (size_t)nold);
    for (int c = 0; c < ncells; c++) {
        if (o->board[c] == PM_FOG || !o->bomb_blast_strength[c]) continue;
        int owner = -1;
        for (int k = 0; k < nold && owner < 0; k++) {
            int dir = o->bomb_moving_direction[c];
            if (old[k].cell == c || (dir && pmb_next_cell(n, old[k].cell, dir) == c)) owner = old[k].owner;
        }
        int v = o->board[c];
        if (owner < 0 && v >= PM_AGENT0) owner = v - PM_AGENT0;
        /* a bomb rolling away from an agent right behind it was kicked by that agent */
        int dir = o->bomb_moving_direction[c], behind = -1;
        static const int back[5] = {0, PM_DOWN, PM_UP, PM_RIGHT, PM_LEFT};
        if (dir >= PM_UP && dir <= PM_RIGHT) behind = pmb_next_cell(n, c, back[dir]);
        if (behind >= 0 && is_agent(o->board[behind]))
            b->kick[o->board[behind] - PM_AGENT0] = 1;
        if (owner >= 0 && o->bomb_blast_strength[c] > b->blast[owner] && owner != o->id)
            b->blast[owner] = o->bomb_blast_strength[c];
        b->bombs[nb++] = (seen_bomb){c, o->bomb_blast_strength[c], o->bomb_life[c], now, owner,
                                     o->bomb_moving_direction[c]};
    }
    for (int k = 0; k < nold; k++) {
        int life = old[k].life - (now - old[k].step);
        if (o->board[old[k].cell] != PM_FOG || life <= 0 || nb >= PM_MAX_BOMBS) continue;
        b->bombs[nb++] = old[k];
    }
    b->nbombs = nb;
    /* the board */
    for (int c = 0; c < ncells; c++) {
        int v = o->board[c];
        if (v == PM_FOG) continue;
        b->mem[c] = (unsigned char)static_value(v);
        if (b->first[c] == 255) b->first[c] = b->mem[c];
    }
    memset(s, 0, offsetof(pm_state, bombs));
    s->cfg = b->cfg;
    s->size = n;
    s->nagents = b->cfg->num_agents;
    s->step = now;
    for (int c = 0; c < ncells; c++) {
        int v = o->board[c];
        if (v == PM_FOG) {
            int r = c / n, col = c % n, mirror = col * n + r;
            v = b->mem[c] != 255 ? b->mem[c] : b->first[mirror] != 255 ? b->first[mirror] : PM_WOOD;
        }
        s->board[c] = (unsigned char)v;
    }
    /* agents: the ones seen now; the others are out of the simulation */
    int owned[PM_MAX_AGENTS] = {0};
    for (int k = 0; k < nb; k++)
        if (b->bombs[k].owner >= 0) owned[b->bombs[k].owner]++;
    for (int i = 0; i < s->nagents; i++) {
        pm_agent *a = &s->agents[i];
        a->alive = 0;
        if (i == o->id) {
            *a = (pm_agent){o->r, o->c, o->ammo, o->blast_strength, o->can_kick, 1};
            continue;
        }
        for (int c = 0; c < ncells; c++)
            if (o->board[c] == PM_AGENT0 + i) {
                int ammo = b->ammo_total[i] - owned[i];
                *a = (pm_agent){c / n, c % n, ammo > 0 ? ammo : 0, b->blast[i], b->kick[i], 1};
                break;
            }
    }
    /* an enemy I do not see, still alive, on the cell the teammate reported, when that cell is in
     * the fog for me and the report is fresh enough */
    for (int i = 0; b->radio && i < s->nagents; i++) {
        int c = b->heard_cell[i], alive = 0;
        if (s->agents[i].alive || b->heard_step[i] < 0 || now - b->heard_step[i] > (int)b->p[P_RADIO_AGE]) continue;
        for (int k = 0; k < o->alive_count; k++) alive |= o->alive[k] == PM_AGENT0 + i;
        if (!alive || o->board[c] != PM_FOG || !walkable(s->board[c])) continue;
        int ammo = b->ammo_total[i] - owned[i];
        s->agents[i] = (pm_agent){c / n, c % n, ammo > 0 ? ammo : 0, b->blast[i], b->kick[i], 1};
        s->board[c] = (unsigned char)(PM_AGENT0 + i);
    }
    /* bombs of the simulation: a bomb whose owner is unknown returns its ammo to no one that
     * matters (the first agent out of the simulation, else me) */
    int nobody = o->id;
    for (int i = 0; i < s->nagents; i++)
        if (!s->agents[i].alive) {
            nobody = i;
            break;
        }
    s->nbombs = 0;
    for (int k = 0; k < nb; k++) {
        const seen_bomb *sb = &b->bombs[k];
        int life = sb->life - (now - sb->step);
        pm_bomb *pb = &s->bombs[s->nbombs++];
        *pb = (pm_bomb){sb->cell / n, sb->cell % n, sb->owner >= 0 ? sb->owner : nobody, life, sb->blast,
                        sb->step == now ? sb->dir : 0};
        if (o->board[sb->cell] == PM_FOG) s->board[sb->cell] = PM_BOMB;
    }
    s->nflames = 0;
    for (int c = 0; c < ncells; c++)
        if (o->board[c] != PM_FOG && o->flame_life[c] && s->nflames < PM_MAX_FLAMES)
            s->flames[s->nflames++] = (pm_flame){c / n, c % n, o->flame_life[c] - 1};
    remember_agents(b, o);
}

/* ---- maps: pruning and the leaf's desire ------------------------------------------------------ */

/* A case the pruning considers for the next step: an enemy lays a bomb (bomb_cell >= 0, of
 * strength bomb_blast) on a cell it reaches, or kicks a bomb (kick >= 0, the bomb's index in the
 * belief) in direction kick_dir; with `robust`, the near enemies may also walk into my way (a
 * cell of the escape must be reached before any of them can reach it: b->etime). */
typedef struct threat_case {
    int bomb_cell, bomb_blast, kick, kick_dir, robust;
} threat_case;

static const threat_case no_threat = {-1, 0, -1, 0, 0};

/* Whether, after my action, the safe walk proves an escape to a cell no bomb reaches, in case
 * tc (an enemy's bomb blocks its cell; it got to the cell first when I aimed at it too). */
static int safe_after(search_bot *b, int action, threat_case tc) {
    const pm_state *s = &b->root;
    const pm_agent *me = &s->agents[b->me];
    int n = s->size, ncells = n * n, cell = me->r * n + me->c, enemy_cell = tc.bomb_cell;
    int start = action >= PM_UP && action <= PM_RIGHT ? pmb_next_cell(n, cell, action) : cell;
    if (enemy_cell >= 0 && enemy_cell == start && start != cell) start = cell; /* it got there first */
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    pm_state *w = &b->sim;
    if (action == PM_LAY_BOMB || enemy_cell >= 0 || tc.kick >= 0) { /* the imagined bombs on a scratch copy */
        pmb_copy_state(w, s);
        if (action == PM_LAY_BOMB)
            w->bombs[w->nbombs++] = (pm_bomb){cell / n, cell % n, b->me, PM_DEFAULT_BOMB_LIFE + 1, me->blast, 0};
        if (enemy_cell >= 0 && enemy_cell != cell && !pm_bomb_at(w, enemy_cell / n, enemy_cell % n))
            w->bombs[w->nbombs++] = (pm_bomb){enemy_cell / n, enemy_cell % n, b->me, PM_DEFAULT_BOMB_LIFE + 1,
                                              tc.bomb_blast, 0};
        if (tc.kick >= 0) w->bombs[tc.kick].dir = tc.kick_dir;
        s = w;
    }
    burn_map(roll_mode(b), s, -1, 0, burn, flame);
    for (int c = 0; c < ncells; c++) {
        int v = s->board[c];
        /* a bomb blocks its cell, the one I leave included (no way back onto it); only the
         * cell I stand on after the action is open */
        int bomb = c != start && (b->p[P_BACK] > 0 || c != cell) && burn[c] != NEVER && pm_bomb_at(s, c / n, c % n);
        b->grid.wall[c] = bomb || !(walkable(v) || v == PM_FLAMES || c == cell || c == start);
        if (c == enemy_cell && c != cell) b->grid.wall[c] = 1;
        /* a cell may be entered before its flames come, not while a flame stands */
        b->timing[c] = burn[c] == NEVER ? INFINITY : burn[c];
        if (tc.robust && c != start && b->etime[c] < b->timing[c]) b->timing[c] = b->etime[c];
        if (flame[c] > 1) b->grid.wall[c] = 1;
    }
    if (deadly(burn, flame, start, 1)) return 0;
    dmap_moves mv = dmap_moves_4();
    size_t nsafe = 0;
    int rc = dmap_safe_walk(&b->grid, &mv, b->timing, start, 1.0, b->arrival, NULL, &nsafe, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    if (rc != DMAP_OK) return 1; /* no opinion */
    for (int c = 0; c < ncells; c++)
        if (isfinite(b->arrival[c]) && burn[c] == NEVER && flame[c] <= (int)b->arrival[c]) return 1;
    return 0;
}

/* Whether my action is safe in case tc, also when it leaves me where I am (`stay`: a move that
 * may bounce). In the robust case a move into a cell an enemy reaches next step may bounce. */
static int safe_case(search_bot *b, int action, int stay, threat_case tc) {
    if (tc.robust && action >= PM_UP && action <= PM_RIGHT) {
        const pm_agent *me = &b->root.agents[b->me];
        int t = pmb_next_cell(b->root.size, me->r * b->root.size + me->c, action);
        if (t >= 0 && b->etime[t] <= 1) stay = 1;
    }
    return safe_after(b, action, tc) && (!stay || safe_after(b, PM_STOP, tc));
}

/* etime: for each cell the earliest step at which an enemy within `block` (Manhattan) of me may
 * stand on it (walking over open cells), +INFINITY where none can. */
static void enemy_times(search_bot *b) {
    const pm_state *s = &b->root;
    const pm_agent *me = &s->agents[b->me];
    int n = s->size, ncells = n * n, src[PM_MAX_AGENTS];
    size_t ns = 0;
    for (int c = 0; c < ncells; c++) b->etime[c] = INFINITY;
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *e = &s->agents[i];
        if (!e->alive || i == b->me || (!is_enemy(b, b->me, i) && !(b->p[P_MATE_BLOCK] > 0))) continue;
        if (abs(e->r - me->r) + abs(e->c - me->c) > (int)b->p[P_BLOCK]) continue;
        src[ns++] = e->r * n + e->c;
    }
    if (!ns) return;
    for (int c = 0; c < ncells; c++) b->grid.wall[c] = !walkable(s->board[c]) && s->board[c] != PM_FLAMES;
    for (size_t k = 0; k < ns; k++) b->grid.wall[src[k]] = 0;
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&b->grid, &mv, src, ns, -1, b->ebfs, NULL, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    if (rc != DMAP_OK) return;
    for (int c = 0; c < ncells; c++)
        if (b->ebfs[c] >= 0) b->etime[c] = b->ebfs[c];
}

/* ---- offense: enemies left with no way out ------------------------------------------------------ */

/* Whether agent i of state w (burn, flame: burn_map's maps of w, with an extra bomb on cell
 * `extra` when >= 0) cannot survive them in its best case: each step it may wait or walk,
 * through other agents' cells (they may step aside) and, when it may kick (`kick`), onto a
 * bomb's cell whose bomb can roll on (the next cell beyond it a passage or a flame); it never
 * stands on a cell while it burns. The cells it may stand on are followed step by step until
 * nothing burns any more. */
static int no_way_out(const pm_state *w, int i, int kick, int extra, const unsigned char *burn,
                      const unsigned char *flame) {
    int n = w->size, ncells = n * n, from = w->agents[i].r * n + w->agents[i].c, last = 0;
    unsigned char open[PM_MAX_CELLS], bomb[PM_MAX_CELLS], at[2][PM_MAX_CELLS];
    for (int c = 0; c < ncells; c++) {
        open[c] = is_open(w->board[c]);
        bomb[c] = 0;
        if (burn[c] != NEVER && burn[c] + PM_FLAME_LIFE > last) last = burn[c] + PM_FLAME_LIFE;
        if (flame[c] > last) last = flame[c];
    }
    for (int k = 0; k < w->nbombs; k++) bomb[w->bombs[k].r * n + w->bombs[k].c] = 1;
    if (extra >= 0) bomb[extra] = 1;
    memset(at[0], 0, (size_t)ncells);
    at[0][from] = 1;
    for (int t = 1, cur = 0; t <= last + 1; t++, cur ^= 1) {
        int any = 0;
        memset(at[cur ^ 1], 0, (size_t)ncells);
        for (int c = 0; c < ncells; c++) {
            if (!at[cur][c]) continue;
            if (burn[c] == NEVER) return 0; /* standing there it never burns again */
            for (int a = PM_STOP; a <= PM_RIGHT; a++) {
                int d = a == PM_STOP ? c : pmb_next_cell(n, c, a);
                if (d < 0 || deadly(burn, flame, d, t)) continue;
                if (d != c && bomb[d]) { /* a kick: the bomb must roll on */
                    int e = kick ? pmb_next_cell(n, d, a) : -1;
                    if (e < 0 || bomb[e] || !(w->board[e] == PM_PASSAGE || w->board[e] == PM_FLAMES)) continue;
                } else if (d != c && !open[d]) {
                    continue;
                }
                at[cur ^ 1][d] = 1;
                any = 1;
            }
        }
        if (!any) return 1;
    }
    return 0;
}

/* Whether enemy i may kick: seen taking a kick or kicking, or any enemy with `kicks` 2. */
static int may_kick(const search_bot *b, const pm_state *s, int i) {
    return s->agents[i].kick || b->p[P_KICKS] >= 2;
}

/* How many enemies, alive in the belief, have no way out (no_way_out) after my action: the bomb
 * it lays, or the bomb it kicks, rolled to where it stops (the last open cell before a wall, a
 * wood, a power-up, a bomb or an agent, within its fuse). */
static int kills_after(search_bot *b, int action) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    int n = r->size, cell = me->r * n + me->c, extra = -1, count = 0;
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    const pm_state *s = r;
    if (action == PM_LAY_BOMB && me->ammo > 0 && !pm_bomb_at(r, me->r, me->c)) extra = cell;
    int t = action >= PM_UP && action <= PM_RIGHT ? pmb_next_cell(n, cell, action) : -1;
    if (t >= 0 && me->kick && pm_bomb_at(r, t / n, t % n)) {
        pm_state *w = &b->sim;
        pmb_copy_state(w, r);
        for (int k = 0; k < w->nbombs; k++) {
            pm_bomb *bb = &w->bombs[k];
            if (bb->r * n + bb->c != t || bb->dir) continue;
            int stop = t;
            for (int m = 0; m < bb->life; m++) {
                int d = pmb_next_cell(n, stop, action);
                if (d < 0 || !(w->board[d] == PM_PASSAGE || w->board[d] == PM_FLAMES)) break;
                stop = d;
            }
            w->board[t] = (unsigned char)(PM_AGENT0 + b->me);
            w->board[cell] = PM_PASSAGE;
            w->board[stop] = PM_BOMB;
            bb->r = stop / n;
            bb->c = stop % n;
            break;
        }
        s = w;
    }
    burn_map(0, s, extra, me->blast, burn, flame);
    for (int i = 0; i < s->nagents; i++)
        if (s->agents[i].alive && is_enemy(b, b->me, i))
            count += no_way_out(s, i, may_kick(b, s, i), extra, burn, flame);
    return count;
}

/* How many enemies a move of mine and a bomb laid on its cell next step leave with no way out,
 * whatever they do in between (no_way_out from where they stand now, the bomb's fuse a step
 * longer); an enemy that may reach that cell first (beside it, or on it) is not counted. */
static int kills_next(search_bot *b, int action) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    int n = r->size, cell = me->r * n + me->c, count = 0;
    int t = action >= PM_UP && action <= PM_RIGHT ? pmb_next_cell(n, cell, action) : -1;
    if (t < 0 || me->ammo <= 0 || !walkable(r->board[t])) return 0;
    pm_state *w = &b->sim;
    pmb_copy_state(w, r);
    w->bombs[w->nbombs++] = (pm_bomb){t / n, t % n, b->me, PM_DEFAULT_BOMB_LIFE + 2, me->blast, 0};
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS], burn0[PM_MAX_CELLS], flame0[PM_MAX_CELLS];
    burn_map(0, w, -1, 0, burn, flame);
    burn_map(0, r, -1, 0, burn0, flame0);
    for (int i = 0; i < w->nagents; i++) {
        const pm_agent *e = &w->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i) || abs(e->r - t / n) + abs(e->c - t % n) <= 1) continue;
        /* an enemy with no way out already is no gain of this move */
        count += no_way_out(w, i, may_kick(b, w, i), -1, burn, flame) &&
                 !no_way_out(r, i, may_kick(b, r, i), -1, burn0, flame0);
    }
    return count;
}

/* Whether my bomb on cell c (a bomb of mine, its fuse whole) leaves an enemy within 4 steps
 * (Manhattan) of c with no way out where it stands. */
static int pocket_cell(search_bot *b, int c) {
    const pm_state *r = &b->root;
    int n = r->size, near = 0;
    for (int i = 0; i < r->nagents && !near; i++) {
        const pm_agent *e = &r->agents[i];
        near = e->alive && is_enemy(b, b->me, i) && e->r * n + e->c != c && abs(e->r - c / n) + abs(e->c - c % n) <= 4;
    }
    if (!near) return 0;
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    burn_map(0, r, c, r->agents[b->me].blast, burn, flame);
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        if (e->alive && is_enemy(b, b->me, i) && abs(e->r - c / n) + abs(e->c - c % n) <= 4 &&
            no_way_out(r, i, may_kick(b, r, i), c, burn, flame))
            return 1;
    }
    return 0;
}

/* ---- the hunt (`hunt`) ------------------------------------------------------------------------- */

/* Keeps each agent's last known cell: where it is in the belief now (seen, or reported by the
 * teammate); forgotten when it died, or when its cell is in view again and it is not there. And
 * the step each cell was last in view. Kept whatever `hunt` says: it decides nothing by itself. */
static void remember_agents(search_bot *b, const pm_obs *o) {
    const pm_state *s = &b->root;
    int n = o->size, now = o->step_count;
    for (int c = 0; c < n * n; c++)
        if (o->board[c] != PM_FOG) b->viewed[c] = now;
    for (int i = 0; i < s->nagents; i++) {
        int alive = 0;
        for (int k = 0; k < o->alive_count; k++) alive |= o->alive[k] == PM_AGENT0 + i;
        if (!alive) b->known_cell[i] = -1;
        else if (s->agents[i].alive) {
            b->known_cell[i] = s->agents[i].r * n + s->agents[i].c;
            b->known_step[i] = now;
        } else if (b->known_cell[i] >= 0 && o->board[b->known_cell[i]] != PM_FOG)
            b->known_cell[i] = -1;
    }
}

/* The hunt's desire, added to value[] (the desire map's goals before the field): once at most
 * `hunt_wood` wood may be left (a cell as last seen; never seen, as its mirror was first seen;
 * neither, maybe wood: a cell never seen on either side counts, so the hunt does not start while
 * most of the board is unknown), each enemy alive out of view pulls from its last known cell
 * (`hunt` steps of the map); with none known and none in view, every open cell out of view pulls
 * by how long it has not been seen (the whole `hunt` after 100 steps, never seen the same), so
 * the bot goes looking. Returns the desire of a cell beside an enemy in view (`hunt` when the
 * hunt is on, else 0). */
static double hunt_desire(search_bot *b, double *value) {
    const pm_state *s = &b->root;
    int n = s->size, ncells = n * n, wood = 0, seen = 0, known = 0;
    double h = b->p[P_HUNT];
    for (int c = 0; c < ncells; c++) { /* as last seen, else as its mirror was first seen, else maybe wood */
        int mirror = (c % n) * n + c / n;
        wood += b->mem[c] != 255 ? b->mem[c] == PM_WOOD : b->first[mirror] != 255 ? b->first[mirror] == PM_WOOD : 1;
    }
    b->hunting = 0;
    if (h <= 0 || wood > (int)b->p[P_HUNT_WOOD]) return 0;
    b->hunting = 1;
    for (int i = 0; i < s->nagents; i++) {
        if (!is_enemy(b, b->me, i)) continue;
        int c = b->known_cell[i];
        if (s->agents[i].alive) seen = 1;
        else if (c >= 0) {
            known = 1;
            if (!b->grid.wall[c]) value[c] -= h;
        }
    }
    for (int c = 0; c < ncells && !seen && !known; c++) {
        if (b->grid.wall[c] || b->viewed[c] == s->step) continue;
        int age = b->viewed[c] < 0 ? 100 : s->step - b->viewed[c];
        value[c] -= h * (age < 100 ? age / 100.0 : 1);
    }
    return h;
}

/* The desire map: power-ups, cells from which my bomb burns wood, cells beside enemies (and with
 * `hunt`, the enemies out of view). */
static void build_desire(search_bot *b) {
    const pm_state *s = &b->root;
    const pm_agent *me = &s->agents[b->me];
    int n = s->size, ncells = n * n, cell = me->r * n + me->c;
    dmap_goal goals[PM_MAX_CELLS];
    double values[PM_MAX_CELLS];
    size_t ng = 0;
    int late = b->p[P_LATE] > 0 && s->step >= (int)b->p[P_LATE];
    for (int c = 0; c < ncells; c++) b->grid.wall[c] = !(walkable(s->board[c]) || c == cell);
    memset(values, 0, sizeof(double) * (size_t)ncells);
    double beside = hunt_desire(b, values);
    if (beside < (late ? 20 : 4)) beside = late ? 20 : 4;
    for (int c = 0; c < ncells; c++) {
        int v = s->board[c];
        if (b->grid.wall[c]) continue;
        double value = values[c];
        if (v == PM_EXTRABOMB || v == PM_INCRRANGE) value -= 12;
        if (v == PM_KICK) value -= 4;
        int en, wood;
        bomb_targets(b, s, b->me, c, me->blast, &en, &wood);
        if (wood) value -= 3 + 2 * wood;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int d = pmb_next_cell(n, c, a);
            int w = d >= 0 ? s->board[d] : 0;
            if (w >= PM_AGENT0 && is_enemy(b, b->me, w - PM_AGENT0)) value -= beside;
        }
        if (b->p[P_POCKET] > 0 && me->ammo > 0 && !pm_bomb_at(s, c / n, c % n) && pocket_cell(b, c))
            value -= b->p[P_POCKET];
        if (value < 0) goals[ng++] = (dmap_goal){c % n, c / n, value};
    }
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_field(&b->grid, &mv, goals, ng, CEILING, b->desire, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    for (int c = 0; c < ncells; c++)
        if (rc != DMAP_OK || !isfinite(b->desire[c])) b->desire[c] = 40;
        else if (b->desire[c] > 40) b->desire[c] = 40;
}

/* ---- dead ends -------------------------------------------------------------------------------- */

#define DEAD_DEPTH 5 /* the depth counted for a dead end (and for a region without a loop) */

/* The dead-end map: the open cells (passages, power-ups, flames, agents' cells; not walls, wood
 * or bombs) that one bomb may shut in: the open board peeled of its leaves (a cell with at most
 * one open neighbour left) until none is left, so that what is peeled are the tree-like branches
 * hanging off the board's loops (the corridors that end in a wall, the pockets), and the whole of
 * a region without a loop. dead[c]: 0 for a cell not peeled, else the steps from c to the nearest
 * cell not peeled (DEAD_DEPTH at most, and where none is). */
static void dead_end_map(search_bot *b) {
    const pm_state *s = &b->root;
    int n = s->size, ncells = n * n, deg[PM_MAX_CELLS];
    unsigned char open[PM_MAX_CELLS], queued[PM_MAX_CELLS];
    short queue[PM_MAX_CELLS];
    int head = 0, tail = 0;
    for (int c = 0; c < ncells; c++) {
        open[c] = is_open(s->board[c]);
        b->dead[c] = queued[c] = 0;
    }
    for (int c = 0; c < ncells; c++) {
        deg[c] = 0;
        for (int a = PM_UP; a <= PM_RIGHT && open[c]; a++) {
            int d = pmb_next_cell(n, c, a);
            deg[c] += d >= 0 && open[d];
        }
        if (open[c] && deg[c] <= 1) {
            queued[c] = 1;
            queue[tail++] = (short)c;
        }
    }
    while (head < tail) {
        int c = queue[head++];
        b->dead[c] = DEAD_DEPTH;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int d = pmb_next_cell(n, c, a);
            if (d < 0 || !open[d] || queued[d]) continue;
            if (--deg[d] <= 1) {
                queued[d] = 1;
                queue[tail++] = (short)d;
            }
        }
    }
    /* each peeled cell's depth: its steps to the nearest cell left (a loop's), at most DEAD_DEPTH */
    int src[PM_MAX_CELLS];
    size_t ns = 0;
    for (int c = 0; c < ncells; c++) {
        b->grid.wall[c] = !open[c];
        if (open[c] && !b->dead[c]) src[ns++] = c;
    }
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&b->grid, &mv, src, ns, DEAD_DEPTH - 1, b->ebfs, NULL, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    for (int c = 0; c < ncells && rc == DMAP_OK; c++)
        if (b->dead[c] && b->ebfs[c] > 0) b->dead[c] = (unsigned char)b->ebfs[c];
}

/* The depth in the dead-end map of the cell my action leaves me on, when an enemy stands within
 * `dead_near` (Manhattan) of that cell, else 0 (a move into a wall, wood or a bomb I cannot kick
 * leaves me where I am). */
static int dead_end_after(const search_bot *b, int action) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    int n = r->size, cell = me->r * n + me->c, t = cell;
    if (action >= PM_UP && action <= PM_RIGHT) {
        int d = pmb_next_cell(n, cell, action);
        if (d >= 0 && (walkable(r->board[d]) || (r->board[d] == PM_BOMB && me->kick))) t = d;
    }
    if (!b->dead[t]) return 0;
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        if (e->alive && is_enemy(b, b->me, i) && abs(e->r - t / n) + abs(e->c - t % n) <= (int)b->p[P_DEAD_NEAR])
            return b->dead[t];
    }
    return 0;
}

/* The enemies of state s standing in a dead end of the root's map whose way out a bomb of my
 * side closes (a bit per agent id): a cell of the way from the enemy's cell to the loop (each
 * step a neighbour one shallower, the loop's cell included) holds such a bomb or lies in its
 * blast. A region without a loop has no way out to close and is not counted. */
static unsigned trapped_enemies(const search_bot *b, const pm_state *s) {
    int n = s->size, ncells = n * n, any = 0;
    unsigned shut = 0;
    unsigned char closed[PM_MAX_CELLS];
    memset(closed, 0, (size_t)ncells);
    for (int k = 0; k < s->nbombs; k++) {
        const pm_bomb *bb = &s->bombs[k];
        if (bb->owner != b->me && is_enemy(b, b->me, bb->owner)) continue;
        short cells[PMB_RAY];
        int m = pmb_blast_cells(s->board, n, bb->r * n + bb->c, bb->blast, cells);
        for (int j = 0; j < m; j++) closed[cells[j]] = 1;
        any = 1;
    }
    for (int i = 0; i < s->nagents && any; i++) {
        const pm_agent *e = &s->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i)) continue;
        for (int c = e->r * n + e->c; b->dead[c];) {
            int next = -1;
            for (int a = PM_UP; a <= PM_RIGHT && next < 0; a++) {
                int d = pmb_next_cell(n, c, a);
                if (d >= 0 && b->dead[d] < b->dead[c] && is_open(b->root.board[d])) next = d;
            }
            if (next < 0) break; /* no loop to reach */
            c = next;
            if (closed[c]) {
                shut |= 1u << i;
                break;
            }
        }
    }
    return shut;
}

/* ---- kicks the enemies may make (`kick_risk`) -------------------------------------------------- */

#define KICK_CASES 64 /* kicks weighed in a decision, at most */

/* The kicks the enemies may make: a bomb that is not rolling rolls in direction a when an enemy
 * that may kick (`kicks`: 2 any, 1 those seen taking a kick or kicking) walks onto it from the
 * cell behind it, where the enemy stands now or which it reaches within `kick_reach` steps (a BFS
 * over open cells from the enemies), before the bomb's fuse ends, the cell ahead of the bomb open
 * for it to roll into (a passage, a flame, an agent that may step aside). The pruning's `kicks`
 * weigh the first of these (an enemy beside the bomb now) only when every candidate passed the
 * enemies' bombs before them; these are weighed whatever the level. `reach` is `kick_reach` for
 * `kick_risk`, `kick_walk` for the pruning. Each bomb and direction once; returns the count in out. */
static int kick_cases(search_bot *b, int reach, threat_case *out) {
    const pm_state *r = &b->root;
    int n = r->size, ncells = n * n, nk = 0, src[PM_MAX_AGENTS], *dist = b->ebfs;
    size_t ns = 0;
    if (b->p[P_KICKS] <= 0) return 0; /* without `kicks` a rolling bomb burns where it is */
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i) || (b->p[P_KICKS] < 2 && !b->kick[i])) continue;
        src[ns++] = e->r * n + e->c;
    }
    for (int c = 0; c < ncells; c++) b->grid.wall[c] = !walkable(r->board[c]);
    for (size_t k = 0; k < ns; k++) b->grid.wall[src[k]] = 0;
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&b->grid, &mv, src, ns, reach, dist, NULL, b->ws);
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    if (rc != DMAP_OK) return 0;
    for (int k = 0; k < r->nbombs; k++) {
        const pm_bomb *bb = &r->bombs[k];
        if (bb->dir) continue;
        int cell = bb->r * n + bb->c;
        for (int a = PM_UP; a <= PM_RIGHT && nk < KICK_CASES; a++) {
            int back = a & 1 ? a + 1 : a - 1; /* the opposite direction: where the kicker comes from */
            int behind = pmb_next_cell(n, cell, back), ahead = pmb_next_cell(n, cell, a);
            if (behind < 0 || ahead < 0 || dist[behind] < 0 || dist[behind] + 1 >= bb->life) continue;
            if (rolls_into(r->board[ahead]))
                out[nk++] = (threat_case){-1, 0, k, a, 0};
        }
    }
    return nk;
}

/* How many of the kicks leave me no escape (safe_after) after my action. */
static int kicks_failed(search_bot *b, int action, const threat_case *cases, int nk) {
    int fails = 0;
    for (int k = 0; k < nk; k++) fails += !safe_after(b, action, cases[k]);
    return fails;
}

/* ---- the search ------------------------------------------------------------------------------- */

/* Whether agent i, alive at the leaf, has an escape (or stands where nothing burns). */
static int free_at(const pm_state *s, int i, const unsigned char *burn, const unsigned char *flame) {
    const pm_agent *a = &s->agents[i];
    return escape_move(s, burn, flame, a->r * s->size + a->c, 10, NULL) >= 0;
}

/* How many open cells (walkable, no bomb) agent i reaches within 3 steps, its own cell counted. */
static int open_space(const pm_state *s, int i) {
    int n = s->size, from = s->agents[i].r * n + s->agents[i].c;
    short queue[PM_MAX_CELLS];
    unsigned char depth[PM_MAX_CELLS];
    memset(depth, 255, (size_t)(n * n));
    int head = 0, tail = 0;
    depth[from] = 0;
    queue[tail++] = (short)from;
    while (head < tail) {
        int c = queue[head++];
        if (depth[c] >= 3) continue;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int d = pmb_next_cell(n, c, a);
            if (d < 0 || depth[d] != 255 || !walkable(s->board[d])) continue;
            depth[d] = (unsigned char)(depth[c] + 1);
            queue[tail++] = (short)d;
        }
    }
    return tail;
}

/* The enemies that play SimpleAgent in this decision's rollouts: alive, within model_near. */
static void choose_modeled(search_bot *b) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        b->modeled[i] = b->p[P_MODEL] > 0 && e->alive && is_enemy(b, b->me, i) &&
                        abs(e->r - me->r) + abs(e->c - me->c) <= (int)b->p[P_MODEL_NEAR];
    }
}

/* A stream for the SimpleAgents of a round: MT19937 words from a seed (splitmix64), twisted
 * before the first draw. */
static void fill_draws(kit_pyrandom *r, uint64_t seed) {
    for (int k = 0; k < 624; k += 2) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        r->mt[k] = (uint32_t)z;
        r->mt[k + 1] = (uint32_t)(z >> 32);
    }
    r->index = 624;
}

/* Whether enemy i's move a leads into a bomb (a kick, when it has the kick). */
static int kick_reply(const pm_state *s, int i, int a) {
    int n = s->size, d = pmb_next_cell(n, s->agents[i].r * n + s->agents[i].c, a);
    return d >= 0 && pm_bomb_at(s, d / n, d % n);
}

/* `outnumbered`: the enemies alive within `out_near` (Manhattan) of my cell in s, less one, less
 * one more for my teammate alive there; 0 when that is below 1. Frankfurt's two agents rush one
 * of ours together and win most games whose first death is ours (the README's diagnosis): each
 * simulated step with two of them on me and my teammate away costs, so the rollouts that keep
 * away from the pair, or bring it to my teammate, are worth more. */
static int outnumbered(const search_bot *b, const pm_state *s) {
    const pm_agent *me = &s->agents[b->me];
    int near = (int)b->p[P_OUT_NEAR], enemies = 0, mate = 0;
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        if (i == b->me || !a->alive || abs(a->r - me->r) + abs(a->c - me->c) > near) continue;
        if (is_enemy(b, b->me, i)) enemies++;
        else mate = 1;
    }
    int beyond = enemies - 1 - mate;
    return beyond > 0 ? beyond : 0;
}

static double leaf_value(search_bot *b, const pm_state *s, unsigned shut, int outnum, int pending);

/* One simulation: my first action (and the replier's first action, when replier >= 0), then
 * `depth` steps of the rollout policy; the leaf's value. */
static double simulate(search_bot *b, int my_action, int replier, int reply, uint64_t seed) {
    pm_state *s = &b->sim;
    pmb_copy_state(s, &b->root);
    dmap_rng rng;
    dmap_rng_seed(&rng, seed);
    int depth = (int)b->p[P_DEPTH];
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    int actions[PM_MAX_AGENTS];
    int model = (int)b->p[P_MODEL], modeled = 0;
    if (model > 0) { /* the near enemies' SimpleAgents, fresh, on the round's stream */
        b->sim_draws = b->round_draws;
        b->sview.shared = &b->sim_draws;
        b->sview.log = NULL;
        for (int i = 0; i < s->nagents; i++) {
            if (!b->modeled[i]) continue;
            if (b->simple[i]) {
                pmb_simple_restart(b->simple[i]);
            } else { /* made once, on its first simulation, and kept for the game */
                pm_observe(s, i, &b->sview.obs);
                int rc = pm_bot_simple.init(&b->simple[i], &b->sview, 0);
                if (rc != DMAP_OK) {
                    b->err = rc;
                    b->simple[i] = NULL;
                    continue;
                }
            }
            modeled = 1;
        }
    }
    /* the enemies' kicks (`sim_kick`): a stream of their own, one draw per enemy and step, so
     * the other draws stay as they are; with `sim_kickers` 2 every enemy may kick */
    unsigned shut = 0; /* `trap`: the enemies shut in a dead end at any step */
    int outnum = 0;    /* `outnumbered`: the enemies beyond one near me, summed over the steps */
    dmap_rng krng;
    double sim_kick = b->p[P_SIM_KICK];
    dmap_rng_seed(&krng, seed ^ 0x6B1C6B1C6B1Cull);
    /* my side's kicks (`attack_kick`): a stream of their own too, one draw per agent of my side
     * with the kick and step */
    dmap_rng arng;
    double attack_kick = b->p[P_ATTACK_KICK];
    dmap_rng_seed(&arng, seed ^ 0xA77AC4A77AC4ull);
    if (sim_kick > 0) {
        for (int i = 0; i < s->nagents && b->p[P_SIM_KICKERS] >= 2; i++)
            if (s->agents[i].alive && is_enemy(b, b->me, i)) s->agents[i].kick = 1;
    }
    for (int t = 0; t <= depth && !pmb_path_over(s, b->blind); t++) {
        burn_map(roll_mode(b), s, -1, 0, burn, flame);
        for (int i = 0; i < s->nagents; i++) {
            /* every agent draws the same count whatever my action, so draws stay aligned */
            int a = s->agents[i].alive ? rollout_policy(b, s, i, burn, flame, &rng) : PM_STOP;
            /* a move that bounced last step is played as the bounce it is expected to be */
            actions[i] = t == 0 && i == b->me ? (my_action == b->bounced ? PM_STOP : my_action) : a;
            if (modeled && t < model && b->modeled[i] && b->simple[i] && s->agents[i].alive) {
                pm_observe(s, i, &b->sview.obs);
                int rc = pm_bot_simple.decide(b->simple[i], &b->sview, &actions[i]);
                if (rc != DMAP_OK) b->err = rc;
            }
            /* a kick at the other side: an enemy's at mine (`sim_kick`), or mine at an enemy
             * (`attack_kick`: mine from the second step on, the first is the candidate; the
             * teammate's from the first), each side drawing from its own stream */
            int enemy = is_enemy(b, b->me, i);
            double chance = enemy ? sim_kick : t > 0 || i != b->me ? attack_kick : 0;
            if (chance > 0 && s->agents[i].alive && s->agents[i].kick &&
                dmap_rng_unit(enemy ? &krng : &arng) < chance) {
                int k = kick_move(b, s, i, !enemy);
                if (k >= 0) actions[i] = k;
            }
            /* the reply searched: played whatever its model chose (it saw the same step) */
            if (t == 0 && i == replier) {
                actions[i] = reply;
                if (reply == PM_LAY_BOMB && s->agents[i].ammo < 1) s->agents[i].ammo = 1; /* a guess */
                /* `reply_kick`: reply_actions offers a move into a bomb to any enemy that may
                 * kick (with `kicks` 2, every enemy), but the copy gives the kick only to those
                 * seen kicking; without it that reply plays as a stop */
                if (b->p[P_REPLY_KICK] > 0 && reply >= PM_UP && reply <= PM_RIGHT && kick_reply(s, i, reply))
                    s->agents[i].kick = 1;
            }
        }
        pm_step(s, actions);
        if (b->p[P_TRAP] > 0) shut |= trapped_enemies(b, s);
        if (b->p[P_OUTNUMBERED] > 0 && s->agents[b->me].alive) outnum += outnumbered(b, s);
    }
    return leaf_value(b, s, shut, outnum, 0);
}

/* A leaf's worth: deaths (an agent alive without escape counted as `trapped` of one), my
 * power-ups, the desire map at my cell, wood burnt (with `pending`, also the wood the bombs
 * standing will burn: the tree's leaves, a few steps deep, see few bombs go off), and with
 * `trap` and `outnumbered` what the simulation counted on its way. */
static double leaf_value(search_bot *b, const pm_state *s, unsigned shut, int outnum, int pending) {
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    int depth = (int)b->p[P_DEPTH];
    burn_map(roll_mode(b), s, -1, 0, burn, flame);
    const pm_state *r0 = &b->root;
    double v = 0;
    for (int i = 0; i < s->nagents; i++) {
        if (!r0->agents[i].alive) continue;
        double dead = s->agents[i].alive ? (free_at(s, i, burn, flame) ? 0 : b->p[P_TRAPPED]) : 1;
        if (i == b->me) v -= dead * b->p[P_ME_DEAD];
        else if (is_enemy(b, b->me, i)) v += dead * b->p[P_ENEMY_DEAD];
        else v -= dead * b->p[P_MATE_DEAD];
    }
    const pm_agent *me0 = &r0->agents[b->me], *me = &s->agents[b->me];
    if (me->alive) {
        int gained = (me->blast - me0->blast) + (me->kick - me0->kick);
        /* ammo comes back when bombs explode: count only the total beyond the start's */
        int total0 = me0->ammo, total = me->ammo;
        for (int k = 0; k < r0->nbombs; k++) total0 += r0->bombs[k].owner == b->me;
        for (int k = 0; k < s->nbombs; k++) total += s->bombs[k].owner == b->me;
        if (total > total0) gained += total - total0;
        v += gained * b->p[P_ITEM];
        v -= b->desire[me->r * s->size + me->c] * b->p[P_DESIRE];
        if (b->p[P_SPACE] > 0) v += open_space(s, b->me) * b->p[P_SPACE];
    }
    int burnt = 0;
    for (int c = 0; c < s->size * s->size; c++)
        burnt += r0->board[c] == PM_WOOD && (s->board[c] != PM_WOOD || (pending && burn[c] != NEVER));
    v += burnt * b->p[P_WOOD];
    for (int i = 0; i < s->nagents; i++) v += (shut >> i & 1) * b->p[P_TRAP];
    v -= outnum * b->p[P_OUTNUMBERED] / (depth + 1);
    return v;
}

/* ---- the tree mode (`tree`, bots/tree.c) ---------------------------------------------------- */

/* The agents that do not branch in the tree: in danger (a bomb reaches their cell, a flame on
 * it), the first step of their escape (escape_move, no draw); else they stand. Deterministic
 * and cheap: one timing map a node. */
static void tree_others(void *ctx, const pm_state *s, int *actions) {
    search_bot *b = ctx;
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    burn_map(roll_mode(b), s, -1, 0, burn, flame);
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        int cell = a->r * s->size + a->c, m = PM_STOP;
        if (a->alive && (burn[cell] != NEVER || flame[cell])) m = escape_move(s, burn, flame, cell, 10, NULL);
        /* `tree_kick`: frankfurt kicks at us from afar, a bomb rolling the length of a corridor;
         * out of danger such an enemy kicks (or steps behind a bomb to kick it next) */
        else if (a->alive && b->p[P_TREE_KICK] > 0 && a->kick && is_enemy(b, b->me, i)) {
            int k = kick_move(b, s, i, 0);
            if (k >= 0) m = k;
        }
        actions[i] = m >= 0 ? m : PM_STOP;
    }
}

/* Whether a bomb that an enemy within `near` (Manhattan) of me lays next on its cell or on a cell
 * beside it (its strength) leaves me, in s, no escape: the pruning's filter of the enemies'
 * bombs at a leaf of the tree, whose enemies never bomb after the first step. The imagined bomb
 * blocks its cell (written into the board for the walk, then taken back). */
static int bombed_in(search_bot *b, const pm_state *s) {
    pm_state *w = (pm_state *)s; /* the board is restored before returning */
    const pm_agent *me = &s->agents[b->me];
    int n = s->size, mine = me->r * n + me->c;
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *e = &s->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i) || abs(e->r - me->r) + abs(e->c - me->c) > (int)b->p[P_NEAR]) continue;
        for (int a = PM_STOP; a <= PM_RIGHT; a++) {
            int c = a == PM_STOP ? e->r * n + e->c : pmb_next_cell(n, e->r * n + e->c, a);
            if (c < 0 || c == mine || (a != PM_STOP && !walkable(s->board[c]))) continue;
            unsigned char was = w->board[c];
            if (a != PM_STOP) w->board[c] = PM_BOMB;
            burn_map(roll_mode(b), s, c, e->blast, burn, flame);
            int out = escape_move(s, burn, flame, mine, 10, NULL) >= 0;
            w->board[c] = was;
            if (!out) return 1;
        }
    }
    return 0;
}

#define SQUEEZE_CELLS 6 /* safe cells an enemy may reach beyond which `squeeze` pays nothing */

/* The cells no bomb reaches (flames gone when it gets there) that agent i of s reaches, walking
 * from its cell through passages and power-ups (agents and bombs block) and entering a cell only
 * when it does not burn then, within 10 steps: counted up to SQUEEZE_CELLS. */
static int safe_cells(const pm_state *s, int i, const unsigned char *burn, const unsigned char *flame) {
    int n = s->size, from = s->agents[i].r * n + s->agents[i].c, head = 0, tail = 0, count = 0;
    short queue[PM_MAX_CELLS];
    unsigned char depth[PM_MAX_CELLS];
    memset(depth, 255, (size_t)(n * n));
    depth[from] = 0;
    queue[tail++] = (short)from;
    while (head < tail && count < SQUEEZE_CELLS) {
        int c = queue[head++];
        if (burn[c] == NEVER && flame[c] <= depth[c]) count++;
        if (depth[c] >= 10) continue;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int d = pmb_next_cell(n, c, a), t = depth[c] + 1;
            if (d < 0 || depth[d] != 255 || !(walkable(s->board[d]) || s->board[d] == PM_FLAMES) ||
                deadly(burn, flame, d, t))
                continue;
            depth[d] = (unsigned char)t;
            queue[tail++] = (short)d;
        }
    }
    return count;
}

/* `squeeze`: for each enemy alive at the leaf within `tree_near` + 2 (Manhattan) of me, the share
 * of SQUEEZE_CELLS safe cells it can no longer reach (safe_cells): the bombs laid, my body and my
 * teammate's closing its way out count before they kill, which the leaf's deaths, a few steps
 * deep, mostly do not see (a bomb goes off 10 steps after it is laid). */
static double squeezed(search_bot *b, const pm_state *s) {
    const pm_agent *me = &s->agents[b->me];
    int near = (int)b->p[P_TREE_NEAR] + 2, any = 0;
    for (int i = 0; i < s->nagents && !any; i++)
        any = s->agents[i].alive && is_enemy(b, b->me, i) &&
              abs(s->agents[i].r - me->r) + abs(s->agents[i].c - me->c) <= near;
    if (!any || !s->nbombs) return 0;
    unsigned char burn[PM_MAX_CELLS], flame[PM_MAX_CELLS];
    burn_map(roll_mode(b), s, -1, 0, burn, flame);
    double v = 0;
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *e = &s->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i) || abs(e->r - me->r) + abs(e->c - me->c) > near) continue;
        v += (double)(SQUEEZE_CELLS - safe_cells(s, i, burn, flame)) / SQUEEZE_CELLS;
    }
    return v;
}

/* A leaf of the tree: the rollouts' leaf, the wood the standing bombs will burn counted; with
 * `tree_threat`, less that when an enemy's next bomb may shut me in; with `squeeze`, more for the
 * near enemies' safe cells taken away. */
static double tree_leaf(void *ctx, const pm_state *s) {
    search_bot *b = ctx;
    double v = leaf_value(b, s, 0, 0, 1);
    if (b->p[P_TREE_THREAT] > 0 && s->agents[b->me].alive && bombed_in(b, s)) v -= b->p[P_TREE_THREAT];
    if (b->p[P_SQUEEZE] > 0 && s->agents[b->me].alive) v += b->p[P_SQUEEZE] * squeezed(b, s);
    return v;
}

/* The tree's worth of each candidate in b->value (tree.c); returns the engine steps played. The
 * repliers: the `tree_branch` enemies nearest to me within `tree_near` (Manhattan; the lowest
 * id on a tie). */
static long tree_search(search_bot *b, const int *cands, int nc) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    pmt_search t = {b->me, (int)b->p[P_TREE], 0, {-1, -1}, (long)b->p[P_TREE_STEPS], b->p[P_TREE_MEAN],
                    (int)b->p[P_TREE_KEEP], b->blind, {0, 0}};
    int taken[PM_MAX_AGENTS] = {0};
    for (int e = 0; e < (int)b->p[P_TREE_BRANCH] && e < PMT_MAX_BRANCH; e++) {
        int best = -1, bd = (int)b->p[P_TREE_NEAR] + 1;
        for (int i = 0; i < r->nagents; i++) {
            const pm_agent *a = &r->agents[i];
            int d = abs(a->r - me->r) + abs(a->c - me->c);
            if (a->alive && is_enemy(b, b->me, i) && !taken[i] && d < bd) {
                bd = d;
                best = i;
            }
        }
        if (best < 0) break;
        taken[best] = 1;
        t.deep[t.nbranch] = bd <= (int)b->p[P_TREE_DEEP];
        t.branch[t.nbranch++] = best;
    }
    pmt_hooks h = {b, tree_others, tree_leaf};
    long steps = 0;
    if (b->p[P_TREE_KICK] > 0) { /* the engine kicks only for an agent with the kick */
        pmb_copy_state(&b->troot, r);
        for (int i = 0; i < r->nagents; i++)
            if (r->agents[i].alive && is_enemy(b, b->me, i) && may_kick(b, r, i)) b->troot.agents[i].kick = 1;
        r = &b->troot;
    }
    if (!pmt_values(&t, &h, r, cands, nc, b->value, &steps)) b->err = DMAP_ERR_NOMEM;
    return steps;
}

/* The enemy alive in the belief nearest to me (Manhattan) within `within`, the lowest id first;
 * -1 when none. */
static int nearest_enemy(const search_bot *b, int within) {
    const pm_state *r = &b->root;
    const pm_agent *me = &r->agents[b->me];
    int best = -1, bd = within + 1;
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i)) continue;
        int d = abs(e->r - me->r) + abs(e->c - me->c);
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    return best;
}

/* The first actions of enemy i worth searching as replies: standing still, a bomb (when none
 * lies on its cell; its ammo in the belief is a guess), and each move into a cell it may enter
 * (a passage, a power-up, an agent's cell that may empty, a bomb it may kick); a move into a
 * wall or wood is the same as standing, a move into flames its own death. */
static int reply_actions(const search_bot *b, int i, int *out) {
    const pm_state *r = &b->root;
    const pm_agent *e = &r->agents[i];
    int n = r->size, cell = e->r * n + e->c, k = 0;
    out[k++] = PM_STOP;
    if (!pm_bomb_at(r, e->r, e->c)) out[k++] = PM_LAY_BOMB;
    for (int a = PM_UP; a <= PM_RIGHT; a++) {
        int d = pmb_next_cell(n, cell, a);
        if (d < 0) continue;
        int v = r->board[d];
        if (walkable(v) || is_agent(v) || (v == PM_BOMB && may_kick(b, r, i)))
            out[k++] = a;
    }
    return k;
}

/* Whether my action a may leave me where I am (it bounced last step, or it kicks a bomb that may
 * not roll), with `bounce`: then it must be safe both ways. */
static int may_stay(const search_bot *b, int a) {
    const pm_state *r = &b->root;
    int n = r->size, me_cell = r->agents[b->me].r * n + r->agents[b->me].c;
    int t = a >= PM_UP && a <= PM_RIGHT ? pmb_next_cell(n, me_cell, a) : -1;
    return b->p[P_BOUNCE] > 0 && (a == b->bounced || (t >= 0 && pm_bomb_at(r, t / n, t % n)));
}

/* The pruning: each action's level, the count of its filters passed plus one (0 illegal, 1 legal,
 * 2 safe, 3 safe from the near enemies' bombs next step, 4 also from their kicks, 5 also when
 * they walk into my way, with `block`), each filter applied to the actions the ones before left;
 * returns the top level, whose actions are the candidates. A filter that no action passes has no
 * opinion: it ends the pruning, or with go_on (`kick_walk`) the next filter is still applied
 * (when every action fails the enemies' bombs, which an enemy beside me makes common, the kicks
 * are weighed all the same). Nothing provably safe ends it either way: every legal action stays. */
static int candidate_levels(search_bot *b, const unsigned char *mask, const threat_case *kicks, int nk,
                            const int *threat, const int *tblast, int nt, int go_on, int *level) {
    threat_case robust = no_threat;
    robust.robust = 1;
    int alive[NACT], top = 0;
    for (int a = 0; a < NACT; a++) {
        alive[a] = mask[a] != 0;
        level[a] = alive[a];
        if (alive[a]) top = 1;
    }
    for (int f = 0; f < 4 && top > 0; f++) {
        if (f == 3 && b->p[P_BLOCK] <= 0) break;
        int pass[NACT], fails[NACT], any = 0, graded = f == 1 && b->p[P_THREAT_MIN] > 0, fewest = nt;
        for (int a = 0; a < NACT; a++) {
            pass[a] = 0;
            fails[a] = nt;
            if (!alive[a]) continue;
            int stay = may_stay(b, a), ok = 1;
            if (f == 0) ok = safe_case(b, a, stay, no_threat);
            if (f == 1) fails[a] = 0;
            for (int k = 0; f == 1 && k < nt && (ok || graded); k++)
                if (!safe_case(b, a, stay, (threat_case){threat[k], tblast[k], -1, 0, 0})) {
                    ok = 0;
                    fails[a]++;
                }
            for (int k = 0; f == 2 && k < nk && ok; k++) ok = safe_case(b, a, stay, kicks[k]);
            if (f == 3) ok = safe_case(b, a, stay, robust);
            pass[a] = ok;
            any |= ok;
            if (fails[a] < fewest) fewest = fails[a];
        }
        if (b->err) return top;
        /* `threat_min`: no action survives every enemy bomb; the first, in action order, of those
         * that survive the most of them passes (none when every action fails them all) */
        if (graded && !any && fewest < nt)
            for (int a = 0; a < NACT && !any; a++) any = pass[a] = alive[a] && fails[a] == fewest;
        if (!any && (f == 0 || !go_on)) break;
        if (!any) continue;
        top++;
        for (int a = 0; a < NACT; a++) {
            alive[a] = pass[a];
            if (pass[a]) level[a] = top;
        }
    }
    return top;
}

/* Whether an enemy is alive in the belief (in view, or reported). */
static int any_enemy(const search_bot *b) {
    for (int i = 0; i < b->root.nagents; i++)
        if (b->root.agents[i].alive && is_enemy(b, b->me, i)) return 1;
    return 0;
}

/* The hunt's prior, with no enemy in view: the candidate move to the neighbour lowest on the
 * desire map, when lower than my cell (the first such in action order), else the prior as it was
 * (the `dmap` bot's action). The desire map's pull at the leaf (0.004 a step) is smaller than the
 * prior's bonus, so without this the `dmap` bot, blind to the enemies out of view, leads. */
static int hunt_step(const search_bot *b, const int *cands, int nc, int prior) {
    const pm_state *r = &b->root;
    int n = r->size, cell = r->agents[b->me].r * n + r->agents[b->me].c, best = prior;
    double low = b->desire[cell];
    for (int k = 0; k < nc; k++) {
        int d = cands[k] >= PM_UP && cands[k] <= PM_RIGHT ? pmb_next_cell(n, cell, cands[k]) : -1;
        if (d >= 0 && walkable(r->board[d]) && b->desire[d] < low) {
            low = b->desire[d];
            best = cands[k];
        }
    }
    return best;
}

static int search_decide_action(search_bot *b, const pm_view *view) {
    const pm_obs *o = &view->obs;
    int n = o->size;
    build_belief(b, o);
    int prior = PM_STOP;
    pm_action pa;
    int rc = pm_bot_dmap.decide(b->dmap_state, view, &pa);
    if (rc != DMAP_OK) return rc < 0 ? rc : DMAP_ERR_ARG;
    prior = pa;
    unsigned char mask[NACT];
    pm_legal_actions(o, mask);
    /* the enemies near enough to bomb me in: their cells and the cells they reach next step */
    int threat[4 * 5], tblast[4 * 5], nt = 0;
    const pm_state *r = &b->root;
    for (int i = 0; i < r->nagents; i++) {
        const pm_agent *e = &r->agents[i];
        /* its ammo counted from what was seen is a guess (a power-up taken as the flames over
         * it die is missed), so any enemy may bomb */
        if (!e->alive || !is_enemy(b, b->me, i)) continue;
        int ec = e->r * n + e->c;
        if (abs(e->r - o->r) + abs(e->c - o->c) > (int)b->p[P_NEAR]) continue;
        threat[nt] = ec;
        tblast[nt++] = e->blast;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int c = pmb_next_cell(n, ec, a);
            if (c >= 0 && walkable(r->board[c])) {
                threat[nt] = c;
                tblast[nt++] = e->blast;
            }
        }
    }
    /* a move that did not move me last step though its cell was free bounced (another agent
     * aimed at the same cell): expected to bounce again, it must be safe both ways */
    b->bounced = b->rebounce = -1;
    int me_cell = o->r * n + o->c;
    if (me_cell == b->last_cell && b->last_action >= PM_UP && b->last_action <= PM_RIGHT) {
        int t = pmb_next_cell(n, me_cell, b->last_action);
        if (t >= 0 && walkable(o->board[t])) b->rebounce = b->last_action;
    }
    if (b->p[P_BOUNCE] > 0) b->bounced = b->rebounce;
    /* the kicks near enemies may make next step: a bomb beside one of them rolls away from it;
     * with `kick_walk`, every kick an enemy makes after walking to the cell behind a bomb */
    threat_case kicks[KICK_CASES];
    int nk = 0, walk = b->p[P_KICK_WALK] > 0;
    if (walk) nk = kick_cases(b, (int)b->p[P_KICK_WALK], kicks);
    for (int i = 0; i < r->nagents && b->p[P_KICKS] > 0 && !walk; i++) {
        const pm_agent *e = &r->agents[i];
        if (!e->alive || !is_enemy(b, b->me, i) || (b->p[P_KICKS] < 2 && !b->kick[i])) continue;
        if (abs(e->r - o->r) + abs(e->c - o->c) > (int)b->p[P_NEAR] + 4) continue;
        for (int a = PM_UP; a <= PM_RIGHT; a++) {
            int c = pmb_next_cell(n, e->r * n + e->c, a);
            for (int k = 0; c >= 0 && k < r->nbombs; k++)
                if (r->bombs[k].r * n + r->bombs[k].c == c && !r->bombs[k].dir)
                    kicks[nk++] = (threat_case){-1, 0, k, a, 0};
        }
    }
    enemy_times(b);
    if (b->err) return b->err;
    int level[NACT], cands[NACT], nc = 0;
    int top = candidate_levels(b, mask, kicks, nk, threat, tblast, nt, walk, level);
    if (b->err) return b->err;
    for (int a = 0; a < NACT; a++)
        if (level[a] == top && top > 0) cands[nc++] = a;
    b->sims_done = 0;
    if (nc == 1) return cands[0];
    build_desire(b);
    if (b->err) return b->err;
    if (b->hunting && !any_enemy(b)) prior = hunt_step(b, cands, nc, prior);
    /* without a replier one column, simulate's replier -1 (none) */
    int replier = b->p[P_REPLY] > 0 ? nearest_enemy(b, (int)b->p[P_REPLY]) : -1, replies[NACT] = {0}, nr = 1;
    if (replier >= 0) nr = reply_actions(b, replier, replies);
    /* with `reply_model`, one more column: the replier plays whatever its model chooses */
    int nm = replier >= 0 && b->p[P_REPLY_MODEL] > 0 ? nr + 1 : nr;
    memset(b->rvalue, 0, sizeof b->rvalue);
    long sims = (long)b->p[P_SIMS], rounds = sims / (nc * nm) > 0 ? sims / (nc * nm) : 1;
    int64_t limit = b->p[P_MS] > 0 ? (int64_t)(b->p[P_MS] * 1e6) : 0;
    int64_t t0 = limit ? kit_thread_cpu_ns() : 0;
    uint64_t base = ((uint64_t)dmap_rng_next(&b->rng) << 32) | dmap_rng_next(&b->rng);
    choose_modeled(b);
    b->blind = b->p[P_PLAY_ON] > 0 && !any_enemy(b);
    if (b->p[P_TRAP] > 0 || b->p[P_DEAD_END] > 0) dead_end_map(b); /* `trap` (the leaves), `dead_end` */
    long done = 0, tree_steps = 0;
    int tree = b->p[P_TREE] > 0;
    if (tree) { /* the tree's values, counted as one simulation each */
        tree_steps = tree_search(b, cands, nc);
        if (b->err) return b->err;
        done = 1;
    }
    for (long j = 0; j < rounds && !tree; j++) {
        uint64_t seed = base + (uint64_t)j * 0x9E3779B97F4A7C15ull;
        if (b->p[P_MODEL] > 0) fill_draws(&b->round_draws, seed ^ 0x51AD1E5ull);
        for (int k = 0; k < nc; k++)
            for (int m = 0; m < nm; m++)
                b->rvalue[k][m] += simulate(b, cands[k], m < nr ? replier : -1, m < nr ? replies[m] : 0, seed);
        if (b->err) return b->err;
        done++;
        if (limit && kit_thread_cpu_ns() - t0 >= limit) break;
    }
    b->sims_done = tree ? tree_steps : done * nc * nm;
    /* the worst reply plus a tenth of their mean, blended with the model's reply (its column
     * stays 0 without the model) */
    double w = nm > nr ? b->p[P_REPLY_MODEL] : 0;
    for (int k = 0; k < nc && !tree; k++) {
        if (replier < 0) {
            b->value[k] = b->rvalue[k][0];
            continue;
        }
        double worst = INFINITY, sum = 0;
        for (int m = 0; m < nr; m++) {
            if (b->rvalue[k][m] < worst) worst = b->rvalue[k][m];
            sum += b->rvalue[k][m];
        }
        b->value[k] = (1 - w) * (worst + 0.1 * sum / nr) + w * b->rvalue[k][nr];
    }
    int kills[NACT] = {0};
    double bonus[NACT] = {0};
    threat_case kcases[KICK_CASES];
    int nkc = b->p[P_KICK_RISK] > 0 ? kick_cases(b, (int)b->p[P_KICK_REACH], kcases) : 0;
    for (int k = 0; k < nc; k++) {
        if (b->p[P_KILL] > 0) kills[k] = kills_after(b, cands[k]);
        bonus[k] = kills[k] * b->p[P_KILL] + (b->p[P_KILL2] > 0 ? kills_next(b, cands[k]) * b->p[P_KILL2] : 0);
        if (b->p[P_DEAD_END] > 0) bonus[k] -= dead_end_after(b, cands[k]) * b->p[P_DEAD_END];
        if (nkc) bonus[k] -= kicks_failed(b, cands[k], kcases, nkc) * b->p[P_KICK_RISK];
    }
    int best = -1;
    double bv = -INFINITY;
    for (int k = 0; k < nc; k++) {
        double v = b->value[k] / (double)done + (cands[k] == prior ? b->p[P_PRIOR] : 0) -
                   (cands[k] == b->rebounce ? b->p[P_REBOUNCE] : 0) + bonus[k];
        if (v > bv + 1e-12) {
            bv = v;
            best = cands[k];
        }
    }
    return best;
}

static int search_init(void **state, const pm_view *first, uint64_t seed) {
    search_bot *b = calloc(1, sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    kit_param_read(&pm_search_params, *state, b->p);
    const pm_obs *o = &first->obs;
    b->cfg = config_of(o);
    b->n = o->size;
    b->me = o->id;
    b->team = o->game_type == PM_GAME_TEAM || o->game_type == PM_GAME_TEAM_RADIO;
    b->radio = o->game_type == PM_GAME_TEAM_RADIO && b->p[P_RADIO] > 0 && o->size <= 11;
    b->mate_cell = -1;
    pmb_radio_clear(&b->ear);
    for (int i = 0; i < PM_MAX_AGENTS; i++) b->heard_step[i] = b->known_cell[i] = -1;
    for (int c = 0; c < PM_MAX_CELLS; c++) b->viewed[c] = -1;
    memset(b->mem, 255, sizeof b->mem);
    memset(b->first, 255, sizeof b->first);
    for (int i = 0; i < PM_MAX_AGENTS; i++) {
        b->ammo_total[i] = 1;
        b->blast[i] = PM_DEFAULT_BLAST;
    }
    b->seed = seed;
    b->last_cell = b->last_action = b->bounced = b->rebounce = -1;
    dmap_rng_seed(&b->rng, seed);
    int rc = dmap_grid_init(&b->grid, o->size, o->size);
    if (rc == DMAP_OK && dmap_workspace_new(&b->ws) != DMAP_OK) rc = DMAP_ERR_NOMEM;
    if (rc == DMAP_OK) {
        b->dmap_state = NULL; /* the prior plays with its defaults */
        rc = pm_bot_dmap.init(&b->dmap_state, first, seed ^ 0x5EA4C4B07ull);
        if (rc != DMAP_OK) b->dmap_state = NULL;
    }
    if (rc != DMAP_OK) {
        dmap_grid_free(&b->grid);
        dmap_workspace_free(b->ws);
        free(b);
        return rc;
    }
    *state = b;
    return DMAP_OK;
}

static void search_release(void *state) {
    search_bot *b = state;
    if (!b) return;
    pm_bot_dmap.release(b->dmap_state);
    for (int i = 0; i < PM_MAX_AGENTS; i++) pm_bot_simple.release(b->simple[i]);
    dmap_grid_free(&b->grid);
    dmap_workspace_free(b->ws);
    free(b);
}

/* Whether cell c lies in the view of an agent on cell `at` (-1: unknown, no view). */
static int in_view_of(const search_bot *b, int at, int c) {
    int n = b->n;
    return at >= 0 && pm_in_view(b->cfg, at / n, at % n, c / n, c % n);
}

/* The words of this step: on an even step a new report, the thing I see that is nearest to the
 * teammate (to me when I never saw it) outside its view: an enemy, else a bomb that will not
 * have gone off when the report arrives (three steps more count as one enemy's step); on the odd
 * step after, the report's second half. */
static void say_radio(search_bot *b, const pm_obs *o, int *words) {
    int n = o->size, now = o->step_count, mate = o->teammate - PM_AGENT0;
    for (int c = 0; c < n * n; c++)
        if (o->board[c] == PM_AGENT0 + mate) b->mate_cell = c;
    if ((now & 1) == 0) {
        int from = b->mate_cell >= 0 ? b->mate_cell : o->r * n + o->c, best = -1;
        b->telling = (pmb_report){PMB_REPORT_NONE, 0, 0, 0, 0, 0, now};
        for (int c = 0; c < n * n; c++) {
            int v = o->board[c], score = -1;
            if (v == PM_FOG || in_view_of(b, b->mate_cell, c)) continue;
            int d = abs(from / n - c / n) + abs(from % n - c % n);
            int enemy = is_agent(v) && is_enemy(b, b->me, v - PM_AGENT0) &&
                        v - PM_AGENT0 != mate;
            int bomb = o->bomb_blast_strength[c] && !o->bomb_moving_direction[c] && o->bomb_life[c] >= 3;
            if (enemy) score = d;
            else if (bomb) score = d + 3;
            if (score < 0 || (best >= 0 && score >= best)) continue;
            best = score;
            b->telling = (pmb_report){PMB_REPORT_ENEMY, (v - PM_AGENT0) / 2, c / n, c % n, 0, 0, now};
            if (!enemy) {
                b->telling = (pmb_report){PMB_REPORT_BOMB, 0, c / n, c % n, 0, 0, now};
                b->telling.blast = o->bomb_blast_strength[c];
                b->telling.life = o->bomb_life[c];
            }
        }
    }
    pmb_radio_say(&b->telling, now, words);
}

static int search_decide(void *state, const pm_view *view, pm_action *action) {
    search_bot *b = state;
    int a = search_decide_action(b, view);
    if (a < 0) return a;
    if (b->err) return b->err;
    if (b->radio && view->say) say_radio(b, &view->obs, view->say);
    b->decisions++;
    b->last_cell = view->obs.r * view->obs.size + view->obs.c;
    b->last_action = a;
    *action = a;
    return DMAP_OK;
}

/* Published maps: the desire map of the leaf evaluation and the timing map of the belief. */
static int search_maps(void *state, kit_map *out, int max) {
    search_bot *b = state;
    int ncells = b->n * b->n, k = 0;
    unsigned char burn[PM_MAX_CELLS];
    burn_map(roll_mode(b), &b->root, -1, 0, burn, NULL);
    for (int c = 0; c < ncells; c++) b->timing[c] = burn[c] == NEVER ? INFINITY : burn[c];
    if (k < max) out[k++] = (kit_map){"desire", b->desire};
    if (k < max) out[k++] = (kit_map){"burn", b->timing};
    return k;
}

const pm_bot pm_bot_search = {{"search", "Monte Carlo search on the engine: belief of the fog, safe-walk "
                                         "pruning, rollouts, desire-map leaves, dmap as prior"},
                              search_init, search_decide, search_release, search_maps};
