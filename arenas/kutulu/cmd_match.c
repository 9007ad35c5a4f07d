/* cmd_match.c — `kutulu match`: one game of four players (built-in bots or cmd:PROGRAM ARGS),
 * optionally drawing the maze every turn, ending with the ranking and the scores. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kutulu_cli.h"
#include "html_replay.h"
#include "kutulu_players.h"
#include "kutulu_replay.h"

static const char match_help[] =
    "usage: kutulu match --seed S --bots A,B,C,D [--map NAME] [--render] [--replay FILE]\n"
    "                    [--html FILE] [--bot-seed N] [--maps DIR] [--bot-stderr W]\n"
    "  --seed S       the referee's seed (a Java long): parameters, map and minion choices\n"
    "  --bots A,B,C,D four players: built-in bots (kutulu bots) or cmd:PROGRAM ARGS, a program\n"
    "                 speaking the CodinGame protocol (1000 ms first turn, 50 ms after)\n"
    "  --map NAME     a league map by its referee name (\"Typhoon\", \"Pac man\", ...)\n"
    "  --render       draw the maze after every turn (0-3 explorers, W wanderer, v spawning,\n"
    "                 X slasher, : LIGHT)\n"
    "  --replay FILE  write the game as a replay file (JSON Lines)\n"
    "  --html FILE    write the game as one standalone page: the replay viewer with the\n"
    "                 replay inline (open it in a browser)\n"
    "  --bot-seed N   seeds the bots' own generators (default 1)\n"
    "  --first-limit MS, --limit MS  time limits of cmd: programs (default 1000 and 50, the\n"
    "                 referee's; built-in bots are timed but never stopped)\n"
    "  --bot-stderr W where cmd: programs' stderr goes: inherit (the default: this program's\n"
    "                 stderr), discard, or a FILE (appended to, never truncated)\n"
    "Prints the ranking with scores. Bad input: exit 2.\n";

int kcli_int64(const char *opt, const char *s, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || !((*s >= '0' && *s <= '9') || *s == '-'))
        return kcli_fail("invalid value for %s: '%.60s' (need an integer from %lld to %lld)", opt,
                         s, (long long)INT64_MIN, (long long)INT64_MAX);
    *out = (int64_t)v;
    return 0;
}

int kcli_bot_stderr(const char *v, int dflt, int *fd) {
    if (!v) *fd = dflt;
    else if (strcmp(v, "inherit") == 0) *fd = 2;
    else if (strcmp(v, "discard") == 0) *fd = -1;
    else if ((*fd = open(v, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)) < 0)
        return kcli_fail("--bot-stderr: cannot open '%.200s': %s", v, strerror(errno));
    return 0;
}

int kcli_bots(const char *opt, char *s, char *specs[KT_PLAYERS]) {
    int n = 0;
    if (kit_split_bots("kutulu", opt, s, KT_PLAYERS, KT_PLAYERS, NULL, specs, &n))
        return KCLI_USAGE;
    for (int i = 0; i < n; i++)
        if (strncmp(specs[i], "cmd:", 4) != 0 &&
            !kit_bot_lookup("kutulu", opt, &kt_bot_table, specs[i], "or cmd:PROGRAM ARGS"))
            return KCLI_USAGE;
    return 0;
}

/* The options of `match` that take a value (checked before the value is read, so an unknown
 * option is reported as unknown, not as missing its value). */
static int takes_value(const char *opt) {
    static const char *const known[] = {"--seed", "--bot-seed", "--first-limit", "--limit",
                                        "--bots", "--map",      "--maps",        "--replay",
                                        "--html", "--bot-stderr"};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
        if (strcmp(opt, known[k]) == 0) return 1;
    return 0;
}

static void render_turn(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                        const unsigned char played[KT_PLAYERS]) {
    match_observer *o = ctx;
    if (o->render) {
        printf("actions:");
        for (int i = 0; i < KT_PLAYERS; i++) printf(" | %s", played[i] ? lines[i] : "-");
        printf("\n");
        kt_render(stdout, g);
    }
    if (o->replay) kt_replay_turn_write(o->replay, g, lines, played);
}

