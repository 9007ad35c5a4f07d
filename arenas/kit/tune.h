/* tune.h — what every arena's `tune` command shares: its options (--bot, --against,
 * --iterations, --games-per-side, --seed, --jobs, --a, --c), the run of SPSA (spsa.h) over the
 * bot's declared parameters with the trajectory on stdout, and the seeds of the paired games.
 *
 * The arena supplies the pairs (kit_tune_pairs): at iteration k it plays G games with the
 * bot at θ+ and the same G games (same seeds, same seats, same opponents) with the bot at θ−,
 * and gives for each pair the result at θ+ minus the result at θ− (results in [0, 1]: a win
 * 1, a draw 0.5); SPSA's score is their mean. Its games go through the tournament runner, so
 * the run is the same for any --jobs.
 *
 * `tune --check SPEC` plays the pairs once, SPEC against the bot's defaults, and says whether
 * SPEC is better: how many pairs it won, tied and lost, the mean difference with its 95%
 * interval, and the Wilson 95% interval of its share of the pairs that differ (a sign test:
 * better when the interval lies above 50%). */
#ifndef KIT_TUNE_H
#define KIT_TUNE_H

#include <stdint.h>

#include "bot.h"
#include "param.h"
#include "spsa.h"

typedef struct kit_tune_opts {
    const char *bot;    /* --bot NAME (required): a bot that declares parameters */
    char *against;      /* --against BOTS (required): the arena splits the list */
    long iterations;    /* --iterations K (default 20) */
    long games;         /* --games-per-side G (default 8) */
    uint64_t seed;      /* --seed S (default 1) */
    int jobs;           /* --jobs J (default 0: every core) */
    double a, c;        /* --a, --c: the gains (spsa.h); NaN: the defaults */
    const char *check;  /* --check SPEC: compare SPEC with the defaults instead of tuning */
    const char *only;   /* --only NAME,...: tune these parameters, hold the others */
    const char *start;  /* --start SPEC: SPSA starts from SPEC's values, not the defaults */
} kit_tune_opts;

/* The defaults above. */
void kit_tune_defaults(kit_tune_opts *o);

/* One of the options above at argv[*i] (kit_opt_once already called): 1 when it was one (its
 * value taken, *i moved on), 0 when it is another option, -1 after one line on stderr. */
int kit_tune_option(const char *prog, int argc, char **argv, int *i, kit_tune_opts *o);

/* After parsing: --bot and --against given, the bot found in t with parameters. *bot and
 * *decl receive it. 0, or -1 after one line on stderr. */
int kit_tune_check(const char *prog, const kit_tune_opts *o, const kit_bot_table *t,
                   const kit_bot_info **bot, const kit_params **decl);

/* The seed of pair j of iteration k: both games of the pair (θ+ and θ−) use it. */
uint64_t kit_tune_seed(uint64_t seed, int k, long j);

/* The arena's games of iteration k: o->games pairs, diff[j] receiving pair j's result at plus
 * minus its result at minus. 0, or nonzero after one line on stderr. */
typedef int (*kit_tune_pairs)(void *ctx, int k, const kit_param_values *plus,
                              const kit_param_values *minus, double *diff);

/* One game of a pair for kit_tune_play_pairs: pair `pair` of iteration k with `side` (the bot
 * at θ+ or at θ−, a seat of kit_param_seat) where the tuned bot plays; *result in [0, 1].
 * Called from the tournament runner's threads: ctx is read only. 0, or nonzero when the game
 * could not be played. */
typedef int (*kit_tune_game)(const void *ctx, int k, long pair, const kit_bot_info *side,
                             double *result);

/* The body of a kit_tune_pairs for an arena whose bots are seats of its table: the seats of
 * plus and minus (kit_param_seat), the 2 × games games on the tournament runner with `jobs`
 * threads (game i: pair i / 2, θ+ when i is even), diff[j] the result at θ+ minus that at θ−.
 * 0, or 1 after one line on stderr ("PROG: tune: out of memory", "PROG: tune: N games could
 * not be played"). */
int kit_tune_play_pairs(const char *prog, const kit_bot_info *bot, const kit_params *decl,
                        int k, const kit_param_values *plus, const kit_param_values *minus,
                        long games, int jobs, uint64_t seed, kit_tune_game game, const void *ctx,
                        double *diff);

/* Runs SPSA from the defaults and prints on stdout a header line, one line per iteration
 * (kit_spsa_run's trace) and the result as a bot spec: "tuned: SPEC"; with --check, the
 * comparison above instead. 0, 2 for a bad --check spec (one line on stderr), or 1 when the
 * games failed (the arena said why). */
int kit_tune_run(const char *prog, const kit_tune_opts *o, const kit_bot_info *bot,
                 const kit_params *decl, kit_tune_pairs pairs, void *ctx);

/* The help lines of the shared options. */
extern const char kit_tune_help[];

#endif
