/* bomber_cli.h — the commands of the `bomber` program and the helpers they share. */
#ifndef BOMBER_CLI_H
#define BOMBER_CLI_H

#include "bomber.h"

/* Exit statuses: 0 success, 1 a check failed (a replay differs), 2 bad input. */
enum { BCLI_OK = 0, BCLI_FAIL = 1, BCLI_USAGE = 2 };

/* "bomber: MESSAGE" on stderr; returns BCLI_USAGE. */
int bcli_fail(const char *fmt, ...);

/* A comma-separated list of min to max built-in bot names (split in place) into out; 0 or -1
 * with the kit's one line on stderr (kit_split_bots, kit_unknown_bot). */
int bcli_bots(const char *opt, char *list, int min, int max, const bomber_bot **out, int *n);

int cmd_replay(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);

#endif
