/* cmd_tournament.c — `bomber tournament` (the kit's command, kit/tournament_cmd.h): every pairing
 * plays N games, game k on map k/2 with the seats swapped on odd k (the kit's kit_tables); here
 * the bots and the table: win rates, mean scores, deaths and decision times. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "kit/stats.h"
#include "kit/tournament_cmd.h"

enum { MAX_BOTS = 8 };
static const char help[] =
    "usage: bomber tournament --bots A,B,... --games N [--seed S] [--jobs J] [--shard K/N --out FILE]\n"
    "Every pairing of 2 to 8 bots plays N games: game k on the map of kit_game_seed(S, k/2) >> 33,\n"
    "seats swapped on odd k. One table of win rates (Wilson 95% intervals), mean scores and\n"
    "decision times. The games i of --shard count the games of every pairing.\n";

typedef struct tour {
    const bomber_bot *bots[MAX_BOTS]; /* first: bomber_play_seated's entrants */
    int nbots;
    kit_tables pairs; /* the kit's schedule: game k of a pairing on deal k/2, seats rotated */
} tour;

static int open_bots(void *arena, kit_tour *t) {
    tour *c = arena;
    int n = 0; /* c->nbots only once every bot is there */
    if (bomber_cli_bots("--bots", t->bots, 2, MAX_BOTS, &t->outside, c->bots, &n)) return KIT_EXIT_USAGE;
    if (kit_tables_init(&c->pairs, c->nbots = n, 2, t->games))
        return kit_fail(ARENA_PROG, "tournament: out of memory"), 1;
    t->run.games = t->games * c->pairs.tables, t->run.record_size = sizeof(bomber_result);
    t->run.play = bomber_play_seated, t->run.ctx = c;
    t->run.seat = kit_tables_seat, t->run.seat_ctx = &c->pairs;
    return 0;
}

static int table(void *arena, const kit_tour *t, const void *slots, long failed) {
    const tour *c = arena;
    (void)failed;
    printf("# bomber tournament: %ld games per pairing, seed %llu (seats alternate; game k "
           "uses map k/2)\n\n", c->pairs.games, (unsigned long long)t->seed);
    printf("| A | B | games | A wins | draws | B wins | A win rate (95%% CI) | B win rate (95%% CI) "
           "| mean score A | mean score B | ended by death |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    kit_mean dec[MAX_BOTS] = {{0, 0, 0}};
    kit_end_tally ended[MAX_BOTS] = {{0}};
    const char *names[MAX_BOTS];
    for (long p = 0; p < c->pairs.tables; p++) {
        long w[2] = {0, 0}, dr = 0, deaths = 0, played = 0;
        kit_mean sc[2] = {{0, 0, 0}, {0, 0, 0}};
        for (long k = 0; k < c->pairs.games; k++) {
            const kit_game_slot *s = kit_slot_const(&t->run, slots, p * c->pairs.games + k);
            const bomber_result *r = kit_slot_record_const(s);
            if (s->failed) continue; /* the kit says why below the table */
            played++;
            int seat_of[2] = {s->seating.entrant[0] == c->pairs.member[2 * p] ? 0 : 1, 0};
            seat_of[1] = 1 - seat_of[0];
            dr += r->winner < 0;
            deaths += r->death;
            for (int x = 0; x < 2; x++) {
                int pid = seat_of[x], who = c->pairs.member[2 * p + x];
                w[x] += r->winner == pid;
                kit_mean_add(&sc[x], r->score[pid]);
                kit_end_tally_add(&ended[who], r->ended[pid]);
                if (r->decisions[pid])
                    kit_mean_add(&dec[who], (double)r->decide_ns[pid] / (double)r->decisions[pid] / 1000.0);
            }
        }
        double alo, ahi, blo, bhi, n = played ? (double)played : 1;
        kit_wilson(w[0], played, 1.96, &alo, &ahi);
        kit_wilson(w[1], played, 1.96, &blo, &bhi);
        printf("| %s | %s | %ld | %ld | %ld | %ld | %.1f%% [%.1f, %.1f] | %.1f%% [%.1f, %.1f] | "
               "%.1f ± %.1f | %.1f ± %.1f | %ld |\n", c->bots[c->pairs.member[2 * p]]->info.name,
               c->bots[c->pairs.member[2 * p + 1]]->info.name, played, w[0], dr, w[1], 100.0 * w[0] / n,
               100 * alo, 100 * ahi, 100.0 * w[1] / n, 100 * blo, 100 * bhi, kit_mean_value(&sc[0]),
               kit_mean_halfwidth(&sc[0]), kit_mean_value(&sc[1]), kit_mean_halfwidth(&sc[1]), deaths);
    }
    printf("\n| bot | mean decision time (µs, 95%% CI over games; thread CPU, an outside program's wall clock) |\n|---|---|\n");
    for (int i = 0; i < c->nbots; i++) {
        names[i] = c->bots[i]->info.name;
        printf("| %s | %.2f ± %.2f |\n", names[i], kit_mean_value(&dec[i]), kit_mean_halfwidth(&dec[i]));
    }
    kit_print_ended(stdout, names, ended, c->nbots);
    return 0;
}

static void close_bots(void *arena) {
    tour *c = arena;
    bomber_cli_free_bots(c->bots, c->nbots);
    kit_tables_free(&c->pairs);
}

static const kit_tournament_cmd command = {
    .prog = ARENA_PROG, .help = help, .games_min = 1, .games_max = 10000000, .games_default = -1,
    .outside = 1, .first_limit_ms = BOMBER_FIRST_LIMIT_MS, .limit_ms = BOMBER_LIMIT_MS,
    .open = open_bots, .table = table, .close = close_bots};

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    tour c = {.nbots = 0};
    return kit_tournament_command(&command, &c, argc, argv, merged);
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
