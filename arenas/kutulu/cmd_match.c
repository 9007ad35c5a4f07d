/* cmd_match.c — `kutulu match`: one game of four players (built-in bots or cmd:PROGRAM ARGS),
 * optionally drawing the maze every turn and saving it as a replay file or page, ending with
 * the ranking and the scores. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kit/outside.h"

static const char match_help[] =
    "usage: kutulu match --seed S --bots A,B,C,D [--map NAME] [--render] [--replay FILE]\n"
    "                    [--html FILE] [--maps] [--data DIR] [--bot-seed N]\n"
    "                    [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  --seed S       the referee's seed (0 to 2^63-1): parameters, map and minion choices\n"
    "  --bots A,B,C,D four players: built-in bots (kutulu bots) or cmd:PROGRAM ARGS, a program\n"
    "                 speaking the CodinGame protocol (1000 ms first turn, 50 ms after)\n"
    "  --map NAME     a league map by its referee name (\"Typhoon\", \"Pac man\", ...)\n"
    "  --render       draw the maze after every turn (0-3 explorers, W wanderer, v spawning,\n"
    "                 X slasher, : LIGHT)\n"
    "  --replay FILE  write the game as a replay file (JSON Lines)\n"
    "  --html FILE    write the game as one standalone page: the replay viewer with the\n"
    "                 replay inline (open it in a browser)\n"
    "  --maps         the built-in bots' maps go into the replay too (postmortem: its timing\n"
    "                 map and safe walk); needs --replay or --html\n"
    "  --data DIR     the data folder holding maps/ (default: data beside the program, or\n"
    "                 share/dmap/kutulu of its install prefix)\n"
    "  --bot-seed N   seeds the bots' own generators (default 1)\n"
    "  --first-limit MS, --limit MS  time limits of cmd: programs (default 1000 and 50, the\n"
    "                 referee's; built-in bots are timed but never stopped)\n"
    "  --bot-stderr W where cmd: programs' stderr goes: inherit (the default: this program's\n"
    "                 stderr), discard, or a FILE (appended to, never truncated)\n"
    "Prints the ranking with scores. Bad input: exit 2; a game that fails: exit 1.\n";

/* The options of `match` that take a value (checked before the value is read, so an unknown
 * option is reported as unknown, not as missing its value). */
static int takes_value(const char *opt) {
    static const char *const known[] = {"--seed", "--bot-seed", "--first-limit", "--limit",
                                        "--bots", "--map",      "--data",        "--replay",
                                        "--html", "--bot-stderr"};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
        if (strcmp(opt, known[k]) == 0) return 1;
    return 0;
}

/* "no league map named X (known: ...)": the names as the referee spells them, so that a
 * name given in other letters ("typhoon") finds its spelling in the same line. */
static int unknown_map(const char *v) {
    char known[1024] = "";
    size_t used = 0;
    for (int i = 0; i < KT_LEAGUE_MAPS && used < sizeof known; i++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s'%s'", i ? ", " : "",
                                 kt_league_map_name(i));
    return kcli_fail("--map: no league map named '%.60s' (known: %s)", v, known);
}

