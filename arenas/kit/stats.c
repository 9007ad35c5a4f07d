/* stats.c — Wilson intervals and running means with 95% intervals, for tournament tables. */
#include "stats.h"

#include <math.h>

void kit_wilson(long k, long n, double z, double *lo, double *hi) {
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

void kit_mean_add(kit_mean *m, double x) {
    m->n++;
    m->sum += x;
    m->sumsq += x * x;
}

void kit_mean_merge(kit_mean *a, const kit_mean *b) {
    a->n += b->n;
    a->sum += b->sum;
    a->sumsq += b->sumsq;
}

double kit_mean_value(const kit_mean *m) { return m->n > 0 ? m->sum / (double)m->n : 0.0; }

double kit_mean_halfwidth(const kit_mean *m) {
    if (m->n < 2) return 0.0;
    double n = (double)m->n, mean = m->sum / n;
    double var = (m->sumsq - n * mean * mean) / (n - 1);
    return var > 0 ? 1.96 * sqrt(var / n) : 0.0;
}
