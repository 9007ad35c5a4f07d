/* cmd_referee.c — `kutulu referee -p1 CMD -p2 CMD -p3 CMD -p4 CMD [-d seed=N] [-l FILE]`: the
 * Code of Kutulu referee as cg-brutaltester runs a referee (its default mode, GameThread.java):
 * it appends "-p1 CMD ... -pP CMD" (one argument per player command), "-d seed=N" when it
 * seeds games (-s or -i) and "-l FILE" when it keeps logs to the referee's command line; the
 * referee plays the game with those programs as its players and prints each player's score,
 * an integer per line in player order, then lines of game data (brutaltester prints them,
 * after "-d", in the command that replays the game: here "seed=N"). Anything on the
 * referee's stderr, and a negative score (a player the referee ended: -1), brutaltester
 * reports as an error of that game.
 *
 * brutaltester's old mode (-o: the referee relays every line through "###Input K" blocks)
 * cannot carry Code of Kutulu: it ends an input block at the first line starting "###", and
 * the maze's rows of walls are such lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kit/counter.h"
#include "kit/outside.h"
#include "kit/tournament.h"

static const char referee_help[] =
    "usage: kutulu referee -p1 CMD -p2 CMD -p3 CMD -p4 CMD [-d seed=N] [-l FILE]\n"
    "                      [--seed S] [--counter FILE] [--data DIR] [--first-limit MS]\n"
    "                      [--limit MS] [--bot-stderr W]\n"
    "  The referee as cg-brutaltester runs one (its default mode):\n"
    "    java -jar cg-brutaltester.jar -r \"kutulu referee\" -p1 ./a -p2 ./b -p3 ./c -p4 ./d\n"
    "  plays one game of the four programs (the CodinGame protocol, the referee's time\n"
    "  limits) and prints their scores, one line each in player order, then \"seed=N\".\n"
    "  -pK CMD        player K's program (run as cmd:CMD is)\n"
    "  -d seed=N      the referee's seed (brutaltester's -s and -i send it)\n"
    "  -l FILE        the game as a replay file (JSON Lines; kutulu replay --file checks it)\n"
    "  --seed S       without -d: game n's referee seed is kit_game_seed(S, n) >> 1\n"
    "                 (default 1)\n"
    "  --counter FILE without -d: n is taken from this counter, shared by every game (created\n"
    "                 at 0); without it n is 0\n"
    "  --data DIR, --first-limit MS, --limit MS, --bot-stderr W  as for match (default\n"
    "                 stderr: discard, since brutaltester counts any stderr as an error)\n"
    "A player the referee ended scores -1 and its reason goes to stderr.\n";

typedef struct referee_opts {
    char *specs[KT_PLAYERS];
    char spec_text[KT_PLAYERS][4096];
    int64_t seed;
    int have_seed;
    uint64_t league_seed;
    const char *counter, *data_dir, *stderr_arg;
    int64_t first_ms, limit_ms;
    kit_outputs out;
} referee_opts;

/* -d DATA: "seed=N" lines (brutaltester's game parameters). */
static int parse_game_data(referee_opts *o, const char *v) {
    long long seed;
    char extra;
    if (sscanf(v, "seed=%lld %c", &seed, &extra) != 1 || seed < 0)
        return kcli_fail("referee: -d: expected seed=N, got '%.60s'", v);
    o->seed = seed;
    o->have_seed = 1;
    return 0;
}

static int parse_referee(int argc, char **argv, referee_opts *o) {
    kit_opts seen = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (kit_opt_once(ARENA_PROG, &seen, a)) return KIT_EXIT_USAGE;
        int player = a[0] == '-' && a[1] == 'p' && a[2] >= '1' && a[2] <= '0' + KT_PLAYERS && !a[3]
                         ? a[2] - '1'
                         : -1;
        if (player < 0 && strcmp(a, "-d") && strcmp(a, "-l") && strcmp(a, "--seed") &&
            strcmp(a, "--counter") && strcmp(a, "--data") && strcmp(a, "--first-limit") &&
            strcmp(a, "--limit") && strcmp(a, "--bot-stderr"))
            return kit_unknown_option(ARENA_PROG, "referee", a), KIT_EXIT_USAGE;
        if ((player >= 0 && o->specs[player]) || (!strcmp(a, "-d") && o->have_seed) ||
            (!strcmp(a, "-l") && o->out.replay_path))
            return kcli_fail("option %s given twice", a);
        const char *v = kit_opt_value(ARENA_PROG, argc, argv, &i);
        if (!v) return KIT_EXIT_USAGE;
        int rc = 0;
        if (player >= 0) {
            if (!*v) return kcli_fail("referee: %s: an empty command", a);
            if (snprintf(o->spec_text[player], sizeof o->spec_text[0], "cmd:%s", v) >=
                (int)sizeof o->spec_text[0])
                return kcli_fail("referee: %s: the command is too long", a);
            o->specs[player] = o->spec_text[player];
        } else if (strcmp(a, "-d") == 0) {
            rc = parse_game_data(o, v);
        } else if (strcmp(a, "-l") == 0) {
            o->out.replay_path = v;
            o->out.replay_option = "-l";
        } else if (strcmp(a, "--seed") == 0) {
            rc = kit_parse_seed(ARENA_PROG, a, v, &o->league_seed) ? KIT_EXIT_USAGE : 0;
        } else if (strcmp(a, "--counter") == 0) {
            o->counter = v;
        } else if (strcmp(a, "--data") == 0) {
            o->data_dir = v;
        } else if (strcmp(a, "--bot-stderr") == 0) {
            o->stderr_arg = v;
        } else {
            int64_t *dst = a[2] == 'f' ? &o->first_ms : &o->limit_ms;
            if (kcli_int64(a, v, dst)) return KIT_EXIT_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        }
        if (rc) return rc;
    }
    for (int k = 0; k < KT_PLAYERS; k++)
        if (!o->specs[k])
            return kcli_fail("referee: Code of Kutulu seats %d players: -p%d is missing", KT_PLAYERS,
                             k + 1);
    return 0;
}

