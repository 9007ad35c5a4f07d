/* cli.h — option parsing shared by the arenas' programs, so every arena speaks the same
 * grammar as the dmap tool: the same words in errors ("unknown option", "given twice"), the
 * same --seed range, the same --jobs rule, one line on stderr per error.
 *
 * Every parser prints "PROG: MESSAGE" (one line) on stderr and returns -1 on bad input,
 * 0 on success; callers exit with status 2 on -1.
 *
 * CONTRACT (implemented in cli.c): */
#ifndef KIT_CLI_H
#define KIT_CLI_H

#include <stdint.h>

/* --seed S: an integer in 0 .. 2^63-1 (the dmap tool's range). */
int kit_parse_seed(const char *prog, const char *opt, const char *s, uint64_t *out);
/* An integer in [lo, hi], the whole string (no trailing garbage). */
int kit_parse_long(const char *prog, const char *opt, const char *s, long lo, long hi, long *out);
/* --jobs J: 1 .. 1024, or 0 meaning every online core. */
int kit_parse_jobs(const char *prog, const char *opt, const char *s, int *out);
/* A comma-separated list of names (e.g. --bots a,b,c): splits s in place, at most max items,
 * none empty. *n receives the count. */
int kit_parse_list(const char *prog, const char *opt, char *s, char **items, int max, int *n);

/* Options given twice are errors: call kit_opt_once for each option seen. */
typedef struct kit_opts {
    const char *seen[64];
    int n;
} kit_opts;
int kit_opt_once(const char *prog, kit_opts *o, const char *opt);

/* "PROG: unknown option 'OPT' (see PROG help COMMAND)" and -1. */
int kit_unknown_option(const char *prog, const char *command, const char *opt);
/* The value of an option that takes one: argv[*i + 1], advancing *i; NULL with
 * "PROG: OPT needs a value" printed when it is missing. */
const char *kit_opt_value(const char *prog, int argc, char **argv, int *i);

#endif
