/* cmd_tournament.c — `kutulu tournament`: N games of four entrants on the kit's runner. Games
 * come in groups of 4 that share one referee seed and one league map (the map rotation walks
 * the 16 maps group by group) with the seats rotated, so every entrant plays every seat of
 * the same game. Per entrant: mean rank, share of first places (rank 1, ties included) with a
 * Wilson 95% interval, mean score, mean and worst decision time, games ended by a timeout;
 * for outside programs, a last table says why their players were ended. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kit/stats.h"
#include "kit/shard.h"
#include "kit/tournament.h"
#include "kit/outside.h"

static const char tournament_help[] =
    "usage: kutulu tournament --bots A,B,C,D --games N [--seed S] [--jobs J] [--data DIR]\n"
    "                         [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "                         [--shard K/N --out FILE]\n"
    "  --bots A,B,C,D the four entrants (built-in bots or cmd:PROGRAM ARGS; repeats allowed)\n"
    "  --games N      games to play (groups of 4 rotate the seats of one game; default 100)\n"
    "  --seed S       tournament seed (default 1): each game's referee seed derives from it\n"
    "  --jobs J       games in parallel (0 = every core, the default); the table is the same\n"
    "                 for any J\n"
    "  --data DIR     the data folder holding maps/ (default: data beside the program, or\n"
    "                 share/dmap/kutulu of its install prefix)\n"
    "  --first-limit MS, --limit MS  time limits of cmd: programs (default 1000 and 50, the\n"
    "                 referee's)\n"
    "  --bot-stderr W where cmd: programs' stderr goes: discard (the default), inherit (this\n"
    "                 program's stderr), or a FILE (appended to, never truncated)\n"
    "  --shard K/N --out FILE  play only the games i with i % N == K-1 and write their\n"
    "                 results to FILE; `kutulu merge` prints the table of shards 1..N\n"
    "Prints one row per entrant. A progress line goes to stderr when it is a terminal.\n";

typedef struct game_slot {
    int failed;
    char why[256]; /* a failed game: the runner's reason */
    int rank[KT_PLAYERS], score[KT_PLAYERS], timeouts[KT_PLAYERS], decisions[KT_PLAYERS];
    kit_end ended[KT_PLAYERS]; /* why an outside program was ended */
    int64_t decide_ns[KT_PLAYERS], max_ns[KT_PLAYERS];
    int turns;
} game_slot;

typedef struct tour_ctx {
    char *specs[KT_PLAYERS];
    const kt_mapset *maps;
    uint64_t seed;
    int64_t first_limit_ns, limit_ns;
    int bot_stderr;
} tour_ctx;

static int play_one(void *vctx, long index, uint64_t game_seed, void *result) {
    const tour_ctx *ctx = vctx;
    game_slot *slot = result;
    int entrant_of_seat[KT_PLAYERS];
    kit_rotate_seats(index, KT_PLAYERS, entrant_of_seat);
    kt_player *players[KT_PLAYERS] = {0};
    char err[256];
    int rc = 0;
    for (int s = 0; s < KT_PLAYERS; s++) {
        players[s] = kt_player_new(ctx->specs[entrant_of_seat[s]], err, sizeof err);
        if (!players[s]) rc = -1;
        else kt_player_stderr(players[s], ctx->bot_stderr);
    }
    if (rc == 0) {
        /* one referee game per group of 4: the same seed and map, seats rotated */
        kt_match_config cfg;
        cfg.seed = (int64_t)(kit_game_seed(ctx->seed, index / KT_PLAYERS) >> 1);
        cfg.forced_map = (int)((index / KT_PLAYERS) % KT_LEAGUE_MAPS);
        cfg.bot_seed = game_seed;
        cfg.first_limit_ns = ctx->first_limit_ns;
        cfg.limit_ns = ctx->limit_ns;
        kt_match_result res;
        rc = kt_play_match(players, ctx->maps, &cfg, NULL, NULL, &res, err, sizeof err);
        if (rc == 0) {
            slot->turns = res.turns;
            for (int s = 0; s < KT_PLAYERS; s++) {
                int e = entrant_of_seat[s];
                slot->rank[e] = res.rank[s];
                slot->score[e] = res.score[s];
                slot->timeouts[e] = res.timeouts[s];
                slot->ended[e] = res.ended[s];
                slot->decisions[e] = res.decisions[s];
                slot->decide_ns[e] = res.decide_ns[s];
                slot->max_ns[e] = res.max_decide_ns[s];
            }
        }
    }
    for (int s = 0; s < KT_PLAYERS; s++) kt_player_free(players[s]);
    slot->failed = rc != 0;
    if (rc != 0) snprintf(slot->why, sizeof slot->why, "%s", err);
    return rc != 0;
}

