/* test_pommerman_search.c — the `search` bot: it never walks into a flame it can see (every
 * decision of games in FFA, team, fog and radio configs, and a hand-made corridor); it makes the
 * same decisions for the same seed and simulation budget (whole games played twice, and the
 * budget given as a parameter); it survives a trap that `dmap` dies in (a position of a recorded
 * FFA game: its own bomb beside it on the right edge, an enemy above laying another, the
 * enemies' actions scripted) and three positions of recorded FFA games where an earlier version
 * died (its own bomb behind it and an enemy ahead, an enemy followed down a corridor, a bounce
 * in the one way out; the enemies' recorded actions replayed); from a recorded endgame where it
 * bounced against the last SimpleAgent for 500 steps, it wins against a live one (faster with
 * `pocket`); it takes the kill in hand-made positions (an enemy in a pocket, the pocket's mouth
 * a step away, my bomb kicked into the pocket), the kill checks alone finding them, and counts no kill
 * where the enemy may kick the bomb away; with `reply` worth the worst alone (reply_model=0) it
 * weighs the nearest enemy's worst reply (a position where its bomb in reply kills the bomb the
 * bot without replies lays, which the bot with them mostly does not lay, and survives every reply
 * of), and without the model's share (`reply_model`) it dies in the bounce and wins the pocket
 * endgame more slowly than with it, the same games for the same seed; with `dead_end` it steps
 * out of a dead end where the bot without it bombs and, after frankfurt's recorded actions, dies
 * (a position of a recorded team game); with `roll_flames` its burn map says a bomb rolling into
 * a standing flame burns a cell when the engine burns it (without it, on the bomb's fuse);
 * with `kick_risk` it keeps out of a corridor an enemy a step from the cell behind its bomb may
 * kick it into, where the bot without it steps and dies when the enemy kicks (a hand-made
 * position), and so it does with `sim_kick` (the enemies kick in its rollouts), unless only the
 * enemies seen kicking kick there (`sim_kickers` 1); with `reply` and `reply_kick` it keeps out
 * of a corridor an enemy beside its bomb may kick it into now, where `reply` alone (the enemy's
 * kick played as a stop: it was never seen kicking) steps in and dies (a hand-made position);
 * with `trap` it lays the bomb that shuts an
 * enemy in a corridor's end (a hand-made position); with `hunt` it steps toward an enemy's last
 * known cell once the enemy is out of view and the wood gone, and with `play_on` its simulations
 * play on with no enemy in view (a hand-made position); with `squeeze` the tree lays the bomb that
 * takes a shut-in enemy's safe cells (the trap position); with `threat_min` it stays out of a pocket
 * whose mouth the enemy then stands in, where the bot without it steps in and, after frankfurt's
 * recorded actions, dies (a position of a recorded team game); with `tree_kick` it lives where the
 * bot without it lays the bomb frankfurt's recorded kick rolls onto it (a position of a recorded
 * radio game); with `tree_deep` it lives through both of these recorded positions; and the bot
 * table finds it by name.
 * `--timing`, `--traps` (which positions a spec survives), `--kills` (which kills a spec takes),
 * `--replies` (what a spec does in the reply position), `--dead` (what it does in the dead-end
 * position), `--kick` (in the kick position), `--kick-reply` (in the kick-reply position) and
 * `--trap` (in the trap position), `--hunt` (in the hunt position) and `--squeeze SPEC COL` (the
 * trap position, the enemy on column COL of the corridor) and `--recorded` (whether a spec lives
 * through the recorded positions) are tools. */
#include <stdlib.h>
#include <string.h>

#include "kit/cputime.h"
#include "kit/param.h"
#include "../../../tests/check.h"
#include "pommerman.h"
#include "bots/common.h"

extern const kit_params pm_search_params;

#define MAX_STEPS 801

/* One game with bots in seats (presets[i]: the parameter values of seat i, or NULL), every
 * decision checked against the flames its seat sees; actions[t][i] recorded when given. */
typedef struct game_log {
    int steps, flame_walks, decisions;
    int64_t search_ns, search_max_ns; /* thread CPU time of the search seats' decisions */
    int actions[MAX_STEPS][PM_MAX_AGENTS];
    pm_result result;
    unsigned winners;
} game_log;

static int play(const pm_config *cfg, const pm_bot *const *bots, kit_param_values *const *presets,
                uint64_t seed, game_log *log) {
    pm_state *s = malloc(sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, (int64_t)seed);
    pm_reset(s, cfg, &shared);
    memset(log, 0, sizeof *log);
    void *state[PM_MAX_AGENTS] = {0};
    pm_view view = {.shared = &shared, .log = NULL};
    int ready = 0, rc = DMAP_OK;
    for (; ready < s->nagents; ready++) {
        pm_observe(s, ready, &view.obs);
        state[ready] = presets ? presets[ready] : NULL;
        if ((rc = bots[ready]->init(&state[ready], &view, pm_bot_seed(seed, ready))) != DMAP_OK) break;
    }
    while (rc == DMAP_OK && !pm_done(s) && log->steps < MAX_STEPS) {
        int actions[PM_MAX_AGENTS], said[PM_MAX_AGENTS][2] = {{0}};
        for (int i = 0; i < s->nagents && rc == DMAP_OK; i++) {
            actions[i] = PM_STOP;
            if (!pm_agent_acts(s, i)) continue;
            pm_observe(s, i, &view.obs);
            view.say = cfg->radio_num_words ? said[i] : NULL;
            int64_t t0 = kit_thread_cpu_ns();
            rc = bots[i]->decide(state[i], &view, &actions[i]);
            int64_t ns = kit_thread_cpu_ns() - t0;
            if (bots[i] != &pm_bot_search) continue;
            log->search_ns += ns;
            if (ns > log->search_max_ns) log->search_max_ns = ns;
            log->decisions++;
            /* a flame that still stands after the step's tick: flame_life 2 or more */
            const pm_obs *o = &view.obs;
            int to = -1, n = o->size;
            if (actions[i] == PM_UP && o->r > 0) to = (o->r - 1) * n + o->c;
            if (actions[i] == PM_DOWN && o->r < n - 1) to = (o->r + 1) * n + o->c;
            if (actions[i] == PM_LEFT && o->c > 0) to = o->r * n + o->c - 1;
            if (actions[i] == PM_RIGHT && o->c < n - 1) to = o->r * n + o->c + 1;
            if (to >= 0 && o->board[to] == PM_FLAMES && o->flame_life[to] >= 2) log->flame_walks++;
        }
        if (rc != DMAP_OK) break;
        memcpy(log->actions[log->steps], actions, sizeof actions);
        pm_step_radio(s, actions, (const int (*)[2])said);
        log->steps++;
    }
    for (int i = 0; i < ready; i++) bots[i]->release(state[i]);
    log->result = pm_outcome(s, &log->winners);
    free(s);
    return rc;
}

static game_log log_a, log_b;

/* Whether two games logged the same actions at every step (and so as many steps). */
static int same_actions(const game_log *a, const game_log *b) {
    return a->steps == b->steps && !memcmp(a->actions, b->actions, sizeof(int) * PM_MAX_AGENTS * (size_t)a->steps);
}

/* The defaults with `sims` simulations. */
static void with_sims(kit_param_values *v, double sims) {
    memset(v, 0, sizeof *v);
    v->n = pm_search_params.n;
    for (int i = 0; i < v->n; i++) v->v[i] = pm_search_params.p[i].value;
    v->v[0] = sims;
}

static void never_into_visible_flames(void) {
    static const char *const configs[] = {"PommeFFACompetition-v0", "PommeTeamCompetition-v0",
                                          "PommeRadioCompetition-v2", "OneVsOne-v0"};
    /* a third of the default budget (the pruning decides this, not the simulations' count),
     * so that the sanitizers' build runs these games in reasonable time */
    static kit_param_values third;
    with_sims(&third, 200);
    kit_param_values *presets[4] = {&third, NULL, &third, NULL};
    for (int k = 0; k < 4; k++) {
        const pm_config *cfg = pm_config_find(configs[k]);
        const pm_bot *bots[4] = {&pm_bot_search, &pm_bot_simple, &pm_bot_search, &pm_bot_simple};
        if (cfg->game_type == PM_GAME_FFA) bots[2] = &pm_bot_dmap;
        for (uint64_t seed = 1; seed <= 2; seed++) {
            int rc = play(cfg, bots, presets, seed + 10 * (uint64_t)k, &log_a);
            CHECK(rc == DMAP_OK, "%s seed %d: game failed (%d)", configs[k], (int)seed, rc);
            CHECK(log_a.decisions > 0, "%s seed %d: search never decided", configs[k], (int)seed);
            CHECK(log_a.flame_walks == 0, "%s seed %d: %d moves into a visible flame", configs[k], (int)seed,
                  log_a.flame_walks);
        }
    }
}

/* A state from rows in the trace alphabet (pm_char_item), agents as r,c,ammo,blast,kick,alive. */
static void make_state(pm_state *s, const pm_config *cfg, const char *const *rows, const int (*agents)[6],
                       const pm_bomb *bombs, int nbombs, const pm_flame *flames, int nflames, int step) {
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->size = cfg->size;
    s->nagents = cfg->num_agents;
    s->step = step;
    for (int r = 0; r < s->size; r++)
        for (int c = 0; c < s->size; c++) s->board[r * s->size + c] = (unsigned char)pm_char_item(rows[r][c]);
    for (int i = 0; i < s->nagents; i++)
        s->agents[i] = (pm_agent){agents[i][0], agents[i][1], agents[i][2], agents[i][3], agents[i][4], agents[i][5]};
    s->nbombs = nbombs;
    if (nbombs) memcpy(s->bombs, bombs, sizeof(pm_bomb) * (size_t)nbombs);
    s->nflames = nflames;
    if (nflames) memcpy(s->flames, flames, sizeof(pm_flame) * (size_t)nflames);
}

/* Plays `bot` in seat 0 from state s with the other seats' actions scripted; whether seat 0 is
 * alive after `steps` steps (or at the game's end). */
static int survives_script(const pm_bot *bot, const pm_state *start, const int (*script)[PM_MAX_AGENTS],
                           int steps) {
    pm_state s = *start;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, 1);
    pm_view view = {.shared = &shared, .log = NULL};
    void *state = NULL;
    pm_observe(&s, 0, &view.obs);
    CHECK(bot->init(&state, &view, 12345) == DMAP_OK, "%s: init", bot->info.name);
    for (int t = 0; t < steps && s.agents[0].alive && !pm_done(&s); t++) {
        int actions[PM_MAX_AGENTS];
        memcpy(actions, script[t], sizeof actions);
        pm_observe(&s, 0, &view.obs);
        CHECK(bot->decide(state, &view, &actions[0]) == DMAP_OK, "%s: decide", bot->info.name);
        pm_step(&s, actions);
    }
    bot->release(state);
    return s.agents[0].alive;
}

static void the_trap(void) {
    /* FFA, dmap + 3 simple, seed 25, step 133: agent 0 (a) on the right edge at (4,10) with its
     * own bomb at (4,9) (life 8), out of ammo; agent 2 (c) above it at (3,10) lays a bomb. */
    static const char *const rows[11] = {
        "01100010111", "100d0000000", "10011000000", "0010101410c", "0011071403a", "00008014101",
        "10011144441", "00000004031", "10010104000", "10000004001", "10000111010"};
    static const int agents[4][6] = {{4, 10, 0, 4, 1, 1}, {9, 4, 2, 2, 1, 0}, {3, 10, 1, 4, 1, 1},
                                     {1, 3, 2, 2, 1, 1}};
    static const pm_bomb bombs[2] = {{7, 9, 0, 2, 4, 0}, {4, 9, 0, 8, 4, 0}};
    static const pm_flame flames[10] = {{3, 7, 0}, {4, 7, 0}, {5, 7, 0}, {6, 6, 0}, {6, 7, 0},
                                        {6, 8, 0}, {6, 9, 0}, {7, 7, 0}, {8, 7, 0}, {9, 7, 0}};
    /* the recorded actions of agents 1-3 from that step (seat 0's are the bot's) */
    static const int script[8][PM_MAX_AGENTS] = {{0, 0, 5, 4}, {0, 0, 3, 4}, {0, 0, 3, 2}, {0, 0, 1, 2},
                                                  {0, 0, 1, 2}, {0, 0, 3, 3}, {0, 0, 2, 2}, {0, 0, 0, 4}};
    pm_state s;
    make_state(&s, pm_config_find("ffa"), rows, agents, bombs, 2, flames, 10, 133);
    CHECK(!survives_script(&pm_bot_dmap, &s, script, 8), "the trap: dmap was expected to die in it");
    CHECK(survives_script(&pm_bot_search, &s, script, 8), "the trap: search died in it");
}

