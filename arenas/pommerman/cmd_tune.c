/* cmd_tune.c — `pommerman tune`: SPSA over the dmap bot's parameters (kit/tune.h). Each
 * iteration plays G pairs of games of --config (ffa by default): pair j with the seed
 * kit_tune_seed gives, the tuned bot in seat j % n and the --against bots in the other seats
 * in their order; one game of the pair with the bot at θ+, the other at θ−, everything else
 * the same. A game's result for the tuned bot's seat is 1 for a win (its team's), 0.5 for a
 * tie, 0 for a loss; a pair's difference is the result at θ+ minus the result at θ−. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/tune.h"

typedef struct tune_ctx {
    const kit_bot_info *bot;
    const kit_params *decl;
    const pm_config *cfg;
    const pm_bot *against[PM_MAX_AGENTS];
    int n; /* seats */
    uint64_t seed;
    int jobs;
    long games;
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the tuned bot at `side` in seat pair % n. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    int seat = (int)(pair % c->n);
    const pm_bot *bots[PM_MAX_AGENTS];
    for (int s = 0, o = 0; s < c->n; s++)
        bots[s] = s == seat ? (const pm_bot *)side : c->against[o++];
    uint64_t seed = kit_tune_seed(c->seed, k, pair) & 0x7fffffffffffffffull;
    pm_game_result r;
    int rc = pm_play(c->cfg, bots, seed, NULL, NULL, 0, NULL, &r);
    *result = r.result == PM_TIE ? 0.5 : (r.winners & (1u << seat)) ? 1.0 : 0.0;
    return rc != DMAP_OK;
}

static int pairs(void *vctx, int k, const kit_param_values *plus, const kit_param_values *minus,
                 double *diff) {
    const tune_ctx *c = vctx;
    return kit_tune_play_pairs(PM_PROG, c->bot, c->decl, k, plus, minus, c->games, c->jobs, c->seed,
                               play_game, c, diff);
}

int cmd_tune(int argc, char **argv) {
    kit_tune_opts o;
    kit_tune_defaults(&o);
    kit_opts seen = {{0}, 0};
    const char *config_arg = "ffa";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: pommerman tune --bot dmap --against B,C,D [--config C] [--iterations K]\n"
                 "                      [--games-per-side G] [--seed S] [--jobs J] [--a A]\n"
                 "                      [--c C] [--check SPEC]\n"
                 "  --against B,C,D     the other seats' bots (built-in bots or specs), in order\n"
                 "  --config C          ffa (default), 1v1 or a config id; pair j puts the tuned\n"
                 "                      bot in seat j % (number of agents)");
            fputs(kit_tune_help, stdout);
            return 0;
        }
        if (kit_opt_once(PM_PROG, &seen, a)) return KIT_EXIT_USAGE;
        int r = kit_tune_option(PM_PROG, argc, argv, &i, &o);
        if (r < 0) return KIT_EXIT_USAGE;
        if (r > 0) continue;
        if (!strcmp(a, "--config")) {
            if (!(config_arg = kit_opt_value(PM_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(PM_PROG, "tune", a), KIT_EXIT_USAGE;
        }
    }
    tune_ctx c;
    memset(&c, 0, sizeof c);
    if (pm_cli_config(config_arg, &c.cfg)) return KIT_EXIT_USAGE;
    if (kit_tune_check(PM_PROG, &o, &pm_bot_table, &c.bot, &c.decl)) return KIT_EXIT_USAGE;
    c.n = c.cfg->num_agents;
    char against[1024]; /* as given, for the header: the list is split in place */
    snprintf(against, sizeof against, "%s", o.against);
    char note[80];
    snprintf(note, sizeof note, "config %s", config_arg);
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    const kit_bot_info *info[PM_MAX_AGENTS];
    int nagainst = 0;
    if (kit_parse_seats(PM_PROG, "--against", o.against, &pm_bot_table, c.n - 1, c.n - 1, note,
                        &pm_bot_outside.info, sizeof pm_bot_outside, &oo, info, &nagainst))
        return KIT_EXIT_USAGE;
    for (int i = 0; i < nagainst; i++) c.against[i] = (const pm_bot *)info[i];
    o.against = against;
    c.seed = o.seed, c.jobs = o.jobs, c.games = o.games;
    int rc = kit_tune_run(PM_PROG, &o, c.bot, c.decl, pairs, &c);
    pm_cli_free_bots(c.against, nagainst);
    return rc;
}
