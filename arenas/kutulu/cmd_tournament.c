/* cmd_tournament.c — `kutulu tournament` (the kit's command, kit/tournament_cmd.h): games in
 * groups of 4 sharing one referee seed and league map, seats rotated. Here the schedule and the
 * table: per entrant its mean rank, first places (Wilson 95%), mean score, decision times and
 * timeouts; then why outside programs' players ended (kit_print_ended). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/stats.h"
#include "kit/tournament_cmd.h"

static const char help[] =
    "usage: kutulu tournament --bots A,B,C,D --games N [--seed S] [--jobs J] [--data DIR]\n"
    "  --bots A,B,C,D the four entrants (built-in bots or cmd:PROGRAM ARGS; repeats allowed)\n"
    "  --games N      games to play (groups of 4 rotate the seats of one game; default 100)\n"
    "  --data DIR     the data folder holding maps/ (default: data beside the program, or\n"
    "                 share/dmap/kutulu of its install prefix)\n"
    "  --first-limit MS, --limit MS  time limits of cmd: programs (default 1000 and 50)\n"
    "  --bot-stderr W where cmd: programs' stderr goes: discard (the default), inherit, or a\n"
    "                 FILE (appended to, never truncated)\n";

typedef struct tour {
    kcli_seated players; /* first: kcli_play_seated's and kcli_seated_close's context */
    kcli_seated_opts opts;
    kt_mapset maps;
} tour;

static int option(void *arena, kit_tour *t, int argc, char **argv, int *i) {
    return (void)t, kcli_seated_option(argc, argv, i, &((tour *)arena)->opts);
}
static int open_players(void *arena, kit_tour *t) {
    tour *c = arena;
    if (kcli_bots("--bots", t->bots, c->players.specs)) return KIT_EXIT_USAGE;
    if (!t->merging && kcli_seated_open(c->players.specs, KT_PLAYERS, &c->opts, &c->maps, &c->players))
        return KIT_EXIT_USAGE;
    t->run.record_size = sizeof(kt_match_result);
    static const kit_rotation groups = {KT_PLAYERS, KT_PLAYERS}; /* 4 games of one deal */
    t->run.play = kcli_play_seated, t->run.ctx = &c->players;
    t->run.seat = kit_rotation_seat, t->run.seat_ctx = (void *)&groups;
    return 0;
}

static int table(void *arena, const kit_tour *t, const void *slots, long failed) {
    const tour *c = arena;
    struct { kit_mean rank, score; long first, timeouts, decisions; double ns; int64_t worst; } x[KT_PLAYERS] = {0};
    kit_end_tally ended[KT_PLAYERS] = {{0}};
    kit_mean turns = {0};
    long played = 0;
    for (long g = 0; g < t->games; g++) {
        const kit_game_slot *s = kit_slot_const(&t->run, slots, g);
        const kt_match_result *r = kit_slot_record_const(s);
        if (s->failed) continue;
        played++;
        kit_mean_add(&turns, r->turns);
        for (int e = 0, p = 0; e < KT_PLAYERS; e++, p = 0) {
            while (s->seating.entrant[p] != e) p++; /* entrant e's seat */
            kit_mean_add(&x[e].rank, r->rank[p]);
            kit_mean_add(&x[e].score, r->score[p]);
            x[e].first += r->rank[p] == 1;
            /* a timeout: a program ended by its clock, or a built-in bot over the limit (counted,
             * not enforced); the other ends are the reasons table's */
            x[e].timeouts += r->ended[p] == KIT_END_TIMEOUT ||
                             (r->ended[p] == KIT_END_NONE && r->timeouts[p]);
            kit_end_tally_add(&ended[e], r->ended[p]);
            x[e].decisions += r->decisions[p];
            x[e].ns += (double)r->decide_ns[p];
            if (r->max_decide_ns[p] > x[e].worst) x[e].worst = r->max_decide_ns[p];
        }
    }
    printf("kutulu tournament: %ld games (%ld failed), seed %lld, %.1f turns per game on average\n"
           "| entrant | bot | mean rank | first places | 95%% interval | mean score | decision mean "
           "| decision worst | timeouts |\n|---|---|---|---|---|---|---|---|---|\n",
           played, failed, (long long)t->seed, kit_mean_value(&turns));
    for (int e = 0; e < KT_PLAYERS; e++) {
        double lo, hi;
        kit_wilson(x[e].first, played, 1.96, &lo, &hi);
        printf("| %c | %s | %.3f ± %.3f | %.1f%% | %.1f–%.1f%% | %.1f ± %.1f | %.1f µs | %.2f ms | %ld |\n",
               'A' + e, c->players.specs[e], kit_mean_value(&x[e].rank), kit_mean_halfwidth(&x[e].rank),
               played ? 100.0 * (double)x[e].first / (double)played : 0.0, 100 * lo, 100 * hi,
               kit_mean_value(&x[e].score), kit_mean_halfwidth(&x[e].score),
               x[e].decisions ? x[e].ns / (double)x[e].decisions / 1e3 : 0.0, (double)x[e].worst / 1e6,
               x[e].timeouts);
    }
    kit_print_ended(stdout, (const char *const *)c->players.specs, ended, KT_PLAYERS);
    return 0;
}

static const kit_tournament_cmd command = {
    .prog = "kutulu", .help = help, .games_min = 1, .games_max = 100000000, .games_default = 100,
    .option = option, .open = open_players, .table = table, .close = kcli_seated_close};

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    static tour c; /* the maps are large */
    memset(&c, 0, sizeof c);
    c.opts = (kcli_seated_opts){NULL, NULL, 1000, 50};
    c.players.bot_stderr = -1;
    return kit_tournament_command(&command, &c, argc, argv, merged);
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