/* Plays from state s with `bot` in `seat` (seed 12345) for up to `steps` steps: the other seats
 * play script[t] for the first `nscript` steps (rows of all seats' actions, the seat's own
 * ignored); when the script is shorter than the game, the living ones are SimpleAgents drawing
 * from a stream seeded with `stream`, which decide every step (the script overriding them while
 * it lasts). Leaves the last state in *end. */
static void play_from(const pm_bot *bot, const kit_param_values *preset, int seat, const pm_state *start,
                      const int (*script)[PM_MAX_AGENTS], int nscript, int steps, int64_t stream, pm_state *end) {
    *end = *start;
    pm_state *s = end;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, stream);
    pm_view view = {.shared = &shared, .log = NULL};
    void *state[PM_MAX_AGENTS] = {0};
    int simple = nscript < steps;
    for (int i = 0; i < s->nagents; i++) {
        if (i != seat && (!simple || !s->agents[i].alive)) continue;
        pm_observe(s, i, &view.obs);
        const pm_bot *b = i == seat ? bot : &pm_bot_simple;
        state[i] = i == seat ? (void *)preset : NULL;
        CHECK(b->init(&state[i], &view, 12345) == DMAP_OK, "%s: init", b->info.name);
    }
    for (int t = 0; t < steps && !pm_done(s); t++) {
        int actions[PM_MAX_AGENTS] = {0};
        for (int i = 0; i < s->nagents; i++) {
            if (!state[i] || !pm_agent_acts(s, i)) continue;
            const pm_bot *b = i == seat ? bot : &pm_bot_simple;
            pm_observe(s, i, &view.obs);
            CHECK(b->decide(state[i], &view, &actions[i]) == DMAP_OK, "%s: decide", b->info.name);
        }
        for (int i = 0; i < s->nagents && t < nscript; i++)
            if (i != seat) actions[i] = script[t][i];
        pm_step(s, actions);
    }
    for (int i = 0; i < s->nagents; i++)
        if (state[i]) (i == seat ? bot : &pm_bot_simple)->release(state[i]);
}

/* Positions of recorded games where an earlier version of the bot died: FFA (`pommerman match
 * --seed S --bots search,simple,simple,simple`, the bot in seat 0) and team games against
 * frankfurt (the README's paired boards, the bot in seat 0); the other seats replay their
 * recorded actions (then stop), and the bot must be alive after them. */
typedef struct trap {
    const char *name;
    int step;
    const char *rows[11];
    int agents[4][6];
    int nbombs;
    pm_bomb bombs[4];
    int nflames;
    pm_flame flames[12];
    int steps;
    int script[14][PM_MAX_AGENTS];
    const char *config; /* NULL: FFA */
} trap;

static const trap traps[] = {
    /* seed 100, step 94: it lays a bomb and steps into the cell between it and an enemy, which
     * bombs it in (the pruning let it walk back onto its own bomb) */
    {"own bomb behind, enemy ahead",
     94,
     {"0101131100d", "100ba000001", "00010100000", "10100111101", "10200100100", "00111002102", "13210003000",
      "1001000000c", "00011100001", "00000000001", "01010000110"},
     {{1, 4, 1, 4, 0, 1}, {1, 3, 0, 3, 1, 1}, {7, 10, 2, 3, 1, 1}, {0, 10, 2, 3, 1, 1}},
     4,
     {{6, 1, 1, 2, 3, 0}, {6, 7, 2, 5, 3, 0}, {0, 5, 0, 6, 4, 0}, {1, 4, 0, 9, 4, 0}},
     0,
     {{0}},
     12,
     {{3, 3, 0, 0}, {3, 4, 3, 0}, {3, 5, 2, 0}, {0, 3, 2, 0}, {0, 2, 3, 0}, {0, 2, 3, 0}, {0, 2, 2, 3}, {0, 0, 3, 2},
      {0, 0, 3, 2}, {0, 5, 3, 2}, {0, 1, 1, 2}, {0, 1, 3, 4}},
     NULL},
    /* seed 10, step 106: on its bomb in a corridor, it follows an enemy down the corridor and
     * the enemy bombs the far end */
    {"following an enemy down a corridor",
     106,
     {"00110141110", "00044444440", "1a011140001", "1c101740000", "00110141100", "10121012100", "00030101001",
      "100012100d0", "100011000b0", "10000000000", "00100010000"},
     {{2, 1, 1, 4, 0, 1}, {8, 9, 1, 2, 1, 1}, {3, 1, 1, 4, 1, 1}, {7, 9, 2, 5, 1, 1}},
     2,
     {{6, 3, 2, 2, 4, 0}, {2, 1, 0, 9, 4, 0}},
     11,
     {{0, 6, 2}, {1, 3, 2}, {1, 4, 2}, {1, 5, 2}, {1, 6, 2}, {1, 7, 2}, {1, 8, 2}, {1, 9, 2}, {2, 6, 2}, {3, 6, 2},
      {4, 6, 2}},
     12,
     {{2, 5, 2, 5}, {2, 4, 5, 4}, {0, 2, 0, 3}, {0, 1, 0, 1}, {0, 1, 0, 3}, {0, 2, 2, 4}, {0, 1, 2, 3}, {0, 2, 3, 0},
      {0, 2, 0, 0}, {0, 2, 0, 0}, {0, 3, 0, 4}, {0, 0, 0, 0}},
     NULL},
    /* seed 106, step 86: between its two bombs, it steps toward the one way out while an enemy
     * steps into the same cell, bouncing until the bombs explode */
    {"bouncing in the only way out",
     86,
     {"01010010100", "10000003d01", "0000011a101", "10000130001", "00000121101", "20111020180", "10100000001",
      "00001200000", "1010110000c", "b0000800001", "01111010010"},
     {{2, 7, 0, 4, 1, 1}, {9, 0, 3, 3, 1, 1}, {8, 10, 1, 4, 0, 1}, {1, 8, 1, 4, 0, 1}},
     3,
     {{3, 6, 0, 5, 4, 0}, {1, 7, 3, 8, 4, 0}, {2, 7, 0, 9, 4, 0}},
     0,
     {{0}},
     12,
     {{2, 4, 1, 4}, {4, 4, 3, 2}, {4, 4, 1, 2}, {4, 4, 1, 2}, {4, 4, 1, 0}, {0, 2, 2, 0}, {0, 0, 4, 0}, {0, 1, 0, 0},
      {0, 4, 3, 2}, {0, 4, 2, 2}, {0, 1, 3, 2}, {0, 4, 4, 1}},
     NULL},
    /* team (fog), our team in seats 0 and 2 against frankfurt's (the README's games), seed 103,
     * step 52: it waits in a pocket at (0,3) beside its own bomb at (1,4); the enemy at (1,0)
     * kicks its bomb at (1,1) along row 1, where it stops against that bomb, is set off by it,
     * and burns the pocket. The pruning did not see bombs roll, nor kicks coming. */
    {"a kick into the pocket",
     52,
     {"001a0011114", "0b003004444", "100101111d4", "00101122104", "00010222104", "00112001220", "10122002221",
      "10122180300", "10111c00001", "10000200001", "00000010110"},
     {{0, 3, 0, 4, 0, 1}, {1, 1, 0, 4, 1, 1}, {8, 5, 1, 3, 1, 1}, {2, 9, 0, 4, 0, 1}},
     4,
     {{1, 4, 0, 3, 3, 0}, {7, 8, 2, 3, 2, 0}, {2, 9, 3, 8, 4, 0}, {1, 1, 1, 9, 4, 0}},
     8,
     {{0, 10, 0}, {1, 7, 0}, {1, 8, 0}, {1, 9, 0}, {1, 10, 0}, {2, 10, 0}, {3, 10, 0}, {4, 10, 0}},
     8,
     {{0, 3, 5, 0}, {0, 4, 4, 1}, {0, 1, 1, 4}, {0, 3, 1, 1}, {0, 4, 5, 2}, {0, 5, 2, 2}, {0, 2, 4, 2}, {0, 2, 0, 2}},
     "PommeTeamCompetition-v0"},
};
#define NTRAPS (int)(sizeof traps / sizeof traps[0])

/* Whether the bot (preset: its parameter values, NULL the defaults) survives trap k. */
static int survives_trap(const kit_param_values *preset, int k) {
    const trap *tp = &traps[k];
    static pm_state s, end;
    make_state(&s, pm_config_find(tp->config ? tp->config : "ffa"), tp->rows, (const int (*)[6])tp->agents, tp->bombs, tp->nbombs, tp->flames, tp->nflames,
               tp->step);
    play_from(&pm_bot_search, preset, 0, &s, (const int (*)[PM_MAX_AGENTS])tp->script, tp->steps, tp->steps, 1,
              &end);
    return end.agents[0].alive;
}

static void recorded_traps(void) {
    for (int k = 0; k < NTRAPS; k++) CHECK(survives_trap(NULL, k), "trap '%s': search died in it", traps[k].name);
}

/* seed 7 with the bot in seat 1, step 300: the last SimpleAgent in a pocket one cell deep, the
 * bot below the pocket's one way out; both step into that cell every step and bounce, for the
 * 500 steps left (a tie). From there, with a live SimpleAgent, the bot must win within 200 steps;
 * returns the steps it took (-1: not won). */
static int pocket_endgame(const kit_param_values *preset) {
    static const char *const rows[11] = {"01010010001", "10000000001", "00011010100", "10100010000",
                                         "00100011101", "00000000001", "1011100010d", "000010000b1",
                                         "00101010001", "00000000000", "11001101100"};
    static const int agents[4][6] = {{6, 7, 1, 2, 1, 0}, {7, 9, 4, 4, 1, 1}, {5, 7, 3, 2, 1, 0}, {6, 10, 2, 4, 0, 1}};
    static pm_state s, end;
    make_state(&s, pm_config_find("ffa"), rows, agents, NULL, 0, NULL, 0, 300);
    play_from(&pm_bot_search, preset, 1, &s, NULL, 0, 200, 7, &end);
    unsigned winners = 0;
    return pm_done(&end) && pm_outcome(&end, &winners) == PM_WIN && winners == 2u ? end.step - 300 : -1;
}

static void a_flame_corridor(void) {
    /* agent 0 at (1,1): standing flames right and below (life 1: they stand next step), open
     * above and left; nothing else burns. */
    static const char *const rows[11] = {
        "00000000000", "0a400000000", "04000000000", "00000000000", "00000000000", "00000000000",
        "00000000000", "00000000000", "00000000000", "00000000000", "00000000000"};
    static const int agents[4][6] = {{1, 1, 1, 2, 0, 1}, {9, 9, 1, 2, 0, 1}, {1, 9, 1, 2, 0, 1},
                                     {9, 1, 1, 2, 0, 1}};
    static const pm_flame flames[2] = {{1, 2, 1}, {2, 1, 1}};
    pm_state s;
    make_state(&s, pm_config_find("ffa"), rows, agents, NULL, 0, flames, 2, 50);
    s.board[9 * 11 + 9] = PM_AGENT0 + 1;
    s.board[1 * 11 + 9] = PM_AGENT0 + 2;
    s.board[9 * 11 + 1] = PM_AGENT0 + 3;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        kit_pyrandom shared;
        kit_pyrandom_seed(&shared, 1);
        pm_view view = {.shared = &shared, .log = NULL};
        void *state = NULL;
        pm_observe(&s, 0, &view.obs);
        pm_action a = PM_STOP;
        CHECK(pm_bot_search.init(&state, &view, seed) == DMAP_OK, "corridor: init");
        CHECK(pm_bot_search.decide(state, &view, &a) == DMAP_OK, "corridor: decide");
        CHECK(a != PM_RIGHT && a != PM_DOWN, "corridor seed %d: walked into a flame (%d)", (int)seed, a);
        pm_bot_search.release(state);
    }
}

static void same_seed_same_decisions(void) {
    const pm_config *cfg = pm_config_find("PommeTeamCompetition-v0");
    const pm_bot *bots[4] = {&pm_bot_search, &pm_bot_simple, &pm_bot_search, &pm_bot_simple};
    static kit_param_values small, larger;
    with_sims(&small, 90);
    with_sims(&larger, 180);
    kit_param_values *presets[4] = {&small, NULL, &small, NULL};
    for (uint64_t seed = 3; seed <= 4; seed++) {
        CHECK(play(cfg, bots, presets, seed, &log_a) == DMAP_OK, "seed %d: game a", (int)seed);
        CHECK(play(cfg, bots, presets, seed, &log_b) == DMAP_OK, "seed %d: game b", (int)seed);
        CHECK(log_a.steps == log_b.steps && log_a.result == log_b.result && log_a.winners == log_b.winners,
              "seed %d: games differ (%d/%d steps)", (int)seed, log_a.steps, log_b.steps);
        CHECK(same_actions(&log_a, &log_b),
              "seed %d: actions differ", (int)seed);
    }
    /* the budget changes the search: 180 and 90 simulations play differently somewhere in
     * these games (else the parameter would not reach the bot) */
    int differ = 0;
    kit_param_values *other[4] = {&larger, NULL, &larger, NULL};
    for (uint64_t seed = 3; seed <= 4; seed++) {
        CHECK(play(cfg, bots, presets, seed, &log_a) == DMAP_OK, "seed %d: game a", (int)seed);
        CHECK(play(cfg, bots, other, seed, &log_b) == DMAP_OK, "seed %d: game b", (int)seed);
        differ |= !same_actions(&log_a, &log_b);
    }
    CHECK(differ, "90 and 180 simulations played the same games");
}

