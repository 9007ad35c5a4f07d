/* cmd_psyleague.c — `kutulu psyleague BOT...`: the game command of psyleague (a league manager
 * that rates bots with TrueSkill). psyleague runs its `cmd_play_game` through the shell with
 * %P1% ... %Pn% replaced by the names of the n bots it matched (n_players of its config, 2 to
 * 4 here), reads the command's whole stdout as JSON, and stops the league when the command
 * exits non-zero. The JSON is one game, or a list of games:
 *
 *     {"ranks": [1, 3, 2], "errors": [0, 0, 1],
 *      "test_data": {"game": 7, "seed": 123, "bot_seed": -4567, "map": 5},
 *      "player_data": [{"score": 212}, {"score": 95}, {"score": 140}]}
 *
 * ranks and errors in the order of the bots on the command line (psyleague fills in their
 * names itself): rank 1 is best and ties share, among the bots given (the filler seats do not
 * count); errors is 1 for a program ended by the referee (timeout, invalid line, crash...).
 * psyleague averages player_data per bot in its table and filters games on test_data.
 *
 * Code of Kutulu always seats four explorers: with fewer bots the other seats go to --fill
 * (wait by default). Game n of the league (--counter FILE gives every call the next numbers)
 * has the referee seed kit_game_seed(S, n) >> 1 (its map drawn from it as the referee does),
 * the bot seed kit_game_seed(S, n) and its seats rotated by n (seat s: bot (s + n) mod 4 of the
 * command line, the fillers after the bots), so `kutulu match --seed SEED --bot-seed BOT_SEED
 * --bots` with test_data's seeds and the bots in seat order replays any game of the league. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kit/counter.h"
#include "kit/tournament.h"

#define MAX_GAMES_PER_CALL 1000

static const char psyleague_help[] =
    "usage: kutulu psyleague [--seed S] [--counter FILE] [--games G] [--fill BOT] [--data DIR]\n"
    "                        [--first-limit MS] [--limit MS] [--bot-stderr W] BOT BOT [BOT [BOT]]\n"
    "  psyleague's game command (its cmd_play_game): plays G games (default 1) of the 2 to 4\n"
    "  bots given and prints their results as psyleague reads them (one JSON object, or a list\n"
    "  of them when G > 1): ranks and errors in the order of the bots given, test_data (game,\n"
    "  seed, map) and player_data (score).\n"
    "  BOT            a built-in bot (kutulu bots), cmd:PROGRAM ARGS, or the path of a program\n"
    "                 (a name with a '/': psyleague's %DIR%/%P1%), which speaks the CodinGame\n"
    "                 protocol\n"
    "  --seed S       the league's seed (default 1): game n has the referee seed\n"
    "                 kit_game_seed(S, n) >> 1 and its seats rotated by n\n"
    "  --counter FILE the league's game counter, shared by every call (created at 0): each\n"
    "                 call plays the next G games; without it every call plays games 0..G-1\n"
    "  --fill BOT     the bot in the seats the bots given leave free (default wait)\n"
    "  --data DIR     the data folder holding maps/\n"
    "  --first-limit MS, --limit MS, --bot-stderr W  as for match (defaults 1000, 50, discard)\n"
    "Bad input: exit 2; a game that fails: exit 1 (psyleague then stops).\n";

typedef struct league_call {
    char *specs[KT_PLAYERS]; /* the bots given, then the fillers */
    char program_specs[KT_PLAYERS][4096];
    int nbots;
    uint64_t seed;
    long first, games;
    int64_t first_limit_ns, limit_ns;
    int bot_stderr;
} league_call;

static int takes_value(const char *opt) {
    static const char *const known[] = {"--seed", "--counter", "--games", "--fill", "--data",
                                        "--first-limit", "--limit", "--bot-stderr"};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
        if (strcmp(opt, known[k]) == 0) return 1;
    return 0;
}

/* A BOT argument as a player spec: a path becomes cmd:PATH. */
static int bot_spec(league_call *c, const char *arg) {
    if (c->nbots == KT_PLAYERS) return kcli_fail("psyleague: give 2 to 4 bots, got more");
    char *dst = c->program_specs[c->nbots];
    if (strncmp(arg, "cmd:", 4) != 0 && strchr(arg, '/')) {
        if (snprintf(dst, sizeof c->program_specs[0], "cmd:%s", arg) >= (int)sizeof c->program_specs[0])
            return kcli_fail("psyleague: the program path '%.60s...' is too long", arg);
    } else {
        if (strncmp(arg, "cmd:", 4) != 0 &&
            !kit_bot_lookup(ARENA_PROG, "psyleague", &kt_bot_table, arg, "or cmd:PROGRAM ARGS, or a program's path"))
            return KIT_EXIT_USAGE;
        snprintf(dst, sizeof c->program_specs[0], "%s", arg);
    }
    c->specs[c->nbots++] = dst;
    return 0;
}

