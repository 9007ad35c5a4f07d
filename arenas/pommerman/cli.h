/* cli.h — what the `pommerman` program's commands share: the --config and --bots options, the
 * text picture of --render, and the lines of a replay file. Each command returns the exit
 * status: 0 success, 1 a failed check or a game that could not be played, 2 bad input (one
 * line on stderr). */
#ifndef POMMERMAN_CLI_H
#define POMMERMAN_CLI_H

#include <stdio.h>

#include "pommerman.h"
#include "kit/outside.h"
#include "kit/program.h" /* the kit: kit_main, the outputs, the option grammar */
#include "kit/lab_cmd.h"
#include "kit/seating.h"

#define ARENA_PROG "pommerman"

/* Tournaments, leagues and SPRTs (seated.c): the config and the entrants, and one game as
 * kit/seating.h plays it (a kit_play_fn; record: a pm_game_result). */
#define PM_SEATED_MAX 16
typedef struct pm_seated {
    const pm_config *cfg;
    const pm_bot *entrants[PM_SEATED_MAX];
    const char *names[PM_SEATED_MAX];
} pm_seated;
/* --bots of a league or SPRT (min to max bots, split in place) into ctx (its cfg set: a
 * free-for-all or 1v1 config, else one line naming `config`); 0 or -1 after one line. Free
 * with pm_cli_free_bots(ctx->entrants, *n). */
int pm_seated_bots(const char *command, char *list, const char *config, int min, int max,
                   const kit_outside_opts *o, pm_seated *ctx, int *n);
int pm_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                   size_t cap);
/* The league and sprt commands' part of the arena (seated.c, kit/lab_cmd.h; arena: a pm_lab
 * with config "ffa" and n 0). */
typedef struct pm_lab {
    pm_seated s;
    const char *config; /* --config */
    int n;              /* bots looked up */
} pm_lab;

/* --config ffa|1v1 or a config id of the playground's registry: 0, or -1 after one line on stderr. */
int pm_cli_config(const char *arg, const pm_config **out);

/* --bots a,b,c,d (split in place): exactly cfg->num_agents known bot names or
 * `cmd:PROGRAM ARGS` seats (with the limits and stderr of o), the count's message naming the
 * --config given as `config`. 0, or -1 after the kit's one line. Free with pm_cli_free_bots. */
int pm_cli_bots(char *s, const char *config, const pm_config *cfg, const kit_outside_opts *o,
                const pm_bot **out);
void pm_cli_free_bots(const pm_bot **bots, int n);

/* Outside programs' limits without --first-limit and --limit (ms). */
#define PM_FIRST_LIMIT_MS 1000
#define PM_LIMIT_MS 100

/* A readable picture of the board: '.' passage, '#' rigid, '+' wood, 'o' bomb, '*' flames,
 * 'b' 'r' 'k' power-ups, '0'-'3' agents ('A'-'D' on their own bomb); then one line per agent. */
void pm_render(FILE *out, const pm_state *s);

/* The lines of a replay file (arenas/kit/README.md; the `state` object is described in the
 * arena's README): the header with the initial state, one turn, the result. 0, or nonzero when
 * the file could not be written. */
int pm_replay_header(kit_replay *r, const pm_config *cfg, const pm_bot *const *bots, uint64_t seed,
                     const pm_state *start);
int pm_replay_turn(kit_replay *r, const pm_state *s, const int *actions, const pm_step_maps *maps);
int pm_replay_result(kit_replay *r, const pm_config *cfg, const pm_game_result *res);

#endif
