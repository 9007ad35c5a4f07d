/* cmd_tune.c — `bomber tune`: SPSA over gambit's or gambit2's desire weights (kit/tune.h). Each
 * iteration plays G pairs of games: pair j on the map of its seed (kit_tune_seed), against
 * opponent j % n of --against, the tuned bot in seat (j / n) % 2; one game of the pair with
 * the bot at θ+, the other at θ−, everything else the same. A game's result is 1 for a win,
 * 0.5 for a draw, 0 for a loss; a pair's difference is the result at θ+ minus the result at θ−. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/tune.h"

enum { MAX_AGAINST = 8 };

typedef struct tune_ctx {
    const kit_bot_info *bot;
    const kit_params *decl;
    const bomber_bot *against[MAX_AGAINST];
    int nagainst;
    uint64_t seed;
    int jobs;
    long games;
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the tuned bot at `side` in seat (pair / n) % 2. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    int seat = (int)(pair / c->nagainst % 2);
    const bomber_bot *seats[2];
    seats[seat] = (const bomber_bot *)side;
    seats[1 - seat] = c->against[pair % c->nagainst];
    int64_t map = (int64_t)(kit_tune_seed(c->seed, k, pair) >> 33);
    bomber_result r;
    int rc = bomber_play(map, seats, 0, NULL, NULL, &r);
    *result = r.winner == seat ? 1.0 : r.winner == 1 - seat ? 0.0 : 0.5;
    return rc != 0;
}

static int pairs(void *vctx, int k, const kit_param_values *plus, const kit_param_values *minus,
                 double *diff) {
    const tune_ctx *c = vctx;
    return kit_tune_play_pairs(BOMBER_PROG, c->bot, c->decl, k, plus, minus, c->games, c->jobs, c->seed,
                               play_game, c, diff);
}

int cmd_tune(int argc, char **argv) {
    const char *prog = BOMBER_PROG;
    kit_tune_opts o;
    kit_tune_defaults(&o);
    kit_opts seen = {.n = 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: bomber tune --bot gambit|gambit2 --against A,B,... [--iterations K]\n"
                 "                   [--games-per-side G] [--seed S] [--jobs J] [--a A] [--c C]\n"
                 "                   [--check SPEC]\n"
                 "  --against A,B,...   the opponents (1 to 8 bots or specs): pair j plays\n"
                 "                      opponent j % n, the tuned bot in seat (j / n) % 2");
            fputs(kit_tune_help, stdout);
            return 0;
        }
        if (kit_opt_once(prog, &seen, a)) return KIT_EXIT_USAGE;
        int r = kit_tune_option(prog, argc, argv, &i, &o);
        if (r < 0) return KIT_EXIT_USAGE;
        if (r == 0) return kit_unknown_option(prog, "tune", a), KIT_EXIT_USAGE;
    }
    tune_ctx c;
    memset(&c, 0, sizeof c);
    if (kit_tune_check(prog, &o, &bomber_bot_table, &c.bot, &c.decl)) return KIT_EXIT_USAGE;
    char against[1024]; /* as given, for the header: the list is split in place */
    snprintf(against, sizeof against, "%s", o.against);
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    if (bomber_cli_bots("--against", o.against, 1, MAX_AGAINST, &oo, c.against, &c.nagainst))
        return KIT_EXIT_USAGE;
    o.against = against;
    c.seed = o.seed, c.jobs = o.jobs, c.games = o.games;
    int rc = kit_tune_run(prog, &o, c.bot, c.decl, pairs, &c);
    bomber_cli_free_bots(c.against, c.nagainst);
    return rc;
}
