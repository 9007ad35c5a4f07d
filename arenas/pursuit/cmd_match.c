/* cmd_match.c — `pursuit match`: one game on a lab world file or a seeded random world,
 * optionally drawing the board after every clock, always ending with the winner line. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "html_replay.h"
#include "pursuit_cli.h"
#include "pursuit_replay.h"

static const char match_help[] =
    "usage: pursuit match (--world FILE | --random SEED [--size WxH] [--walls P])\n"
    "                     --predator A --prey B [--clocks N] [--seed S] [--render]\n"
    "                     [--replay FILE.jsonl] [--html FILE.html]\n"
    "  --world FILE     a world in the lab's format (one value per line: 0 free, -1 obstacle,\n"
    "                   1 predator, 10 prey; any square size)\n"
    "  --random SEED    a random world instead (--size 8x8, --walls 0.2 by default)\n"
    "  --predator A     chase | intercept | lazy | greedy | random   (pursuit --help: all bots)\n"
    "  --prey B         naive | flee | bury | buryflee | random\n"
    "  --clocks N       game length (default 30)   --seed S   the bots' random seed (default 1)\n"
    "  --render         print the board (# obstacle, . free, @ predator, * prey) every clock\n"
    "  --replay FILE    also write the game as a replay (JSON Lines, the dmap replay format;\n"
    "                   written to a temporary file and renamed when complete)\n"
    "  --html FILE      also write the game as one standalone HTML page: the replay viewer\n"
    "                   with the replay inline (open it in a browser; no network needed)\n"
    "Prints 'winner: predator at clock N' or 'winner: prey'. Bad input: exit 2.\n";

typedef struct match_args {
    const char *world_file;
    const char *replay_file;
    const char *html_file;
    int random_given;
    uint64_t random_seed;
    const pursuit_bot *predator, *prey;
    int render;
    pcli_common common;
} match_args;

static int parse_match(int argc, char **argv, match_args *a) {
    memset(a, 0, sizeof *a);
    pcli_common_defaults(&a->common);
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        char *v = NULL;
        size_t one;
        if (pcli_once(&seen, opt)) return PCLI_USAGE;
        int c = pcli_common_option(argc, argv, &i, &a->common);
        if (c < 0) return PCLI_USAGE;
        if (c > 0) continue;
        if (!strcmp(opt, "--render")) {
            a->render = 1;
            continue;
        }
        int known = !strcmp(opt, "--world") || !strcmp(opt, "--random") ||
                    !strcmp(opt, "--predator") || !strcmp(opt, "--prey") ||
                    !strcmp(opt, "--replay") || !strcmp(opt, "--html");
        if (!known) return pcli_unknown("match", opt);
        if (!(v = pcli_value(argc, argv, &i))) return PCLI_USAGE;
        int rc = 0;
        if (!strcmp(opt, "--world")) a->world_file = v;
        if (!strcmp(opt, "--replay")) {
            if (!strcmp(v, "-") || !v[0])
                return pcli_fail("--replay: give a file name (standard output carries the "
                                 "winner line)");
            a->replay_file = v;
        }
        if (!strcmp(opt, "--html")) {
            if (!strcmp(v, "-") || !v[0]) return pcli_fail("--html: give a file name");
            a->html_file = v;
        }
        if (!strcmp(opt, "--random")) {
            a->random_given = 1;
            rc = pcli_seed(opt, v, &a->random_seed);
        }
        if (!strcmp(opt, "--predator"))
            rc = pcli_bots(opt, v, PURSUIT_PREDATOR, 1, 1, &a->predator, &one);
        if (!strcmp(opt, "--prey")) rc = pcli_bots(opt, v, PURSUIT_PREY, 1, 1, &a->prey, &one);
        if (rc) return rc;
    }
    if (!a->world_file == !a->random_given)
        return pcli_fail("match: give exactly one of --world FILE and --random SEED");
    if (!a->predator) return pcli_fail("match: --predator is required");
    if (!a->prey) return pcli_fail("match: --prey is required");
    return 0;
}

/* Prints each clock's moves and board when --render is on. */
typedef struct render_ctx {
    const dmap_grid *grid;
} render_ctx;

static void render_clock(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    const render_ctx *r = ctx;
    printf("clock %d: predator %c, prey %c%s\n", clock, pm, ym,
           pursuit_prey_rests(clock) ? " (rests)" : "");
    pursuit_render(stdout, r->grid, predator, prey);
}

int cmd_match(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(match_help, stdout);
            return 0;
        }
    match_args a;
    int rc = parse_match(argc, argv, &a);
    if (rc) return rc;

    pursuit_world w;
    if (a.world_file) {
        if (pcli_load_world(a.world_file, &w)) return PCLI_USAGE;
    } else if ((rc = pursuit_world_random(&w, (int)a.common.size, a.common.walls,
                                          a.random_seed)) != DMAP_OK) {
        return pcli_world_error(rc, a.common.size, a.common.walls);
    }
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)a.common.clocks;
    cfg.seed = a.common.seed;
    render_ctx r = {&w.grid};
    if (a.render) {
        printf("clock 0:\n");
        pursuit_render(stdout, &w.grid, w.predator, w.prey);
    }
    pursuit_result res;
    pursuit_observer render = a.render ? render_clock : NULL;
    /* --html alone: the replay goes to a scratch file beside the page, removed at the end */
    char scratch[4200], why[512];
    const char *replay_path = a.replay_file;
    if (!replay_path && a.html_file) {
        if (kit_html_replay_scratch(a.html_file, scratch, sizeof scratch, why, sizeof why)) {
            pursuit_world_free(&w);
            return pcli_fail("--html %s", why);
        }
        replay_path = scratch;
    }
    if (replay_path) {
        kit_replay rep;
        int err = kit_replay_open(&rep, replay_path);
        if (err != 0) {
            if (replay_path == scratch) remove(scratch);
            pursuit_world_free(&w);
            return pcli_fail("match: cannot write %.200s: %s", replay_path, strerror(err));
        }
        rc = pursuit_play_replay(&w, a.predator, a.prey, &cfg, &rep, render, &r, &res);
        if (rc != DMAP_OK)
            kit_replay_abort(&rep);
        else if ((err = kit_replay_close(&rep)) != 0) {
            if (replay_path == scratch) remove(scratch);
            pursuit_world_free(&w);
            return pcli_fail("match: cannot write %.200s: %s", replay_path, strerror(err));
        }
        int html_failed = rc == DMAP_OK && a.html_file &&
                          kit_html_replay_from_file(a.html_file, replay_path, why, sizeof why);
        if (replay_path == scratch) remove(scratch);
        if (html_failed) {
            pursuit_world_free(&w);
            return pcli_fail("--html %s", why);
        }
    } else {
        rc = pursuit_play(&w, a.predator, a.prey, &cfg, render, &r, &res);
    }
    pursuit_world_free(&w);
    if (rc != DMAP_OK) return pcli_fail("match: the game could not run: %s", dmap_strerror(rc));
    if (res.predator_won)
        printf("winner: predator at clock %d\n", res.clock);
    else
        printf("winner: prey\n");
    return 0;
}
