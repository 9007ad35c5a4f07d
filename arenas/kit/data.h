/* data.h — where an arena program finds its data folder (league maps, recorded games, worlds):
 * the folder given with --data, else `data` beside the executable (the build tree, where CMake
 * links arenas/<game>/data next to the program), else `share/dmap/<game>` under the install
 * prefix (found from the executable's own path, so a moved install still works). */
#ifndef KIT_DATA_H
#define KIT_DATA_H

#include <stddef.h>

/* Write the data folder of `game` into out[cap]: `override` when not NULL (it must be a
 * folder), else the first folder found of <dir of the executable>/data and
 * <dir of the executable>/../share/dmap/<game>; the executable's path comes from
 * /proc/self/exe. Returns 0, or -1 after printing one line on stderr:
 * "PROG: cannot find the GAME data (looked in A, B; give --data DIR)", or
 * "PROG: --data DIR: not a folder" for a bad override. */
int kit_data_dir(const char *prog, const char *game, const char *override, char *out, size_t cap);

/* The same search with the executable's path given (exe: a file path; only its folder is
 * used), for callers and tests that know where the program lives. */
int kit_data_dir_at(const char *prog, const char *game, const char *override, const char *exe,
                    char *out, size_t cap);

#endif
