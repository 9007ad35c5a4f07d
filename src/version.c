/* version.c — the version of the library that is actually linked (the header's macros give
 * the version a program was compiled against). */
#include "dmap.h"

const char *dmap_version(void) { return DMAP_VERSION_STRING; }

int dmap_version_number(void) { return DMAP_VERSION_NUMBER; }