int kutulu_cmd_match(int argc, char **argv) {
    int64_t seed = 0, bot_seed = 1, first_ms = 1000, limit_ms = 50;
    int have_seed = 0, render = 0, forced = -1, bot_stderr = 2;
    const char *maps_dir = NULL, *replay_path = NULL, *html_path = NULL, *stderr_arg = NULL;
    char scratch[4200]; /* --html alone: the replay goes there, beside the page, then away */
    int scratch_used = 0;
    char *specs[KT_PLAYERS] = {0};
    char *bots_arg = NULL;
    kit_opts seen = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(match_help, stdout), 0;
        if (kit_opt_once("kutulu", &seen, a)) return KCLI_USAGE;
        if (strcmp(a, "--render") == 0) {
            render = 1;
            continue;
        }
        if (strncmp(a, "--", 2) != 0) return kcli_fail("match: unexpected argument '%.60s'", a);
        if (!takes_value(a)) return kit_unknown_option("kutulu", "match", a), KCLI_USAGE;
        const char *v = kit_opt_value("kutulu", argc, argv, &i);
        if (!v) return KCLI_USAGE;
        if (strcmp(a, "--seed") == 0) {
            if (kcli_int64(a, v, &seed)) return KCLI_USAGE;
            have_seed = 1;
        } else if (strcmp(a, "--bot-seed") == 0) {
            if (kcli_int64(a, v, &bot_seed)) return KCLI_USAGE;
        } else if (strcmp(a, "--first-limit") == 0 || strcmp(a, "--limit") == 0) {
            int64_t *dst = a[2] == 'f' ? &first_ms : &limit_ms;
            if (kcli_int64(a, v, dst)) return KCLI_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        } else if (strcmp(a, "--bots") == 0) {
            bots_arg = argv[i];
        } else if (strcmp(a, "--map") == 0) {
            forced = kt_league_map_index(v);
            if (forced < 0) return kcli_fail("--map: no league map named '%s'", v);
        } else if (strcmp(a, "--maps") == 0) {
            maps_dir = v;
        } else if (strcmp(a, "--replay") == 0) {
            replay_path = v;
        } else if (strcmp(a, "--html") == 0) {
            html_path = v;
        } else if (strcmp(a, "--bot-stderr") == 0) {
            stderr_arg = v;
        } else {
            return kit_unknown_option("kutulu", "match", a), KCLI_USAGE;
        }
    }
    if (!have_seed) return kcli_fail("match: --seed is required (see kutulu match --help)");
    if (!bots_arg) return kcli_fail("match: --bots is required (see kutulu match --help)");
    if (kcli_bots("--bots", bots_arg, specs)) return KCLI_USAGE;
    static kt_mapset maps;
    if (kcli_load_maps(maps_dir, &maps)) return KCLI_USAGE;
    if (kcli_bot_stderr(stderr_arg, 2, &bot_stderr)) return KCLI_USAGE; /* opened last */
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
    kt_match_config cfg = {seed, forced, (uint64_t)bot_seed, first_ms * 1000000LL,
                           limit_ms * 1000000LL};
    match_observer obs = {render, NULL};
    if (html_path && !replay_path) {
        if (kit_html_replay_scratch(html_path, scratch, sizeof scratch, err, sizeof err)) {
            rc = kcli_fail("--html %s", err);
            goto done;
        }
        replay_path = scratch;
        scratch_used = 1;
    }
    kt_replay_writer rw;
    if (replay_path) {
        if (kt_replay_writer_open(&rw, replay_path, &maps, &cfg, players, err, sizeof err)) {
            rc = kcli_fail("--replay: %s", err);
            goto done;
        }
        obs.replay = &rw;
    }
    kt_match_result res;
    if (kt_play_match(players, &maps, &cfg, render_turn, &obs, &res, err, sizeof err)) {
        if (obs.replay) kt_replay_writer_abort(&rw);
        rc = kcli_fail("match: %s", err);
        goto done;
    }
    if (obs.replay && kt_replay_writer_close(&rw, &res, err, sizeof err)) {
        rc = kcli_fail("--replay: %s", err);
        goto done;
    }
    if (html_path && kit_html_replay_from_file(html_path, replay_path, err, sizeof err)) {
        rc = kcli_fail("--html %s", err);
        goto done;
    }
    printf("map: %s (seed %lld), %d turns\n", kt_league_map_name(res.map_index), (long long)seed,
           res.turns);
    for (int r = 1; r <= KT_PLAYERS; r++)
        for (int i = 0; i < KT_PLAYERS; i++)
            if (res.rank[i] == r)
                printf("rank %d: player %d %-12s score %d%s\n", r, i, kt_player_name(players[i]),
                       res.score[i], res.timeouts[i] && kt_player_is_external(players[i])
                                          ? " (timeout or invalid output)" : "");
done:
    if (scratch_used) remove(scratch);
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(players[i]);
    if (bot_stderr > 2) close(bot_stderr);
    return rc;
}
