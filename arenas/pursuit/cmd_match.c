/* cmd_match.c — `pursuit match`: one game on a world file or a seeded random world, optionally
 * drawing the board after every clock and saving the game as a replay or a page, always ending
 * with the winner line. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/program.h"
#include "pursuit_replay.h"

static const char match_help[] =
    "usage: pursuit match (--world FILE | --random SEED [--size WxH] [--walls P])\n"
    "                     --bots PREDATOR,PREY [--clocks N] [--seed S] [--render]\n"
    "                     [--replay FILE] [--html FILE] [--maps] [--data DIR]\n"
    "                     [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  --world FILE     a world file (one value per line: 0 free, -1 obstacle, 1 predator,\n"
    "                   10 prey; any square size), or the NAME of a world of the data folder\n"
    "                   (NAME.dat there: battlefield, battlefield1, battlefield2, battlefield3)\n"
    "  --data DIR       the data folder (default: data beside the program, or the install's)\n"
    "  --random SEED    a random world instead (--size 8x8, --walls 0.2 by default)\n"
    "  --bots A,B       the predator, then the prey (pursuit bots: all bots and their seats)\n"
    "  --clocks N       game length (default 30)   --seed S   the bots' random seed (default 1)\n"
    "  --render         print the board (# obstacle, . free, @ predator, * prey) every clock\n"
    "  --replay FILE    also write the game as a replay (JSON Lines, the dmap replay format;\n"
    "                   written to a temporary file and renamed when complete)\n"
    "  --html FILE      also write the game as one standalone HTML page: the replay viewer\n"
    "                   with the replay inline (open it in a browser; no network needed)\n"
    "  --maps           the bots' maps (chase's goal map, flee's flee map) go into the replay\n"
    "  A bot may be cmd:PROGRAM ARGS, an outside program that reads the view as JSON Lines and\n"
    "  answers a move letter per line (README, \"Outside programs\"):\n"
    "  --first-limit MS, --limit MS  its time limits for the first and every later answer\n"
    "                   (default 1000 and 1000)\n"
    "  --bot-stderr W   its stderr: inherit (the default), discard, or a FILE (appended to)\n"
    "Prints 'winner: predator at clock N' or 'winner: prey'. Bad input: exit 2; a game or an\n"
    "output that fails: exit 1.\n";

typedef struct match_args {
    const char *world_file;
    const char *data; /* --data DIR */
    int random_given;
    uint64_t random_seed;
    const pursuit_bot *bots[2];
    int render;
    kit_outputs out;
    pcli_common common;
    char *bots_arg; /* --bots, looked up once the limits are known */
    kit_outside_opts outside;
    char world_path[4200]; /* the world file read, once found ("" for a random world) */
} match_args;

/* The options that take a value. */
static int match_value(match_args *a, const char *opt, char *v) {
    if (!strcmp(opt, "--world")) {
        a->world_file = v;
        return 0;
    }
    if (!strcmp(opt, "--random")) {
        a->random_given = 1;
        return pcli_seed(opt, v, &a->random_seed);
    }
    if (!strcmp(opt, "--bots")) {
        a->bots_arg = v;
        return 0;
    }
    if (!strcmp(opt, "--data")) {
        a->data = v;
        return 0;
    }
    const char **path = !strcmp(opt, "--replay") ? &a->out.replay_path : &a->out.html_path;
    if (!strcmp(v, "-") || !v[0])
        return pcli_fail("%s: give a file name (standard output carries the winner line)", opt);
    *path = v;
    return 0;
}

static int parse_match(int argc, char **argv, match_args *a) {
    memset(a, 0, sizeof *a);
    pcli_common_defaults(&a->common);
    a->outside = (kit_outside_opts){PCLI_FIRST_LIMIT_MS, PCLI_LIMIT_MS, NULL, 2, 0};
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        char *v = NULL;
        if (pcli_once(&seen, opt)) return PCLI_USAGE;
        int c = pcli_common_option(argc, argv, &i, &a->common);
        if (c < 0) return PCLI_USAGE;
        if (c > 0) continue;
        if ((c = kit_outside_option(ARENA_PROG, argc, argv, &i, &a->outside)) != 0) {
            if (c < 0) return PCLI_USAGE;
            continue;
        }
        if (!strcmp(opt, "--render") || !strcmp(opt, "--maps")) {
            *(!strcmp(opt, "--render") ? &a->render : &a->out.maps) = 1;
            continue;
        }
        int known = !strcmp(opt, "--world") || !strcmp(opt, "--random") ||
                    !strcmp(opt, "--bots") || !strcmp(opt, "--replay") || !strcmp(opt, "--html") ||
                    !strcmp(opt, "--data");
        if (!known) return pcli_unknown("match", opt);
        if (!(v = pcli_value(argc, argv, &i))) return PCLI_USAGE;
        int rc = match_value(a, opt, v);
        if (rc) return rc;
    }
    if (!a->world_file == !a->random_given)
        return pcli_fail("match: give exactly one of --world FILE and --random SEED");
    if (!a->bots_arg) return pcli_fail("match: --bots PREDATOR,PREY is required");
    return pcli_seat_bots("--bots", a->bots_arg, &a->outside, a->bots);
}

