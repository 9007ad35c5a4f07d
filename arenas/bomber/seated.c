/* seated.c — one bomber game as every kit runner asks for it (kit/seating.h): the deal's seed
 * chooses the map (a 31-bit map seed, seed >> 33), the entrants sit in the two seats, and the
 * winner places 1 and the loser 2 (a draw: both 1); the record is the game's bomber_result.
 * Also what the league and sprt commands need of the arena (kit/lab_cmd.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"
#include "kit/league.h"

int bomber_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                       size_t cap) {
    const bomber_bot *const *entrants = ctx;
    const bomber_bot *seats[BOMBER_PLAYERS] = {entrants[s->entrant[0]], entrants[s->entrant[1]]};
    bomber_result r, *out = record ? record : &r;
    int rc = bomber_play((int64_t)(s->seed >> 33), seats, 0, NULL, NULL, out);
    if (rc != 0) {
        snprintf(why, cap, "%s", dmap_strerror(rc));
        return 1;
    }
    for (int i = 0; i < BOMBER_PLAYERS; i++) rank[i] = out->winner < 0 || out->winner == i ? 1 : 2;
    return 0;
}

/* Leagues and SPRTs (kit/lab_cmd.h): the --bots list looked up (2 to 16 bots, an SPRT's 2). */
static int lab_open(void *arena, kit_lab *l) {
    bomber_seated *s = arena;
    int n = 0; /* s->n only once every bot is there (lab_close frees them) */
    if (bomber_cli_bots("--bots", l->bots, 2, l->sprt ? 2 : KIT_LEAGUE_MAX_ENTRANTS, &l->outside,
                        s->bots, &n))
        return KIT_EXIT_USAGE;
    s->n = n;
    for (int i = 0; i < s->n; i++) s->names[i] = s->bots[i]->info.name;
    l->entrants = s->n, l->names = s->names, l->seats = BOMBER_PLAYERS;
    l->play = bomber_play_seated, l->ctx = s->bots;
    l->record_size = sizeof(bomber_result), l->ended_at = offsetof(bomber_result, ended);
    return 0;
}

static void lab_close(void *arena) {
    bomber_seated *s = arena;
    bomber_cli_free_bots(s->bots, s->n);
    s->n = 0;
}

/* The one state of the command, empty. */
static void *lab_state(void) {
    static bomber_seated s;
    memset(&s, 0, sizeof s);
    return &s;
}

const kit_lab_cmd arena_lab = {.prog = ARENA_PROG, .league_games_default = -1, .outside = 1,
                                .first_limit_ms = BOMBER_FIRST_LIMIT_MS,
                                .limit_ms = BOMBER_LIMIT_MS, .open = lab_open, .close = lab_close,
                                .state = lab_state};