/* ---- the radio ---------------------------------------------------------------------------- */

/* The index of `radio` among the parameters. */
static int radio_param(void) {
    for (int i = 0; i < pm_search_params.n; i++)
        if (!strcmp(pm_search_params.p[i].name, "radio")) return i;
    CHECK(0, "search has no parameter radio");
    return 0;
}

typedef struct radio_check {
    pm_state past[4]; /* the states of the last steps, by step count mod 4 */
    pmb_radio_ear ear[PM_MAX_AGENTS];
    int enemies, bombs, wrong, words, steps;
} radio_check;

#define RADIO_STOP 1 /* radio_step's code that ends a game early */

/* After each step of a radio game: what each search seat hears from its teammate (the words of
 * this step, in its next observation), decoded, must be true of the state the report names. */
static int radio_step(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    (void)actions;
    (void)maps;
    radio_check *rc = user;
    for (int i = 0; i < 4; i += 2) {
        pmb_report r;
        const int *w = s->message[(i + 2) % 4];
        rc->words += w[0] || w[1];
        if (!pmb_radio_hear(&rc->ear[i], s->step, w, &r)) continue;
        const pm_state *then = &rc->past[r.step % 4];
        int ok = then->step == r.step;
        if (r.kind == PMB_REPORT_ENEMY) {
            const pm_agent *e = &then->agents[2 * r.who + 1];
            ok = ok && e->alive && e->r == r.r && e->c == r.c;
            rc->enemies++;
        } else {
            const pm_bomb *b = NULL;
            for (int k = 0; k < then->nbombs; k++)
                if (then->bombs[k].r == r.r && then->bombs[k].c == r.c) b = &then->bombs[k];
            int blast = b ? (b->blast < 2 ? 2 : b->blast > 4 ? 4 : b->blast) : 0;
            ok = ok && b && blast == r.blast && (b->life == r.life || b->life == r.life + 1);
            rc->bombs++;
        }
        rc->wrong += !ok;
    }
    rc->past[s->step % 4] = *s;
    return s->step >= rc->steps ? RADIO_STOP : DMAP_OK;
}

/* The words: `search` in seats 0 and 2 of radio games against `simple` (pm_play, which passes
 * the bots' words on; the first 100 steps of two games) says reports, and each one its teammate
 * hears is true (an enemy where it stood, a bomb with its strength and fuse). */
static void radio_reports_are_true(void) {
    const pm_config *cfg = pm_config_find("PommeRadioCompetition-v2");
    char err[200];
    const pm_bot *talker = (const pm_bot *)kit_bot_spec_text(&pm_bot_table, "search:radio=1", err, sizeof err);
    CHECK(talker != NULL, "radio: %s", err);
    if (!talker) return;
    const pm_bot *bots[4] = {talker, &pm_bot_simple, talker, &pm_bot_simple};
    static radio_check rc;
    int enemies = 0, bombs = 0;
    for (uint64_t seed = 1; seed <= 2; seed++) {
        memset(&rc, 0, sizeof rc);
        rc.steps = 100;
        for (int i = 0; i < 4; i++) pmb_radio_clear(&rc.ear[i]);
        pm_game g;
        pm_game_open(&g, cfg, seed);
        rc.past[0] = g.s;
        pm_game_result res;
        int code = pm_play(cfg, bots, seed, radio_step, &rc, 0, NULL, &res);
        CHECK(code == DMAP_OK || code == RADIO_STOP, "radio seed %d: game", (int)seed);
        CHECK(rc.words > 0, "radio seed %d: search said nothing", (int)seed);
        CHECK(rc.wrong == 0, "radio seed %d: %d of %d reports false", (int)seed, rc.wrong, rc.enemies + rc.bombs);
        enemies += rc.enemies;
        bombs += rc.bombs;
    }
    CHECK(enemies > 0 && bombs > 0, "radio: %d enemies and %d bombs reported", enemies, bombs);
    kit_param_seat_free(&talker->info);
    /* the code itself: every report of the alphabet comes back as sent, on the right steps */
    int bad = 0;
    for (int kind = PMB_REPORT_ENEMY; kind <= PMB_REPORT_BOMB; kind++)
        for (int cell = 0; cell < 121; cell++)
            for (int x = 0; x < 5; x++) {
                pmb_report r = {kind, kind == PMB_REPORT_ENEMY ? x & 1 : 0, cell / 11, cell % 11,
                                kind == PMB_REPORT_BOMB ? 2 + x % 3 : 0, kind == PMB_REPORT_BOMB ? 2 * x + 1 : 0, 40},
                           got;
                pmb_radio_ear ear;
                pmb_radio_clear(&ear);
                int w[2];
                pmb_radio_say(&r, 40, w);
                bad += pmb_radio_hear(&ear, 41, w, &got);
                pmb_radio_say(&r, 41, w);
                bad += pmb_radio_hear(&ear, 42, w, &got) != 1 || memcmp(&r, &got, sizeof r);
                pmb_radio_say(&r, 41, w); /* a second half alone says nothing */
                bad += pmb_radio_hear(&ear, 44, w, &got);
            }
    CHECK(bad == 0, "radio: %d reports not decoded as sent", bad);
}

/* The belief: in radio games `search` in seat 0 plays beside a twin that gets the same views but
 * for the teammate's words (0,0); the twin's actions are not played. Before the first report
 * reaches seat 0 the two decide alike (the same seed, the same views); after it, somewhere in
 * these games, they differ: the reports reach the decisions. */
static void radio_belief(void) {
    const pm_config *cfg = pm_config_find("PommeRadioCompetition-v2");
    const pm_bot *bots[4] = {&pm_bot_search, &pm_bot_simple, &pm_bot_search, &pm_bot_simple};
    static kit_param_values third;
    with_sims(&third, 200);
    third.v[radio_param()] = 1;
    static pm_state s;
    int differed = 0, early = 0;
    for (uint64_t seed = 1; seed <= 3 && !differed; seed++) {
        kit_pyrandom shared, twin_shared;
        kit_pyrandom_seed(&shared, (int64_t)seed);
        pm_reset(&s, cfg, &shared);
        twin_shared = shared;
        void *state[PM_MAX_AGENTS] = {0}, *twin = &third;
        pm_view view = {.shared = &shared, .log = NULL}, tview = {.shared = &twin_shared, .log = NULL};
        for (int i = 0; i < 4; i++) {
            pm_observe(&s, i, &view.obs);
            state[i] = bots[i] == &pm_bot_search ? (void *)&third : NULL;
            CHECK(bots[i]->init(&state[i], &view, pm_bot_seed(seed, i)) == DMAP_OK, "radio twin: init");
        }
        pm_observe(&s, 0, &tview.obs);
        CHECK(pm_bot_search.init(&twin, &tview, pm_bot_seed(seed, 0)) == DMAP_OK, "radio twin: init");
        pmb_radio_ear ear;
        pmb_radio_clear(&ear);
        int heard = 0;
        while (!pm_done(&s) && s.agents[0].alive && !differed) {
            int actions[PM_MAX_AGENTS], said[PM_MAX_AGENTS][2] = {{0}}, ta = PM_STOP;
            pmb_report r;
            heard |= pmb_radio_hear(&ear, s.step, s.message[2], &r);
            for (int i = 0; i < 4; i++) {
                actions[i] = PM_STOP;
                if (!pm_agent_acts(&s, i)) continue;
                pm_observe(&s, i, &view.obs);
                view.say = said[i];
                CHECK(bots[i]->decide(state[i], &view, &actions[i]) == DMAP_OK, "radio twin: decide");
                if (i) continue;
                tview.obs = view.obs;
                tview.obs.message[0] = tview.obs.message[1] = 0;
                CHECK(pm_bot_search.decide(twin, &tview, &ta) == DMAP_OK, "radio twin: decide");
                if (ta != actions[0]) differed = 1, early = !heard;
            }
            pm_step_radio(&s, actions, (const int (*)[2])said);
        }
        for (int i = 0; i < 4; i++) bots[i]->release(state[i]);
        pm_bot_search.release(twin);
    }
    CHECK(differed, "radio twin: the teammate's words never changed a decision");
    CHECK(!early, "radio twin: the decisions differed before any report was heard");
}

static void in_the_table(void) {
    CHECK(kit_bot_find(&pm_bot_table, "search") == &pm_bot_search.info, "search by name");
    CHECK(kit_bot_params(&pm_bot_table, &pm_bot_search.info) == &pm_search_params, "its parameters");
    /* more than 32 parameters: the last one parses beside the first, and twice is an error */
    CHECK(pm_search_params.n > 32 && pm_search_params.n <= KIT_PARAM_MAX, "%d parameters", pm_search_params.n);
    kit_param_values v;
    char spec[200], err[256];
    const char *last = pm_search_params.p[pm_search_params.n - 1].name;
    /* 1: within the range of every parameter, whole or not */
    snprintf(spec, sizeof spec, "sims=600:%s=1", last);
    kit_param_defaults(&pm_search_params, &v);
    CHECK(!kit_param_parse("search", &pm_search_params, spec, &v, err, sizeof err) &&
              v.v[pm_search_params.n - 1] == 1,
          "spec %s: %s", spec, err);
    snprintf(spec, sizeof spec, "%s=1:%s=1", last, last);
    CHECK(kit_param_parse("search", &pm_search_params, spec, &v, err, sizeof err) && strstr(err, "twice"),
          "spec %s: accepted", spec);
}

/* --timing CONFIG GAMES SPEC OPPONENT: games of `search` with the spec's values (seats 0 and 2
 * in team games, seat 0 otherwise) against OPPONENT in the other seats, seeds 1..GAMES; prints
 * the decisions' mean and worst thread CPU time and the games' results for the search seats. */
static int timing(char **argv) {
    const pm_config *cfg = pm_config_find(argv[0]);
    long games = strtol(argv[1], NULL, 10);
    const char *spec = strchr(argv[2], ':') ? strchr(argv[2], ':') + 1 : "";
    const kit_bot_info *opp = kit_bot_find(&pm_bot_table, argv[3]);
    kit_param_values vals;
    kit_param_defaults(&pm_search_params, &vals);
    char err[256];
    if (!cfg || games < 1 || !opp || kit_param_parse("search", &pm_search_params, spec, &vals, err, sizeof err)) {
        fprintf(stderr, "test_pommerman_search: --timing CONFIG GAMES search[:NAME=VALUE...] OPPONENT\n");
        return 2;
    }
    int team = cfg->game_type == PM_GAME_TEAM || cfg->game_type == PM_GAME_TEAM_RADIO;
    const pm_bot *bots[4];
    kit_param_values *presets[4] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < 4; i++) {
        int mine = i == 0 || (team && i == 2);
        bots[i] = mine ? &pm_bot_search : (const pm_bot *)opp;
        if (mine) presets[i] = &vals;
    }
    long decisions = 0, wins = 0, ties = 0;
    int64_t ns = 0, worst = 0;
    for (long g = 1; g <= games; g++) {
        if (play(cfg, bots, presets, (uint64_t)g, &log_a) != DMAP_OK) return 1;
        decisions += log_a.decisions;
        ns += log_a.search_ns;
        if (log_a.search_max_ns > worst) worst = log_a.search_max_ns;
        wins += log_a.result == PM_WIN && (log_a.winners & 1u);
        ties += log_a.result == PM_TIE;
    }
    printf("%s %s vs %s: %ld games, wins %ld, ties %ld; %ld decisions, mean %.3f ms, worst %.3f ms\n",
           cfg->name, argv[2], argv[3], games, wins, ties, decisions, (double)ns / (double)decisions / 1e6,
           (double)worst / 1e6);
    return 0;
}

/* The values of a report tool's argument search[:NAME=VALUE...] in *v; 0, or 2 with one line on
 * stderr naming the flag. */
static int report_spec(const char *flag, const char *arg, kit_param_values *v) {
    const char *colon = strchr(arg, ':'), *spec = colon ? colon + 1 : "";
    size_t name = colon ? (size_t)(colon - arg) : strlen(arg);
    char err[256];
    if (name != strlen("search") || strncmp(arg, "search", name)) {
        fprintf(stderr, "test_pommerman_search: %s search[:NAME=VALUE...]: '%s' is not the search bot\n", flag, arg);
        return 2;
    }
    kit_param_defaults(&pm_search_params, v);
    if (!kit_param_parse("search", &pm_search_params, spec, v, err, sizeof err)) return 0;
    fprintf(stderr, "test_pommerman_search: %s search[:NAME=VALUE...]: %s\n", flag, err);
    return 2;
}