/* The game's referee seed: -d seed=N, else game n of --seed S. 0, or -1 (said why). */
static int game_seed(referee_opts *o) {
    if (o->have_seed) return 0;
    char err[300];
    long n = o->counter ? kit_counter_take(o->counter, 1, err, sizeof err) : 0;
    if (n < 0) return kit_fail(ARENA_PROG, "referee: %s", err);
    o->seed = (int64_t)(kit_game_seed(o->league_seed, n) >> 1);
    return 0;
}

static int play_refereed(referee_opts *o, const kt_mapset *maps, int bot_stderr) {
    kt_player *players[KT_PLAYERS] = {0};
    char err[256];
    int rc = 0;
    for (int k = 0; k < KT_PLAYERS && rc == 0; k++) {
        players[k] = kt_player_new(o->specs[k], err, sizeof err);
        if (!players[k]) rc = kit_fail(ARENA_PROG, "referee: -p%d: %s", k + 1, err);
        else kt_player_stderr(players[k], bot_stderr);
    }
    kt_match_config cfg = {o->seed, -1, 1, o->first_ms * 1000000LL, o->limit_ms * 1000000LL};
    kt_match_result res;
    if (rc == 0 && kit_outputs_open(&o->out, ARENA_PROG)) rc = -1;
    if (rc == 0) {
        kcli_watch watch = {0, kit_outputs_replay(&o->out), 0};
        if ((watch.replay &&
             kt_replay_write_header(watch.replay, maps, &cfg, players, err, sizeof err)) ||
            kt_play_match(players, maps, &cfg, kcli_observe, &watch, &res, err, sizeof err)) {
            kit_outputs_abort(&o->out);
            rc = kit_fail(ARENA_PROG, "referee: %s", err);
        } else {
            if (watch.replay) kt_replay_write_result(watch.replay, &res);
            rc = kit_outputs_close(&o->out, ARENA_PROG) ? -1 : 0;
        }
    }
    if (rc == 0) {
        for (int k = 0; k < KT_PLAYERS; k++)
            if (res.ended[k] != KIT_END_NONE)
                fprintf(stderr, "kutulu: referee: player %d ended (%s)\n", k + 1,
                        kit_end_name(res.ended[k]));
        for (int k = 0; k < KT_PLAYERS; k++) printf("%d\n", res.score[k]);
        printf("seed=%lld\n", (long long)o->seed);
    }
    for (int k = 0; k < KT_PLAYERS; k++) kt_player_free(players[k]);
    return rc;
}

int cmd_referee(int argc, char **argv) {
    if (kit_help_asked(argc, argv, referee_help)) return 0;
    referee_opts o;
    memset(&o, 0, sizeof o);
    o.league_seed = 1;
    o.first_ms = 1000;
    o.limit_ms = 50;
    int rc = parse_referee(argc, argv, &o);
    if (rc) return rc;
    static kt_mapset maps;
    if (kcli_load_maps(o.data_dir, &maps)) return KIT_EXIT_USAGE;
    const char *bot_stderr_file = kit_outside_stderr_file(o.stderr_arg);
    if (kit_refuse_same_file(ARENA_PROG, "--bot-stderr", bot_stderr_file, "--counter", o.counter) ||
        kit_outputs_guard(&o.out, ARENA_PROG, "--counter", o.counter) ||
        kit_outputs_guard(&o.out, ARENA_PROG, "--bot-stderr", bot_stderr_file))
        return KIT_EXIT_USAGE;
    int bot_stderr;
    if (kcli_bot_stderr(o.stderr_arg, -1, &bot_stderr)) return KIT_EXIT_USAGE;
    rc = game_seed(&o) == 0 && play_refereed(&o, &maps, bot_stderr) == 0 ? 0 : 1;
    if (bot_stderr > 2) close(bot_stderr);
    return rc;
}
