/* sprt.h — the sequential probability ratio test on paired games (Fishtest's pentanomial
 * model): two bots play games in pairs with the same seed and the seats swapped; each pair
 * scores 0, 0.5, 1, 1.5 or 2 points for bot A, and the test weighs the counts of the five
 * pair scores between H0 "A is elo0 stronger than B" and H1 "A is elo1 stronger" (logistic
 * Elo: expected score 1 / (1 + 10^(-elo/400))).
 *
 * The log-likelihood ratio is the generalized SPRT's (Van den Bergh): the pentanomial
 * distribution of the largest likelihood whose mean score is that of elo1, against the one
 * whose mean is that of elo0, each the observed frequencies tilted by a Lagrange multiplier.
 * Wald's bounds: accept H1 at LLR >= log((1 - beta) / alpha), H0 at LLR <= log(beta /
 * (1 - alpha)).
 *
 * Typical use: kit_sprt_init, then after each pair kit_sprt_add and kit_sprt_verdict; when
 * it is not KIT_SPRT_CONTINUE (or games run out), kit_sprt_estimate for the report. */
#ifndef KIT_SPRT_H
#define KIT_SPRT_H

typedef enum kit_sprt_verdict {
    KIT_SPRT_CONTINUE = 0,
    KIT_SPRT_H0 = 1, /* accept H0: A is elo0 (or less) stronger than B: the test fails */
    KIT_SPRT_H1 = 2  /* accept H1: A is elo1 (or more) stronger than B: the test passes */
} kit_sprt_verdict;

typedef struct kit_sprt {
    double elo0, elo1, alpha, beta;
    double lower, upper; /* Wald's bounds on the LLR */
    long pairs[5];       /* pairs that scored 0, 0.5, 1, 1.5, 2 points for A */
} kit_sprt;

/* NULL when the parameters are good (alpha, beta in (0, 1), elo0 < elo1, both finite and
 * inside +-1000), else a short phrase saying what is wrong. */
const char *kit_sprt_invalid(double elo0, double elo1, double alpha, double beta);

/* Starts a test (parameters checked by kit_sprt_invalid first). */
void kit_sprt_init(kit_sprt *s, double elo0, double elo1, double alpha, double beta);

/* One pair: A's points over its two games, in halves (0 .. 4: 0, 0.5, ... 2 points). */
void kit_sprt_add(kit_sprt *s, int half_points);

long kit_sprt_pairs(const kit_sprt *s);

/* The log-likelihood ratio of the pairs so far (0 before any pair). */
double kit_sprt_llr(const kit_sprt *s);

kit_sprt_verdict kit_sprt_verdict_of(const kit_sprt *s);

/* The Elo difference of the mean pair score and its 95% interval (normal approximation on
 * the pair scores' variance, mapped through the logistic curve); scores of 0 or 1 are held
 * just inside, so the figures stay finite. */
void kit_sprt_estimate(const kit_sprt *s, double *elo, double *lo, double *hi);

#endif
