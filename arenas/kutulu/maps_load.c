/* maps_load.c — reading the league mazes from the arena's data folder (the engine never reads
 * files; the programs load the maps once and hand them over). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

int kt_mapset_load(const char *dir, kt_mapset *set, char *err, size_t errlen) {
    for (int i = 0; i < KT_LEAGUE_MAPS; i++) {
        char path[4096], buf[8192], why[128];
        snprintf(path, sizeof path, "%s/%s", dir, kt_league_map_file(i));
        FILE *f = fopen(path, "rb");
        if (!f) {
            snprintf(err, errlen, "%s: cannot open", path);
            return -1;
        }
        size_t n = fread(buf, 1, sizeof buf, f);
        int bad = ferror(f) || n == sizeof buf;
        fclose(f);
        if (bad) {
            snprintf(err, errlen, "%s: unreadable or too large", path);
            return -1;
        }
        if (kt_map_parse(buf, n, kt_league_map_name(i), &set->maps[i], why, sizeof why)) {
            snprintf(err, errlen, "%s: %s", path, why);
            return -1;
        }
    }
    return 0;
}
