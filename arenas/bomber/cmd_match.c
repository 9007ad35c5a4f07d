/* cmd_match.c — `bomber match [--seed S] --bots A,B [--render] [--replay FILE] [--html FILE]
 * [--maps] [--first-limit MS] [--limit MS] [--bot-stderr W]`: one game; the last line names
 * the winner, the reason, the ticks, scores and hp, after a line for each outside program that
 * was ended (why). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"
#include "replay_file.h"

typedef struct match_ctx {
    int render;
    kit_replay *replay;
    int replay_err;
    uint64_t seed;
    const char *names[BOMBER_PLAYERS];
} match_ctx;

static void observe(void *ctx, const bomber_game *g, int tick,
                    const bomber_answer answers[BOMBER_PLAYERS], const bomber_tick_log *log,
                    const bomber_bot_maps *maps) {
    match_ctx *m = ctx;
    (void)log;
    if (m->render) bomber_render(g, tick);
    if (!m->replay || m->replay_err) return;
    if (tick < 0) m->replay_err = bomber_replay_begin(m->replay, g, m->seed, m->names);
    else m->replay_err = bomber_replay_tick(m->replay, g, tick, answers, maps);
    if (!m->replay_err && g->over && tick >= 0) m->replay_err = bomber_replay_end(m->replay, g);
}

static int help(void) {
    puts("usage: bomber match [--seed S] --bots A,B [--render] [--replay FILE] [--html FILE]\n"
         "                    [--maps] [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
         "One game: the map of seed S (0 to 2^63-1, default 1), bot A as pid 0 and B as pid 1,\n"
         "each bot's generator seeded 100*S + 10 + pid (the recordings' rule). A bot is a\n"
         "built-in one (bomber bots) or cmd:PROGRAM ARGS, an outside program that reads the\n"
         "view as JSON Lines and answers an action per line (README, \"Outside programs\").\n"
         "  --render       the board as text after every tick, on stdout\n"
         "  --replay FILE  the game as a replay file (JSON Lines)\n"
         "  --html FILE    the game as one standalone page: the replay viewer with the replay\n"
         "  --maps         the bots' goal maps (gambit, gambit2) into the replay or page too\n"
         "  --first-limit MS, --limit MS  time limits of cmd: programs for their first and\n"
         "                 every later answer (default 1000 and 100)\n"
         "  --bot-stderr W where cmd: programs' stderr goes: inherit (the default), discard, or\n"
         "                 a FILE (appended to)");
    return 0;
}

int cmd_match(int argc, char **argv) {
    const char *prog = ARENA_PROG, *v;
    kit_opts seen = {.n = 0};
    kit_outputs out;
    memset(&out, 0, sizeof out);
    uint64_t seed = 1;
    char *botlist = NULL;
    match_ctx m = {0};
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, 2, 0};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help")) return help();
        if (kit_opt_once(prog, &seen, o)) return KIT_EXIT_USAGE;
        if (!strcmp(o, "--seed")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_seed(prog, o, v, &seed))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--bots")) {
            if (!(botlist = kit_opt_value(prog, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--render")) {
            m.render = 1;
        } else if (kit_play_option(prog, "match", argc, argv, &i, &out, &oo) < 0) {
            return KIT_EXIT_USAGE;
        }
    }
    if (!botlist) {
        kit_fail(prog, "match: --bots is required (see bomber help match)");
        return KIT_EXIT_USAGE;
    }
    const bomber_bot *bots[BOMBER_PLAYERS];
    int nbots = 0;
    if (bomber_cli_bots("--bots", botlist, BOMBER_PLAYERS, BOMBER_PLAYERS, &oo, bots, &nbots))
        return KIT_EXIT_USAGE;
    if (kit_outputs_guard(&out, prog, "--bot-stderr", kit_outside_stderr_file(oo.stderr_arg)) ||
        kit_outputs_open(&out, prog) || kit_outside_opts_open(prog, &oo, 2)) {
        bomber_cli_free_bots(bots, nbots);
        return KIT_EXIT_USAGE;
    }
    for (int p = 0; p < nbots; p++) { /* the seats were made before --bot-stderr was opened */
        const kit_bot_info *info = &bots[p]->info;
        kit_outside_seats_stderr(&info, 1, &oo);
    }
    m.replay = kit_outputs_replay(&out);
    m.seed = seed;
    m.names[0] = bots[0]->info.name, m.names[1] = bots[1]->info.name;
    bomber_result r;
    int rc = bomber_play((int64_t)seed, bots, out.maps, observe, &m, &r);
    kit_outside_opts_close(&oo);
    if (rc || m.replay_err) {
        bomber_cli_free_bots(bots, nbots);
        kit_outputs_abort(&out);
        if (rc) kit_fail(prog, "match: a bot failed: %s", dmap_strerror(rc));
        else kit_fail(prog, "match: cannot write %.200s: %s",
                      out.replay_path ? out.replay_path : out.html_path, strerror(m.replay_err));
        return 1;
    }
    if (kit_outputs_close(&out, prog)) {
        bomber_cli_free_bots(bots, nbots);
        return 1;
    }
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (r.ended[p] != KIT_END_NONE)
            printf("ended: pid %d (%.200s) by %s on decision %ld\n", p, bots[p]->info.name,
                   kit_end_name(r.ended[p]), r.ended_on[p]);
    char w[300];
    if (r.winner < 0) snprintf(w, sizeof w, "none");
    else snprintf(w, sizeof w, "pid %d (%.200s)", r.winner, bots[r.winner]->info.name);
    bomber_cli_free_bots(bots, nbots);
    printf("winner: %s, reason: %s after %d ticks, scores: %d-%d, hp: %d-%d\n", w,
           r.death ? "death" : "timeout", r.ticks, r.score[0], r.score[1], r.hp[0], r.hp[1]);
    return 0;
}