int kutulu_tournament_from(int argc, char **argv, const kit_merged *merged) {
    long games = 100;
    uint64_t seed = 1;
    int jobs = 0;
    kit_opts seen = {0};
    const char *data_dir = NULL;
    char *bots_arg = NULL;
    const char *stderr_arg = NULL;
    int64_t first_ms = 1000, limit_ms = 50;
    tour_ctx ctx;
    kit_shard shard;
    kit_shard_init(&shard, "kutulu", argc, argv, merged);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(tournament_help, stdout), 0;
        if (kit_opt_once("kutulu", &seen, a)) return KIT_EXIT_USAGE;
        int took = kit_shard_option(&shard, argc, argv, &i);
        if (took < 0) return KIT_EXIT_USAGE;
        if (took) continue;
        if (strncmp(a, "--", 2) != 0)
            return kcli_fail("tournament: unexpected argument '%.60s'", a);
        if (strcmp(a, "--bots") && strcmp(a, "--games") && strcmp(a, "--seed") &&
            strcmp(a, "--jobs") && strcmp(a, "--data") && strcmp(a, "--bot-stderr") &&
            strcmp(a, "--first-limit") && strcmp(a, "--limit")) /* unknown, not "needs a value" */
            return kit_unknown_option("kutulu", "tournament", a), KIT_EXIT_USAGE;
        const char *v = kit_opt_value("kutulu", argc, argv, &i);
        if (!v) return KIT_EXIT_USAGE;
        if (strcmp(a, "--bots") == 0) {
            bots_arg = argv[i];
        } else if (strcmp(a, "--games") == 0) {
            if (kit_parse_long("kutulu", a, v, 1, 100000000, &games)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (kit_parse_seed("kutulu", a, v, &seed)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--jobs") == 0) {
            if (kit_parse_jobs("kutulu", a, v, &jobs)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--data") == 0) {
            data_dir = v;
        } else if (strcmp(a, "--bot-stderr") == 0) {
            stderr_arg = v;
        } else if (strcmp(a, "--first-limit") == 0 || strcmp(a, "--limit") == 0) {
            int64_t *dst = a[2] == 'f' ? &first_ms : &limit_ms;
            if (kcli_int64(a, v, dst)) return KIT_EXIT_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        } else {
            return kit_unknown_option("kutulu", "tournament", a), KIT_EXIT_USAGE;
        }
    }
    if (!bots_arg) return kcli_fail("tournament: --bots is required (see kutulu help tournament)");
    if (kcli_bots("--bots", bots_arg, ctx.specs)) return KIT_EXIT_USAGE;
    if (kit_shard_check(&shard)) return KIT_EXIT_USAGE;
    char err[256];
    for (int e = 0; e < KT_PLAYERS && !merged; e++) { /* check the programs before playing */
        kt_player *p = kt_player_new(ctx.specs[e], err, sizeof err);
        if (!p) return kcli_fail("--bots: %s", err);
        kt_player_free(p);
    }
    static kt_mapset maps;
    if (!merged && kcli_load_maps(data_dir, &maps)) return KIT_EXIT_USAGE;
    if (kcli_bot_stderr(stderr_arg, -1, &ctx.bot_stderr)) return KIT_EXIT_USAGE; /* opened last */
    ctx.maps = &maps;
    ctx.seed = seed;
    ctx.first_limit_ns = first_ms * 1000000LL;
    ctx.limit_ns = limit_ms * 1000000LL;
    game_slot *slots = calloc((size_t)games, sizeof *slots);
    if (!slots) return kcli_fail("tournament: out of memory");
    kit_tournament t = {games, jobs, seed, sizeof(game_slot), play_one, &ctx,
                        "games", -1};
    long failed = 0;
    int where = kit_tournament_play(&t, &shard, slots, &failed);
    if (where != KIT_SHARD_TABLE) { /* failed, or the table is printed elsewhere */
        free(slots);
        if (ctx.bot_stderr > 2) close(ctx.bot_stderr);
        return where < 0 ? 1 : failed ? 1 : 0;
    }
    kit_mean rank[KT_PLAYERS] = {{0}}, score[KT_PLAYERS] = {{0}}, turns = {0};
    long first[KT_PLAYERS] = {0}, timeouts[KT_PLAYERS] = {0}, decisions[KT_PLAYERS] = {0};
    double ns[KT_PLAYERS] = {0};
    kit_end_tally ended[KT_PLAYERS];
    memset(ended, 0, sizeof ended);
    int64_t worst[KT_PLAYERS] = {0};
    long played = 0;
    for (long g = 0; g < games; g++) {
        const game_slot *s = &slots[g];
        if (s->failed) continue;
        played++;
        kit_mean_add(&turns, s->turns);
        for (int e = 0; e < KT_PLAYERS; e++) {
            kit_mean_add(&rank[e], s->rank[e]);
            kit_mean_add(&score[e], s->score[e]);
            first[e] += s->rank[e] == 1;
            timeouts[e] += s->timeouts[e];
            kit_end_tally_add(&ended[e], s->ended[e]);
            decisions[e] += s->decisions[e];
            ns[e] += (double)s->decide_ns[e];
            if (s->max_ns[e] > worst[e]) worst[e] = s->max_ns[e];
        }
    }
    printf("kutulu tournament: %ld games (%ld failed), seed %lld, %.1f turns per game on average\n",
           played, failed, (long long)seed, kit_mean_value(&turns));
    printf("| entrant | bot | mean rank | first places | 95%% interval | mean score | decision mean | decision worst | timeouts |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    for (int e = 0; e < KT_PLAYERS; e++) {
        double lo, hi;
        kit_wilson(first[e], played, 1.96, &lo, &hi);
        printf("| %c | %s | %.3f ± %.3f | %.1f%% | %.1f–%.1f%% | %.1f ± %.1f | %.1f µs | %.2f ms | %ld |\n",
               'A' + e, ctx.specs[e], kit_mean_value(&rank[e]), kit_mean_halfwidth(&rank[e]),
               played ? 100.0 * (double)first[e] / (double)played : 0.0, 100 * lo, 100 * hi,
               kit_mean_value(&score[e]), kit_mean_halfwidth(&score[e]),
               decisions[e] ? ns[e] / (double)decisions[e] / 1e3 : 0.0, (double)worst[e] / 1e6,
               timeouts[e]);
    }
    kit_print_ended(stdout, (const char *const *)ctx.specs, ended, KT_PLAYERS);
    if (failed) { /* the table above counts the games played; say why the others were not */
        long g = 0;
        while (g < games && !slots[g].failed) g++;
        if (g < games)
            fprintf(stderr, "kutulu: tournament: %ld games failed (game %ld: %s)\n", failed, g,
                    slots[g].why);
    }
    free(slots);
    if (ctx.bot_stderr > 2) close(ctx.bot_stderr);
    return failed ? 1 : 0;
}

int kutulu_cmd_tournament(int argc, char **argv) { return kutulu_tournament_from(argc, argv, NULL); }
