/* maps_arg.h — the Kutulu tests' first argument, the league maps folder: checked and loaded, or
 * one usage/FAIL line on stderr and the exit status to return (2 for too few arguments, 1 for a
 * folder that does not load). */
#ifndef KUTULU_TESTS_MAPS_ARG_H
#define KUTULU_TESTS_MAPS_ARG_H

#include <stdio.h>

#include "kutulu.h"

/* Loads argv[1] into *maps when argv holds at least `nargs` arguments; 0 on success. */
static inline int kt_test_load_maps(int argc, char **argv, int nargs, const char *usage,
                                    kt_mapset *maps) {
    if (argc < nargs + 1) {
        fprintf(stderr, "usage: %s\n", usage);
        return 2;
    }
    char err[256];
    if (kt_mapset_load(argv[1], maps, err, sizeof err)) {
        fprintf(stderr, "FAIL: %s\n", err);
        return 1;
    }
    return 0;
}

#endif