int cmd_match(int argc, char **argv) {
    int64_t bot_seed = 1, first_ms = 1000, limit_ms = 50;
    uint64_t seed = 0;
    int have_seed = 0, render = 0, forced = -1, bot_stderr = 2;
    const char *data_dir = NULL, *stderr_arg = NULL;
    kit_outputs out = {0};
    char *specs[KT_PLAYERS] = {0};
    char *bots_arg = NULL;
    kit_opts seen = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(match_help, stdout), 0;
        if (kit_opt_once(ARENA_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if (strcmp(a, "--render") == 0 || strcmp(a, "--maps") == 0) {
            *(a[2] == 'r' ? &render : &out.maps) = 1;
            continue;
        }
        if (strncmp(a, "--", 2) != 0) return kcli_fail("match: unexpected argument '%.60s'", a);
        if (!takes_value(a)) return kit_unknown_option(ARENA_PROG, "match", a), KIT_EXIT_USAGE;
        const char *v = kit_opt_value(ARENA_PROG, argc, argv, &i);
        if (!v) return KIT_EXIT_USAGE;
        if (strcmp(a, "--seed") == 0) {
            if (kit_parse_seed(ARENA_PROG, a, v, &seed)) return KIT_EXIT_USAGE;
            have_seed = 1;
        } else if (strcmp(a, "--bot-seed") == 0) {
            if (kcli_int64(a, v, &bot_seed)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--first-limit") == 0 || strcmp(a, "--limit") == 0) {
            int64_t *dst = a[2] == 'f' ? &first_ms : &limit_ms;
            if (kcli_int64(a, v, dst)) return KIT_EXIT_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        } else if (strcmp(a, "--bots") == 0) {
            bots_arg = argv[i];
        } else if (strcmp(a, "--map") == 0) {
            forced = kt_league_map_index(v);
            if (forced < 0) return unknown_map(v);
        } else if (strcmp(a, "--data") == 0) {
            data_dir = v;
        } else if (strcmp(a, "--replay") == 0) {
            out.replay_path = v;
        } else if (strcmp(a, "--html") == 0) {
            out.html_path = v;
        } else if (strcmp(a, "--bot-stderr") == 0) {
            stderr_arg = v;
        } else {
            return kit_unknown_option(ARENA_PROG, "match", a), KIT_EXIT_USAGE;
        }
    }
    if (!have_seed) return kcli_fail("match: --seed is required (see kutulu help match)");
    if (!bots_arg) return kcli_fail("match: --bots is required (see kutulu help match)");
    if (kcli_bots("--bots", bots_arg, specs)) return KIT_EXIT_USAGE;
    if (out.maps && !out.replay_path && !out.html_path)
        return kcli_fail("--maps needs --replay FILE or --html FILE");
    static kt_mapset maps;
    if (kcli_load_maps(data_dir, &maps)) return KIT_EXIT_USAGE;
    if (kit_outputs_guard(&out, ARENA_PROG, "--bot-stderr", kit_outside_stderr_file(stderr_arg)))
        return KIT_EXIT_USAGE;
    if (kcli_bot_stderr(stderr_arg, 2, &bot_stderr)) return KIT_EXIT_USAGE; /* opened last */
    kt_player *players[KT_PLAYERS] = {0};
    char err[256];
    int rc = 0;
    for (int i = 0; i < KT_PLAYERS; i++) {
        players[i] = kt_player_new(specs[i], err, sizeof err);
        if (!players[i]) {
            rc = kcli_fail("--bots: %s", err);
            goto done;
        }
        kt_player_stderr(players[i], bot_stderr);
    }
    kt_match_config cfg = {(int64_t)seed, forced, (uint64_t)bot_seed, first_ms * 1000000LL,
                           limit_ms * 1000000LL};
    if (kit_outputs_open(&out, ARENA_PROG)) {
        rc = KIT_EXIT_USAGE;
        goto done;
    }
    kcli_watch watch = {render, kit_outputs_replay(&out), out.maps};
    kt_match_result res;
    if ((watch.replay &&
         kt_replay_write_header(watch.replay, &maps, &cfg, players, err, sizeof err)) ||
        kt_play_match(players, &maps, &cfg, kcli_observe, &watch, &res, err, sizeof err)) {
        kit_outputs_abort(&out);
        kcli_fail("match: %s", err);
        rc = 1;
        goto done;
    }
    if (watch.replay) kt_replay_write_result(watch.replay, &res);
    if (kit_outputs_close(&out, ARENA_PROG)) {
        rc = 1;
        goto done;
    }
    printf("map: %s (seed %llu), %d turns\n", kt_league_map_name(res.map_index),
           (unsigned long long)seed, res.turns);
    for (int r = 1; r <= KT_PLAYERS; r++)
        for (int i = 0; i < KT_PLAYERS; i++)
            if (res.rank[i] == r) {
                printf("rank %d: player %d %-12s score %d", r, i, kt_player_name(players[i]),
                       res.score[i]);
                /* ended on its last decision: the referee asks an ended player nothing more */
                if (res.ended[i] != KIT_END_NONE)
                    printf(" (ended by %s on decision %d)", kit_end_name(res.ended[i]),
                           res.decisions[i]);
                printf("\n");
            }
done:
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(players[i]);
    if (bot_stderr > 2) close(bot_stderr);
    return rc;
}
