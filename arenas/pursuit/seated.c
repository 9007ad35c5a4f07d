/* seated.c — pursuit's leagues and SPRTs (kit/seating.h). The game has two different seats,
 * so an entrant is a pair of bots, predator i and prey i of the --predators and --preys lists:
 * in a game, the entrant of seat 0 hunts with its predator and the entrant of seat 1 runs with
 * its prey, on the random world of the deal's seed; rotating the seats swaps the roles on the
 * same world. The capturing predator's entrant places 1, a surviving prey's entrant places 1. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"

int pcli_play_seated(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                     size_t cap) {
    const pcli_seated *ctx = vctx;
    pursuit_world w;
    int rc = pursuit_world_random(&w, (int)ctx->opts.common.size, ctx->opts.common.walls, s->seed);
    if (rc != DMAP_OK) {
        snprintf(why, cap, "random world: %s", dmap_strerror(rc));
        return 1;
    }
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)ctx->opts.common.clocks;
    cfg.seed = s->seed;
    pursuit_result r, *res = record ? record : &r; /* the record: the game's pursuit_result */
    rc = pursuit_play(&w, ctx->predators[s->entrant[0]], ctx->preys[s->entrant[1]], &cfg, NULL,
                      NULL, res);
    pursuit_world_free(&w);
    if (rc != DMAP_OK) {
        snprintf(why, cap, "%s", dmap_strerror(rc));
        return 1;
    }
    rank[0] = res->predator_won ? 1 : 2;
    rank[1] = res->predator_won ? 2 : 1;
    return 0;
}

void pcli_seated_defaults(pcli_seated_opts *o) {
    memset(o, 0, sizeof *o);
    pcli_common_defaults(&o->common);
    o->outside = (kit_outside_opts){PCLI_FIRST_LIMIT_MS, PCLI_LIMIT_MS, NULL, KIT_STDERR_DISCARD, 0};
}

int pcli_seated_option(int argc, char **argv, int *i, pcli_seated_opts *o) {
    const char *a = argv[*i];
    int took;
    if (!strcmp(a, "--predators") || !strcmp(a, "--preys")) {
        char *v = pcli_value(argc, argv, i);
        if (!v) return -1;
        if (!strcmp(a, "--predators")) o->predators = v;
        else o->preys = v;
        return 1;
    }
    if (strcmp(a, "--seed") && (took = pcli_common_option(argc, argv, i, &o->common)) != 0)
        return took < 0 ? -1 : 1;
    took = kit_outside_option(ARENA_PROG, argc, argv, i, &o->outside);
    return took < 0 ? -1 : took;
}

int pcli_seated_open(const char *command, pcli_seated *ctx, int min, int max) {
    pcli_seated_opts *o = &ctx->opts;
    if (!o->predators || !o->preys)
        return pcli_fail("%s: --predators and --preys are required (see pursuit help %s)",
                         command, command);
    size_t np = 0, ny = 0;
    if (pcli_bot_list("--predators", o->predators, PURSUIT_PREDATOR, &o->outside, ctx->predators,
                      &np))
        return PCLI_USAGE;
    if (pcli_bot_list("--preys", o->preys, PURSUIT_PREY, &o->outside, ctx->preys, &ny)) {
        pcli_free_bots(ctx->predators, np);
        return PCLI_USAGE;
    }
    ctx->n = (int)np;
    if (np != ny || ctx->n < min || ctx->n > max) {
        pcli_seated_close(ctx);
        ctx->n = 0;
        if (min == max)
            return pcli_fail("%s: give exactly %d predators and %d preys (entrant i: predator i "
                             "and prey i), got %zu and %zu", command, min, min, np, ny);
        return pcli_fail("%s: give as many predators as preys, %d to %d (entrant i: predator i "
                         "and prey i), got %zu and %zu", command, min, max, np, ny);
    }
    for (int i = 0; i < ctx->n; i++) {
        snprintf(ctx->name_buf[i], sizeof ctx->name_buf[i], "%s/%s", ctx->predators[i]->info.name,
                 ctx->preys[i]->info.name);
        ctx->names[i] = ctx->name_buf[i];
    }
    if (kit_outside_opts_open(ARENA_PROG, &o->outside, KIT_STDERR_DISCARD)) {
        pcli_seated_close(ctx);
        return PCLI_USAGE;
    }
    for (int i = 0; i < ctx->n; i++) { /* the seats were made before --bot-stderr was opened */
        const kit_bot_info *info[2] = {&ctx->predators[i]->info, &ctx->preys[i]->info};
        kit_outside_seats_stderr(info, 2, &o->outside);
    }
    return 0;
}

void pcli_seated_close(pcli_seated *ctx) {
    pcli_free_bots(ctx->predators, (size_t)ctx->n);
    pcli_free_bots(ctx->preys, (size_t)ctx->n);
    kit_outside_opts_close(&ctx->opts.outside);
}

/* Leagues and SPRTs (kit/lab_cmd.h): entrants by --predators and --preys, not --bots. */
static int lab_option(void *arena, kit_lab *l, int argc, char **argv, int *i) {
    const char *a = argv[*i];
    int took = pcli_seated_option(argc, argv, i, &((pcli_seated *)arena)->opts);
    if (took > 0 && (!strcmp(a, "--predators") || !strcmp(a, "--preys"))) l->bots_elsewhere = 1;
    return took;
}

static int lab_open(void *arena, kit_lab *l) {
    pcli_seated *ctx = arena;
    if (l->bots)
        return pcli_fail("%s: give --predators and --preys (entrant i: predator i and prey i), "
                         "not --bots", l->command);
    if (pcli_seated_open(l->command, ctx, 2, l->sprt ? 2 : PCLI_MAX_BOTS)) return PCLI_USAGE;
    ctx->n_open = ctx->n;
    l->entrants = ctx->n, l->names = ctx->names, l->seats = 2;
    l->play = pcli_play_seated, l->ctx = ctx;
    return 0;
}

static void lab_close(void *arena) {
    pcli_seated *ctx = arena;
    if (ctx->n_open) pcli_seated_close(ctx);
    ctx->n_open = 0;
}

/* The one state of the command, reset to the defaults. */
static void *lab_state(void) {
    static pcli_seated ctx;
    memset(&ctx, 0, sizeof ctx);
    pcli_seated_defaults(&ctx.opts);
    return &ctx;
}

const kit_lab_cmd arena_lab = {.prog = ARENA_PROG, .league_games_default = -1,
                                  .bots_needed = "--predators and --preys are required",
                                  .sprt_help_tail = KIT_OUTSIDE_HELP,
                                  .option = lab_option, .open = lab_open, .close = lab_close,
                                .state = lab_state};
