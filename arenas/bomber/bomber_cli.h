/* bomber_cli.h — the commands of the `bomber` program and the helpers they share. */
#ifndef BOMBER_CLI_H
#define BOMBER_CLI_H

#include "bomber.h"

/* Exit statuses: 0 success, 1 a check failed (a replay differs), 2 bad input. */
enum { BCLI_OK = 0, BCLI_FAIL = 1, BCLI_USAGE = 2 };

/* "bomber: MESSAGE" on stderr; returns BCLI_USAGE. */
int bcli_fail(const char *fmt, ...);

/* Parse a comma-separated list of built-in bot names (at most max) into out; 0 or -1 with one
 * line on stderr. */
int bcli_bots(const char *opt, const char *list, const bomber_bot **out, int max, int *n);

int cmd_replay(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);

#endif
