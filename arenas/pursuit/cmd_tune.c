/* cmd_tune.c — `pursuit tune`: SPSA over a bot's parameters (kit/tune.h): flee's or
 * buryflee's flee factor, as the prey. Each iteration plays G pairs of games: pair j on the
 * random world of its seed (kit_tune_seed; --size and --walls as `match --random`), against
 * predator j % n of --against, with the bots' seed of the pair; one game of the pair with the
 * prey at θ+, the other at θ−. No time limit, so games are the same on a busy machine. A game's
 * result is the share of the clocks the prey lived (1 when it survived); a pair's
 * difference is the result at θ+ minus the result at θ−. */
#include "cli.h"
#include "kit/lab_cmd.h"
#include "kit/tournament.h"

typedef struct tune_ctx {
    kit_tune_setup run; /* first: the kit's (--bot, --seed, --jobs, --games-per-side) */
    const pursuit_bot *against[PCLI_MAX_BOTS];
    size_t nagainst;
    pcli_common world; /* --size, --walls, --clocks */
} tune_ctx;

/* One game of pair `pair` (kit_tune_game): the prey at `side` against predator pair % n. */
static int play_game(const void *vctx, int k, long pair, const kit_bot_info *side, double *result) {
    const tune_ctx *c = vctx;
    uint64_t seed = kit_tune_seed(c->run.seed, k, pair);
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

static int option(void *arena, int argc, char **argv, int *i) {
    int r = pcli_common_option(argc, argv, i, &((tune_ctx *)arena)->world);
    return r < 0 ? -1 : r;
}

static int open_against(void *arena, char *list) {
    tune_ctx *c = arena;
    return pcli_bot_list("--against", list, PURSUIT_PREDATOR, NULL, c->against, &c->nagainst);
}

static void close_against(void *arena) {
    tune_ctx *c = arena;
    pcli_free_bots(c->against, c->nagainst);
}

int cmd_tune(int argc, char **argv) {
    const kit_tune_cmd cmd = {
        .prog = ARENA_PROG,
        .help = "usage: pursuit tune --bot flee|buryflee --against PREDATORS [--size WxH]\n"
                "                    [--walls P] [--clocks N] [--iterations K]\n"
                "                    [--games-per-side G] [--seed S] [--jobs J] [--a A] [--c C]\n"
                "                    [--check SPEC]\n"
                "  --against A,B,...   the predators: pair j plays predator j % n\n"
                "  --size WxH, --walls P, --clocks N  the random worlds and the game length, as\n"
                "                      `match --random` takes them (8x8, 0.2, 30 by default)\n",
        .bots = pursuit_seat_bots(PURSUIT_PREY), .option = option, .open = open_against,
        .close = close_against, .game = play_game};
    tune_ctx c = {.nagainst = 0};
    pcli_common_defaults(&c.world);
    return kit_tune_command(&cmd, &c, argc, argv);
}
