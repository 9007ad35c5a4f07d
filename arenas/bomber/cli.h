/* cli.h — what the `bomber` program's commands share: the program's name, the --bots list of
 * built-in bots, the board drawn as text (--render), and the commands themselves (cmd_*.c),
 * which main.c puts in its table. */
#ifndef BOMBER_CLI_H
#define BOMBER_CLI_H

#include "bomber.h"
#include "kit/program.h" /* the kit's program and option grammar (kit cli.h) */

#define BOMBER_PROG "bomber"

/* A comma-separated list of min to max built-in bot names (split in place) into out; 0, or -1
 * after the kit's one line on stderr ("--bots: give exactly 2 bots, got 3", "--bots: unknown
 * bot 'x' (known: gambit, gambit2, simple, random)"). */
int bomber_cli_bots(const char *opt, char *list, int min, int max, const bomber_bot **out,
                    int *n);

/* The state after tick `tick` on stdout: a line with both players' hp, ammo and score, then
 * the board with row y = 9 on top ("up" is y+1, as the original client draws it): # metal,
 * + wood, * ore, a ammo, t treasure, o bomb, ^ fire, 0 1 players (x when dead). */
void bomber_render(const bomber_game *g, int tick);


/* The commands (argv[0] is the command's name; exit status 0, 1 or KIT_EXIT_USAGE). */
int cmd_match(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_tournament(int argc, char **argv);

#endif
