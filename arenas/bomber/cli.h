/* cli.h — what the `bomber` program's commands share: the program's name, the --bots list of
 * built-in bots, the board drawn as text (--render), and the commands themselves (cmd_*.c),
 * which main.c puts in its table. */
#ifndef BOMBER_CLI_H
#define BOMBER_CLI_H

#include "bomber.h"
#include "kit/outside.h"
#include "kit/program.h" /* the kit's program and option grammar (kit cli.h) */
#include "kit/lab_cmd.h"
#include "kit/seating.h"

#define ARENA_PROG "bomber"

/* A comma-separated list of min to max built-in bot names or `cmd:PROGRAM ARGS` seats (split in
 * place; outside seats get the limits and stderr of o) into out; 0, or -1 after the kit's one
 * line on stderr ("--bots: give exactly 2 bots, got 3", "--bots: unknown bot 'x' (known:
 * gambit, gambit2, simple, random, or cmd:PROGRAM ARGS)"). Free with bomber_cli_free_bots. */
int bomber_cli_bots(const char *opt, char *list, int min, int max, const kit_outside_opts *o,
                    const bomber_bot **out, int *n);
void bomber_cli_free_bots(const bomber_bot **bots, int n);

/* Outside programs' limits without --first-limit and --limit (ms). */
#define BOMBER_FIRST_LIMIT_MS 1000
#define BOMBER_LIMIT_MS 100

/* The state after tick `tick` on stdout: a line with both players' hp, ammo and score, then
 * the board with row y = 9 on top ("up" is y+1, as the original client draws it): # metal,
 * + wood, * ore, a ammo, t treasure, o bomb, ^ fire, 0 1 players (x when dead). */
void bomber_render(const bomber_game *g, int tick);


/* One game of a tournament, a league or an SPRT (seated.c, a kit_play_fn; ctx: the entrants'
 * bots, const bomber_bot **; record: a bomber_result). */
int bomber_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                       size_t cap);
/* The league and sprt commands' part of the arena (seated.c; arena: a bomber_seated). */
typedef struct bomber_seated {
    const bomber_bot *bots[16];
    const char *names[16];
    int n;
} bomber_seated;

#endif
