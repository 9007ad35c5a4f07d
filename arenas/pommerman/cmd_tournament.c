/* cmd_tournament.c — `pommerman tournament` (the kit's command, kit/tournament_cmd.h): N games
 * between the listed bots with the seats rotated (game i puts entrant (s + i) % n in seat s),
 * each on the board of its own seed; here the --config option, the schedule and the table: per
 * bot its win / tie / loss shares with Wilson 95% intervals, its mean decision time and the
 * mean game length. Entrants with the same name are tallied together. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "kit/stats.h"
#include "kit/tournament_cmd.h"

static const char help[] =
    "usage: pommerman tournament --bots A,B,C,D --games N [--config C] [--seed S] [--jobs J]\n"
    "  Plays N games (seats rotated: game i seats entrant (s + i) mod n in seat s), each on the\n"
    "  board of its own seed, and prints each bot's win, tie and loss shares with Wilson 95%\n"
    "  intervals and its mean decision time (thread CPU).\n"
    "  --config C     a config id of the playground's registry, ffa (the default) or 1v1\n";

typedef struct tour {
    pm_seated bots; /* pm_play_seated's context */
    const char *config;
    int n;
} tour;

static int option(void *arena, kit_tour *t, int argc, char **argv, int *i) {
    (void)t;
    if (strcmp(argv[*i], "--config")) return 0;
    return (((tour *)arena)->config = kit_opt_value(PM_PROG, argc, argv, i)) ? 1 : -1;
}

/* Game i: alone in its deal (its own board), entrant (s + i) % n in seat s. */
static void seat(void *ctx, long index, uint64_t seed, kit_seating *s) {
    kit_seat_alone(NULL, index, seed, s);
    s->seats = ((const pm_seated *)ctx)->cfg->num_agents;
    kit_rotate_seats(index, s->seats, s->entrant);
}

static int open_bots(void *arena, kit_tour *t) {
    tour *c = arena;
    if (pm_cli_config(c->config, &c->bots.cfg) ||
        pm_cli_bots(t->bots, c->config, c->bots.cfg, &t->outside, c->bots.entrants))
        return KIT_EXIT_USAGE;
    c->n = c->bots.cfg->num_agents;
    t->run = (kit_tournament){.games = t->games, .jobs = t->jobs, .seed = t->seed,
                              .record_size = sizeof(pm_game_result), .play = pm_play_seated,
                              .ctx = &c->bots, .label = "games", .progress = -1, .seat = seat};
    return 0;
}

typedef struct tally {
    const char *name;
    long seats, wins, ties, losses, decisions;
    double ns;
    kit_end_tally ended;
} tally;

static int table(void *arena, const kit_tour *t, const void *slots, long failed) {
    const tour *c = arena;
    tally tl[PM_MAX_AGENTS];
    int nt = 0, tally_of[PM_MAX_AGENTS];
    for (int e = 0; e < c->n; e++) {
        int k = 0;
        while (k < nt && strcmp(tl[k].name, c->bots.entrants[e]->info.name) != 0) k++;
        if (k == nt) tl[nt++] = (tally){.name = c->bots.entrants[e]->info.name};
        tally_of[e] = k;
    }
    kit_mean steps = {0, 0, 0};
    long ties = 0;
    for (long g = 0; g < t->games; g++) {
        const kit_game_slot *s = kit_slot_const(&t->run, slots, g);
        const pm_game_result *r = kit_slot_record_const(s);
        if (s->failed) continue;
        kit_mean_add(&steps, r->steps);
        ties += r->result == PM_TIE;
        for (int seat = 0; seat < c->n; seat++) {
            tally *x = &tl[tally_of[s->seating.entrant[seat]]];
            x->seats++;
            x->ties += r->result == PM_TIE;
            x->wins += r->result != PM_TIE && (r->winners & (1u << seat));
            x->losses += r->result != PM_TIE && !(r->winners & (1u << seat));
            x->ns += (double)r->decide_ns[seat];
            x->decisions += r->decisions[seat];
            kit_end_tally_add(&x->ended, r->ended[seat]);
        }
    }
    printf("%ld %s games, seed %llu, seats rotated; %ld ties; mean length %.1f +- %.1f steps\n"
           "| bot | seats | win | win 95%% CI | tie | tie 95%% CI | loss | us/decision |\n"
           "|---|---|---|---|---|---|---|---|\n", t->games - failed, c->bots.cfg->name,
           (unsigned long long)t->seed, ties, kit_mean_value(&steps), kit_mean_halfwidth(&steps));
    const char *names[PM_MAX_AGENTS];
    kit_end_tally ended[PM_MAX_AGENTS];
    for (int k = 0; k < nt; k++) {
        double wl, wh, tlo, thi, n = tl[k].seats > 0 ? (double)tl[k].seats : 1;
        kit_wilson(tl[k].wins, tl[k].seats, 1.96, &wl, &wh);
        kit_wilson(tl[k].ties, tl[k].seats, 1.96, &tlo, &thi);
        printf("| %s | %ld | %.1f%% | %.1f–%.1f%% | %.1f%% | %.1f–%.1f%% | %.1f%% | %.2f |\n", tl[k].name,
               tl[k].seats, 100.0 * tl[k].wins / n, 100 * wl, 100 * wh, 100.0 * tl[k].ties / n, 100 * tlo,
               100 * thi, 100.0 * tl[k].losses / n,
               tl[k].decisions ? tl[k].ns / 1e3 / (double)tl[k].decisions : 0.0);
        names[k] = tl[k].name, ended[k] = tl[k].ended;
    }
    kit_print_ended(stdout, names, ended, nt);
    return 0;
}

static void close_bots(void *arena) { pm_cli_free_bots(((tour *)arena)->bots.entrants, ((tour *)arena)->n); }

static const kit_tournament_cmd command = {
    .prog = PM_PROG, .help = help, .games_min = 1, .games_max = 100000000, .games_default = -1,
    .outside = 1, .first_limit_ms = PM_FIRST_LIMIT_MS, .limit_ms = PM_LIMIT_MS,
    .option = option, .open = open_bots, .table = table, .close = close_bots};

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    tour c = {.config = "ffa"};
    return kit_tournament_command(&command, &c, argc, argv, merged);
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
