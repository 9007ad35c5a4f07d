/* cli.h — private to the `pursuit` program: what its commands (match, replay, tournament,
 * bench) share on top of the arena kit's option grammar (arenas/kit/cli.h): bots by seat, the
 * world options, world files and their errors, the data folder, the rendered board, the
 * checked standard output. Every parser that rejects user input prints ONE line
 * "pursuit: ..." on stderr naming the option and returns PCLI_USAGE (2). */
#ifndef PURSUIT_CLI_H
#define PURSUIT_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "kit/cli.h"
#include "kit/outside.h"
#include "kit/program.h" /* the kit's cli.h, which this file's name hides */
#include "kit/lab_cmd.h"
#include "kit/seating.h"
#include "pursuit.h"

#define ARENA_PROG "pursuit"
#define PCLI_USAGE KIT_EXIT_USAGE
#define PCLI_MAX_BOTS 16

/* "pursuit: MESSAGE" on stderr (the kit's kit_fail); the value is PCLI_USAGE. */
#define pcli_fail(...) kit_fail_usage(ARENA_PROG, __VA_ARGS__)

/* The kit's parsers with this program's name, returning 0 or PCLI_USAGE (printed). */
#define pcli_value(argc, argv, i) kit_opt_value(ARENA_PROG, argc, argv, i)
#define pcli_long(opt, s, lo, hi, out) \
    (kit_parse_long(ARENA_PROG, opt, s, lo, hi, out) ? PCLI_USAGE : 0)
#define pcli_double(opt, s, lo, hi, out) \
    (kit_parse_double(ARENA_PROG, opt, s, lo, hi, out) ? PCLI_USAGE : 0)
#define pcli_seed(opt, s, out) (kit_parse_seed(ARENA_PROG, opt, s, out) ? PCLI_USAGE : 0)
#define pcli_once(seen, opt) (kit_opt_once(ARENA_PROG, seen, opt) ? PCLI_USAGE : 0)
#define pcli_unknown(command, opt) (kit_unknown_option(ARENA_PROG, command, opt), PCLI_USAGE)

/* --bots PREDATOR,PREY (split in place): one bot per seat in seat order, each looked up among
 * the bots of its seat ("pursuit: --bots (prey): unknown bot 'chase' (known: naive, ...,
 * or cmd:PROGRAM ARGS)"), or an outside program `cmd:PROGRAM ARGS` with the limits and stderr
 * of o (NULL: the defaults, stderr discarded). 0 or PCLI_USAGE. */
int pcli_seat_bots(const char *opt, char *list, const kit_outside_opts *o,
                   const pursuit_bot *out[2]);

/* A comma-separated list of 1 to PCLI_MAX_BOTS bots of one seat ("chase,intercept"), split in
 * place; 0 or PCLI_USAGE (the kit's one line, the known names being the seat's). */
int pcli_bot_list(const char *opt, char *list, pursuit_role role, const kit_outside_opts *o,
                  const pursuit_bot **out, size_t *n);

/* A tournament's --bots A,B,... (split in place): each bot appended, comma-separated, to the
 * list of every seat it plays, seat[0] the predators' and seat[1] the preys' (cap bytes each,
 * empty on entry; random and cmd: programs play both). 0, or PCLI_USAGE after one line (an
 * unknown bot, the known names of both seats; no bot for a seat). */
int pcli_role_lists(char *list, char *seat[2], size_t cap);

/* Frees the outside seats among bots[0..n-1]. */
void pcli_free_bots(const pursuit_bot *const *bots, size_t n);

/* Outside programs' limits without --first-limit and --limit (ms): the referee's 1 s. */
#define PCLI_FIRST_LIMIT_MS 1000
#define PCLI_LIMIT_MS 1000

/* The world and game options common to the commands. */
typedef struct pcli_common {
    long size;     /* --size */
    double walls;  /* --walls */
    long clocks;   /* --clocks */
    uint64_t seed; /* --seed */
} pcli_common;

void pcli_common_defaults(pcli_common *c);
/* 1 when argv[*i] was one of --size/--walls/--clocks/--seed (consumed), 0 when not, or
 * -PCLI_USAGE when its value is bad (printed). */
int pcli_common_option(int argc, char **argv, int *i, pcli_common *c);

/* Print the message of a failed random world generation (one line) and return PCLI_USAGE. */
int pcli_world_error(int rc, long size, double walls);

/* Load a world file, printing "pursuit: FILE:LINE: reason" on failure. 0 or PCLI_USAGE. */
int pcli_load_world(const char *path, pursuit_world *w);

/* The data folder (the worlds): --data DIR when given, else the kit's search (data/ beside the
 * program, share/dmap/pursuit of its install prefix). 0 or PCLI_USAGE (printed). */
int pcli_data_dir(const char *given, char *out, size_t cap);

/* --render: the start, then after every clock (a pursuit_observer; ctx is the world's grid)
 * "clock N: predator M, prey M[ (rests)]" and the board. */
void pcli_render_start(const pursuit_world *w);
void pcli_render_clock(void *ctx, int clock, char pm, char ym, int predator, int prey);

/* The commands beyond the kit's (kit/program.h). */
int cmd_bench(int argc, char **argv);

/* Leagues and SPRTs (seated.c): entrant i is predator i with prey i; the world options. */
typedef struct pcli_seated_opts {
    char *predators, *preys; /* the raw lists */
    pcli_common common;      /* --size, --walls, --clocks (the kit's options take --seed) */
    kit_outside_opts outside;
} pcli_seated_opts;
typedef struct pcli_seated {
    pcli_seated_opts opts;
    int n;
    const pursuit_bot *predators[PCLI_MAX_BOTS], *preys[PCLI_MAX_BOTS];
    const char *names[PCLI_MAX_BOTS];
    char name_buf[PCLI_MAX_BOTS][2 * KIT_OUTSIDE_NAME_MAX + 2]; /* "PREDATOR/PREY" */
    int n_open; /* entrants opened by the league and sprt commands (closed by them) */
} pcli_seated;
void pcli_seated_defaults(pcli_seated_opts *o);
/* 1 when argv[*i] is --predators, --preys, --size, --walls, --clocks or an outside program's
 * option (consumed), 0 when not, -1 after one line. */
int pcli_seated_option(int argc, char **argv, int *i, pcli_seated_opts *o);
/* The entrants (min to max, as many predators as preys) looked up and --bot-stderr opened;
 * 0 or PCLI_USAGE (printed). Release with pcli_seated_close. */
int pcli_seated_open(const char *command, pcli_seated *ctx, int min, int max);
void pcli_seated_close(pcli_seated *ctx);
int pcli_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                     size_t cap);

#endif
