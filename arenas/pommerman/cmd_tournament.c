/* cmd_tournament.c — `pommerman tournament`: N games between the listed bots with seats rotated
 * (game i puts entrant (s + i) % n in seat s), on the kit's runner (--jobs; per-game seeds that
 * do not depend on the number of jobs, so the table is the same for any J). Prints per bot its
 * win / tie / loss shares with Wilson 95% intervals, its mean decision time and the mean game
 * length. Entrants with the same name are tallied together. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/stats.h"
#include "kit/shard.h"
#include "kit/tournament.h"

static const char tournament_help[] =
    "usage: pommerman tournament --bots A,B,C,D --games N [--config C] [--seed S] [--jobs J]\n"
    "  Plays N games (seats rotated: game i seats entrant (s + i) mod n in seat s), each on the\n"
    "  board of its own seed, and prints each bot's win, tie and loss shares with Wilson 95%\n"
    "  intervals and its mean decision time (thread CPU). Same table for any --jobs (default 0:\n"
    "  every online core). A progress line is drawn on stderr when it is a terminal.\n"
    "  --config C: a config id of the playground's registry, ffa (the default) or 1v1;\n"
    "  --seed S: the tournament's seed (default 1), from which every game gets its own.\n"
    "  --shard K/N --out FILE: play only the games i with i mod N = K-1 and write their\n"
    "  results to FILE; `pommerman merge` prints the table of shards 1..N.\n"
    "  A bot may be cmd:PROGRAM ARGS, an outside program (README, \"Outside programs\"); then\n"
    "  a last table says why its players were ended. --first-limit MS, --limit MS: its time\n"
    "  limits (default 1000 and 100); --bot-stderr W: discard (the default), inherit, a FILE.\n";

typedef struct tctx {
    const pm_config *cfg;
    const pm_bot *entrants[PM_MAX_AGENTS];
    int n;
} tctx;

typedef struct slot {
    pm_game_result res;
    int entrant_of_seat[PM_MAX_AGENTS];
    int rc;
} slot;

static int play_one(void *ctx, long index, uint64_t game_seed, void *result) {
    const tctx *t = ctx;
    slot *s = result;
    const pm_bot *bots[PM_MAX_AGENTS];
    kit_rotate_seats(index, t->n, s->entrant_of_seat);
    for (int i = 0; i < t->n; i++) bots[i] = t->entrants[s->entrant_of_seat[i]];
    s->rc = pm_play(t->cfg, bots, game_seed & 0x7fffffffffffffffull, NULL, NULL, 0, NULL, &s->res);
    return s->rc != DMAP_OK;
}

typedef struct tally {
    const char *name;
    long seats, wins, ties, losses;
    double ns;
    long decisions;
    kit_end_tally ended;
} tally;

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    const char *config_arg = "ffa";
    char *bots_arg = NULL;
    long games = -1;
    uint64_t seed = 1;
    int jobs = 0;
    kit_opts seen = {{0}, 0};
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    int took;
    kit_shard shard;
    kit_shard_init(&shard, PM_PROG, argc, argv, merged);
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *v;
        if (!strcmp(opt, "--help")) {
            fputs(tournament_help, stdout);
            return 0;
        }
        if (kit_opt_once(PM_PROG, &seen, opt)) return KIT_EXIT_USAGE;
        if ((took = kit_shard_option(&shard, argc, argv, &i)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--bots")) {
            if (!(bots_arg = kit_opt_value(PM_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--config")) {
            if (!(v = kit_opt_value(PM_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
            config_arg = v;
        } else if (!strcmp(opt, "--games")) {
            if (!(v = kit_opt_value(PM_PROG, argc, argv, &i)) || kit_parse_long(PM_PROG, opt, v, 1, 100000000, &games))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--seed")) {
            if (!(v = kit_opt_value(PM_PROG, argc, argv, &i)) || kit_parse_seed(PM_PROG, opt, v, &seed))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--jobs")) {
            if (!(v = kit_opt_value(PM_PROG, argc, argv, &i)) || kit_parse_jobs(PM_PROG, opt, v, &jobs))
                return KIT_EXIT_USAGE;
        } else if ((took = kit_outside_option(PM_PROG, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            kit_unknown_option(PM_PROG, "tournament", opt);
            return KIT_EXIT_USAGE;
        }
    }
    tctx t;
    if (pm_cli_config(config_arg, &t.cfg)) return KIT_EXIT_USAGE;
    if (!bots_arg || games < 0) {
        kit_fail(PM_PROG, "tournament needs --bots and --games (see pommerman help tournament)");
        return KIT_EXIT_USAGE;
    }
    if (kit_shard_check(&shard)) return KIT_EXIT_USAGE;
    t.n = t.cfg->num_agents;
    if (pm_cli_bots(bots_arg, config_arg, t.cfg, &oo, t.entrants)) return KIT_EXIT_USAGE;
    if (kit_outside_opts_open(PM_PROG, &oo, KIT_STDERR_DISCARD)) {
        pm_cli_free_bots(t.entrants, t.n);
        return KIT_EXIT_USAGE;
    }

    slot *slots = calloc((size_t)games, sizeof *slots);
    if (!slots) {
        pm_cli_free_bots(t.entrants, t.n);
        kit_outside_opts_close(&oo);
        kit_fail(PM_PROG, "out of memory for %ld games", games);
        return 1;
    }
    kit_tournament run = {games, jobs, seed, sizeof(slot), play_one, &t, "games", -1};
    long failed = 0;
    int where = kit_tournament_play(&run, &shard, slots, &failed);
    kit_outside_opts_close(&oo);
    if (where != KIT_SHARD_TABLE) { /* failed, or the table is printed elsewhere */
        pm_cli_free_bots(t.entrants, t.n);
        free(slots);
        return where < 0 ? 1 : failed ? 1 : 0;
    }
    tally tl[PM_MAX_AGENTS];
    int nt = 0, tally_of[PM_MAX_AGENTS];
    for (int e = 0; e < t.n; e++) {
        int k = 0;
        while (k < nt && strcmp(tl[k].name, t.entrants[e]->info.name) != 0) k++;
        if (k == nt) {
            memset(&tl[nt], 0, sizeof tl[nt]);
            tl[nt++].name = t.entrants[e]->info.name;
        }
        tally_of[e] = k;
    }
    kit_mean steps = {0, 0, 0};
    long ties = 0;
    for (long g = 0; g < games; g++) {
        const slot *s = &slots[g];
        if (s->rc != DMAP_OK) continue;
        kit_mean_add(&steps, s->res.steps);
        ties += s->res.result == PM_TIE;
        for (int seat = 0; seat < t.n; seat++) {
            tally *x = &tl[tally_of[s->entrant_of_seat[seat]]];
            x->seats++;
            if (s->res.result == PM_TIE)
                x->ties++;
            else if (s->res.winners & (1u << seat))
                x->wins++;
            else
                x->losses++;
            x->ns += (double)s->res.decide_ns[seat];
            x->decisions += s->res.decisions[seat];
            kit_end_tally_add(&x->ended, s->res.ended[seat]);
        }
    }
    printf("%ld %s games, seed %llu, seats rotated; %ld ties; mean length %.1f +- %.1f steps\n",
           games - failed, t.cfg->name, (unsigned long long)seed, ties, kit_mean_value(&steps),
           kit_mean_halfwidth(&steps));
    printf("| bot | seats | win | win 95%% CI | tie | tie 95%% CI | loss | us/decision |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < nt; k++) {
        double wl, wh, tlo, thi;
        kit_wilson(tl[k].wins, tl[k].seats, 1.96, &wl, &wh);
        kit_wilson(tl[k].ties, tl[k].seats, 1.96, &tlo, &thi);
        double n = tl[k].seats > 0 ? (double)tl[k].seats : 1;
        printf("| %s | %ld | %.1f%% | %.1f–%.1f%% | %.1f%% | %.1f–%.1f%% | %.1f%% | %.2f |\n", tl[k].name,
               tl[k].seats, 100.0 * tl[k].wins / n, 100 * wl, 100 * wh, 100.0 * tl[k].ties / n, 100 * tlo,
               100 * thi, 100.0 * tl[k].losses / n,
               tl[k].decisions ? tl[k].ns / 1e3 / (double)tl[k].decisions : 0.0);
    }
    const char *names[PM_MAX_AGENTS];
    kit_end_tally ended[PM_MAX_AGENTS];
    for (int k = 0; k < nt; k++) names[k] = tl[k].name, ended[k] = tl[k].ended;
    kit_print_ended(stdout, names, ended, nt);
    pm_cli_free_bots(t.entrants, t.n);
    if (failed) {
        long first = 0;
        while (first < games && slots[first].rc == DMAP_OK) first++;
        fprintf(stderr, "pommerman: %ld games could not be played (game %ld: %s)\n", failed,
                first, first < games ? dmap_strerror(slots[first].rc) : "?");
    }
    free(slots);
    return failed ? 1 : 0;
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
