/* league_maps.c — reading the 16 league mazes from the data folder's maps/ (the engine never
 * reads files: the programs load the maps once and hand them over). */
#include <stdio.h>
#include <stdlib.h>

#include "kit/file.h"
#include "kutulu.h"

/* A maze file is at most 32 rows of 32 cells; anything much larger is not one. */
#define KT_MAZE_FILE_MAX ((size_t)64 << 10)

int kt_mapset_load(const char *dir, kt_mapset *set, char *err, size_t errlen) {
    for (int i = 0; i < KT_LEAGUE_MAPS; i++) {
        char path[4096], why[128];
        snprintf(path, sizeof path, "%s/%s", dir, kt_league_map_file(i));
        char *text = NULL;
        size_t len = 0;
        if (kit_read_file(path, KT_MAZE_FILE_MAX, KIT_FILE_TEXT, &text, &len, err, errlen))
            return -1;
        int bad = kt_map_parse(text, len, kt_league_map_name(i), &set->maps[i], why, sizeof why);
        free(text);
        if (bad) {
            snprintf(err, errlen, "%s: %s", path, why);
            return -1;
        }
    }
    return 0;
}
