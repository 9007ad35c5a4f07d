/* tune.c — the shared part of the arenas' `tune` commands (tune.h): options, checks, seeds
 * of the paired games, and the printed run. */
#include "tune.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"
#include "tournament.h"

typedef struct pairs_ctx {
    kit_tune_game game;
    const void *ctx;
    int k;
    const kit_bot_info *side[2]; /* θ+, θ− */
} pairs_ctx;

/* Game i of the tournament runner: pair i / 2, θ+ when i is even, θ− when odd; both games of
 * a pair take the pair's seed (the arena's game draws it from kit_tune_seed), not game_seed. */
static int play_pair_game(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                          size_t cap) {
    const pairs_ctx *c = vctx;
    (void)rank, (void)why, (void)cap;
    return c->game(c->ctx, c->k, s->game / 2, c->side[s->game % 2], record) != 0;
}

int kit_tune_play_pairs(const char *prog, const kit_bot_info *bot, const kit_params *decl,
                        int k, const kit_param_values *plus, const kit_param_values *minus,
                        long games, int jobs, uint64_t seed, kit_tune_game game, const void *ctx,
                        double *diff) {
    pairs_ctx c = {game, ctx, k, {kit_param_seat(bot, decl, plus), kit_param_seat(bot, decl, minus)}};
    long failed = 0;
    kit_tournament t = {.games = 2 * games, .jobs = jobs, .seed = seed, .record_size = sizeof(double),
                        .play = play_pair_game, .ctx = &c, .label = "games", .progress = 0};
    void *results = c.side[0] && c.side[1] ? calloc((size_t)(2 * games), kit_slot_size(&t)) : NULL;
    int rc = 0;
    if (!results) {
        rc = kit_fail(prog, "tune: out of memory");
    } else {
        if (kit_tournament_run(&t, results, &failed) || failed)
            rc = kit_fail(prog, "tune: %ld games could not be played", failed);
        else
            for (long j = 0; j < games; j++)
                diff[j] = *(const double *)kit_slot_record(kit_slot(&t, results, 2 * j)) -
                          *(const double *)kit_slot_record(kit_slot(&t, results, 2 * j + 1));
    }
    free(results);
    kit_param_seat_free(c.side[0]);
    kit_param_seat_free(c.side[1]);
    return rc ? 1 : 0;
}

const char kit_tune_help[] =
    "  --bot NAME          the bot to tune: one that declares parameters (bots --params)\n"
    "  --iterations K      SPSA iterations (default 20)\n"
    "  --games-per-side G  games per iteration for each of θ+ and θ−, paired: the same\n"
    "                      seeds, seats and opponents (default 8)\n"
    "  --seed S            the run's seed: perturbations and games (default 1)\n"
    "  --jobs J            games in parallel (0 = every core, the default); the run is the\n"
    "                      same for any J\n"
    "  --a A, --c C        SPSA's gains in steps of each parameter: a_k = A/(K/10+k+1)^0.602,\n"
    "                      c_k = C/(k+1)^0.101 (defaults: a_0 = 4, C = 1)\n"
    "  --check SPEC        no tuning: G pairs of games (as one iteration's) of SPEC against\n"
    "                      the bot's defaults; prints the pairs won, tied and lost, the mean\n"
    "                      difference with its 95% interval and the Wilson 95% interval of the\n"
    "                      share of differing pairs SPEC won (use another --seed than the tuning)\n"
    "  --only NAME,...     tune only these parameters; the others keep their start values\n"
    "  --start SPEC        start from SPEC's values (a spec of --bot), not the defaults\n"
    "Starts from the defaults (or --start); prints one line per iteration (k, a_k, c_k, the score of θ+\n"
    "against θ−, θ after the update) and the tuned bot as a spec for --bots.\n";

void kit_tune_defaults(kit_tune_opts *o) {
    memset(o, 0, sizeof *o);
    o->iterations = 20;
    o->games = 8;
    o->seed = 1;
    o->a = NAN;
    o->c = NAN;
}

