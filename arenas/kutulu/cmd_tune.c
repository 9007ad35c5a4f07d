/* cmd_tune.c — `kutulu tune`: SPSA over a bot's parameters (kit/tune.h). Each iteration
 * plays G pairs of games: the tuned bot at θ+ in one game and at θ− in the other, with the
 * same referee seed, league map, bot seed, seat and three opponents (--against A,B,C); pair j
 * puts the tuned bot in seat j % 4. A game's result is (4 − rank) / 3 (first 1, last 0, ties
 * shared as the referee ranks them); a pair's difference is the result at θ+ minus that at θ−. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/tournament.h"
#include "kit/lab_cmd.h"

static const char tune_help_head[] =
    "usage: kutulu tune --bot NAME --against A,B,C [--iterations K] [--games-per-side G]\n"
    "                   [--seed S] [--jobs J] [--a A] [--c C] [--check SPEC] [--data DIR]\n"
    "  --against A,B,C     the three opponents (built-in bots or specs with parameters)\n"
    "  --data DIR          the data folder holding maps/\n";

typedef struct tune_ctx {
    kit_tune_setup run; /* first: the kit's (--bot, --seed, --jobs, --games-per-side) */
    const char *data_dir; /* --data */
    char *against[KT_PLAYERS - 1];
    const kt_mapset *maps;
    /* the iteration being played: the two specs */
    int k;
    char spec[2][KIT_PARAM_SPEC_MAX];
} tune_ctx;

/* Game i: pair i / 2, θ+ when i is even, θ− when odd; both games of a pair take the pair's
 * seed. The record: the tuned bot's result. */
static int play_game(void *vctx, const kit_seating *st, int *rank, void *record, char *why,
                     size_t cap) {
    const tune_ctx *ctx = vctx;
    long index = st->game, pair = index / 2;
    (void)rank;
    int side = (int)(index % 2), seat = (int)(pair % KT_PLAYERS);
    uint64_t seed = kit_tune_seed(ctx->run.seed, ctx->k, pair);
    kt_player *players[KT_PLAYERS] = {0};
    char *err = why;
    size_t errlen = cap;
    int rc = 0;
    for (int s = 0, o = 0; s < KT_PLAYERS; s++) {
        const char *spec = s == seat ? ctx->spec[side] : ctx->against[o++];
        if (!(players[s] = kt_player_new(spec, err, errlen))) rc = -1;
    }
    if (rc == 0) {
        kt_match_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.seed = (int64_t)(seed >> 1);
        cfg.forced_map = (int)(pair % KT_LEAGUE_MAPS);
        cfg.bot_seed = kit_game_seed(seed, 1);
        cfg.first_limit_ns = 1000000000LL;
        cfg.limit_ns = 50000000LL;
        kt_match_result res;
        rc = kt_play_match(players, ctx->maps, &cfg, NULL, NULL, &res, err, errlen);
        if (rc == 0) *(double *)record = (KT_PLAYERS - res.rank[seat]) / (double)(KT_PLAYERS - 1);
    }
    for (int s = 0; s < KT_PLAYERS; s++) kt_player_free(players[s]);
    return rc != 0;
}

static int pairs(void *vctx, int k, const kit_param_values *plus, const kit_param_values *minus,
                 double *diff) {
    tune_ctx *ctx = vctx;
    ctx->k = k;
    const char *bot = ctx->run.bot->name;
    if (kit_param_format(bot, ctx->run.decl, plus, ctx->spec[0], sizeof ctx->spec[0]) ||
        kit_param_format(bot, ctx->run.decl, minus, ctx->spec[1], sizeof ctx->spec[1]))
        return kcli_fail("tune: a spec too long"), 1;
    long games = 2 * ctx->run.games;
    kit_tournament t = {.games = games, .jobs = ctx->run.jobs, .seed = ctx->run.seed,
                        .record_size = sizeof(double), .play = play_game, .ctx = ctx,
                        .label = "games", .progress = 0};
    void *slots = calloc((size_t)games, kit_slot_size(&t));
    if (!slots) return kcli_fail("tune: out of memory"), 1;
    long failed = 0;
    if (kit_tournament_run(&t, slots, &failed) || failed) {
        long g = 0;
        while (g < games && !kit_slot(&t, slots, g)->failed) g++;
        fprintf(stderr, "kutulu: tune: %s\n",
                g < games ? kit_slot(&t, slots, g)->why : "could not start games");
        free(slots);
        return 1;
    }
    for (long j = 0; j < ctx->run.games; j++)
        diff[j] = *(const double *)kit_slot_record(kit_slot(&t, slots, 2 * j)) -
                  *(const double *)kit_slot_record(kit_slot(&t, slots, 2 * j + 1));
    free(slots);
    return 0;
}

static int option(void *arena, int argc, char **argv, int *i) {
    if (strcmp(argv[*i], "--data")) return 0;
    return (((tune_ctx *)arena)->data_dir = kit_opt_value(ARENA_PROG, argc, argv, i)) ? 1 : -1;
}

/* --against: the three opponents (built-in bots or specs), then the maps. */
static int open_against(void *arena, char *list) {
    tune_ctx *ctx = arena;
    char *items[KT_PLAYERS - 1];
    int n = 0;
    if (kit_split_bots(ARENA_PROG, "--against", list, KT_PLAYERS - 1, KT_PLAYERS - 1, NULL, items, &n))
        return KIT_EXIT_USAGE;
    for (int i = 0; i < n; i++) {
        const kit_bot_info *seat = kit_bot_spec(ARENA_PROG, "--against", &kt_bot_table, items[i], NULL);
        if (!seat) return KIT_EXIT_USAGE;
        kit_param_seat_free(seat);
        ctx->against[i] = items[i];
    }
    static kt_mapset maps;
    if (kcli_load_maps(ctx->data_dir, &maps)) return KIT_EXIT_USAGE;
    ctx->maps = &maps;
    return 0;
}

int cmd_tune(int argc, char **argv) {
    static const kit_tune_cmd cmd = {.prog = ARENA_PROG, .help = tune_help_head,
                                     .bots = &kt_bot_table, .option = option,
                                     .open = open_against, .pairs = pairs};
    static tune_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    return kit_tune_command(&cmd, &ctx, argc, argv);
}
