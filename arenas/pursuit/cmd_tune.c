/* cmd_tune.c — `pursuit tune`: SPSA over a bot's parameters (kit/tune.h): flee's or
 * buryflee's flee factor, as the prey. Each iteration plays G pairs of games: pair j on the
 * random world of its seed (kit_tune_seed; --size and --walls as `match --random`), against
 * predator j % n of --against, with the bots' seed of the pair; one game of the pair with the
 * prey at θ+, the other at θ−. No time limit, so games are the same on a busy machine. A game's
 * result is the share of the clocks the prey lived (1 when it survived); a pair's
 * difference is the result at θ+ minus the result at θ−. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/tournament.h"
#include "kit/tune.h"

typedef struct tune_ctx {
    const kit_bot_info *bot;
    const kit_params *decl;
    const pursuit_bot *against[PCLI_MAX_BOTS];
    size_t nagainst;
    pcli_common world; /* --size, --walls, --clocks */
    uint64_t seed;
    int jobs;
    long games;
    int k;
    const pursuit_bot *side[2]; /* θ+ and θ− of the iteration being played */
} tune_ctx;

typedef struct tune_slot {
    int rc;
    double result;
} tune_slot;

/* Game i: pair i / 2, θ+ when i is even, θ− when odd. */
static int play_game(void *vctx, long index, uint64_t game_seed, void *out) {
    (void)game_seed; /* both games of a pair take the pair's seed */
    const tune_ctx *c = vctx;
    tune_slot *slot = out;
    long pair = index / 2;
    uint64_t seed = kit_tune_seed(c->seed, c->k, pair);
    pursuit_world w;
    slot->rc = pursuit_world_random(&w, (int)c->world.size, c->world.walls, seed);
    if (slot->rc != DMAP_OK) return 1;
    pursuit_config cfg = pursuit_config_default();
    cfg.seed = kit_game_seed(seed, 1);
    cfg.clocks = (int)c->world.clocks;
    cfg.time_limit_ns = 0;
    pursuit_result r;
    slot->rc = pursuit_play(&w, c->against[(size_t)pair % c->nagainst], c->side[index % 2], &cfg,
                            NULL, NULL, &r);
    slot->result = r.predator_won ? (double)r.clock / cfg.clocks : 1.0;
    pursuit_world_free(&w);
    return slot->rc != DMAP_OK;
}

static int pairs(void *vctx, int k, const kit_param_values *plus, const kit_param_values *minus,
                 double *diff) {
    tune_ctx *c = vctx;
    c->k = k;
    const kit_bot_info *p = kit_param_seat(c->bot, c->decl, plus);
    const kit_bot_info *m = kit_param_seat(c->bot, c->decl, minus);
    long games = 2 * c->games, failed = 0;
    tune_slot *slots = p && m ? calloc((size_t)games, sizeof *slots) : NULL;
    int rc = 0;
    if (!slots) {
        rc = kit_fail(PCLI_PROG, "tune: out of memory");
    } else {
        c->side[0] = (const pursuit_bot *)p, c->side[1] = (const pursuit_bot *)m;
        kit_tournament t = {games, c->jobs, c->seed, sizeof(tune_slot), play_game, c, "games", 0};
        if (kit_tournament_run(&t, slots, &failed) || failed) {
            rc = kit_fail(PCLI_PROG, "tune: %ld games could not be played", failed);
        } else {
            for (long j = 0; j < c->games; j++)
                diff[j] = slots[2 * j].result - slots[2 * j + 1].result;
        }
    }
    free(slots);
    kit_param_seat_free(p);
    kit_param_seat_free(m);
    return rc ? 1 : 0;
}

int cmd_tune(int argc, char **argv) {
    kit_tune_opts o;
    kit_tune_defaults(&o);
    kit_opts seen = {{0}, 0};
    tune_ctx c;
    memset(&c, 0, sizeof c);
    pcli_common_defaults(&c.world);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: pursuit tune --bot flee|buryflee --against PREDATORS [--size WxH]\n"
                 "                    [--walls P] [--clocks N] [--iterations K]\n"
                 "                    [--games-per-side G] [--seed S] [--jobs J] [--a A] [--c C]\n"
                 "                    [--check SPEC]\n"
                 "  --against A,B,...   the predators: pair j plays predator j % n\n"
                 "  --size WxH, --walls P, --clocks N  the random worlds and the game length, as\n"
                 "                      `match --random` takes them (8x8, 0.2, 30 by default)");
            fputs(kit_tune_help, stdout);
            return 0;
        }
        if (kit_opt_once(PCLI_PROG, &seen, a)) return PCLI_USAGE;
        int r = kit_tune_option(PCLI_PROG, argc, argv, &i, &o);
        if (r < 0) return PCLI_USAGE;
        if (r > 0) continue;
        r = pcli_common_option(argc, argv, &i, &c.world);
        if (r < 0) return PCLI_USAGE;
        if (r == 0) return kit_unknown_option(PCLI_PROG, "tune", a), PCLI_USAGE;
    }
    if (kit_tune_check(PCLI_PROG, &o, pursuit_seat_bots(PURSUIT_PREY), &c.bot, &c.decl))
        return PCLI_USAGE;
    char against[1024]; /* as given, for the header: the list is split in place */
    snprintf(against, sizeof against, "%s", o.against);
    if (pcli_bot_list("--against", o.against, PURSUIT_PREDATOR, NULL, c.against, &c.nagainst))
        return PCLI_USAGE;
    o.against = against;
    c.seed = o.seed, c.jobs = o.jobs, c.games = o.games;
    int rc = kit_tune_run(PCLI_PROG, &o, c.bot, c.decl, pairs, &c);
    pcli_free_bots(c.against, c.nagainst);
    return rc;
}
