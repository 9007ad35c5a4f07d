/* pursuit_cli.h — private to the `pursuit` program: argument parsing and error reporting
 * shared by its commands (match, tournament, bench). Every parser that rejects user input
 * prints ONE line "pursuit: ..." on stderr naming the option and returns PCLI_USAGE (2). */
#ifndef PURSUIT_CLI_H
#define PURSUIT_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "pursuit.h"

#define PCLI_USAGE 2
#define PCLI_MAX_BOTS 16

int pcli_fail(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The value of option argv[*i]: advances *i; prints and returns NULL when it is missing. */
const char *pcli_value(int argc, char **argv, int *i);

/* Whole-string numbers within [lo, hi]; 0 or PCLI_USAGE (printed, naming opt). */
int pcli_long(const char *opt, const char *s, long lo, long hi, long *out);
int pcli_double(const char *opt, const char *s, double lo, double hi, double *out);
int pcli_u64(const char *opt, const char *s, uint64_t *out);

/* A comma-separated list of bot names of one role ("chase,intercept"); 0 or PCLI_USAGE. */
int pcli_bots(const char *opt, const char *list, pursuit_role role, const pursuit_bot **out,
              size_t *n);

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

/* Wall-clock nanoseconds (monotonic), and this thread's CPU nanoseconds (what one core spent
 * on us, whatever else the shared machine runs). */
int64_t pcli_now_ns(void);
int64_t pcli_cpu_ns(void);

int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif
