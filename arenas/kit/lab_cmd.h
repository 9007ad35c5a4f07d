/* lab_cmd.h — every arena's `league`, `sprt` and `tune` commands: the option loop (the league's or the
 * SPRT's options, outside programs' --first-limit/--limit/--bot-stderr, --help), the one-line
 * errors, then kit_league_run or kit_sprt_games_run over the arena's play function
 * (seating.h). The arena gives one kit_lab_cmd for both commands: its own options, and the
 * opening that looks its bots up and says how its games are seated.
 *
 *     const kit_lab_cmd arena_lab = {.prog = "bomber", .outside = 1, ..., .open = open_bots,
 *                                     .close = free_bots, .state = lab_state};  (seated.c)
 *     const char arena_league_help[] = "usage: bomber league ...";             (cmd_league.c)
 *
 * and the kit's lab_cmds.c, built into every arena program (dmap_arena_program), makes the
 * program's cmd_league and cmd_sprt of them. */
#ifndef KIT_LAB_CMD_H
#define KIT_LAB_CMD_H

#include "outside.h"
#include "seating.h"
#include "tune.h"

/* What the command parsed, handed to the arena's hooks; the open hook fills the rest. */
typedef struct kit_lab {
    int sprt;                 /* 0: a league (2 to KIT_LEAGUE_MAX_ENTRANTS entrants); 1: an SPRT
                                 (A and B, then the others of a game of more seats) */
    const char *command;      /* "league" or "sprt", for messages */
    char *bots;               /* --bots (raw: the arena splits it); NULL: not given */
    int bots_elsewhere;       /* set by the option hook when its own options name the bots */
    kit_outside_opts outside; /* --first-limit, --limit, --bot-stderr (when the kit takes them) */
    /* filled by open */
    int entrants;             /* a league's; an SPRT's are `seats` (A, B, the others) */
    const char *const *names; /* each entrant's name */
    int seats;
    kit_play_fn play;
    void *ctx;
    size_t record_size, ended_at; /* optional: the league's table of how outside programs ended
                                     (kit_league's fields of the same names) */
} kit_lab;

typedef struct kit_lab_cmd {
    const char *prog;
    long league_games_default;           /* -1: --games N is required */
    const char *bots_needed;             /* the message without bots (default "--bots A,B,... is
                                            required", an SPRT's "--bots A,B is required") */
    int outside;                         /* 1: the kit takes the outside programs' options */
    long first_limit_ms, limit_ms;       /* their defaults */
    const char *sprt_help_tail;          /* sprt --help's lines after the kit's (NULL: those of
                                            the outside programs' options when the kit takes them) */
    /* The arena's own options: 1 taken (its value too, *i moving on), 0 not one, -1 after one
     * line. May be NULL. */
    int (*option)(void *arena, kit_lab *l, int argc, char **argv, int *i);
    /* The bots looked up and what playing needs opened; l's entrants, names, seats, play and
     * ctx filled. 0, or an exit status after one line (close is still called). */
    int (*open)(void *arena, kit_lab *l);
    void (*close)(void *arena); /* may be NULL */
    /* The arena's state for one command, fresh (a static one reset: a program runs one
     * command); lab_cmds.c hands it to the hooks. */
    void *(*state)(void);
} kit_lab_cmd;

/* What every arena program defines for its `league` and `sprt` (lab_cmds.c): its lab, and the
 * lines of each command's --help before the kit's (cmd_league.c, cmd_sprt.c). */
extern const kit_lab_cmd arena_lab;
extern const char arena_league_help[], arena_sprt_help[];

/* `PROG league ARGS` and `PROG sprt ARGS` (help: the arena's lines of --help; the kit adds
 * those of its options): the exit status (0; 1 when games failed or a file
 * could not be written; KIT_EXIT_USAGE after one line for bad usage). sprt's 0 is H1 accepted;
 * H0 accepted is KIT_EXIT_SPRT_H0 (3), no decision KIT_EXIT_SPRT_UNDECIDED (4) (sprt_run.h). */
int kit_league_command(const kit_lab_cmd *c, const char *help, void *arena, int argc, char **argv);
int kit_sprt_command(const kit_lab_cmd *c, const char *help, void *arena, int argc, char **argv);

/* ---- tune ---------------------------------------------------------------------------------
 * `PROG tune ARGS`: the tuner's options (kit_tune_option), the arena's, --bot checked against
 * the arena's bots (kit_tune_check), the --against list looked up by the arena (the list as
 * given goes into the header), then kit_tune_run. The arena's state begins with a
 * kit_tune_setup, which the kit fills. */
typedef struct kit_tune_setup {
    const char *prog;
    const kit_bot_info *bot; /* --bot */
    const kit_params *decl;  /* its parameters */
    uint64_t seed;           /* --seed */
    int jobs;                /* --jobs */
    long games;              /* --games-per-side */
} kit_tune_setup;

typedef struct kit_tune_cmd {
    const char *prog;
    const char *help;           /* the arena's --help lines; the kit adds kit_tune_help */
    const kit_bot_table *bots;  /* where --bot is looked up */
    /* The arena's own options: 1 taken, 0 not one, -1 after one line. May be NULL. */
    int (*option)(void *arena, int argc, char **argv, int *i);
    /* --against (split in place) looked up: 0, or an exit status after one line (close is
     * still called). */
    int (*open)(void *arena, char *against);
    void (*close)(void *arena); /* may be NULL */
    kit_tune_game game;   /* one game of a pair, played by kit_tune_play_pairs; or NULL and */
    kit_tune_pairs pairs; /* the arena's own pairs (ctx: the arena's state) */
} kit_tune_cmd;

int kit_tune_command(const kit_tune_cmd *c, void *arena, int argc, char **argv);

#endif
