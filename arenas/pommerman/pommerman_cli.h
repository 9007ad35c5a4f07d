/* pommerman_cli.h — private to the `pommerman` program: its commands. Each returns the exit
 * status: 0 success, 1 a failed check (a replay that differs), 2 bad input (one line on
 * stderr). */
#ifndef POMMERMAN_CLI_H
#define POMMERMAN_CLI_H

#include "pommerman.h"

int cmd_replay(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);

/* "--bots a,b,c,d" (split in place): exactly n known bot names, n set by the --config given
 * (named in the count's message). 0, or 2 after printing the kit's one line. */
int pcli_parse_bots(char *s, const char *config, int n, const pm_bot **out);

#endif
