/* sprt_simulate.c — validates the kit's SPRT on simulated paired games of a known Elo
 * difference: T tests where A is elo0 stronger (every acceptance of H1 a false positive) and
 * T where it is elo1 stronger (every acceptance of H1 is power). Each game is a win, a draw
 * or a loss for A with expected score 1 / (1 + 10^(-elo/400)) and a fixed draw share, a pair
 * two such games. Prints both rates with their 95% Wilson intervals and the mean number of
 * pairs; exits 1 when the false-positive rate is above alpha or the power below 1 - beta by
 * more than three standard errors of the estimate.
 *
 * usage: kit_sprt_simulate [--tests T] [--elo0 E0] [--elo1 E1] [--alpha A] [--beta B]
 *                          [--draws D] [--max-pairs M] [--seed S] */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/rating.h"
#include "kit/sprt.h"
#include "kit/stats.h"
#include "kit/tournament.h"

static uint64_t state;
static double uniform(void) { /* splitmix64, top 53 bits */
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}

/* A's half points in one game: 2 a win, 1 a draw, 0 a loss. */
static int game(double win, double draw) {
    double u = uniform();
    return u < win ? 2 : u < win + draw ? 1 : 0;
}

/* One test at true Elo `elo`: the verdict (KIT_SPRT_CONTINUE when max_pairs ran out). */
static kit_sprt_verdict one_test(double elo, double draws, const kit_sprt *proto, long max_pairs,
                                 long *pairs) {
    double s = kit_score_of_elo(elo), win = s - draws / 2;
    kit_sprt t = *proto;
    kit_sprt_verdict v = KIT_SPRT_CONTINUE;
    for (*pairs = 0; *pairs < max_pairs && v == KIT_SPRT_CONTINUE; (*pairs)++) {
        kit_sprt_add(&t, game(win, draws) + game(win, draws));
        v = kit_sprt_verdict_of(&t);
    }
    return v;
}

static long arg_long(const char *s) { return strtol(s, NULL, 10); }

int main(int argc, char **argv) {
    long tests = 2000, max_pairs = 1000000;
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05, draws = 0.3;
    uint64_t seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        if (!strcmp(o, "--tests")) tests = arg_long(v);
        else if (!strcmp(o, "--elo0")) elo0 = atof(v);
        else if (!strcmp(o, "--elo1")) elo1 = atof(v);
        else if (!strcmp(o, "--alpha")) alpha = atof(v);
        else if (!strcmp(o, "--beta")) beta = atof(v);
        else if (!strcmp(o, "--draws")) draws = atof(v);
        else if (!strcmp(o, "--max-pairs")) max_pairs = arg_long(v);
        else if (!strcmp(o, "--seed")) seed = (uint64_t)arg_long(v);
        else return fprintf(stderr, "kit_sprt_simulate: unknown option '%s'\n", o), 2;
    }
    const char *bad = kit_sprt_invalid(elo0, elo1, alpha, beta);
    if (bad || tests < 1 || draws < 0 || draws >= 1)
        return fprintf(stderr, "kit_sprt_simulate: %s\n", bad ? bad : "bad --tests or --draws"), 2;
    kit_sprt proto;
    kit_sprt_init(&proto, elo0, elo1, alpha, beta);
    int fail = 0;
    for (int h = 0; h < 2; h++) {
        double elo = h ? elo1 : elo0;
        long accepted = 0, undecided = 0, pairs = 0;
        for (long k = 0; k < tests; k++) {
            state = kit_game_seed(seed, k * 2 + h);
            long used;
            kit_sprt_verdict v = one_test(elo, draws, &proto, max_pairs, &used);
            accepted += v == KIT_SPRT_H1;
            undecided += v == KIT_SPRT_CONTINUE;
            pairs += used;
        }
        double rate = (double)accepted / (double)tests, lo, hi;
        kit_wilson(accepted, tests, 1.96, &lo, &hi);
        double want = h ? 1 - beta : alpha, se = sqrt(want * (1 - want) / (double)tests);
        int ok = h ? rate >= want - 3 * se : rate <= want + 3 * se;
        printf("true elo %g: H1 accepted in %ld of %ld tests (%.2f%%, 95%% interval %.2f-%.2f%%; "
               "%s %s %.0f%%), %ld undecided, %.0f pairs per test on average%s\n",
               elo, accepted, tests, 100 * rate, 100 * lo, 100 * hi,
               h ? "power" : "false positives", h ? "at least" : "at most", 100 * want, undecided,
               (double)pairs / (double)tests, ok ? "" : "  FAILED");
        fail |= !ok;
    }
    return fail;
}