/* One game: the rank of each bot given among the bots given, and the game's JSON. */
static int play_league_game(const league_call *c, const kt_mapset *maps, long n, int last) {
    int slot_of_seat[KT_PLAYERS]; /* slot k: bot k (k < nbots) or a filler */
    kit_rotate_seats(n, KT_PLAYERS, slot_of_seat);
    kt_player *players[KT_PLAYERS] = {0};
    char err[256];
    int rc = 0;
    for (int s = 0; s < KT_PLAYERS && rc == 0; s++) {
        players[s] = kt_player_new(c->specs[slot_of_seat[s]], err, sizeof err);
        if (!players[s]) rc = kcli_fail("psyleague: %s", err);
        else kt_player_stderr(players[s], c->bot_stderr);
    }
    uint64_t game_seed = kit_game_seed(c->seed, n);
    kt_match_config cfg = {(int64_t)(game_seed >> 1), -1, game_seed, c->first_limit_ns,
                           c->limit_ns};
    kt_match_result res;
    if (rc == 0 && kt_play_match(players, maps, &cfg, NULL, NULL, &res, err, sizeof err)) {
        fprintf(stderr, "kutulu: psyleague: game %ld: %s\n", n, err);
        rc = 1;
    }
    if (rc == 0) {
        int seat_of_bot[KT_PLAYERS];
        for (int s = 0; s < KT_PLAYERS; s++)
            if (slot_of_seat[s] < c->nbots) seat_of_bot[slot_of_seat[s]] = s;
        printf("{\"ranks\": [");
        for (int b = 0; b < c->nbots; b++) {
            int better = 0; /* bots given with a strictly better rank */
            for (int o = 0; o < c->nbots; o++)
                better += res.rank[seat_of_bot[o]] < res.rank[seat_of_bot[b]];
            printf("%s%d", b ? ", " : "", 1 + better);
        }
        printf("], \"errors\": [");
        for (int b = 0; b < c->nbots; b++)
            printf("%s%d", b ? ", " : "",
                   res.ended[seat_of_bot[b]] != KIT_END_NONE || res.timeouts[seat_of_bot[b]]);
        /* the bot seed as match's --bot-seed takes it (an int64: the same 64 bits) */
        printf("], \"test_data\": {\"game\": %ld, \"seed\": %lld, \"bot_seed\": %lld, "
               "\"map\": %d}, \"player_data\": [",
               n, (long long)cfg.seed, (long long)(int64_t)cfg.bot_seed, res.map_index);
        for (int b = 0; b < c->nbots; b++)
            printf("%s{\"score\": %d}", b ? ", " : "", res.score[seat_of_bot[b]]);
        printf("]}%s", last ? "" : ",\n");
    }
    for (int s = 0; s < KT_PLAYERS; s++) kt_player_free(players[s]);
    return rc;
}

int cmd_psyleague(int argc, char **argv) {
    league_call c;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    c.games = 1;
    int64_t first_ms = 1000, limit_ms = 50;
    const char *counter = NULL, *data_dir = NULL, *stderr_arg = NULL, *fill = "wait";
    kit_opts seen = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(psyleague_help, stdout), 0;
        if (strncmp(a, "--", 2) != 0) {
            int rc = bot_spec(&c, a);
            if (rc) return rc;
            continue;
        }
        if (kit_opt_once(ARENA_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if (!takes_value(a)) return kit_unknown_option(ARENA_PROG, "psyleague", a), KIT_EXIT_USAGE;
        const char *v = kit_opt_value(ARENA_PROG, argc, argv, &i);
        if (!v) return KIT_EXIT_USAGE;
        if (strcmp(a, "--seed") == 0) {
            if (kit_parse_seed(ARENA_PROG, a, v, &c.seed)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--games") == 0) {
            if (kit_parse_long(ARENA_PROG, a, v, 1, MAX_GAMES_PER_CALL, &c.games)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--counter") == 0) {
            counter = v;
        } else if (strcmp(a, "--fill") == 0) {
            fill = v;
        } else if (strcmp(a, "--data") == 0) {
            data_dir = v;
        } else if (strcmp(a, "--bot-stderr") == 0) {
            stderr_arg = v;
        } else {
            int64_t *dst = a[2] == 'f' ? &first_ms : &limit_ms;
            if (kcli_int64(a, v, dst)) return KIT_EXIT_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        }
    }
    if (c.nbots < 2) return kcli_fail("psyleague: give 2 to 4 bots, got %d", c.nbots);
    int nbots = c.nbots;
    while (c.nbots < KT_PLAYERS) { /* the free seats */
        int rc = bot_spec(&c, fill);
        if (rc) return rc;
    }
    c.nbots = nbots;
    static kt_mapset maps;
    if (kcli_load_maps(data_dir, &maps)) return KIT_EXIT_USAGE;
    if (kcli_bot_stderr(stderr_arg, -1, &c.bot_stderr)) return KIT_EXIT_USAGE;
    c.first_limit_ns = first_ms * 1000000LL;
    c.limit_ns = limit_ms * 1000000LL;
    int rc = 0;
    if (counter) {
        char err[300];
        c.first = kit_counter_take(counter, c.games, err, sizeof err);
        if (c.first < 0) rc = kcli_fail("psyleague: %s", err);
    }
    if (rc == 0 && c.games > 1) printf("[");
    for (long g = 0; g < c.games && rc == 0; g++)
        rc = play_league_game(&c, &maps, c.first + g, g + 1 == c.games);
    if (rc == 0) printf("%s\n", c.games > 1 ? "]" : "");
    if (c.bot_stderr > 2) close(c.bot_stderr);
    return rc;
}
