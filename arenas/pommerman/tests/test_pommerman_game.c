/* test_pommerman_game.c — the bot interface as a game drives it: every bot's init gets its seat's
 * first view and pm_bot_seed(seed, seat); the view carries the game's shared stream and no
 * draw log; a bot's error in init or decide ends the game with that error, and every bot that
 * was initialised is released exactly once; `random` draws only from the generator it seeded in
 * init; maps respect their `max`; the bot table lists the bots in `pommerman bots` order. */
#include <stdlib.h>
#include <string.h>

#include "../../../tests/check.h"
#include "pommerman.h"

/* What the probe bots saw, for the checks (the test's record, not a bot's). */
typedef struct probe_log {
    int inits, releases, decisions;
    int seat_of_init[PM_MAX_AGENTS];
    uint64_t seed_of_init[PM_MAX_AGENTS];
    int size_of_init[PM_MAX_AGENTS];
    int shared_given, log_given;
    int fail_init_seat;     /* this seat's init fails (-1: none) */
    int fail_after;         /* decide fails at this many decisions in all (-1: never) */
} probe_log;

static probe_log probes;

typedef struct probe_state {
    int seat;
} probe_state;

static int probe_init(void **state, const pm_view *first, uint64_t seed) {
    int seat = first->obs.id;
    if (seat == probes.fail_init_seat) return DMAP_ERR_ARG;
    probe_state *p = malloc(sizeof *p);
    if (!p) return DMAP_ERR_NOMEM;
    p->seat = seat;
    probes.seat_of_init[probes.inits] = seat;
    probes.seed_of_init[probes.inits] = seed;
    probes.size_of_init[probes.inits] = first->obs.size;
    probes.inits++;
    *state = p;
    return DMAP_OK;
}

static int probe_decide(void *state, const pm_view *view, pm_action *action) {
    probe_state *p = state;
    CHECK(view->obs.id == p->seat, "seat %d decided on agent %d's view", p->seat, view->obs.id);
    probes.shared_given += view->shared != NULL;
    probes.log_given += view->log != NULL;
    if (probes.fail_after >= 0 && probes.decisions >= probes.fail_after) return DMAP_ERR_NOMEM;
    probes.decisions++;
    *action = PM_STOP;
    return DMAP_OK;
}

static void probe_release(void *state) {
    if (state) probes.releases++;
    free(state);
}

static const pm_bot probe = {{"probe", "records what the game hands it"}, probe_init, probe_decide,
                             probe_release, NULL};

static void reset_probes(int fail_init_seat, int fail_after) {
    memset(&probes, 0, sizeof probes);
    probes.fail_init_seat = fail_init_seat;
    probes.fail_after = fail_after;
}

static void seeds_and_views(void) {
    const pm_bot *bots[4] = {&probe, &probe, &probe, &probe};
    pm_game_result res;
    reset_probes(-1, -1);
    int rc = pm_play(pm_config_get(PM_FFA), bots, 77, NULL, NULL, 0, NULL, &res);
    CHECK(rc == DMAP_OK, "four stopping bots: %d", rc);
    CHECK(probes.inits == 4 && probes.releases == 4, "inits %d releases %d", probes.inits, probes.releases);
    for (int i = 0; i < 4; i++) {
        CHECK(probes.seat_of_init[i] == i, "init %d had agent %d's first view", i, probes.seat_of_init[i]);
        CHECK(probes.seed_of_init[i] == pm_bot_seed(77, i), "seat %d got seed %llu", i,
              (unsigned long long)probes.seed_of_init[i]);
        CHECK(probes.size_of_init[i] == 11, "seat %d saw size %d", i, probes.size_of_init[i]);
    }
    CHECK(pm_bot_seed(77, 0) != pm_bot_seed(77, 1) && pm_bot_seed(77, 0) != pm_bot_seed(78, 0),
          "seeds differ by seat and game");
    /* nobody bombs: a tie at the step limit, every living agent deciding every step */
    CHECK(res.result == PM_TIE && res.steps == PM_MAX_STEPS, "result %d after %d steps", res.result, res.steps);
    CHECK(probes.decisions == 4 * PM_MAX_STEPS, "%d decisions", probes.decisions);
    CHECK(probes.shared_given == probes.decisions && probes.log_given == 0,
          "views: %d with the shared stream, %d with a draw log, of %d", probes.shared_given, probes.log_given,
          probes.decisions);
}