/* --world NAME without a '/' that names no file: NAME.dat of the data folder. */
static int load_world(match_args *a, pursuit_world *w) {
    const char *file = a->world_file;
    char *path = a->world_path;
    snprintf(path, sizeof a->world_path, "%s", file);
    FILE *f = strchr(file, '/') ? NULL : fopen(file, "r");
    if (f) fclose(f);
    if (strchr(file, '/') || f) return pcli_load_world(file, w);
    char dir[4096];
    if (pcli_data_dir(a->data, dir, sizeof dir)) return PCLI_USAGE;
    snprintf(path, sizeof a->world_path, "%s/%s.dat", dir, file);
    f = fopen(path, "r");
    if (!f) return pcli_fail("--world %.200s: no such file, nor %.200s", file, path);
    fclose(f);
    return pcli_load_world(path, w);
}

static int make_world(match_args *a, pursuit_world *w) {
    if (a->world_file) return load_world(a, w);
    int rc = pursuit_world_random(w, (int)a->common.size, a->common.walls, a->random_seed);
    return rc == DMAP_OK ? 0 : pcli_world_error(rc, a->common.size, a->common.walls);
}

/* The game, written to the outputs when asked. DMAP_OK or the game's error. */
static int play(match_args *a, const pursuit_world *w, pursuit_result *res) {
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)a->common.clocks;
    cfg.seed = a->common.seed;
    pursuit_observer render = a->render ? pcli_render_clock : NULL;
    void *grid = (void *)&w->grid;
    if (a->render) pcli_render_start(w);
    kit_replay *r = kit_outputs_replay(&a->out);
    if (!r) return pursuit_play(w, a->bots[0], a->bots[1], &cfg, render, grid, res);
    return pursuit_play_replay(w, a->bots[0], a->bots[1], &cfg, r, a->out.maps, render, grid,
                               res);
}

int cmd_match(int argc, char **argv) {
    if (kit_help_asked(argc, argv, match_help)) return 0;
    match_args a;
    int rc = parse_match(argc, argv, &a);
    if (rc) return rc;
    pursuit_world w;
    if (make_world(&a, &w)) {
        pcli_free_bots(a.bots, 2);
        return PCLI_USAGE;
    }
    const char *bot_stderr = kit_outside_stderr_file(a.outside.stderr_arg);
    const char *world = a.world_path[0] ? a.world_path : NULL;
    if (kit_refuse_same_file(ARENA_PROG, "--bot-stderr", bot_stderr, "--world", world) ||
        kit_outputs_guard(&a.out, ARENA_PROG, "--world", world) ||
        kit_outputs_guard(&a.out, ARENA_PROG, "--bot-stderr", bot_stderr) ||
        kit_outputs_open(&a.out, ARENA_PROG) ||
        kit_outside_opts_open(ARENA_PROG, &a.outside, 2)) {
        pcli_free_bots(a.bots, 2);
        pursuit_world_free(&w);
        return PCLI_USAGE;
    }
    for (int p = 0; p < 2; p++) { /* the seats were made before --bot-stderr was opened */
        const kit_bot_info *info = &a.bots[p]->info;
        kit_outside_seats_stderr(&info, 1, &a.outside);
    }
    pursuit_result res;
    rc = play(&a, &w, &res);
    pursuit_world_free(&w);
    kit_outside_opts_close(&a.outside);
    if (rc != DMAP_OK) {
        pcli_free_bots(a.bots, 2);
        kit_outputs_abort(&a.out);
        pcli_fail("match: the game could not be played: %s", dmap_strerror(rc));
        return 1;
    }
    if (kit_outputs_close(&a.out, ARENA_PROG)) {
        pcli_free_bots(a.bots, 2);
        return 1;
    }
    static const char *const seats[2] = {"predator", "prey"};
    for (int r = 0; r < 2; r++)
        if (res.ended[r] != KIT_END_NONE)
            printf("ended: %s (%.200s) by %s on decision %ld\n", seats[r], a.bots[r]->info.name,
                   kit_end_name(res.ended[r]), res.ended_on[r]);
    pcli_free_bots(a.bots, 2);
    if (res.predator_won)
        printf("winner: predator at clock %d\n", res.clock);
    else
        printf("winner: prey\n");
    return 0;
}