/* --traps SPEC: which recorded traps the spec survives. */
static int trap_report(const char *arg) {
    kit_param_values vals;
    if (report_spec("--traps", arg, &vals)) return 2;
    for (int k = 0; k < NTRAPS; k++) printf("%s: %s\n", traps[k].name, survives_trap(&vals, k) ? "survives" : "dies");
    printf("pocket endgame: %d steps\n", pocket_endgame(&vals));
    return 0;
}

/* The first decision of the bot (preset: its values) in seat `seat` of state s, seed `seed`; with
 * burn, also the value at cell c of the burn map it publishes then (left as is without one). */
static int decide_once(const kit_param_values *preset, int seat, const pm_state *s, uint64_t seed,
                       int c, double *burn) {
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, 1);
    pm_view view = {.shared = &shared, .log = NULL};
    void *state = (void *)preset;
    pm_action a = PM_STOP;
    pm_observe(s, seat, &view.obs);
    CHECK(pm_bot_search.init(&state, &view, seed) == DMAP_OK, "first decision: init");
    CHECK(pm_bot_search.decide(state, &view, &a) == DMAP_OK, "first decision: decide");
    if (burn) {
        kit_map maps[KIT_MAX_MAPS];
        int nm = pm_bot_search.maps(state, maps, KIT_MAX_MAPS);
        for (int k = 0; k < nm; k++)
            if (!strcmp(maps[k].name, "burn")) *burn = maps[k].values[c];
    }
    pm_bot_search.release(state);
    return a;
}

static int first_decision(const kit_param_values *preset, int seat, const pm_state *s, uint64_t seed) {
    return decide_once(preset, seat, s, seed, -1, NULL);
}

/* In how many of the seeds 1..20 the bot (seat 0, preset) answers action in s first. */
static int seeds_choosing(const kit_param_values *preset, const pm_state *s, int action) {
    int n = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) n += first_decision(preset, 0, s, seed) == action;
    return n;
}

/* FFA positions where my action (a bomb, a move to the pocket's mouth, a kick) leaves agent 1 no
 * way out. */
typedef struct kill_case {
    const char *name;
    const char *rows[11];
    int agents[4][6];
    int nbombs;
    pm_bomb bombs[4];
    int action; /* the killing action */
} kill_case;

static const kill_case kills[] = {
    {"an enemy in a pocket",
     {"b0a10000000", "11010000000", "00000000000", "00000000000", "00000000000", "00000000000",
      "00000000000", "00000000000", "00000000000", "00000000000", "c000000000d"},
     {{0, 2, 1, 3, 0, 1}, {0, 0, 1, 2, 0, 1}, {10, 0, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 1}},
     0,
     {{0}},
     PM_LAY_BOMB},
    {"the pocket's mouth a step away",
     {"b0010000000", "11a10000000", "00000000000", "00000000000", "00000000000", "00000000000",
      "00000000000", "00000000000", "00000000000", "00000000000", "c000000000d"},
     {{1, 2, 1, 3, 0, 1}, {0, 0, 1, 2, 0, 1}, {10, 0, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 1}},
     0,
     {{0}},
     PM_UP},
    {"my bomb kicked into the pocket",
     {"b03a1000000", "11100000000", "00000000000", "00000000000", "00000000000", "00000000000",
      "00000000000", "00000000000", "00000000000", "00000000000", "c000000000d"},
     {{0, 3, 0, 2, 1, 1}, {0, 0, 1, 2, 0, 1}, {10, 0, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 1}},
     1,
     {{0, 2, 0, 6, 2, 0}},
     PM_LEFT},
};
#define NKILLS (int)(sizeof kills / sizeof kills[0])

static void kill_state(pm_state *s, int k) {
    const kill_case *kc = &kills[k];
    make_state(s, pm_config_find("ffa"), kc->rows, (const int (*)[6])kc->agents, kc->bombs, kc->nbombs, NULL, 0, 100);
}

/* The bot's first action in kill position k. */
static int kill_found(const kit_param_values *preset, int k, uint64_t seed) {
    static pm_state s;
    kill_state(&s, k);
    return first_decision(preset, 0, &s, seed);
}

/* Whether, played on for 14 steps with SimpleAgents in the other seats, the bot with `preset`
 * kills agent 1 and lives. */
static int kill_played(const kit_param_values *preset, int k) {
    static pm_state s, end;
    kill_state(&s, k);
    play_from(&pm_bot_search, preset, 0, &s, NULL, 0, 14, 1, &end);
    return end.agents[0].alive && !end.agents[1].alive;
}

/* --kills SPEC: for each kill position, in how many of 20 seeds the spec plays the killing action
 * first, and whether, played on, it kills. */
static int kill_report(const char *arg) {
    kit_param_values vals;
    if (report_spec("--kills", arg, &vals)) return 2;
    for (int k = 0; k < NKILLS; k++) {
        int found = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) found += kill_found(&vals, k, seed) == kills[k].action;
        printf("%s: %d of 20; played on: %s\n", kills[k].name, found, kill_played(&vals, k) ? "killed" : "no kill");
    }
    return 0;
}

/* The values of a spec's NAME=VALUE list (the defaults elsewhere). */
static kit_param_values *spec_values(const char *spec, kit_param_values *v) {
    char err[256];
    kit_param_defaults(&pm_search_params, v);
    CHECK(!kit_param_parse("search", &pm_search_params, spec, v, err, sizeof err), "spec %s: %s", spec, err);
    return v;
}

/* The offense: in each kill position the bot plays the killing action for every seed and, played
 * on against SimpleAgents, kills; with the simulations blind to the kill (2 steps of rollout, no
 * share for a leaf without escape, no prior, no desire) the kill checks alone still find it, and
 * without them (kill=0:kill2=0) the same bot does not; a bomb the enemy may kick away (the
 * pocket's far side open) is no kill, unless kicks are foreseen only from enemies seen kicking. My bomb kicked into the pocket is a kill the bot before the offense
 * (kill=0:pocket=0:kill2=0:late=0) misses. In the pocket endgame the desire of trapping cells
 * (`pocket`) wins in fewer steps than without it (the bot without replies). */
static void offense(void) {
    static kit_param_values blind, blind_off, old, no_pocket;
    spec_values("depth=2:trapped=0:prior=0:desire=0", &blind);
    spec_values("depth=2:trapped=0:prior=0:desire=0:kill=0:kill2=0", &blind_off);
    spec_values("kill=0:pocket=0:kill2=0:late=0", &old);
    spec_values("reply=0:pocket=0", &no_pocket);
    for (int k = 0; k < NKILLS; k++) {
        int dflt = 0, alone = 0, without = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            dflt += kill_found(NULL, k, seed) == kills[k].action;
            alone += kill_found(&blind, k, seed) == kills[k].action;
            without += kill_found(&blind_off, k, seed) == kills[k].action;
        }
        CHECK(dflt == 20, "kill '%s': the killing action in %d of 20 seeds", kills[k].name, dflt);
        CHECK(alone == 20, "kill '%s': the kill checks alone found it in %d of 20 seeds", kills[k].name, alone);
        CHECK(without < 10, "kill '%s': found in %d of 20 seeds without the kill checks (the position tests "
              "nothing)", kills[k].name, without);
        CHECK(kill_played(NULL, k), "kill '%s': played on, no kill", kills[k].name);
    }
    CHECK(!kill_played(&old, 2), "kill '%s': the bot before the offense was expected to miss it", kills[2].name);
    /* the pocket with its far side open: an enemy that kicks my bomb out of the mouth escapes */
    static pm_state s;
    static kit_param_values blind_seen;
    spec_values("depth=2:trapped=0:prior=0:desire=0:kicks=1", &blind_seen);
    kill_state(&s, 0);
    s.board[3] = PM_PASSAGE;
    int laid = seeds_choosing(&blind, &s, PM_LAY_BOMB), laid_seen = seeds_choosing(&blind_seen, &s, PM_LAY_BOMB);
    CHECK(laid < 10, "a bomb that may be kicked away counted as a kill (%d of 20 seeds bomb)", laid);
    CHECK(laid_seen == 20, "no kick seen (kicks=1): the kill was found in %d of 20 seeds", laid_seen);
    /* (the bot without replies: with them it wins there as fast without `pocket`) */
    static kit_param_values no_reply;
    spec_values("reply=0", &no_reply);
    int with = pocket_endgame(&no_reply), without = pocket_endgame(&no_pocket);
    CHECK(with >= 0 && (without < 0 || with < without), "pocket endgame: %d steps, %d without `pocket`", with,
          without);
}

/* Whether the bot (preset) in seat 0 of state s is alive after `steps` steps when at the first
 * step enemy e plays `reply` and the others stand, every other seat a SimpleAgent (stream 1)
 * after it. */
static int survives_reply(const kit_param_values *preset, const pm_state *start, int e, int reply, int steps) {
    static pm_state end;
    int first[1][PM_MAX_AGENTS] = {{0}};
    first[0][e] = reply;
    play_from(&pm_bot_search, preset, 0, start, (const int (*)[PM_MAX_AGENTS])first, 1, steps, 1, &end);
    return end.agents[0].alive;
}

/* The nearest enemy's reply searched (`reply`): FFA, me at (5,1) in a dead end below (4,1),
 * wood below me; agent 1 at (4,2), beside my one way out. A bomb of mine looks good to the
 * rollouts, where the enemy plays SimpleAgent; the enemy's bomb in reply (its blast over my way
 * out) then leaves me, with the enemy playing SimpleAgent after it, dead. */