static void errors_end_the_game(void) {
    const pm_bot *bots[4] = {&probe, &probe, &probe, &probe};
    pm_game_result res;
    reset_probes(-1, 10);
    int rc = pm_play(pm_config_get(PM_FFA), bots, 5, NULL, NULL, 0, NULL, &res);
    CHECK(rc == DMAP_ERR_NOMEM, "an error in decide: pm_play gave %d", rc);
    CHECK(probes.decisions == 10, "%d decisions before the error", probes.decisions);
    CHECK(probes.releases == 4, "%d of 4 released after an error in decide", probes.releases);

    reset_probes(2, -1);
    rc = pm_play(pm_config_get(PM_FFA), bots, 5, NULL, NULL, 0, NULL, &res);
    CHECK(rc == DMAP_ERR_ARG, "an error in seat 2's init: pm_play gave %d", rc);
    CHECK(probes.inits == 2 && probes.releases == 2 && probes.decisions == 0,
          "after seat 2's init failed: %d inits, %d releases, %d decisions", probes.inits, probes.releases,
          probes.decisions);
}

/* `random` seeds a dmap_rng in init and draws its actions from it alone. */
static void random_uses_its_own_generator(void) {
    pm_state s;
    kit_pyrandom shared, before;
    kit_pyrandom_seed(&shared, 3);
    pm_reset(&s, pm_config_get(PM_FFA), &shared);
    before = shared;
    pm_view view = {.shared = &shared, .log = NULL};
    pm_observe(&s, 1, &view.obs);
    void *state = NULL;
    CHECK(pm_bot_random.init(&state, &view, 12345) == DMAP_OK, "random's init");
    dmap_rng mine;
    dmap_rng_seed(&mine, 12345);
    int same = 1;
    for (int k = 0; k < 50; k++) {
        pm_action a = -1;
        CHECK(pm_bot_random.decide(state, &view, &a) == DMAP_OK, "random's decide");
        same &= a == (pm_action)dmap_rng_below(&mine, PM_NUM_ACTIONS);
    }
    CHECK(same, "random's actions are not its own generator's draws");
    CHECK(!memcmp(&shared, &before, sizeof shared), "random drew from the shared stream");
    pm_bot_random.release(state);
}

/* The maps of the last decision: never more than max. */
static void maps_respect_max(void) {
    pm_state s;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, 1);
    pm_reset(&s, pm_config_get(PM_FFA), &shared);
    pm_view view = {.shared = &shared, .log = NULL};
    pm_observe(&s, 0, &view.obs);
    const pm_bot *with_maps[2] = {&pm_bot_dmap, &pm_bot_tutorial};
    for (int b = 0; b < 2; b++) {
        void *state = NULL;
        pm_action a;
        CHECK(with_maps[b]->init(&state, &view, 1) == DMAP_OK, "%s init", with_maps[b]->info.name);
        CHECK(with_maps[b]->decide(state, &view, &a) == DMAP_OK && a >= PM_STOP && a <= PM_LAY_BOMB,
              "%s decide", with_maps[b]->info.name);
        kit_map out[KIT_MAX_MAPS];
        int all = with_maps[b]->maps(state, out, KIT_MAX_MAPS);
        CHECK(all >= 1, "%s publishes %d maps", with_maps[b]->info.name, all);
        CHECK(with_maps[b]->maps(state, out, 1) == 1, "%s: max 1", with_maps[b]->info.name);
        CHECK(with_maps[b]->maps(state, out, 0) == 0, "%s: max 0", with_maps[b]->info.name);
        with_maps[b]->release(state);
    }
}