int kit_tune_option(const char *prog, int argc, char **argv, int *i, kit_tune_opts *o) {
    static const char *const names[] = {"--bot",  "--against", "--iterations", "--games-per-side",
                                        "--seed", "--jobs",    "--a",          "--c",
                                        "--check", "--only",     "--start"};
    const char *opt = argv[*i];
    int which = -1;
    for (int k = 0; k < 11; k++)
        if (strcmp(opt, names[k]) == 0) which = k;
    if (which < 0) return 0;
    char *v = kit_opt_value(prog, argc, argv, i);
    if (!v) return -1;
    switch (which) {
    case 0: o->bot = v; return 1;
    case 1: o->against = v; return 1;
    case 2: return kit_parse_long(prog, opt, v, 1, 100000, &o->iterations) ? -1 : 1;
    case 3: return kit_parse_long(prog, opt, v, 1, 1000000, &o->games) ? -1 : 1;
    case 4: return kit_parse_seed(prog, opt, v, &o->seed) ? -1 : 1;
    case 5: return kit_parse_jobs(prog, opt, v, &o->jobs) ? -1 : 1;
    case 6: return kit_parse_double(prog, opt, v, 1e-6, 1e6, &o->a) ? -1 : 1;
    case 8: o->check = v; return 1;
    case 9: o->only = v; return 1;
    case 10: o->start = v; return 1;
    default: return kit_parse_double(prog, opt, v, 1e-6, 1e3, &o->c) ? -1 : 1;
    }
}

int kit_tune_check(const char *prog, const kit_tune_opts *o, const kit_bot_table *t,
                   const kit_bot_info **bot, const kit_params **decl) {
    if (!o->bot) return kit_fail(prog, "tune: --bot is required (see %s help tune)", prog);
    if (!o->against) return kit_fail(prog, "tune: --against is required (see %s help tune)", prog);
    if (!(*bot = kit_bot_lookup(prog, "--bot", t, o->bot, NULL))) return -1;
    if (!(*decl = kit_bot_params(t, *bot)))
        return kit_fail(prog, "--bot: bot %s has no parameters (see %s bots --params)", o->bot,
                        prog);
    return 0;
}

uint64_t kit_tune_seed(uint64_t seed, int k, long j) {
    return kit_game_seed(kit_game_seed(seed, k), j);
}

/* SPSA's match over the arena's pairs: the mean difference. */
typedef struct spsa_ctx {
    kit_tune_pairs pairs;
    void *ctx;
    long n;
    double *diff;
} spsa_ctx;

static int spsa_match(void *vctx, int k, const kit_param_values *plus,
                      const kit_param_values *minus, double *score) {
    spsa_ctx *c = vctx;
    if (c->pairs(c->ctx, k, plus, minus, c->diff)) return 1;
    double sum = 0;
    for (long j = 0; j < c->n; j++) sum += c->diff[j];
    *score = sum / (double)c->n;
    return 0;
}

/* The values of `spec`, a spec of bot (the option's name for the message): 0, or 2 after one
 * line on stderr. */
static int spec_values(const char *prog, const char *opt, const char *spec,
                       const kit_bot_info *bot, const kit_params *decl, kit_param_values *v) {
    size_t blen = strlen(bot->name);
    kit_param_defaults(decl, v);
    if (strncmp(spec, bot->name, blen) != 0 || (spec[blen] != ':' && spec[blen] != '\0'))
        return kit_fail(prog, "%s: '%.60s' is not a spec of %s", opt, spec, bot->name), 2;
    char err[600];
    if (spec[blen] && kit_param_parse(bot->name, decl, spec + blen + 1, v, err, sizeof err))
        return kit_fail(prog, "%s: %s", opt, err), 2;
    return 0;
}

