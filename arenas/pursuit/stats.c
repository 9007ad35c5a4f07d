/* stats.c — the tournament's statistics: the Wilson score interval for a survival rate.
 * Wilson rather than the normal approximation because rates near 0 or 1 are common here. */
#include <math.h>

#include "pursuit.h"

void pursuit_wilson(long k, long n, double z, double *lo, double *hi) {
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
