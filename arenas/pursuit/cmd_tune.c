/* cmd_tune.c — `pursuit tune`: SPSA over a bot's parameters (kit/tune.h): flee's or
 * buryflee's flee factor, as the prey. Each iteration plays G pairs of games: pair j on the
 * random world of its seed (kit_tune_seed; --size and --walls as `match --random`), against
 * predator j % n of --against, with the bots' seed of the pair; one game of the pair with the
 * prey at θ+, the other at θ−. No time limit, so games are the same on a busy machine. A game's
 * result is the share of the clocks the prey lived (1 when it survived); a pair's
 * difference is the result at θ+ minus the result at θ−. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/tournament.h"
#include "kit/tune.h"

typedef struct tune_ctx {
    const kit_bot_info *bot;
    const kit_params *decl;
    const pursuit_bot *against[PCLI_MAX_BOTS];
    size_t nagainst;
    pcli_common world; /* --size, --walls, --clocks */
    uint64_t seed;
    int jobs;
    long games;
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the prey at `side` against predator pair % n. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    uint64_t seed = kit_tune_seed(c->seed, k, pair);
    pursuit_world w;
    if (pursuit_world_random(&w, (int)c->world.size, c->world.walls, seed) != DMAP_OK) return 1;
    pursuit_config cfg = pursuit_config_default();
    cfg.seed = kit_game_seed(seed, 1);
    cfg.clocks = (int)c->world.clocks;
    cfg.time_limit_ns = 0;
    pursuit_result r;
    int rc = pursuit_play(&w, c->against[(size_t)pair % c->nagainst], (const pursuit_bot *)side,
                          &cfg, NULL, NULL, &r);
    *result = r.predator_won ? (double)r.clock / cfg.clocks : 1.0;
    pursuit_world_free(&w);
    return rc != DMAP_OK;
}

static int pairs(void *vctx, int k, const kit_param_values *plus, const kit_param_values *minus,
                 double *diff) {
    const tune_ctx *c = vctx;
    return kit_tune_play_pairs(PCLI_PROG, c->bot, c->decl, k, plus, minus, c->games, c->jobs, c->seed,
                               play_game, c, diff);
}

int cmd_tune(int argc, char **argv) {
    kit_tune_opts o;
    kit_tune_defaults(&o);
    kit_opts seen = {{0}, 0};
    tune_ctx c;
    memset(&c, 0, sizeof c);
    pcli_common_defaults(&c.world);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: pursuit tune --bot flee|buryflee --against PREDATORS [--size WxH]\n"
                 "                    [--walls P] [--clocks N] [--iterations K]\n"
                 "                    [--games-per-side G] [--seed S] [--jobs J] [--a A] [--c C]\n"
                 "                    [--check SPEC]\n"
                 "  --against A,B,...   the predators: pair j plays predator j % n\n"
                 "  --size WxH, --walls P, --clocks N  the random worlds and the game length, as\n"
                 "                      `match --random` takes them (8x8, 0.2, 30 by default)");
            fputs(kit_tune_help, stdout);
            return 0;
        }
        if (kit_opt_once(PCLI_PROG, &seen, a)) return PCLI_USAGE;
        int r = kit_tune_option(PCLI_PROG, argc, argv, &i, &o);
        if (r < 0) return PCLI_USAGE;
        if (r > 0) continue;
        r = pcli_common_option(argc, argv, &i, &c.world);
        if (r < 0) return PCLI_USAGE;
        if (r == 0) return kit_unknown_option(PCLI_PROG, "tune", a), PCLI_USAGE;
    }
    if (kit_tune_check(PCLI_PROG, &o, pursuit_seat_bots(PURSUIT_PREY), &c.bot, &c.decl))
        return PCLI_USAGE;
    char against[1024]; /* as given, for the header: the list is split in place */
    snprintf(against, sizeof against, "%s", o.against);
    if (pcli_bot_list("--against", o.against, PURSUIT_PREDATOR, NULL, c.against, &c.nagainst))
        return PCLI_USAGE;
    o.against = against;
    c.seed = o.seed, c.jobs = o.jobs, c.games = o.games;
    int rc = kit_tune_run(PCLI_PROG, &o, c.bot, c.decl, pairs, &c);
    pcli_free_bots(c.against, c.nagainst);
    return rc;
}