static void the_table(void) {
    static const char *const order[] = {"simple", "dmap", "tutorial", "random", "stop", "search"};
    CHECK(pm_bot_table.n == 6, "%d bots in the table", pm_bot_table.n);
    for (int i = 0; i < pm_bot_table.n && i < 6; i++)
        CHECK(!strcmp(pm_bot_table.bots[i]->name, order[i]), "bot %d is %s", i, pm_bot_table.bots[i]->name);
    CHECK(kit_bot_find(&pm_bot_table, "simple") == &pm_bot_simple.info, "simple by name");
    CHECK(kit_bot_find(&pm_bot_table, "nosuch") == NULL, "an unknown name");
    for (int i = 0; i < pm_bot_table.n; i++) {
        const pm_bot *b = (const pm_bot *)pm_bot_table.bots[i];
        CHECK(b->init && b->decide && b->release, "%s lacks a function", b->info.name);
    }
}

/* Two states are the same game: the same step, messages and trace lines (board, bombs, flames,
 * agents, hidden items). */
static int same_state(const pm_state *a, const pm_state *b) {
    static char x[8192], y[8192];
    void (*const parts[])(const pm_state *, char *) = {pm_format_bombs, pm_format_flames, pm_format_agents,
                                                        pm_format_items};
    if (a->step != b->step || a->size != b->size || memcmp(a->message, b->message, sizeof a->message)) return 0;
    pm_format_board(a->board, a->size, x);
    pm_format_board(b->board, b->size, y);
    if (strcmp(x, y)) return 0;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        parts[k](a, x);
        parts[k](b, y);
        if (strcmp(x, y)) return 0;
    }
    return 1;
}

/* The stepper driven by hand (pm_game_open, the seat driver, pm_game_decide, pm_game_step,
 * pm_game_status) plays pm_play's game: the same final state, result, winners and steps, for
 * several seeds and configs, SimpleAgents (the shared stream) and the dmap bot included. */
static void stepper_plays_pm_play(void) {
    static const pm_config_id ids[] = {PM_FFA, PM_ONE_VS_ONE, PM_TEAM, PM_FFA_V1};
    for (int c = 0; c < 4; c++) {
        const pm_config *cfg = pm_config_get(ids[c]);
        const pm_bot *bots[PM_MAX_AGENTS] = {&pm_bot_simple, &pm_bot_dmap, &pm_bot_simple, &pm_bot_random};
        if (cfg->num_agents == 2) bots[1] = &pm_bot_simple;
        for (uint64_t seed = 1; seed <= 5; seed++) {
            static pm_state want;
            pm_game_result res;
            int rc = pm_play(cfg, bots, seed, NULL, NULL, 0, &want, &res);
            CHECK(rc == DMAP_OK, "pm_play %s seed %llu: %d", cfg->name, (unsigned long long)seed, rc);
            static pm_game g;
            pm_game_open(&g, cfg, seed);
            const kit_bot_info *info[PM_MAX_AGENTS];
            for (int i = 0; i < cfg->num_agents; i++) info[i] = &bots[i]->info;
            kit_seats seats;
            CHECK(kit_seats_open(&seats, &pm_seat_ops, KIT_CLOCK_NONE, info, cfg->num_agents) == DMAP_OK, "open");
            CHECK(pm_game_init_seats(&g, &seats) == DMAP_OK, "init");
            pm_status st;
            int steps = 0;
            for (pm_game_status(&g, &st); !st.over; pm_game_status(&g, &st), steps++) {
                int actions[PM_MAX_AGENTS];
                CHECK(pm_game_decide(&g, &seats, actions, NULL) == DMAP_OK, "decide");
                pm_game_step(&g, actions, NULL);
            }
            kit_seats_close(&seats);
            pm_game_close(&g);
            CHECK(same_state(&g.s, &want), "%s seed %llu: another final state", cfg->name, (unsigned long long)seed);
            CHECK(st.result == res.result && st.winners == res.winners && st.step == res.steps && steps == res.steps,
                  "%s seed %llu: result %d/%d winners %u/%u steps %d/%d", cfg->name,
                  (unsigned long long)seed, st.result, res.result, st.winners, res.winners, st.step, res.steps);
            CHECK(st.over && (st.decided || st.step >= cfg->max_steps), "%s seed %llu: over %d decided %d",
                  cfg->name, (unsigned long long)seed, st.over, st.decided);
        }
    }
}

int main(void) {
    seeds_and_views();
    errors_end_the_game();
    random_uses_its_own_generator();
    maps_respect_max();
    the_table();
    stepper_plays_pm_play();
    return check_report("test_pommerman_game");
}
