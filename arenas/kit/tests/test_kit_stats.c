/* test_kit_stats.c — Wilson intervals and running means against values computed by hand from
 * the textbook formulas (Wilson 1927; the sample standard deviation with n - 1). */
#include <math.h>
#include <stdio.h>

#include "kit/stats.h"

static int failures;
#define NEAR(got, want, tol)                                                              \
    do {                                                                                  \
        double g_ = (got), w_ = (want);                                                   \
        if (!(fabs(g_ - w_) <= (tol))) {                                                  \
            fprintf(stderr, "%s:%d: %s = %.9g, want %.9g\n", __FILE__, __LINE__, #got, g_, \
                    w_);                                                                  \
            failures++;                                                                   \
        }                                                                                 \
    } while (0)

int main(void) {
    double lo, hi;
    kit_wilson(5, 10, 1.96, &lo, &hi);
    NEAR(lo, 0.236593, 1e-5);
    NEAR(hi, 0.763407, 1e-5);
    kit_wilson(0, 10, 1.96, &lo, &hi);
    NEAR(lo, 0.0, 1e-12);
    NEAR(hi, 0.277532, 1e-5);
    kit_wilson(10, 10, 1.96, &lo, &hi);
    NEAR(lo, 0.722460, 1e-5);
    NEAR(hi, 1.0, 1e-12);
    kit_wilson(2, 2000, 1.96, &lo, &hi); /* 0.1% of 2000 */
    NEAR(lo, 0.000274, 1e-6);
    NEAR(hi, 0.003639, 1e-6);
    kit_wilson(0, 0, 1.96, &lo, &hi);
    NEAR(lo, 0.0, 0);
    NEAR(hi, 1.0, 0);

    kit_mean m = {0, 0, 0}, a = {0, 0, 0}, b = {0, 0, 0};
    NEAR(kit_mean_value(&m), 0.0, 0);
    NEAR(kit_mean_halfwidth(&m), 0.0, 0);
    kit_mean_add(&m, 7);
    NEAR(kit_mean_value(&m), 7.0, 0);
    NEAR(kit_mean_halfwidth(&m), 0.0, 0); /* one sample: no interval */
    for (int x = 1; x <= 4; x++) kit_mean_add(x <= 2 ? &a : &b, x);
    kit_mean_merge(&a, &b);
    NEAR(kit_mean_value(&a), 2.5, 1e-12);
    NEAR(kit_mean_halfwidth(&a), 1.96 * 1.2909944487 / 2.0, 1e-9); /* sd of 1..4 = 1.29099 */
    if (failures) {
        fprintf(stderr, "test_kit_stats: %d failures\n", failures);
        return 1;
    }
    printf("test_kit_stats: ok\n");
    return 0;
}
