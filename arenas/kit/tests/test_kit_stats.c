/* test_kit_stats.c — Wilson intervals and running means against values computed by hand from
 * the textbook formulas (Wilson 1927; the sample standard deviation with n - 1). */
#include <math.h>
#include <stdio.h>

#include "../../../tests/check.h"
#include "kit/stats.h"

int main(void) {
    double lo, hi;
    kit_wilson(5, 10, 1.96, &lo, &hi);
    CHECK_NEAR(lo, 0.236593, 1e-5);
    CHECK_NEAR(hi, 0.763407, 1e-5);
    kit_wilson(0, 10, 1.96, &lo, &hi);
    CHECK_NEAR(lo, 0.0, 1e-12);
    CHECK_NEAR(hi, 0.277532, 1e-5);
    kit_wilson(10, 10, 1.96, &lo, &hi);
    CHECK_NEAR(lo, 0.722460, 1e-5);
    CHECK_NEAR(hi, 1.0, 1e-12);
    kit_wilson(2, 2000, 1.96, &lo, &hi); /* 0.1% of 2000 */
    CHECK_NEAR(lo, 0.000274, 1e-6);
    CHECK_NEAR(hi, 0.003639, 1e-6);
    kit_wilson(0, 0, 1.96, &lo, &hi);
    CHECK_NEAR(lo, 0.0, 0);
    CHECK_NEAR(hi, 1.0, 0);

    kit_mean m = {0, 0, 0}, a = {0, 0, 0}, b = {0, 0, 0};
    CHECK_NEAR(kit_mean_value(&m), 0.0, 0);
    CHECK_NEAR(kit_mean_halfwidth(&m), 0.0, 0);
    kit_mean_add(&m, 7);
    CHECK_NEAR(kit_mean_value(&m), 7.0, 0);
    CHECK_NEAR(kit_mean_halfwidth(&m), 0.0, 0); /* one sample: no interval */
    for (int x = 1; x <= 4; x++) kit_mean_add(x <= 2 ? &a : &b, x);
    kit_mean_merge(&a, &b);
    CHECK_NEAR(kit_mean_value(&a), 2.5, 1e-12);
    CHECK_NEAR(kit_mean_halfwidth(&a), 1.96 * 1.2909944487 / 2.0, 1e-9); /* sd of 1..4 = 1.29099 */
    return check_report("test_kit_stats");
}
