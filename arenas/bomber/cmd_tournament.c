/* cmd_tournament.c — `bomber tournament --bots A,B,... --games N [--seed S] [--jobs J]`: every
 * pairing plays N games on the kit's runner; with outside programs among the bots, a last
 * table says why their players were ended. Game k of a pairing uses map k/2 (the same maps
 * for every pairing), with the seats swapped on odd k, so each map is played from both sides.
 * Seeds depend only on --seed and k, so the table is the same for any --jobs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"
#include "kit/stats.h"
#include "kit/shard.h"
#include "kit/tournament.h"

enum { MAX_BOTS = 8 };

typedef struct tour_ctx {
    const bomber_bot *bots[MAX_BOTS];
    int npairs, pair_a[MAX_BOTS * MAX_BOTS], pair_b[MAX_BOTS * MAX_BOTS];
    long games; /* per pairing */
    uint64_t seed;
} tour_ctx;

typedef struct tour_result {
    bomber_result r;
    int rc;     /* 0, or why the game could not be played (a bot's init error) */
    int a_seat; /* pid of the pairing's first bot */
    int64_t map_seed;
} tour_result;

/* The seed of map k/2: a 31-bit number, so 100*S + 10 + pid stays small. */
static int64_t map_seed(uint64_t seed, long k) { return (int64_t)(kit_game_seed(seed, k / 2) >> 33); }

