/* cmd_tournament.c — `pommerman tournament` (the kit's command, kit/tournament_cmd.h): N games,
 * seats rotated, each on the board of its own seed (kit_rotation); here --config and the table:
 * per bot (same names tallied together) its win / tie / loss shares, mean decision time. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "kit/stats.h"
#include "kit/tournament_cmd.h"

static const char help[] =
    "usage: pommerman tournament --bots A,B,C,D --games N [--config C] [--seed S] [--jobs J]\n"
    "  Plays N games (seats rotated: game i seats entrant (s + i) mod n in seat s), each on the\n"
    "  board of its own seed, and prints each bot's win, tie and loss shares with Wilson 95%\n"
    "  intervals and its mean decision time (thread CPU; an outside program's: wall clock).\n"
    "  --config C     a config id of the playground's registry, ffa (the default) or 1v1\n";

typedef struct tour {
    pm_seated bots; /* pm_play_seated's context */
    const char *config;
    int n;
    kit_rotation rotation;
} tour;

static int option(void *arena, kit_tour *t, int argc, char **argv, int *i) {
    if ((void)t, strcmp(argv[*i], "--config")) return 0;
    return (((tour *)arena)->config = kit_opt_value(ARENA_PROG, argc, argv, i)) ? 1 : -1;
}

static int open_bots(void *arena, kit_tour *t) {
    tour *c = arena;
    if (pm_cli_config(c->config, &c->bots.cfg) ||
        pm_cli_bots(t->bots, c->config, c->bots.cfg, &t->outside, c->bots.entrants))
        return KIT_EXIT_USAGE;
    c->rotation = (kit_rotation){c->n = c->bots.cfg->num_agents, 1}; /* every game its own board */
    t->run.record_size = sizeof(pm_game_result), t->run.play = pm_play_seated, t->run.ctx = &c->bots;
    t->run.seat = kit_rotation_seat, t->run.seat_ctx = &c->rotation;
    return 0;
}

typedef struct tally { long seats, wins, ties, losses, decisions; double ns; } tally;

static int table(void *arena, const kit_tour *t, const void *slots, long failed) {
    const tour *c = arena;
    tally tl[PM_MAX_AGENTS] = {{0}};
    const char *names[PM_MAX_AGENTS];
    kit_end_tally ended[PM_MAX_AGENTS] = {{0}};
    int nt = 0, tally_of[PM_MAX_AGENTS];
    for (int e = 0, k = 0; e < c->n; e++, k = 0) { /* entrants of one name: one row */
        while (k < nt && strcmp(names[k], c->bots.entrants[e]->info.name) != 0) k++;
        if (k == nt) names[nt++] = c->bots.entrants[e]->info.name;
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
            int k = tally_of[s->seating.entrant[seat]];
            tally *x = &tl[k];
            int won = (r->winners >> seat) & 1;
            x->seats++, x->ties += r->result == PM_TIE;
            x->wins += r->result != PM_TIE && won, x->losses += r->result != PM_TIE && !won;
            x->ns += (double)r->decide_ns[seat], x->decisions += r->decisions[seat];
            kit_end_tally_add(&ended[k], r->ended[seat]);
        }
    }
    printf("%ld %s games, seed %llu, seats rotated; %ld ties; mean length %.1f +- %.1f steps\n"
           "| bot | seats | win | win 95%% CI | tie | tie 95%% CI | loss | us/decision |\n"
           "|---|---|---|---|---|---|---|---|\n", t->games - failed, c->bots.cfg->name,
           (unsigned long long)t->seed, ties, kit_mean_value(&steps), kit_mean_halfwidth(&steps));
    for (int k = 0; k < nt; k++) {
        double wl, wh, tlo, thi, n = tl[k].seats > 0 ? (double)tl[k].seats : 1;
        kit_wilson(tl[k].wins, tl[k].seats, 1.96, &wl, &wh);
        kit_wilson(tl[k].ties, tl[k].seats, 1.96, &tlo, &thi);
        printf("| %s | %ld | %.1f%% | %.1f–%.1f%% | %.1f%% | %.1f–%.1f%% | %.1f%% | %.2f |\n", names[k],
               tl[k].seats, 100.0 * tl[k].wins / n, 100 * wl, 100 * wh, 100.0 * tl[k].ties / n, 100 * tlo,
               100 * thi, 100.0 * tl[k].losses / n,
               tl[k].decisions ? tl[k].ns / 1e3 / (double)tl[k].decisions : 0.0);
    }
    kit_print_ended(stdout, names, ended, nt);
    return 0;
}

static void close_bots(void *a) { pm_cli_free_bots(((tour *)a)->bots.entrants, ((tour *)a)->n); }

static const kit_tournament_cmd command = {
    .prog = ARENA_PROG, .help = help, .games_min = 1, .games_max = 100000000, .games_default = -1,
    .outside = 1, .first_limit_ms = PM_FIRST_LIMIT_MS, .limit_ms = PM_LIMIT_MS,
    .option = option, .open = open_bots, .table = table, .close = close_bots};

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    tour c = {.config = "ffa"};
    return kit_tournament_command(&command, &c, argc, argv, merged);
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
