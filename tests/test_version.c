/* test_version.c — the linked library's version (src/version.c) agrees with the header it was
 * built from: the same string and number, and the number spells the string (major, minor and
 * patch as "M.m.p"). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

int main(void) {
    CHECK(strcmp(dmap_version(), DMAP_VERSION_STRING) == 0);
    CHECK_EQ_INT(dmap_version_number(), DMAP_VERSION_NUMBER);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", dmap_version_number() / 10000,
             dmap_version_number() / 100 % 100, dmap_version_number() % 100);
    CHECK(strcmp(want, dmap_version()) == 0);
    return check_report("test_version");
}
