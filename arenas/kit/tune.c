/* tune.c — the shared part of the arenas' `tune` commands (tune.h): options, checks, seeds
 * of the paired games, and the printed run. */
#include "tune.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

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
    "Starts from the defaults; prints one line per iteration (k, a_k, c_k, the score of θ+\n"
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
                                        "--seed", "--jobs",    "--a",          "--c"};
    const char *opt = argv[*i];
    int which = -1;
    for (int k = 0; k < 8; k++)
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

int kit_tune_run(const char *prog, const kit_tune_opts *o, const kit_bot_info *bot,
                 const kit_params *decl, kit_spsa_match match, void *ctx) {
    kit_spsa s;
    kit_spsa_defaults(&s, (int)o->iterations, o->seed);
    s.decl = decl;
    if (!isnan(o->c)) s.c = o->c;
    if (!isnan(o->a)) s.a = o->a;
    double theta[KIT_PARAM_MAX];
    for (int i = 0; i < decl->n; i++) theta[i] = decl->p[i].value;
    printf("%s tune %s against %s: %ld iterations, %ld games per side, seed %llu, a %.4g, "
           "A %.4g, c %.4g\n",
           prog, bot->name, o->against, o->iterations, o->games, (unsigned long long)o->seed,
           s.a, s.A, s.c);
    printf("start:");
    for (int i = 0; i < decl->n; i++) printf(" %s=%.6g", decl->p[i].name, theta[i]);
    printf("\n");
    if (kit_spsa_run(&s, theta, match, ctx, stdout)) return 1;
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
