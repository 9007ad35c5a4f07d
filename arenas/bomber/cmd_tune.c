/* cmd_tune.c — `bomber tune`: SPSA over a bot's declared parameters (kit/tune.h: gambit's and
 * gambit2's desire weights, search's). Each
 * iteration plays G pairs of games: pair j on the map of its seed (kit_tune_seed), against
 * opponent j % n of --against, the tuned bot in seat (j / n) % 2; one game of the pair with
 * the bot at θ+, the other at θ−, everything else the same. A game's result is 1 for a win,
 * 0.5 for a draw, 0 for a loss; a pair's difference is the result at θ+ minus the result at θ−. */
#include "cli.h"
#include "kit/lab_cmd.h"

enum { MAX_AGAINST = 8 };

typedef struct tune_ctx {
    kit_tune_setup run; /* first: the kit's (--bot, --seed, --jobs, --games-per-side) */
    const bomber_bot *against[MAX_AGAINST];
    int nagainst;
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the tuned bot at `side` in seat (pair / n) % 2. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    int seat = (int)(pair / c->nagainst % 2);
    const bomber_bot *seats[2];
    seats[seat] = (const bomber_bot *)side;
    seats[1 - seat] = c->against[pair % c->nagainst];
    int64_t map = (int64_t)(kit_tune_seed(c->run.seed, k, pair) >> 33);
    bomber_result r;
    int rc = bomber_play(map, seats, 0, NULL, NULL, &r);
    *result = r.winner == seat ? 1.0 : r.winner == 1 - seat ? 0.0 : 0.5;
    return rc != 0;
}

static int open_against(void *arena, char *list) {
    tune_ctx *c = arena;
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, KIT_STDERR_DISCARD, 0};
    int n = 0; /* c->nagainst only once every bot is there */
    if (bomber_cli_bots("--against", list, 1, MAX_AGAINST, &oo, c->against, &n)) return KIT_EXIT_USAGE;
    c->nagainst = n;
    return 0;
}

static void close_against(void *arena) {
    tune_ctx *c = arena;
    bomber_cli_free_bots(c->against, c->nagainst);
}

int cmd_tune(int argc, char **argv) {
    static const kit_tune_cmd cmd = {
        .prog = ARENA_PROG,
        .help = "usage: bomber tune --bot NAME --against A,B,... [--iterations K]\n"
                "                   [--games-per-side G] [--seed S] [--jobs J] [--a A] [--c C]\n"
                "                   [--only NAME,...] [--start SPEC] [--check SPEC]\n"
                "  --against A,B,...   the opponents (1 to 8 bots or specs): pair j plays\n"
                "                      opponent j % n, the tuned bot in seat (j / n) % 2\n",
        .bots = &bomber_bot_table, .open = open_against, .close = close_against,
        .game = play_game};
    tune_ctx c = {.nagainst = 0};
    return kit_tune_command(&cmd, &c, argc, argv);
}