static void reply_state(pm_state *s) {
    static const char *const rows[11] = {"00111102102", "00002200001", "10012110100", "10101201001",
                                         "10b10000101", "1a102000121", "02120000000", "00012000100",
                                         "10101101002", "20000220000", "21011100220"};
    static const int agents[4][6] = {{5, 1, 1, 4, 1, 1}, {4, 2, 1, 4, 0, 1}, {9, 9, 1, 2, 0, 0}, {1, 9, 1, 2, 0, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, NULL, 0, NULL, 0, 100);
}

/* The reports' first line: the spec's first actions in s over seeds 1 to 20, as counts of stop,
 * up, down, left, right and bomb (no newline). */
static void print_first_actions(const kit_param_values *v, const pm_state *s) {
    int counts[PM_NUM_ACTIONS] = {0};
    for (uint64_t seed = 1; seed <= 20; seed++) counts[first_decision(v, 0, s, seed)]++;
    printf("first actions (stop up down left right bomb):");
    for (int a = 0; a < PM_NUM_ACTIONS; a++) printf(" %d", counts[a]);
}

/* A position's report (`--dead`, `--kick`, `--kick-reply`, `--trap`): the spec's first actions
 * over 20 seeds in the position `make` builds (counts of stop, up, down, left, right, bomb), then,
 * with a script for the others (`survives`), whether it lives through it, printed after the
 * words `after`. */
static int position_report(const char *flag, const char *arg, void (*make)(pm_state *),
                           int (*survives)(const kit_param_values *), const char *after) {
    static kit_param_values v;
    static pm_state s;
    if (report_spec(flag, arg, &v)) return 2;
    make(&s);
    print_first_actions(&v, &s);
    printf("\n");
    if (survives) printf("%s: %s\n", after, survives(&v) ? "survives" : "dies");
    return 0;
}

/* --replies SPEC: in the reply position, the spec's first actions over 20 seeds (counts of stop,
 * up, down, left, right, bomb), and whether it lives when the enemy plays each reply first. */
static int reply_report(const char *arg) {
    static kit_param_values v;
    static pm_state s;
    if (report_spec("--replies", arg, &v)) return 2;
    reply_state(&s);
    print_first_actions(&v, &s);
    printf("\nlives after the enemy's reply (stop up down left right bomb):");
    for (int r = 0; r < PM_NUM_ACTIONS; r++) printf(" %d", survives_reply(&v, &s, 1, r, 12));
    printf("\n");
    return 0;
}

/* The replies: in the reply position the bot without them bombs and dies when the enemy bombs
 * in reply; with `reply` worth their worst alone (reply_model=0) it mostly steps out and lives
 * whatever the enemy's first action. Games with replies are the same for the same seed and
 * budget, and differ from those without. The model's share (`reply_model`): in the recorded
 * position "bouncing in the only way out" the worst replies alone lead the bot into the bounce
 * the model foresees, and it dies there; with the share it lives there and in every other
 * recorded position, and it wins the pocket endgame in fewer steps than without it. */
static void replies(void) {
    static kit_param_values off, on, on_small, off_small, blend; /* on: the worst replies alone */
    static pm_state s;
    /* the replies as measured, beside the bot before `dead_end` (with it, reply=4 dies in the
     * bounce) */
    spec_values("reply=0:dead_end=0", &off);
    spec_values("reply=4:reply_model=0:dead_end=0", &on);
    spec_values("reply=4:reply_model=0.5:dead_end=0", &blend);
    int bounce = -1;
    for (int k = 0; k < NTRAPS; k++)
        if (!strcmp(traps[k].name, "bouncing in the only way out")) bounce = k;
    CHECK(bounce >= 0 && !survives_trap(&on, bounce), "replies: the worst replies alone were expected "
          "to die in the bounce (the position tests nothing)");
    for (int k = 0; k < NTRAPS; k++)
        CHECK(survives_trap(&blend, k), "trap '%s': search:reply=4:dead_end=0 (the model's share 0.5) died in it", traps[k].name);
    int blended = pocket_endgame(&blend), worst = pocket_endgame(&on);
    CHECK(blended >= 0 && (worst < 0 || blended < worst), "pocket endgame: %d steps, %d with the worst replies "
          "alone", blended, worst);
    reply_state(&s);
    int bomb_off = seeds_choosing(&off, &s, PM_LAY_BOMB), bomb_on = seeds_choosing(&on, &s, PM_LAY_BOMB);
    CHECK(bomb_off >= 15, "reply position: without replies the bot bombed in %d of 20 seeds (the position "
          "tests nothing)", bomb_off);
    CHECK(bomb_on < 10, "reply position: with replies the bot bombed in %d of 20 seeds", bomb_on);
    CHECK(!survives_reply(&off, &s, 1, PM_LAY_BOMB, 12), "reply position: the bot without replies survived "
          "the enemy's bomb");
    for (int r = 0; r < PM_NUM_ACTIONS; r++)
        CHECK(survives_reply(&on, &s, 1, r, 12), "reply position: with replies it died after reply %d", r);
    /* the same games for the same seed and budget; other games than without replies */
    const pm_config *cfg = pm_config_find("PommeTeamCompetition-v0");
    const pm_bot *bots[4] = {&pm_bot_search, &pm_bot_simple, &pm_bot_search, &pm_bot_simple};
    spec_values("reply=4:sims=90", &on_small);
    spec_values("reply=0:sims=90", &off_small);
    kit_param_values *with[4] = {&on_small, NULL, &on_small, NULL}, *without[4] = {&off_small, NULL, &off_small, NULL};
    CHECK(play(cfg, bots, with, 3, &log_a) == DMAP_OK && play(cfg, bots, with, 3, &log_b) == DMAP_OK,
          "replies: games failed");
    CHECK(same_actions(&log_a, &log_b),
          "replies: the same seed played different games");
    CHECK(play(cfg, bots, without, 3, &log_b) == DMAP_OK, "replies: game without replies failed");
    CHECK(!same_actions(&log_a, &log_b),
          "replies: the same game with and without them");
}

/* The dead-end position (team, fog; our team in seats 0 and 2 against frankfurt's, seed 263,
 * step 63): the bot at (4,2), at the end of a pocket whose one way out is (4,1); the enemy at
 * (3,1), a step from that cell, its bomb at (2,1) (fuse 6, strength 4) covering the column below
 * it. The bot laid a bomb there; the enemy stepped into (4,1), where the bot's step out bounced,
 * and bombed it: the chain from (2,1) burnt the pocket. */
static void dead_end_state(pm_state *s) {
    static const char *const rows[11] = {"01001000101", "10000000000", "03018101001", "0d101110001",
                                         "10a10122121", "00111011120", "00812100002", "00107104000",
                                         "10001144400", "00000004000", "1011100bc00"};
    static const int agents[4][6] = {{4, 2, 1, 2, 1, 1}, {10, 7, 2, 2, 1, 1}, {10, 8, 1, 3, 0, 1}, {3, 1, 2, 4, 0, 1}};
    static const pm_bomb bombs[1] = {{2, 1, 3, 6, 4, 0}};
    static const pm_flame flames[5] = {{7, 7, 1}, {8, 6, 1}, {8, 7, 1}, {8, 8, 1}, {9, 7, 1}};
    make_state(s, pm_config_find("PommeTeamCompetition-v0"), rows, agents, bombs, 1, flames, 5, 63);
}

/* The other seats' recorded actions from the dead-end position on. */
static const int dead_end_script[12][PM_MAX_AGENTS] = {
    {5, 4, 0, 2}, {3, 4, 0, 5}, {3, 1, 0, 2}, {3, 5, 3, 2}, {0, 2, 3, 4}, {0, 3, 5, 0},
    {0, 3, 3, 0}, {0, 4, 1, 5}, {0, 5, 3, 0}, {0, 1, 3, 3}, {0, 1, 1, 2}, {0, 1, 1, 2}};

/* Whether the bot (preset: its parameter values) is alive after the recorded script. */
static int survives_dead_end(const kit_param_values *preset) {
    static pm_state s, end;
    dead_end_state(&s);
    play_from(&pm_bot_search, preset, 0, &s, dead_end_script, 12, 12, 1, &end);
    return end.agents[0].alive;
}

/* The burn map the bot publishes (its belief's timing: steps until each cell burns) at cell c
 * after its first decision from state s (seat 0, seed 1), with the preset's values; -1 without
 * one. */
static double published_burn(const kit_param_values *preset, const pm_state *s, int c) {
    double t = -1;
    decide_once(preset, 0, s, 1, c, &t);
    return t;
}

/* A bomb rolling into a flame (`roll_flames`): a bomb rolls left along row 1 toward a flame at
 * (1,6) that still stands when it gets there; the engine sets it off there, and its blast runs
 * down column 6 to (3,6), where I stand. The burn map of the bot with `roll_flames` says (3,6)
 * burns on the step the engine burns it (the engine played on, every agent standing); without
 * it, on the bomb's fuse. */
static void rolling_into_flames(void) {
    static const char *const rows[11] = {"b0000000000", "00000000000", "00000000000", "00000010000",
                                         "00000000000", "00000000000", "00000000000", "00000000000",
                                         "00000000000", "00000000000", "c000000000d"};
    static const int agents[4][6] = {{3, 6, 1, 2, 0, 1}, {0, 0, 1, 2, 0, 1}, {10, 0, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 1}};
    static const pm_bomb bombs[1] = {{1, 8, 1, 7, 4, PM_LEFT}};
    static const pm_flame flames[1] = {{1, 6, 2}};
    static pm_state s, w;
    static kit_param_values on, off;
    make_state(&s, pm_config_find("ffa"), rows, agents, bombs, 1, flames, 1, 100);
    s.board[1 * 11 + 8] = PM_BOMB;
    s.board[1 * 11 + 6] = PM_FLAMES;
    s.board[3 * 11 + 6] = PM_AGENT0;
    int cell = 3 * 11 + 6, burnt = -1;
    w = s;
    for (int t = 1; t <= 12 && burnt < 0; t++) {
        int stop[PM_MAX_AGENTS] = {0};
        pm_step(&w, stop);
        if (w.board[cell] == PM_FLAMES || !w.agents[0].alive) burnt = t;
    }
    spec_values("roll_flames=1", &on);
    spec_values("roll_flames=0", &off);
    double with = published_burn(&on, &s, cell), without = published_burn(&off, &s, cell);
    CHECK(burnt > 0 && burnt < 7, "rolling into flames: the engine burnt (3,6) at step %d (the position tests "
          "nothing)", burnt);
    CHECK(with == burnt, "rolling into flames: the bot with roll_flames expects (3,6) to burn at %g, the "
          "engine burnt it at %d", with, burnt);
    CHECK(without > burnt, "rolling into flames: without roll_flames it expected (3,6) to burn at %g (the "
          "position tests nothing)", without);
}

/* The kick position (FFA, made up after the deaths "a bomb kicked into it" against frankfurt): I
 * stand at (5,8) in a corridor (row 5) whose right end (5,9)-(5,10) is closed, a power-up at
 * (5,10); the one way off the row near me is the gap (6,7) down to row 7. Enemy 1 (it may kick)
 * stands at (4,3), a step above (5,3), the cell behind its bomb at (5,4) (fuse 5, strength 3),
 * whose blast alone never reaches me. Kicked along row 5 two steps from now, the bomb rolls toward
 * me and goes off in the corridor, its blast down the gap to row 7: from (5,9) the way out is
 * too long. */
#define KICK_LIFE 5
static void kick_state(pm_state *s) {
    static const char *const rows[11] = {"11111111111", "11111111111", "11111111111", "11111111111",
                                         "111b1111111", "00003000a07", "10111110111", "00000000000",
                                         "11111111111", "11111111111", "11111111111"};
    static const int agents[4][6] = {{5, 8, 1, 2, 0, 1}, {4, 3, 0, 3, 1, 1}, {0, 0, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    static const pm_bomb bombs[1] = {{5, 4, 1, KICK_LIFE, 3, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, bombs, 1, NULL, 0, 100);
}

/* The enemy's kick: a step down to (5,3), then right into its bomb; then it stands. */
static const int kick_script[2][PM_MAX_AGENTS] = {{0, PM_DOWN, 0, 0}, {0, PM_RIGHT, 0, 0}};

/* Whether the bot (preset: its values) is alive 10 steps after the kick position, the enemy
 * kicking. */
static int survives_kick(const kit_param_values *preset) {
    static pm_state s, end;
    kick_state(&s);
    play_from(&pm_bot_search, preset, 0, &s, kick_script, 2, 10, 1, &end);
    return end.agents[0].alive;
}

/* The kicks (`kick_risk`): in the kick position the bot without them steps toward the power-up,
 * deeper into the corridor, and dies when the enemy walks behind its bomb and kicks it; with them
 * it stays a step from the gap and lives. The enemy is not beside its bomb: with `kick_reach` 0
 * the bot does not weigh the kick, and steps in. */
static void kicks(void) {
    static kit_param_values on, near_only;
    spec_values("kick_risk=0.2", &on);
    spec_values("kick_risk=0.2:kick_reach=0", &near_only);
    static pm_state s;
    kick_state(&s);
    int in_off = seeds_choosing(NULL, &s, PM_RIGHT),
        in_near = seeds_choosing(&near_only, &s, PM_RIGHT),
        stay_on = seeds_choosing(&on, &s, PM_STOP);
    CHECK(in_off >= 15, "kick position: without kick_risk the bot stepped in in %d of 20 seeds (the position tests "
          "nothing)", in_off);
    CHECK(in_near >= 15, "kick position: with kick_reach=0 the bot stepped in in %d of 20 seeds", in_near);
    CHECK(stay_on >= 18, "kick position: with kick_risk the bot stayed in %d of 20 seeds", stay_on);
    CHECK(!survives_kick(NULL), "kick position: the bot without kick_risk survived the kick (the position tests "
          "nothing)");
    CHECK(survives_kick(&on), "kick position: with kick_risk the bot died");
}

/* The enemies' kicks in the rollouts (`sim_kick`): in the kick position the bot without them steps
 * toward the power-up and dies when the enemy kicks; with them (every enemy may kick in the
 * rollouts) it never steps in and lives. With `sim_kickers` 1 only the enemies seen taking a kick
 * or kicking kick in the rollouts: this one was not seen doing either (the bot's first view), so
 * the bot steps in as without them. */
static void sim_kicks(void) {
    static kit_param_values on, seen;
    spec_values("sim_kick=0.5", &on);
    spec_values("sim_kick=0.5:sim_kickers=1", &seen);
    static pm_state s;
    kick_state(&s);
    int in_on = seeds_choosing(&on, &s, PM_RIGHT), in_seen = seeds_choosing(&seen, &s, PM_RIGHT);
    CHECK(in_on == 0, "kick position: with sim_kick the bot stepped in in %d of 20 seeds", in_on);
    CHECK(in_seen >= 15, "kick position: with sim_kick:sim_kickers=1 (no kick seen) the bot stepped in in %d of 20 "
          "seeds", in_seen);
    CHECK(survives_kick(&on), "kick position: with sim_kick the bot died");
}

/* The kick position with the enemy a step farther: (3,3) open above (4,3), the enemy there, two
 * steps from (5,3), the cell behind its bomb. */
static void far_kick_state(pm_state *s) {
    kick_state(s);
    s->board[4 * 11 + 3] = PM_PASSAGE;
    s->board[3 * 11 + 3] = PM_AGENT0 + 1;
    s->agents[1].r = 3;
}

/* The kick position with a second enemy below the gap: agent 2 at (7,7) may lay a bomb in the gap
 * (6,7) next step, and the bomb at (5,4) burns the whole corridor (strength 7): then no action has
 * a way out, so the pruning's filter of the enemies' bombs has no opinion. */
static void gap_kick_state(pm_state *s) {
    kick_state(s);
    s->bombs[0].blast = 7;
    s->agents[2] = (pm_agent){7, 8, 1, 2, 0, 1};
    s->board[7 * 11 + 8] = PM_AGENT0 + 2;
}

/* Whether the bot (preset: its values) is alive 10 steps after the gap-kick position, the enemy
 * kicking as in the kick position (the others then play SimpleAgent). */
static int survives_gap_kick(const kit_param_values *preset) {
    static pm_state s, end;
    gap_kick_state(&s);
    play_from(&pm_bot_search, preset, 0, &s, kick_script, 2, 10, 1, &end);
    return end.agents[0].alive;
}

/* The walked kicks in the pruning (`kick_walk`): in the kick position the defaults step toward the
 * power-up and die when the enemy walks behind its bomb and kicks it (the pruning's kicks are
 * those of a bomb beside an enemy); with kick_walk=1 the kicks filter weighs the kick after the
 * enemy's step, and the bot stays a step from the gap and lives. Two steps away, kick_walk=1 does
 * not see that kick and steps in; kick_walk=2 stays. In the gap-kick position every action fails
 * the filter of the enemies' bombs, which then has no opinion: the defaults weigh no kick after
 * it, step toward the power-up and die in the kick; with kick_walk=1 the kicks filter still
 * applies, and the bot steps toward the gap and lives. */
static void walked_kicks(void) {
    static kit_param_values one, two;
    spec_values("kick_walk=1", &one);
    spec_values("kick_walk=2", &two);
    static pm_state s;
    kick_state(&s);
    int in_off = seeds_choosing(NULL, &s, PM_RIGHT), stay_one = seeds_choosing(&one, &s, PM_STOP);
    CHECK(in_off >= 15, "kick position: the defaults stepped in in %d of 20 seeds (the position tests nothing)",
          in_off);
    CHECK(stay_one >= 18, "kick position: with kick_walk=1 the bot stayed in %d of 20 seeds", stay_one);
    CHECK(survives_kick(&one), "kick position: with kick_walk=1 the bot died");
    far_kick_state(&s);
    int in_far_one = seeds_choosing(&one, &s, PM_RIGHT), stay_far_two = seeds_choosing(&two, &s, PM_STOP);
    CHECK(in_far_one >= 15, "far kick position: with kick_walk=1 the bot stepped in in %d of 20 seeds (the "
          "position tests nothing)", in_far_one);
    CHECK(stay_far_two >= 18, "far kick position: with kick_walk=2 the bot stayed in %d of 20 seeds", stay_far_two);
    gap_kick_state(&s);
    int in_gap = seeds_choosing(NULL, &s, PM_RIGHT), out_gap = seeds_choosing(&one, &s, PM_LEFT);
    CHECK(in_gap >= 15, "gap-kick position: the defaults stepped in in %d of 20 seeds (the position tests nothing)",
          in_gap);
    CHECK(out_gap >= 18, "gap-kick position: with kick_walk=1 the bot stepped to the gap in %d of 20 seeds", out_gap);
    CHECK(!survives_gap_kick(NULL), "gap-kick position: the defaults survived the kick (the position tests nothing)");
    CHECK(survives_gap_kick(&one), "gap-kick position: with kick_walk=1 the bot died");
}

/* The kick-reply position (FFA, made up): the kick position's corridor (row 5, closed beyond the
 * power-up at (5,10), the gap (6,7) down to two open rows), I at (5,8); enemy 1 (it may kick, but
 * was never seen doing it) stands at (5,4), four steps from me, beside its bomb at (5,5) (fuse 7,
 * strength 4): its blast alone stops at (5,8), so a step right, toward the power-up, is safe
 * from it. Kicked now, the bomb rolls along row 5 and stops against me at the corridor's end,
 * where it burns all of it: only a step left, to the gap, gets out before it shuts the way.
 * The pruning's kicks see the cells a rolled bomb burns, not the way it shuts: both steps pass. */
static void kick_reply_state(pm_state *s) {
    static const char *const rows[11] = {"11111111111", "11111111111", "11111111111", "11111111111",
                                         "11111111111", "0000b300a07", "10111110111", "00000000000",
                                         "00000000000", "11111111111", "11111111111"};
    static const int agents[4][6] = {{5, 8, 1, 2, 0, 1}, {5, 4, 0, 3, 1, 1}, {0, 0, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    static const pm_bomb bombs[1] = {{5, 5, 1, 7, 4, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, bombs, 1, NULL, 0, 100);
}

/* The enemy's kick: right into its bomb, now; then the others play SimpleAgent. */
static const int kick_reply_script[1][PM_MAX_AGENTS] = {{0, PM_RIGHT, 0, 0}};

/* Whether the bot (preset: its values) is alive 10 steps after the kick-reply position, the enemy
 * kicking on the first step. */
static int survives_kick_reply(const kit_param_values *preset) {
    static pm_state s, end;
    kick_reply_state(&s);
    play_from(&pm_bot_search, preset, 0, &s, kick_reply_script, 1, 10, 1, &end);
    return end.agents[0].alive;
}

/* The kick among the replies (`reply_kick`): in the kick-reply position `reply=4` offers the
 * enemy's move into its bomb as a reply, but in the simulation's copy the enemy, never seen
 * kicking, has no kick, so the reply plays as a stop: the bot steps right and dies when the
 * enemy kicks. With `reply_kick` that reply is the kick, the worst of the replies: the bot steps
 * left to the gap and lives. */
static void reply_kicks(void) {
    static kit_param_values plain, kick;
    spec_values("reply=4", &plain);
    spec_values("reply=4:reply_kick=1", &kick);
    static pm_state s;
    kick_reply_state(&s);
    int in_plain = seeds_choosing(&plain, &s, PM_RIGHT), out_kick = seeds_choosing(&kick, &s, PM_LEFT);
    CHECK(in_plain >= 15, "kick-reply position: with reply=4 the bot stepped right in %d of 20 seeds (the "
          "position tests nothing)", in_plain);
    CHECK(out_kick >= 18, "kick-reply position: with reply=4:reply_kick=1 the bot stepped to the gap in %d of 20 "
          "seeds", out_kick);
    CHECK(!survives_kick_reply(&plain), "kick-reply position: with reply=4 the bot survived the kick (the "
          "position tests nothing)");
    CHECK(survives_kick_reply(&kick), "kick-reply position: with reply=4:reply_kick=1 the bot died");
}

/* The trap position (FFA, made up): enemy 1 stands at (5,1), the closed end of a corridor (row 5,
 * (5,1)-(5,4)) whose mouth (5,5) joins two loops; I stand on the mouth. My bomb there (strength 2)
 * burns (5,3)-(5,7) and closes the corridor's way out, but never reaches (5,1)-(5,2): the enemy
 * keeps a cell that never burns (no kill), shut in. The other two agents are dead. */
static void trap_state(pm_state *s) {
    static const char *const rows[11] = {"11111111111", "11111111111", "11111111111", "11111000001",
                                         "11111011101", "1b000a00001", "11111011101", "11111000001",
                                         "11111111111", "11111111111", "11111111111"};
    static const int agents[4][6] = {{5, 5, 1, 2, 0, 1}, {5, 1, 1, 2, 0, 1}, {0, 0, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, NULL, 0, NULL, 0, 100);
}

/* The enemies in dead ends (`trap`): with the simulations blinded to everything else (two steps
 * deep, no trapped share, prior, desire, kills or dead-end cost), the bot lays the bomb that shuts
 * the enemy in when `trap` pays for it, and not without it (no other worth tells the actions
 * apart); the whole bot with `trap` 0.1 lays it too (counted at any step of the simulations, not
 * at the leaf alone, where the bomb laid now is gone: the leaf alone paid for bombs laid later,
 * and the bot stood instead). */
static void traps_in_dead_ends(void) {
    static kit_param_values off, on, whole;
    spec_values("depth=2:trapped=0:prior=0:desire=0:kill=0:kill2=0:dead_end=0", &off);
    spec_values("depth=2:trapped=0:prior=0:desire=0:kill=0:kill2=0:dead_end=0:trap=0.2", &on);
    spec_values("trap=0.1", &whole);
    static pm_state s;
    trap_state(&s);
    int bomb_off = seeds_choosing(&off, &s, PM_LAY_BOMB),
        bomb_on = seeds_choosing(&on, &s, PM_LAY_BOMB),
        bomb_whole = seeds_choosing(&whole, &s, PM_LAY_BOMB);
    CHECK(bomb_whole >= 18, "trap position: with trap=0.1 the bot bombed in %d of 20 seeds", bomb_whole);
    CHECK(bomb_off <= 5, "trap position: without trap the blinded bot bombed in %d of 20 seeds (the position "
          "tests nothing)", bomb_off);
    CHECK(bomb_on >= 18, "trap position: with trap the blinded bot bombed in %d of 20 seeds", bomb_on);
}

/* The attack-kick position (FFA, made up): enemy 1 (no kick) stands at (5,9), the closed end of a
 * corridor (row 5, (5,4)-(5,9)) whose mouth (5,3) holds my bomb (fuse 9, strength 2): its blast
 * alone stops at (5,5), so the enemy is shut in but lives. I (with the kick) stand at (6,2), a step
 * below (5,2), the cell behind the bomb: kicked right from there, it rolls along the corridor,
 * stops against the enemy and burns it. Left and down lead into open ground. The other two agents
 * are dead. */
static void attack_kick_state(pm_state *s) {
    static const char *const rows[11] = {"11111111111", "11111111111", "11111111111", "11111111111",
                                         "11111111111", "100300000b1", "10a11111111", "10000000001",
                                         "10000000001", "11111111111", "11111111111"};
    static const int agents[4][6] = {{6, 2, 1, 2, 1, 1}, {5, 9, 1, 2, 0, 1}, {0, 0, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    static const pm_bomb bombs[1] = {{5, 3, 0, 9, 2, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, bombs, 1, NULL, 0, 100);
}

/* My side's kicks in the rollouts (`attack_kick`): in the attack-kick position the bot without them
 * (its rollouts never kick) seldom steps up behind its bomb; with them the rollouts kick it into
 * the corridor from there a step later, and the bot steps up. */
static void attack_kicks(void) {
    static kit_param_values on;
    spec_values("attack_kick=0.5", &on);
    static pm_state s;
    attack_kick_state(&s);
    int up_off = seeds_choosing(NULL, &s, PM_UP), up_on = seeds_choosing(&on, &s, PM_UP);
    CHECK(up_off <= 5, "attack-kick position: without attack_kick the bot stepped behind its bomb in %d of 20 seeds "
          "(the position tests nothing)", up_off);
    CHECK(up_on >= 18, "attack-kick position: with attack_kick the bot stepped behind its bomb in %d of 20 seeds",
          up_on);
}

/* The outnumbered position (team config): I (agent 0, one bomb of strength 2, no kick) stand at
 * (5,5) on an open board with rigid pillars where row and column are both odd, my teammate dead;
 * the two enemies stand to my left, at (5,2) and (3,4), three steps from me each. */
static void outnumbered_state(pm_state *s) {
    static const char *const rows[11] = {"00000000000", "01010101010", "00000000000", "01010101010",
                                         "00000000000", "01b10a01010", "00000000000", "01010101010",
                                         "00000000000", "01010101010", "00000000000"};
    static const int agents[4][6] = {{5, 5, 1, 2, 0, 1}, {5, 2, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 0}, {3, 4, 1, 2, 0, 1}};
    make_state(s, pm_config_find("PommeTeamCompetition-v0"), rows, agents, NULL, 0, NULL, 0, 100);
    s->board[3 * 11 + 4] = PM_AGENT0 + 3;
}

/* Two enemies on me alone (`outnumbered`): in the outnumbered position the bot without it steps
 * left, toward the pair, in about half the seeds (the desire map's cells beside enemies pull it);
 * with it the simulations that keep the pair off me are worth more, and it no longer does. */
static void outnumbered_pair(void) {
    static kit_param_values on;
    spec_values("outnumbered=0.3", &on);
    static pm_state s;
    outnumbered_state(&s);
    int left_off = seeds_choosing(NULL, &s, PM_LEFT), left_on = seeds_choosing(&on, &s, PM_LEFT);
    CHECK(left_off >= 7, "outnumbered position: without outnumbered the bot stepped toward the pair in %d of 20 "
          "seeds (the position tests nothing)", left_off);
    CHECK(left_on <= 2, "outnumbered position: with outnumbered the bot stepped toward the pair in %d of 20 seeds",
          left_on);
}

/* The dead ends (`dead_end`): in the dead-end position the bot without them bombs where it
 * stands and dies after the recorded actions; with them (0.2 a step of depth) it steps toward
 * the way out and lives; the defaults (0.1) step toward it in most seeds. */
static void dead_ends(void) {
    static kit_param_values off, on;
    static pm_state s;
    spec_values("dead_end=0", &off);
    spec_values("dead_end=0.2", &on);
    dead_end_state(&s);
    int bomb_off = seeds_choosing(&off, &s, PM_LAY_BOMB),
        out_on = seeds_choosing(&on, &s, PM_LEFT),
        out_default = seeds_choosing(NULL, &s, PM_LEFT);
    CHECK(out_default >= 15, "dead-end position: the defaults stepped toward the way out in %d of 20 seeds",
          out_default);
    CHECK(bomb_off >= 15, "dead-end position: without dead_end the bot bombed in %d of 20 seeds (the position "
          "tests nothing)", bomb_off);
    CHECK(out_on >= 18, "dead-end position: with dead_end it stepped toward the way out in %d of 20 seeds", out_on);
    CHECK(!survives_dead_end(&off), "dead-end position: the bot without dead_end survived (the position tests "
          "nothing)");
    CHECK(survives_dead_end(&on), "dead-end position: with dead_end the bot died");
}

/* The threat position (FFA, made up): an open block (rows 4-6, columns 0-4) and a corridor off it,
 * row 5: (5,5) a passage, (5,6) a power-up, (5,7) a wall. I stand at (5,4), the block's edge at
 * the corridor's mouth; enemy 1 at (5,2), two steps left of me, blast 3. Two steps in, the
 * power-up is mine, but a bomb the enemy lays at the mouth then shuts me in. The other two agents
 * are dead. */
static void threat_state(pm_state *s) {
    static const char *const rows[11] = {"11111111111", "11111111111", "11111111111", "11111111111",
                                         "00000111111", "00b0a061111", "00000111111", "11111111111",
                                         "11111111111", "11111111111", "11111111111"};
    static const int agents[4][6] = {{5, 4, 1, 2, 0, 1}, {5, 2, 1, 3, 0, 1}, {0, 0, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    make_state(s, pm_config_find("ffa"), rows, agents, NULL, 0, NULL, 0, 100);
}

/* ---- the fewest enemy bombs (`threat_min`) ----------------------------------------------------- */

/* The pocket-mouth position (team, fog; our team in seats 0 and 2 against frankfurt's, seed 900,
 * step 34, `search:tree=6:tree_threat=0.5`): the bot (seat 2) at (4,9), the mouth of a pocket
 * whose end (5,9) lies above its own bomb (6,9) (fuse 7, strength 2); the enemy (seat 3) at
 * (3,8), diagonal to it. Every action fails some bomb the enemy may lay next step, so the filter
 * of the enemies' bombs had no opinion: the tree stepped down into the pocket, bombed there, the
 * enemy stepped into the mouth and stood in it until the bombs went off. */
static void pocket_mouth_state(pm_state *s) {
    static const char *const rows[11] = {"01010111010", "10002220041", "00010230144", "10100120d40",
                                         "0000a0010c1", "10210321202", "12b20201132", "10001110101",
                                         "00104211001", "10344423000", "01201221100"};
    static const int agents[4][6] = {{4, 4, 0, 3, 0, 1}, {6, 2, 0, 3, 0, 1}, {4, 9, 2, 2, 0, 1}, {3, 8, 1, 3, 0, 1}};
    static const pm_bomb bombs[6] = {{9, 2, 1, 1, 2, 0}, {9, 7, 2, 1, 2, 0}, {5, 5, 0, 6, 3, 0},
                                     {2, 6, 3, 6, 2, 0}, {6, 9, 2, 7, 2, 0}, {6, 2, 1, 8, 3, 0}};
    static const pm_flame flames[8] = {{8, 4, 0}, {9, 3, 0}, {9, 4, 0}, {9, 5, 0},
                                       {1, 9, 1}, {2, 9, 1}, {2, 10, 1}, {3, 9, 1}};
    make_state(s, pm_config_find("PommeTeamCompetition-v0"), rows, agents, bombs, 6, flames, 8, 34);
}

/* The other seats' recorded actions from the pocket-mouth position on (seat 2's are the bot's). */
static const int pocket_mouth_script[12][PM_MAX_AGENTS] = {
    {3, 0, 2, 2}, {1, 2, 5, 4}, {0, 4, 1, 2}, {0, 2, 1, 0}, {0, 5, 1, 2}, {0, 4, 1, 2},
    {4, 2, 0, 1}, {5, 4, 0, 1}, {2, 5, 0, 4}, {4, 3, 0, 3}, {4, 3, 0, 2}, {1, 5, 0, 3}};

/* Whether seat 2, the search bot (preset: its values), is alive after the other seats play the
 * `steps` rows of a recorded game's script from the position `build` makes. */
static int survives_recorded(const kit_param_values *preset, void (*build)(pm_state *),
                             const int (*script)[PM_MAX_AGENTS], int steps) {
    static pm_state s, end;
    build(&s);
    play_from(&pm_bot_search, preset, 2, &s, script, steps, steps, 1, &end);
    return end.agents[2].alive;
}

static int survives_pocket_mouth(const kit_param_values *preset) {
    return survives_recorded(preset, pocket_mouth_state, pocket_mouth_script, 12);
}

/* `threat_min`: when no action survives every bomb the near enemies may lay next step, the ones
 * that survive the most, the first passes. In the pocket-mouth position the bot without it steps down into
 * the pocket and dies after frankfurt's recorded actions; with it, it stays out and lives. */
static void fewest_threats(void) {
    static kit_param_values base, fewest;
    spec_values("tree=6:tree_threat=0.5", &base);
    spec_values("tree=6:tree_threat=0.5:threat_min=1", &fewest);
    static pm_state s;
    pocket_mouth_state(&s);
    int down = decide_once(&base, 2, &s, 12345, -1, NULL), down2 = decide_once(&fewest, 2, &s, 12345, -1, NULL);
    CHECK(down == PM_DOWN, "threat_min, pocket-mouth position: tree=6:tree_threat=0.5 played %d, not down into "
          "the pocket (the position tests nothing)", down);
    CHECK(down2 != PM_DOWN, "threat_min, pocket-mouth position: with threat_min=1 it stepped down into the pocket");
    CHECK(!survives_pocket_mouth(&base), "threat_min, pocket-mouth position: tree=6:tree_threat=0.5 survived (the "
          "position tests nothing)");
    CHECK(survives_pocket_mouth(&fewest), "threat_min, pocket-mouth position: with threat_min=1 it died");
}

/* ---- the enemies' kicks in the tree (`tree_kick`) ------------------------------------------- */

/* The corridor-kick position (radio, fog; our team in seats 0 and 2 against frankfurt's, seed 697,
 * step 80, `search:tree=6:tree_threat=0.5`; the teammate dead): the bot (seat 2) at (6,1) on the
 * left column, its own bomb at (8,1) (fuse 7, strength 4) two cells below; enemy 3 at (6,4) on its
 * row, enemy 1 at (3,1) on its column, both with the kick. The tree's enemies that do not reply
 * stood: it stayed by the column, the enemies laid bombs beside it and kicked them at it. */
static void corridor_kick_state(pm_state *s) {
    static const char *const rows[11] = {"00001110011", "00000000000", "00311001100", "0b100000001",
                                         "10120101101", "10801000001", "1c00d000001", "00101000000",
                                         "23101000001", "10000000001", "10011110110"};
    static const int agents[4][6] = {{1, 3, 1, 3, 0, 0}, {3, 1, 0, 4, 1, 1}, {6, 1, 2, 4, 1, 1}, {6, 4, 4, 4, 1, 1}};
    static const pm_bomb bombs[2] = {{2, 2, 1, 1, 4, 0}, {8, 1, 2, 7, 4, 0}};
    make_state(s, pm_config_find("PommeRadioCompetition-v2"), rows, agents, bombs, 2, NULL, 0, 80);
}

/* The other seats' recorded actions from the corridor-kick position on (seat 2's are the bot's). */
static const int corridor_kick_script[7][PM_MAX_AGENTS] = {
    {0, 2, 5, 5}, {0, 2, 0, 4}, {0, 4, 0, 0}, {0, 5, 0, 5}, {0, 3, 0, 1}, {0, 0, 2, 2}, {0, 2, 3, 2}};

static int survives_corridor_kick(const kit_param_values *preset) {
    return survives_recorded(preset, corridor_kick_state, corridor_kick_script, 7);
}

/* `tree_kick`: the tree's enemies that may kick kick the bombs whose roll reaches my side. In the
 * corridor-kick position the bot without it dies after frankfurt's recorded actions; with it, it
 * lives. */
static void tree_kicks(void) {
    static kit_param_values base, kick;
    spec_values("tree=6:tree_threat=0.5", &base);
    spec_values("tree=6:tree_threat=0.5:tree_kick=1", &kick);
    CHECK(!survives_corridor_kick(&base), "tree_kick, corridor-kick position: tree=6:tree_threat=0.5 survived (the "
          "position tests nothing)");
    CHECK(survives_corridor_kick(&kick), "tree_kick, corridor-kick position: with tree_kick=1 it died");
}

/* `tree_deep`: the nearest replier within 3 replies at the second step as well. In both recorded
 * positions the base dies after frankfurt's recorded actions: in the pocket mouth the enemy steps
 * into the mouth and stands there, in the corridor kick it bombs beside me and kicks; both are
 * second-step plays the first step's replies never search. With `tree_deep=3` it lives in both. */
static void tree_deep_replies(void) {
    static kit_param_values base, deep;
    spec_values("tree=6:tree_threat=0.5", &base);
    spec_values("tree=6:tree_threat=0.5:tree_deep=3", &deep);
    CHECK(!survives_pocket_mouth(&base) && !survives_corridor_kick(&base), "tree_deep, recorded positions: "
          "tree=6:tree_threat=0.5 survived one (the positions test nothing)");
    CHECK(survives_pocket_mouth(&deep), "tree_deep, pocket-mouth position: with tree_deep=3 it died");
    CHECK(survives_corridor_kick(&deep), "tree_deep, corridor-kick position: with tree_deep=3 it died");
}

/* --recorded SPEC: whether the spec's bot lives through each recorded position (seat 2, the
 * other seats their recorded actions): the pocket mouth and the corridor kick. */
static int recorded_report(const char *arg) {
    static kit_param_values v;
    if (report_spec("--recorded", arg, &v)) return 2;
    printf("pocket mouth: %s\n", survives_pocket_mouth(&v) ? "survives" : "dies");
    printf("corridor kick: %s\n", survives_corridor_kick(&v) ? "survives" : "dies");
    return 0;
}

/* ---- the hunt (`hunt`) and the squeeze (`squeeze`) ------------------------------------------- */

/* The hunt position (team config, fog of 4 cells): an open board with rigid pillars where row and
 * column are both odd, no wood, no power-ups; my teammate and enemy 3 dead. First I (agent 0)
 * stand at (4,5) and see enemy 1 at (2,9); a step later I stand at (4,4) and it is out of my view
 * (five columns away), still on (2,9) for all I know. `at`: 0 the first state, 1 the second. */
static void hunt_state(pm_state *s, int at) {
    static const char *const rows[11] = {"00000000000", "01010101010", "00000000000", "01010101010",
                                         "00000000000", "01010101010", "00000000000", "01010101010",
                                         "00000000000", "01010101010", "00000000000"};
    const int agents[4][6] = {{4, at ? 4 : 5, 1, 2, 0, 1}, {2, 9, 1, 2, 0, 1}, {10, 10, 1, 2, 0, 0}, {0, 10, 1, 2, 0, 0}};
    make_state(s, pm_config_find("PommeTeamCompetition-v0"), rows, agents, NULL, 0, NULL, 0, 500 + at);
    s->board[4 * 11 + (at ? 4 : 5)] = PM_AGENT0;
    s->board[2 * 11 + 9] = PM_AGENT0 + 1;
}

/* The bot's second decision in the hunt position (seat 0, seed `seed`): it decides in the first
 * state, then in the second. */
static int hunt_decision(const kit_param_values *preset, uint64_t seed) {
    static pm_state s;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, 1);
    pm_view view = {.shared = &shared, .log = NULL};
    void *state = (void *)preset;
    pm_action a = PM_STOP;
    hunt_state(&s, 0);
    pm_observe(&s, 0, &view.obs);
    CHECK(pm_bot_search.init(&state, &view, seed) == DMAP_OK, "hunt: init");
    CHECK(pm_bot_search.decide(state, &view, &a) == DMAP_OK, "hunt: first decision");
    hunt_state(&s, 1);
    pm_observe(&s, 0, &view.obs);
    CHECK(view.obs.board[2 * 11 + 9] == PM_FOG, "hunt: the enemy's cell is not in the fog");
    CHECK(pm_bot_search.decide(state, &view, &a) == DMAP_OK, "hunt: second decision");
    pm_bot_search.release(state);
    return a;
}

/* In how many of the seeds 1..20 the bot's second decision in the hunt position is a step toward
 * the enemy's last known cell (up or right). */
static int seeds_hunting(const kit_param_values *preset) {
    int n = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        int a = hunt_decision(preset, seed);
        n += a == PM_UP || a == PM_RIGHT;
    }
    return n;
}

/* The squeeze position (FFA, made up): the trap position's corridor (row 5, its closed end at
 * (5,1), its mouth (5,5) on two loops), enemy 1 at column `col` of it, I on the mouth. */
static int squeeze_col = 2;
static void squeeze_state(pm_state *s) {
    trap_state(s);
    s->board[5 * 11 + 1] = PM_PASSAGE;
    s->agents[1].c = squeeze_col;
    s->board[5 * 11 + squeeze_col] = PM_AGENT0 + 1;
}

/* --hunt SPEC: in the hunt position, the spec's second actions over 20 seeds. */
static int hunt_report(const char *arg) {
    static kit_param_values v;
    if (report_spec("--hunt", arg, &v)) return 2;
    int count[6] = {0};
    for (uint64_t seed = 1; seed <= 20; seed++) count[hunt_decision(&v, seed)]++;
    printf("second actions (stop up down left right bomb): %d %d %d %d %d %d\n", count[0], count[1], count[2],
           count[3], count[4], count[5]);
    return 0;
}

/* The hunt: with the wood gone and nothing else to want, the bot without `hunt` has no desire
 * once the enemy is out of view (the belief drops it) and seldom steps its way; with `hunt` the
 * enemy's last known cell pulls it there, in the rollouts as in the tree. */
static void hunts(void) {
    static kit_param_values on, tree, tree_on, unknown;
    spec_values("hunt=20:hunt_wood=121", &on);
    spec_values("tree=6:tree_threat=0.5", &tree);
    spec_values("tree=6:tree_threat=0.5:hunt=20:hunt_wood=121", &tree_on);
    spec_values("hunt=20", &unknown);
    int off = seeds_hunting(NULL), with = seeds_hunting(&on), toff = seeds_hunting(&tree), ton = seeds_hunting(&tree_on);
    /* hunt_wood 3: the cells never seen, on either side of the diagonal (the last row and column
     * here), count as wood, so the hunt is not on yet and the bot plays as without it */
    int early = seeds_hunting(&unknown);
    CHECK(early == off, "hunt position: with hunt=20 and the board mostly unknown the bot stepped toward the enemy in "
          "%d of 20 seeds, without hunt %d (the unknown cells did not count as wood)", early, off);
    CHECK(off <= 12, "hunt position: without hunt the bot stepped toward the enemy in %d of 20 seeds (the position "
          "tests nothing)", off);
    CHECK(with >= 18, "hunt position: with hunt=20 the bot stepped toward the enemy in %d of 20 seeds", with);
    CHECK(toff <= 12, "hunt position: the tree without hunt stepped toward the enemy in %d of 20 seeds (the position "
          "tests nothing)", toff);
    CHECK(ton >= 18, "hunt position: the tree with hunt=20 stepped toward the enemy in %d of 20 seeds", ton);
    /* `play_on`: with no enemy in the belief the engine calls the game decided, so the rollouts play
     * no step and every candidate is worth the same: without the prior's bonus the first candidate
     * (stop) is chosen; with `play_on` they play on and the hunt's desire shows at their leaves */
    static kit_param_values flat, played;
    spec_values("hunt=20:hunt_wood=121:prior=0", &flat);
    spec_values("hunt=20:hunt_wood=121:prior=0:play_on=1", &played);
    int stop_flat = 0, toward = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        stop_flat += hunt_decision(&flat, seed) == PM_STOP;
        int a = hunt_decision(&played, seed);
        toward += a == PM_UP || a == PM_RIGHT;
    }
    CHECK(stop_flat == 20, "hunt position: without play_on and the prior the bot did not stand in %d of 20 seeds (the "
          "simulations played steps with no enemy in the belief)", 20 - stop_flat);
    CHECK(toward >= 18, "hunt position: with play_on (no prior) the bot stepped toward the enemy in %d of 20 seeds",
          toward);
}

/* `squeeze`: in the trap position (the enemy at a corridor's closed end, I on its mouth), with the
 * tree one step deep and blinded to everything else (no trapped share, kills, prior, desire, wood,
 * dead ends or threat), the bomb on the mouth, which leaves the enemy three safe cells of six, is
 * worth nothing more than standing without `squeeze` (the first candidate, stop, is chosen) and
 * is chosen with it. */
static void squeezes(void) {
    static kit_param_values off, on;
    spec_values("tree=1:trapped=0:kill=0:kill2=0:desire=0:prior=0:dead_end=0:wood=0", &off);
    spec_values("tree=1:trapped=0:kill=0:kill2=0:desire=0:prior=0:dead_end=0:wood=0:squeeze=0.2", &on);
    static pm_state s;
    trap_state(&s);
    int bomb_off = seeds_choosing(&off, &s, PM_LAY_BOMB), bomb_on = seeds_choosing(&on, &s, PM_LAY_BOMB);
    CHECK(bomb_off == 0, "squeeze, trap position: the blinded tree bombed in %d of 20 seeds without squeeze (the "
          "position tests nothing)", bomb_off);
    CHECK(bomb_on == 20, "squeeze, trap position: the blinded tree with squeeze=0.2 bombed in %d of 20 seeds", bomb_on);
}

/* ---- the tree mode (`tree`) ------------------------------------------------------------------ */

/* The tree mode (bots/tree.c): where the rollouts do not see the enemy's kick (their policies
 * never kick, the pruning's kicks count the cells the rolled bomb burns, not the way it shuts),
 * the tree's min node over the nearest enemy's first action does. In the kick-reply position
 * the defaults step right, toward the power-up, and die when the enemy kicks; `tree=4` steps left
 * to the gap in every seed and lives. In the gap-kick position the same. In the recorded trap
 * "bouncing in the only way out" an enemy steps into the cell I aim at, step after step: with
 * `tree_keep` the replier goes on the way it went and the tree sees the bounce again (it lives),
 * without it the replier stands after the first step, the way looks open and it dies. The tree's
 * games never step into a visible flame; the same seed and `tree_steps` play the same games, and
 * a smaller cap plays others (the budget reaches the search). */
static void tree_mode(void) {
    static kit_param_values tree, nokeep, small, larger;
    spec_values("tree=4", &tree);
    spec_values("tree=4:tree_keep=0", &nokeep);
    static pm_state s;
    kick_reply_state(&s);
    int def_right = seeds_choosing(NULL, &s, PM_RIGHT), tree_left = seeds_choosing(&tree, &s, PM_LEFT);
    CHECK(def_right >= 15, "tree, kick-reply position: the defaults stepped right in %d of 20 seeds (the "
          "position tests nothing)", def_right);
    CHECK(tree_left == 20, "tree, kick-reply position: tree=4 stepped to the gap in %d of 20 seeds", tree_left);
    CHECK(!survives_kick_reply(NULL), "tree, kick-reply position: the defaults survived (the position tests "
          "nothing)");
    CHECK(survives_kick_reply(&tree), "tree, kick-reply position: tree=4 died in the kick");
    CHECK(!survives_gap_kick(NULL), "tree, gap-kick position: the defaults survived (the position tests nothing)");
    CHECK(survives_gap_kick(&tree), "tree, gap-kick position: tree=4 died in the kick");
    CHECK(survives_trap(&tree, 2), "tree: tree=4 died in the trap '%s'", traps[2].name);
    CHECK(!survives_trap(&nokeep, 2), "tree: tree=4:tree_keep=0 survived the trap '%s' (tree_keep tests "
          "nothing)", traps[2].name);
    /* `tree_threat`: with the dead ends' cost off (it alone keeps the bot out), the tree's enemy never
     * bombs after its first step, so the power-up two steps into the corridor is worth taking;
     * with `tree_threat` a leaf in the corridor, the enemy near enough to bomb its mouth, costs */
    static kit_param_values greedy, wary;
    spec_values("tree=4:dead_end=0", &greedy);
    spec_values("tree=4:dead_end=0:tree_threat=0.5", &wary);
    threat_state(&s);
    int in_greedy = seeds_choosing(&greedy, &s, PM_RIGHT), out_wary = seeds_choosing(&wary, &s, PM_RIGHT);
    CHECK(in_greedy == 20, "tree, threat position: tree=4:dead_end=0 stepped into the corridor in %d of 20 seeds "
          "(the position tests nothing)", in_greedy);
    CHECK(out_wary == 0, "tree, threat position: with tree_threat=0.5 it stepped into the corridor in %d of 20 "
          "seeds", out_wary);
    /* games: no flame walked into, the same games for the same cap, other games for another */
    spec_values("tree=4:tree_steps=300", &small);
    spec_values("tree=4:tree_steps=3000", &larger);
    static const char *const configs[] = {"PommeFFACompetition-v0", "PommeRadioCompetition-v2"};
    int differ = 0;
    for (int k = 0; k < 2; k++) {
        const pm_config *cfg = pm_config_find(configs[k]);
        const pm_bot *bots[4] = {&pm_bot_search, &pm_bot_simple, &pm_bot_search, &pm_bot_simple};
        kit_param_values *presets[4] = {&small, NULL, &small, NULL}, *other[4] = {&larger, NULL, &larger, NULL};
        uint64_t seed = 5 + (uint64_t)k;
        CHECK(play(cfg, bots, presets, seed, &log_a) == DMAP_OK, "tree %s: game a", configs[k]);
        CHECK(play(cfg, bots, presets, seed, &log_b) == DMAP_OK, "tree %s: game b", configs[k]);
        CHECK(log_a.decisions > 0 && log_a.flame_walks == 0, "tree %s: %d decisions, %d moves into a visible "
              "flame", configs[k], log_a.decisions, log_a.flame_walks);
        CHECK(same_actions(&log_a, &log_b) && log_a.winners == log_b.winners,
              "tree %s: the same seed played different games", configs[k]);
        CHECK(play(cfg, bots, other, seed, &log_b) == DMAP_OK, "tree %s: game c", configs[k]);
        CHECK(log_b.flame_walks == 0, "tree %s: %d moves into a visible flame", configs[k], log_b.flame_walks);
        differ |= !same_actions(&log_a, &log_b);
    }
    CHECK(differ, "tree: 300 and 3000 engine steps played the same games");
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--dead")) /* the recorded dead-end position */
        return position_report("--dead", argv[2], dead_end_state, survives_dead_end, "after the recorded actions");
    if (argc == 3 && !strcmp(argv[1], "--kick")) /* the kick position, the enemy kicking */
        return position_report("--kick", argv[2], kick_state, survives_kick, "after the kick");
    if (argc == 3 && !strcmp(argv[1], "--gap-kick")) /* the kick position, a second enemy below the gap */
        return position_report("--gap-kick", argv[2], gap_kick_state, survives_gap_kick, "after the kick");
    if (argc == 3 && !strcmp(argv[1], "--far-kick")) /* the kick position, the enemy two steps from its kick */
        return position_report("--far-kick", argv[2], far_kick_state, NULL, NULL);
    if (argc == 3 && !strcmp(argv[1], "--kick-reply")) /* the kick-reply position, the enemy kicking now */
        return position_report("--kick-reply", argv[2], kick_reply_state, survives_kick_reply, "after the kick");
    if (argc == 3 && !strcmp(argv[1], "--attack-kick")) /* the attack-kick position: first actions only */
        return position_report("--attack-kick", argv[2], attack_kick_state, NULL, NULL);
    if (argc == 3 && !strcmp(argv[1], "--outnumbered")) /* the outnumbered position: first actions only */
        return position_report("--outnumbered", argv[2], outnumbered_state, NULL, NULL);
    if (argc == 3 && !strcmp(argv[1], "--threat")) /* the threat position: first actions only */
        return position_report("--threat", argv[2], threat_state, NULL, NULL);
    if (argc == 3 && !strcmp(argv[1], "--trap")) /* the trap position: first actions only */
        return position_report("--trap", argv[2], trap_state, NULL, NULL);
    if (argc == 3 && !strcmp(argv[1], "--hunt")) return hunt_report(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "--squeeze")) { /* the squeeze position, the enemy on column argv[3] */
        squeeze_col = atoi(argv[3]);
        return position_report("--squeeze", argv[2], squeeze_state, NULL, NULL);
    }
    if (argc == 3 && !strcmp(argv[1], "--replies")) return reply_report(argv[2]);
    if (argc == 6 && !strcmp(argv[1], "--timing")) return timing(argv + 2);
    if (argc == 3 && !strcmp(argv[1], "--traps")) return trap_report(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--kills")) return kill_report(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--recorded")) return recorded_report(argv[2]);
    in_the_table();
    radio_reports_are_true();
    radio_belief();
    a_flame_corridor();
    the_trap();
    recorded_traps();
    CHECK(pocket_endgame(NULL) >= 0, "pocket endgame: search did not win it in 200 steps");
    offense();
    replies();
    dead_ends();
    kicks();
    sim_kicks();
    reply_kicks();
    walked_kicks();
    traps_in_dead_ends();
    attack_kicks();
    outnumbered_pair();
    tree_mode();
    fewest_threats();
    tree_kicks();
    tree_deep_replies();
    hunts();
    squeezes();
    rolling_into_flames();
    never_into_visible_flames();
    same_seed_same_decisions();
    return check_report("test_pommerman_search");
}