static int play_one(void *vctx, long index, uint64_t game_seed, void *slot) {
    const tour_ctx *c = vctx;
    tour_result *out = slot;
    (void)game_seed;
    long pair = index / c->games, k = index % c->games;
    const bomber_bot *a = c->bots[c->pair_a[pair]], *b = c->bots[c->pair_b[pair]];
    out->a_seat = (int)(k % 2);
    const bomber_bot *seats[2] = {out->a_seat ? b : a, out->a_seat ? a : b};
    out->map_seed = map_seed(c->seed, k);
    out->rc = bomber_play(out->map_seed, seats, 0, NULL, NULL, &out->r);
    return out->rc != 0;
}

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    const char *prog = BOMBER_PROG, *v;
    kit_opts seen = {.n = 0};
    tour_ctx c;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    long games = -1;
    int jobs = 0, nbots = 0;
    char *botlist = NULL;
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    int took;
    kit_shard shard;
    kit_shard_init(&shard, prog, argc, argv, merged);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help")) {
            puts("usage: bomber tournament --bots A,B,... --games N [--seed S] [--jobs J]\n"
                 "Every pairing of 2 to 8 bots plays N games: game k on the map of\n"
                 "kit_game_seed(S, k/2) >> 33, seats swapped on odd k. One table of win rates\n"
                 "(Wilson 95% intervals), mean scores and decision times; the same for any --jobs.\n"
                 "  --seed S  the tournament's seed, 0 to 2^63-1 (default 1)\n"
                 "  --jobs J  threads (0, the default: every online core)\n"
                 "A bot may be cmd:PROGRAM ARGS, an outside program (README, \"Outside programs\"):\n"
                 "  --first-limit MS, --limit MS  its time limits (default 1000 and 100)\n"
                 "  --bot-stderr W  its stderr: discard (the default), inherit, or a FILE\n"
                 "  --shard K/N --out FILE  play only the games i with i % N == K-1 (i counts the\n"
                 "                 games of every pairing) and write their results to FILE;\n"
                 "                 `bomber merge` prints the table of shards 1..N");
            return 0;
        }
        if (kit_opt_once(prog, &seen, o)) return KIT_EXIT_USAGE;
        if ((took = kit_shard_option(&shard, argc, argv, &i)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--bots")) {
            if (!(botlist = kit_opt_value(prog, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--games")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) ||
                kit_parse_long(prog, o, v, 1, 10000000, &games))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--seed")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_seed(prog, o, v, &c.seed))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--jobs")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_jobs(prog, o, v, &jobs))
                return KIT_EXIT_USAGE;
        } else if ((took = kit_outside_option(prog, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            kit_unknown_option(prog, "tournament", o);
            return KIT_EXIT_USAGE;
        }
    }
    if (!botlist) return kit_fail(prog, "tournament: --bots A,B,... is required"), KIT_EXIT_USAGE;
    if (games < 0) return kit_fail(prog, "tournament: --games N is required"), KIT_EXIT_USAGE;
    if (kit_shard_check(&shard)) return KIT_EXIT_USAGE;
    if (bomber_cli_bots("--bots", botlist, 2, MAX_BOTS, &oo, c.bots, &nbots)) return KIT_EXIT_USAGE;
    if (kit_outside_opts_open(prog, &oo, KIT_STDERR_DISCARD)) {
        bomber_cli_free_bots(c.bots, nbots);
        return KIT_EXIT_USAGE;
    }
    for (int i = 0; i < nbots; i++)
        for (int j = i + 1; j < nbots; j++) c.pair_a[c.npairs] = i, c.pair_b[c.npairs++] = j;
    c.games = games;
    long total = games * c.npairs;
    tour_result *res = calloc((size_t)total, sizeof *res);
    if (!res) {
        bomber_cli_free_bots(c.bots, nbots);
        kit_outside_opts_close(&oo);
        return kit_fail(prog, "tournament: out of memory for %ld results", total), 1;
    }
    kit_tournament t = {total, jobs, c.seed, sizeof *res, play_one, &c, "games", -1};
    long failed = 0;
    int where = kit_tournament_play(&t, &shard, res, &failed);
    kit_outside_opts_close(&oo);
    if (where != KIT_SHARD_TABLE) { /* failed, or the table is printed elsewhere */
        free(res);
        bomber_cli_free_bots(c.bots, nbots);
        return where < 0 ? 1 : failed ? 1 : 0;
    }
    printf("# bomber tournament: %ld games per pairing, seed %llu (seats alternate; game k "
           "uses map k/2)\n\n", games, (unsigned long long)c.seed);
    printf("| A | B | games | A wins | draws | B wins | A win rate (95%% CI) | B win rate (95%% CI) "
           "| mean score A | mean score B | ended by death |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    kit_mean dec[MAX_BOTS];
    memset(dec, 0, sizeof dec);
    kit_end_tally ended[MAX_BOTS];
    memset(ended, 0, sizeof ended);
    for (int p = 0; p < c.npairs; p++) {
        long wa = 0, wb = 0, dr = 0, deaths = 0, played = 0;
        kit_mean sa = {0, 0, 0}, sb = {0, 0, 0};
        for (long k = 0; k < games; k++) {
            const tour_result *x = &res[p * games + k];
            if (x->rc != 0) continue; /* failed: reported below the table */
            played++;
            int pa = x->a_seat, pb = 1 - pa;
            if (x->r.winner == pa) wa++;
            else if (x->r.winner == pb) wb++;
            else dr++;
            deaths += x->r.death;
            kit_mean_add(&sa, x->r.score[pa]);
            kit_mean_add(&sb, x->r.score[pb]);
            const int who[2] = {c.pair_a[p], c.pair_b[p]};
            for (int s = 0; s < 2; s++) {
                int pid = s == 0 ? pa : pb;
                kit_end_tally_add(&ended[who[s]], x->r.ended[pid]);
                if (x->r.decisions[pid])
                    kit_mean_add(&dec[who[s]], (double)x->r.decide_ns[pid] / (double)x->r.decisions[pid] / 1000.0);
            }
        }
        double alo, ahi, blo, bhi;
        kit_wilson(wa, played, 1.96, &alo, &ahi);
        kit_wilson(wb, played, 1.96, &blo, &bhi);
        double n = played ? (double)played : 1;
        printf("| %s | %s | %ld | %ld | %ld | %ld | %.1f%% [%.1f, %.1f] | %.1f%% [%.1f, %.1f] | "
               "%.1f ± %.1f | %.1f ± %.1f | %ld |\n",
               c.bots[c.pair_a[p]]->info.name, c.bots[c.pair_b[p]]->info.name, played, wa, dr, wb,
               100.0 * wa / n, 100 * alo, 100 * ahi, 100.0 * wb / n, 100 * blo, 100 * bhi,
               kit_mean_value(&sa), kit_mean_halfwidth(&sa), kit_mean_value(&sb),
               kit_mean_halfwidth(&sb), deaths);
    }
    printf("\n| bot | mean decision time (thread CPU, µs, 95%% CI over games) |\n|---|---|\n");
    for (int i = 0; i < nbots; i++)
        printf("| %s | %.2f ± %.2f |\n", c.bots[i]->info.name, kit_mean_value(&dec[i]),
               kit_mean_halfwidth(&dec[i]));
    const char *names[MAX_BOTS];
    for (int i = 0; i < nbots; i++) names[i] = c.bots[i]->info.name;
    kit_print_ended(stdout, names, ended, nbots);
    bomber_cli_free_bots(c.bots, nbots);
    if (failed) {
        long g = 0;
        while (g < total && res[g].rc == 0) g++;
        fprintf(stderr, "bomber: tournament: %ld games could not be played (game %ld: %s)\n",
                failed, g, g < total ? dmap_strerror(res[g].rc) : "?");
    }
    free(res);
    return failed ? 1 : 0;
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
