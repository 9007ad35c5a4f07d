/* sprt.c — the pentanomial generalized SPRT: the tilted maximum-likelihood distribution
 * under a mean-score constraint (a Lagrange multiplier found by safeguarded Newton steps),
 * the log-likelihood ratio of the two hypotheses, Wald's bounds and the Elo estimate. */
#include "sprt.h"

#include <math.h>

#include "rating.h"

#define REGULARIZE 1e-3 /* added to every count in the LLR, so an empty class is not a zero */

static const double SCORE[5] = {0, 0.25, 0.5, 0.75, 1}; /* a pair's score per game */

const char *kit_sprt_invalid(double elo0, double elo1, double alpha, double beta) {
    if (!isfinite(elo0) || !isfinite(elo1) || fabs(elo0) > 1000 || fabs(elo1) > 1000)
        return "elo0 and elo1 must be numbers from -1000 to 1000";
    if (!(elo0 < elo1)) return "elo0 must be less than elo1";
    if (!(alpha > 0 && alpha < 1)) return "alpha must be between 0 and 1 (exclusive)";
    if (!(beta > 0 && beta < 1)) return "beta must be between 0 and 1 (exclusive)";
    return 0;
}

void kit_sprt_init(kit_sprt *s, double elo0, double elo1, double alpha, double beta) {
    s->elo0 = elo0;
    s->elo1 = elo1;
    s->alpha = alpha;
    s->beta = beta;
    s->lower = log(beta / (1 - alpha));
    s->upper = log((1 - beta) / alpha);
    for (int i = 0; i < 5; i++) s->pairs[i] = 0;
}

void kit_sprt_add(kit_sprt *s, int half_points) {
    if (half_points >= 0 && half_points <= 4) s->pairs[half_points]++;
}

long kit_sprt_pairs(const kit_sprt *s) {
    long n = 0;
    for (int i = 0; i < 5; i++) n += s->pairs[i];
    return n;
}

/* The multiplier theta of the distribution p_i / (1 + theta (a_i - m)) of largest likelihood
 * with mean m: the root of f(theta) = sum p_i (a_i - m) / (1 + theta (a_i - m)), decreasing
 * on the interval where every denominator is positive. Newton steps, bisection when a step
 * leaves the bracket. */
static double tilt(const double *p, double m) {
    double lo = -1 / (1 - m), hi = 1 / m; /* scores span 0..1 and every p_i > 0 */
    double theta = 0;
    for (int iter = 0; iter < 200; iter++) {
        double f = 0, df = 0;
        for (int i = 0; i < 5; i++) {
            double x = SCORE[i] - m, d = 1 + theta * x;
            f += p[i] * x / d;
            df -= p[i] * x * x / (d * d);
        }
        if (f > 0) lo = theta; else hi = theta;
        double next = df < 0 ? theta - f / df : (lo + hi) / 2;
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (fabs(next - theta) < 1e-15 * (1 + fabs(theta))) return next;
        theta = next;
    }
    return theta;
}

double kit_sprt_llr(const kit_sprt *s) {
    long n = kit_sprt_pairs(s);
    if (n == 0) return 0;
    double p[5], total = 0;
    for (int i = 0; i < 5; i++) total += (double)s->pairs[i] + REGULARIZE;
    for (int i = 0; i < 5; i++) p[i] = ((double)s->pairs[i] + REGULARIZE) / total;
    double m0 = kit_score_of_elo(s->elo0), m1 = kit_score_of_elo(s->elo1);
    double t0 = tilt(p, m0), t1 = tilt(p, m1), llr = 0;
    /* log(q1_i / q0_i) = log(1 + t0 (a_i - m0)) - log(1 + t1 (a_i - m1)) */
    for (int i = 0; i < 5; i++)
        llr += (double)s->pairs[i] *
               (log1p(t0 * (SCORE[i] - m0)) - log1p(t1 * (SCORE[i] - m1)));
    return llr;
}

kit_sprt_verdict kit_sprt_verdict_of(const kit_sprt *s) {
    double llr = kit_sprt_llr(s);
    if (llr >= s->upper) return KIT_SPRT_H1;
    if (llr <= s->lower) return KIT_SPRT_H0;
    return KIT_SPRT_CONTINUE;
}

static double elo_clamped(double score) {
    const double edge = 1e-6;
    if (score < edge) score = edge;
    if (score > 1 - edge) score = 1 - edge;
    return kit_elo_of_score(score) + 0.0; /* + 0.0: an even score prints as 0, not -0 */
}

void kit_sprt_estimate(const kit_sprt *s, double *elo, double *lo, double *hi) {
    long n = kit_sprt_pairs(s);
    double mean = 0, var = 0;
    for (int i = 0; i < 5; i++) mean += (double)s->pairs[i] * SCORE[i];
    mean = n ? mean / (double)n : 0.5;
    for (int i = 0; i < 5; i++) var += (double)s->pairs[i] * (SCORE[i] - mean) * (SCORE[i] - mean);
    double se = n > 1 ? sqrt(var / (double)(n - 1) / (double)n) : 0.5;
    *elo = elo_clamped(mean);
    *lo = elo_clamped(mean - 1.96 * se);
    *hi = elo_clamped(mean + 1.96 * se);
}
