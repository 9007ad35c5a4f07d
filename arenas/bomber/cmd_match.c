/* cmd_match.c — `bomber match --seed S --bots A,B [--render] [--replay FILE] [--html FILE]
 * [--maps]`: one game; the last line names the winner, the reason and the scores. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bomber_cli.h"
#include "cli.h"
#include "html_replay.h"
#include "replay_file.h"

typedef struct match_ctx {
    int render;
    kit_replay *replay;
    int replay_err;
    uint64_t seed;
    const char *names[BOMBER_PLAYERS];
} match_ctx;

/* The board with row y = 9 on top ("up" is y+1, as the original client draws it):
 * # metal, + wood, * ore, a ammo, t treasure, o bomb, ^ fire, 0 1 players (x when dead). */
static void render(const bomber_game *g, int tick) {
    char b[BOMBER_CELLS];
    memset(b, '.', sizeof b);
    for (int i = 0; i < g->nfires; i++) b[g->fires[i].y * BOMBER_W + g->fires[i].x] = '^';
    for (int i = 0; i < BOMBER_METAL; i++) b[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = '#';
    for (int i = 0; i < g->nblocks; i++)
        b[g->blocks[i].y * BOMBER_W + g->blocks[i].x] = g->blocks[i].kind == 'o' ? '*' : '+';
    for (int i = 0; i < g->nammo; i++) b[g->ammo[i].y * BOMBER_W + g->ammo[i].x] = 'a';
    for (int i = 0; i < g->ntreasure; i++) b[g->treasure[i].y * BOMBER_W + g->treasure[i].x] = 't';
    for (int i = 0; i < g->nbombs; i++) b[g->bombs[i].y * BOMBER_W + g->bombs[i].x] = 'o';
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        b[g->players[p].y * BOMBER_W + g->players[p].x] = bomber_alive(g, p) ? (char)('0' + p) : 'x';
    printf("tick %d  p0 hp %d ammo %d score %d | p1 hp %d ammo %d score %d\n", tick,
           g->players[0].hp, g->players[0].ammo, g->players[0].score, g->players[1].hp,
           g->players[1].ammo, g->players[1].score);
    for (int y = BOMBER_H - 1; y >= 0; y--) printf("  %.*s\n", BOMBER_W, b + y * BOMBER_W);
}

static void observe(void *ctx, const bomber_game *g, int tick,
                    const bomber_answer answers[BOMBER_PLAYERS], const bomber_tick_log *log,
                    const bomber_bot_maps *maps) {
    match_ctx *m = ctx;
    (void)log;
    if (m->render) render(g, tick);
    if (!m->replay || m->replay_err) return;
    if (tick < 0) m->replay_err = bomber_replay_begin(m->replay, g, m->seed, m->names);
    else m->replay_err = bomber_replay_tick(m->replay, g, tick, answers, maps);
    if (!m->replay_err && g->over && tick >= 0) m->replay_err = bomber_replay_end(m->replay, g);
}

int cmd_match(int argc, char **argv) {
    const char *prog = "bomber";
    kit_opts seen = {.n = 0};
    uint64_t seed = 1;
    const char *replay_path = NULL, *html_path = NULL, *v;
    char *botlist = NULL;
    match_ctx m = {0};
    int maps = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help")) {
            puts("usage: bomber match [--seed S] --bots A,B [--render] [--replay FILE.jsonl]\n"
                 "                    [--html FILE.html] [--maps]\n"
                 "--seed S: the game's seed, 0 to 2^63-1 (default 1).\n"
                 "--html writes the game as one standalone page: the replay viewer with the replay\n"
                 "inline (open it in a browser); --maps adds Gambit's goal maps to either.");
            return 0;
        }
        if (kit_opt_once(prog, &seen, o)) return BCLI_USAGE;
        if (!strcmp(o, "--seed")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_seed(prog, o, v, &seed))
                return BCLI_USAGE;
        } else if (!strcmp(o, "--bots")) {
            if (!(botlist = kit_opt_value(prog, argc, argv, &i))) return BCLI_USAGE;
        } else if (!strcmp(o, "--replay")) {
            if (!(replay_path = kit_opt_value(prog, argc, argv, &i))) return BCLI_USAGE;
        } else if (!strcmp(o, "--html")) {
            if (!(html_path = kit_opt_value(prog, argc, argv, &i))) return BCLI_USAGE;
        } else if (!strcmp(o, "--render")) {
            m.render = 1;
        } else if (!strcmp(o, "--maps")) {
            maps = 1;
        } else {
            kit_unknown_option(prog, "match", o);
            return BCLI_USAGE;
        }
    }
    if (!botlist) return bcli_fail("match: --bots is required (see bomber help match)");
    if (maps && !replay_path && !html_path)
        return bcli_fail("match: --maps needs --replay FILE or --html FILE");
    const bomber_bot *bots[2];
    int nbots = 0;
    if (bcli_bots("--bots", botlist, 2, 2, bots, &nbots)) return BCLI_USAGE;
    /* --html alone: the replay goes to a scratch file beside the page, removed at the end */
    char scratch[4200], why[512];
    const char *asked_replay = replay_path;
    if (html_path && !replay_path) {
        if (kit_html_replay_scratch(html_path, scratch, sizeof scratch, why, sizeof why))
            return bcli_fail("match: --html %s", why);
        replay_path = scratch;
    }
    kit_replay replay;
    if (replay_path) {
        int e = kit_replay_open(&replay, replay_path);
        if (e) {
            if (!asked_replay) remove(scratch);
            return bcli_fail("match: cannot write %s: %s", replay_path, strerror(e));
        }
        m.replay = &replay;
    }
    m.seed = seed;
    m.names[0] = bots[0]->info.name, m.names[1] = bots[1]->info.name;
    bomber_result r;
    int rc = bomber_play((int64_t)seed, bots, maps, observe, &m, &r);
    if (replay_path) {
        int e = kit_replay_close(&replay);
        if (!m.replay_err) m.replay_err = e;
    }
    int html_failed = !rc && !m.replay_err && html_path &&
                      kit_html_replay_from_file(html_path, replay_path, why, sizeof why);
    if (replay_path && !asked_replay) remove(scratch);
    if (rc) return bcli_fail("match: a bot failed to start (%d)", rc);
    if (m.replay_err) return bcli_fail("match: cannot write %s: %s", replay_path, strerror(m.replay_err));
    if (html_failed) return bcli_fail("match: --html %s", why);
    char w[64];
    if (r.winner < 0) snprintf(w, sizeof w, "none");
    else snprintf(w, sizeof w, "pid %d (%s)", r.winner, bots[r.winner]->info.name);
    printf("winner: %s, reason: %s after %d ticks, scores: %d-%d, hp: %d-%d\n", w,
           r.death ? "death" : "timeout", r.ticks, r.score[0], r.score[1], r.hp[0], r.hp[1]);
    return 0;
}
