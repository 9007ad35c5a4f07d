/* stats.h — the statistics every arena's tables print: Wilson score intervals for rates and
 * means with 95% confidence intervals. */
#ifndef KIT_STATS_H
#define KIT_STATS_H

/* The Wilson score interval of k successes in n trials at z (1.96 for 95%). Wilson rather
 * than the normal approximation because rates near 0 or 1 are common in game tables. n <= 0
 * gives [0, 1]. */
void kit_wilson(long k, long n, double z, double *lo, double *hi);

/* A running mean: add samples, then read the mean and the half-width of its 95% interval
 * (normal approximation, 1.96 standard errors; 0 with fewer than two samples). */
typedef struct kit_mean {
    long n;
    double sum, sumsq;
} kit_mean;

void kit_mean_add(kit_mean *m, double x);
/* Merge b into a (for combining per-thread or per-seat tallies). */
void kit_mean_merge(kit_mean *a, const kit_mean *b);
double kit_mean_value(const kit_mean *m);      /* 0 when empty */
double kit_mean_halfwidth(const kit_mean *m);  /* 1.96 * sample sd / sqrt(n) */

#endif