/* --check SPEC: SPEC's pairs against the defaults, and the verdict. */
static int check(const char *prog, const kit_tune_opts *o, const kit_bot_info *bot,
                 const kit_params *decl, spsa_ctx *c) {
    const char *spec = o->check;
    kit_param_values tuned, dflt;
    kit_param_defaults(decl, &dflt);
    if (spec_values(prog, "--check", spec, bot, decl, &tuned)) return 2;
    if (c->pairs(c->ctx, 0, &tuned, &dflt, c->diff)) return 1;
    long won = 0, lost = 0;
    kit_mean m = {0, 0, 0};
    for (long j = 0; j < c->n; j++) {
        won += c->diff[j] > 0;
        lost += c->diff[j] < 0;
        kit_mean_add(&m, c->diff[j]);
    }
    double lo = 0, hi = 0;
    kit_wilson(won, won + lost, 1.96, &lo, &hi);
    printf("%s tune --check %s against %s (the defaults), opponents %s: %ld pairs, seed %llu\n",
           prog, spec, bot->name, o->against, c->n, (unsigned long long)o->seed);
    printf("pairs: %ld better, %ld the same, %ld worse\n", won, c->n - won - lost, lost);
    printf("mean difference: %+.4f ± %.4f (95%%)\n", kit_mean_value(&m), kit_mean_halfwidth(&m));
    printf("better in the pairs that differ: %.1f%% (Wilson 95%%: %.1f–%.1f%%)\n",
           won + lost ? 100.0 * (double)won / (double)(won + lost) : 0.0, 100 * lo, 100 * hi);
    printf("verdict: %s\n", won + lost && lo > 0.5   ? "better than the defaults"
                            : won + lost && hi < 0.5 ? "worse than the defaults"
                                                     : "no difference shown");
    return 0;
}

/* The tuning run: SPSA from the defaults, the trajectory and the tuned spec. */
static int tune(const char *prog, const kit_tune_opts *o, const kit_bot_info *bot,
                const kit_params *decl, spsa_ctx *c) {
    kit_spsa s;
    kit_spsa_defaults(&s, (int)o->iterations, o->seed);
    s.decl = decl;
    kit_param held[KIT_PARAM_MAX];
    kit_params only;
    char err[300];
    if (o->only) {
        if (kit_spsa_only(decl, o->only, held, &only, err, sizeof err))
            return kit_fail(prog, "%s", err), 2;
        s.decl = &only;
    }
    if (!isnan(o->c)) s.c = o->c;
    if (!isnan(o->a)) s.a = o->a;
    double theta[KIT_PARAM_MAX];
    kit_param_values start;
    if (o->start) {
        if (spec_values(prog, "--start", o->start, bot, decl, &start)) return 2;
    } else {
        kit_param_defaults(decl, &start);
    }
    for (int i = 0; i < decl->n; i++) theta[i] = start.v[i];
    printf("%s tune %s against %s: %ld iterations, %ld games per side, seed %llu, a %.4g, "
           "A %.4g, c %.4g\n",
           prog, bot->name, o->against, o->iterations, o->games, (unsigned long long)o->seed,
           s.a, s.A, s.c);
    printf("start:");
    for (int i = 0; i < decl->n; i++) printf(" %s=%.6g", decl->p[i].name, theta[i]);
    printf("\n");
    if (kit_spsa_run(&s, theta, spsa_match, c, stdout)) return 1;
    kit_param_values v;
    kit_spsa_values(decl, theta, &v);
    /* the spec at the precision of the trajectory, so it reads as the lines above */
    for (int i = 0; i < decl->n; i++) {
        char num[32];
        snprintf(num, sizeof num, "%.4g", v.v[i]);
        sscanf(num, "%lf", &v.v[i]);
        if (v.v[i] < decl->p[i].min) v.v[i] = decl->p[i].min;
        if (v.v[i] > decl->p[i].max) v.v[i] = decl->p[i].max;
    }
    char spec[KIT_PARAM_SPEC_MAX];
    if (kit_param_format(bot->name, decl, &v, spec, sizeof spec))
        return kit_fail(prog, "tune: the tuned spec is too long"), 1;
    printf("tuned: %s\n", spec);
    return 0;
}

int kit_tune_run(const char *prog, const kit_tune_opts *o, const kit_bot_info *bot,
                 const kit_params *decl, kit_tune_pairs pairs, void *ctx) {
    spsa_ctx c = {pairs, ctx, o->games, calloc((size_t)o->games, sizeof(double))};
    if (!c.diff) return kit_fail(prog, "tune: out of memory"), 1;
    int rc = o->check ? check(prog, o, bot, decl, &c) : tune(prog, o, bot, decl, &c);
    free(c.diff);
    return rc;
}

