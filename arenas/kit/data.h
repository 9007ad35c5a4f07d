/* data.h — finding an arena's data folder (maps, worlds, recorded games): the --data DIR option
 * when given, else the `data` folder beside the program, else `<prefix>/share/dmap/<game>` of
 * the program's install prefix (the program in <prefix>/bin).
 * (A minimal version for the Kutulu arena's build; the kit's own version replaces it.) */
#ifndef KIT_DATA_H
#define KIT_DATA_H

#include <stddef.h>

/* Writes the data folder of game to out (cap bytes). override: the --data DIR value or NULL.
 * Returns 0, or -1 after one line "PROG: ..." on stderr (no such folder). */
int kit_data_dir(const char *prog, const char *game, const char *override, char *out,
                 size_t cap);

#endif
