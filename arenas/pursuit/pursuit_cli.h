/* pursuit_cli.h — private to the `pursuit` program: what its commands (match, tournament,
 * bench) share on top of the arena kit's option grammar (arenas/kit/cli.h): bot lists, the
 * world options, world-file errors. Every parser that rejects user input prints ONE line
 * "pursuit: ..." on stderr naming the option and returns PCLI_USAGE (2). */
#ifndef PURSUIT_CLI_H
#define PURSUIT_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "pursuit.h"

#define PCLI_PROG "pursuit"
#define PCLI_USAGE KIT_EXIT_USAGE
#define PCLI_MAX_BOTS 16

int pcli_fail(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The kit's parsers with this program's name, returning 0 or PCLI_USAGE (printed). */
#define pcli_value(argc, argv, i) kit_opt_value(PCLI_PROG, argc, argv, i)
#define pcli_long(opt, s, lo, hi, out) \
    (kit_parse_long(PCLI_PROG, opt, s, lo, hi, out) ? PCLI_USAGE : 0)
#define pcli_double(opt, s, lo, hi, out) \
    (kit_parse_double(PCLI_PROG, opt, s, lo, hi, out) ? PCLI_USAGE : 0)
#define pcli_seed(opt, s, out) (kit_parse_seed(PCLI_PROG, opt, s, out) ? PCLI_USAGE : 0)
#define pcli_once(seen, opt) (kit_opt_once(PCLI_PROG, seen, opt) ? PCLI_USAGE : 0)
#define pcli_unknown(command, opt) (kit_unknown_option(PCLI_PROG, command, opt), PCLI_USAGE)

/* A comma-separated list of min to max (at most PCLI_MAX_BOTS) bot names of one role
 * ("chase,intercept"), split in place; 0 or PCLI_USAGE (the kit's one line: kit_split_bots,
 * kit_unknown_bot, the known names being the role's, in the order `pursuit --help` lists
 * them). */
int pcli_bots(const char *opt, char *list, pursuit_role role, int min, int max,
              const pursuit_bot **out, size_t *n);

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

int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif
