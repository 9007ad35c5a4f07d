/* cmd_tune.c — `pommerman tune`: SPSA over the dmap bot's parameters (kit/tune.h). Each
 * iteration plays G pairs of games of --config (ffa by default): pair j with the seed
 * kit_tune_seed gives, the tuned bot in seat j % n and the --against bots in the other seats
 * in their order; one game of the pair with the bot at θ+, the other at θ−, everything else
 * the same. A game's result for the tuned bot's seat is 1 for a win (its team's), 0.5 for a
 * tie, 0 for a loss; a pair's difference is the result at θ+ minus the result at θ−. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/lab_cmd.h"

typedef struct tune_ctx {
    kit_tune_setup run; /* first: the kit's (--bot, --seed, --jobs, --games-per-side) */
    const char *config; /* --config */
    const pm_config *cfg;
    const pm_bot *against[PM_MAX_AGENTS];
    int n, nagainst; /* seats, bots looked up */
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the tuned bot at `side` in seat pair % n. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    int seat = (int)(pair % c->n);
    const pm_bot *bots[PM_MAX_AGENTS];
    for (int s = 0, o = 0; s < c->n; s++)
        bots[s] = s == seat ? (const pm_bot *)side : c->against[o++];
    uint64_t seed = kit_tune_seed(c->run.seed, k, pair) & 0x7fffffffffffffffull;
    pm_game_result r;
    int rc = pm_play(c->cfg, bots, seed, NULL, NULL, 0, NULL, &r);
    *result = r.result == PM_TIE ? 0.5 : (r.winners & (1u << seat)) ? 1.0 : 0.0;
    return rc != DMAP_OK;
}

static int option(void *arena, int argc, char **argv, int *i) {
    if (strcmp(argv[*i], "--config")) return 0;
    return (((tune_ctx *)arena)->config = kit_opt_value(ARENA_PROG, argc, argv, i)) ? 1 : -1;
}

/* --config, then --against: the bots of the other seats, in order. */
static int open_against(void *arena, char *list) {
    tune_ctx *c = arena;
    if (pm_cli_config(c->config, &c->cfg)) return KIT_EXIT_USAGE;
    c->n = c->cfg->num_agents;
    char note[80];
    snprintf(note, sizeof note, "config %s", c->config);
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, KIT_STDERR_DISCARD, 0};
    const kit_bot_info *info[PM_MAX_AGENTS];
    int n = 0; /* c->nagainst only once every bot is there */
    if (kit_parse_seats(ARENA_PROG, "--against", list, &pm_bot_table, c->n - 1, c->n - 1, note,
                        &pm_bot_outside.info, sizeof pm_bot_outside, &oo, info, &n))
        return KIT_EXIT_USAGE;
    for (int i = 0; i < n; i++) c->against[i] = (const pm_bot *)info[i];
    c->nagainst = n;
    return 0;
}

static void close_against(void *arena) {
    tune_ctx *c = arena;
    pm_cli_free_bots(c->against, c->nagainst);
}

int cmd_tune(int argc, char **argv) {
    static const kit_tune_cmd cmd = {
        .prog = ARENA_PROG,
        .help = "usage: pommerman tune --bot dmap --against B,C,D [--config C] [--iterations K]\n"
                "                      [--games-per-side G] [--seed S] [--jobs J] [--a A]\n"
                "                      [--c C] [--check SPEC]\n"
                "  --against B,C,D     the other seats' bots (built-in bots or specs), in order\n"
                "  --config C          ffa (default), 1v1 or a config id; pair j puts the tuned\n"
                "                      bot in seat j % (number of agents)\n",
        .bots = &pm_bot_table, .option = option, .open = open_against, .close = close_against,
        .game = play_game};
    tune_ctx c = {.config = "ffa"};
    return kit_tune_command(&cmd, &c, argc, argv);
}
