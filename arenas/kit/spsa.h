/* spsa.h — SPSA (simultaneous perturbation stochastic approximation, Spall 1998) over a bot's
 * declared parameters (param.h), for `<arena> tune`.
 *
 * Iteration k (0-based) of K:
 *     a_k = a / (A + k + 1)^0.602,  c_k = c / (k + 1)^0.101
 *     Δ_k: one Rademacher sign (+1/−1) per parameter, drawn from the seed and k alone
 *     θ+ = θ + c_k·Δ_k·step,  θ− = θ − c_k·Δ_k·step   (each clipped to its range, an integer
 *                                                      parameter rounded)
 *     y  = the match's score of θ+ against θ− (larger: θ+ did better; e.g. the difference of
 *          their mean game results over paired games with the same seeds)
 *     θ  ← clip(θ + a_k · y / (2·c_k·Δ_k) · step)
 * Parameters are scaled by their declared step, so a and c are in steps: c = 1 perturbs each
 * parameter by one step. θ starts at the defaults (or a given start). The run depends only on
 * the options, the seed and the match's scores, so it is deterministic whenever the match is. */
#ifndef KIT_SPSA_H
#define KIT_SPSA_H

#include <stdint.h>
#include <stdio.h>

#include "param.h"

typedef struct kit_spsa {
    const kit_params *decl;
    int iterations; /* K >= 1 */
    double a, c, A; /* gains as above; A is usually K/10 */
    uint64_t seed;  /* the perturbations' seed */
} kit_spsa;

/* The gains' defaults for K iterations: A = K/10, c = 1 step, a such that the first gain
 * a_0 = a/(A+1)^0.602 is 4 steps per unit of score. */
void kit_spsa_defaults(kit_spsa *s, int iterations, uint64_t seed);

/* The match: the score of `plus` against `minus` at iteration k (0-based). 0, or nonzero to
 * stop the run (the match says why). */
typedef int (*kit_spsa_match)(void *ctx, int k, const kit_param_values *plus,
                              const kit_param_values *minus, double *score);

/* The values a bot plays for parameters theta: clipped to the ranges, integers rounded. */
void kit_spsa_values(const kit_params *decl, const double *theta, kit_param_values *out);

/* Runs the iterations from theta (in: the start, decl->n values; out: the end). With trace
 * (may be NULL) one line per iteration: "k a_k c_k score NAME=VALUE ..." (θ after the
 * update). 0, or the match's nonzero value. */
int kit_spsa_run(const kit_spsa *s, double *theta, kit_spsa_match match, void *ctx, FILE *trace);

/* decl with only the parameters named in `names` ("NAME,NAME,...") tuned: every other one's
 * step 0 in the copy, so that SPSA neither perturbs nor moves it (it keeps its start value).
 * buf receives decl->n entries and out points to them. 0, or -1 with one line in err: an
 * unknown name, one given twice, one whose declared step is 0 (never tuned), or no name. */
int kit_spsa_only(const kit_params *decl, const char *names, kit_param *buf, kit_params *out,
                  char *err, size_t errlen);

#endif
