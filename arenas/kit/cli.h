/* cli.h — option parsing shared by the arenas' programs, so every arena speaks the same
 * grammar and words as the dmap tool: "option --seed given twice", "option --seed needs a
 * value", "match: unknown option '--x' (see PROG help match)", "invalid value for --seed: 'x'
 * (need an integer from 0 to 9223372036854775807)", --size WxH, and for --bots lists "--bots:
 * give exactly 4 bots, got 1", "--bots: empty bot name", "--bots: unknown bot 'x' (known: a,
 * b)"; one line on stderr per error.
 *
 * Every parser prints "PROG: MESSAGE" (one line) on stderr and returns -1 on bad input,
 * 0 on success; callers exit with status 2 (KIT_EXIT_USAGE) on -1. Values echoed in messages
 * are cut at 60 characters, so a huge argument still gives one readable line.
 *
 * A command's argument loop, typically:
 *     kit_opts seen = {0};
 *     for (int i = 1; i < argc; i++) {
 *         const char *opt = argv[i], *v;
 *         if (kit_opt_once(PROG, &seen, opt)) return KIT_EXIT_USAGE;
 *         if (!strcmp(opt, "--seed")) {
 *             if (!(v = kit_opt_value(PROG, argc, argv, &i)) ||
 *                 kit_parse_seed(PROG, opt, v, &seed)) return KIT_EXIT_USAGE;
 *         } else return kit_unknown_option(PROG, "match", opt), KIT_EXIT_USAGE;
 *     } */
#ifndef KIT_CLI_H
#define KIT_CLI_H

#include <stdint.h>

#define KIT_EXIT_USAGE 2
#define KIT_SEED_MAX INT64_MAX /* --seed takes 0 .. 2^63-1 */

/* KIT_PRINTF(f, a): a printf-like function's format check (argument f the format, a the first
 * value). mingw-w64 builds use its C99 stdio (__USE_MINGW_ANSI_STDIO, which knows %zu), whose
 * formats gcc checks as gnu_printf; its plain `printf` archetype is the old msvcrt's. */
#if defined(__MINGW32__)
#define KIT_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define KIT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define KIT_PRINTF(f, a)
#endif

/* Print "PROG: <formatted message>" and a newline on stderr; returns -1. */
int kit_fail(const char *prog, const char *fmt, ...) KIT_PRINTF(2, 3);

/* The same, returning KIT_EXIT_USAGE: a command's "bad usage" exit in one call. */
int kit_fail_usage(const char *prog, const char *fmt, ...) KIT_PRINTF(2, 3);

/* --seed S: an integer in 0 .. 2^63-1 (the dmap tool's range). */
int kit_parse_seed(const char *prog, const char *opt, const char *s, uint64_t *out);
/* An integer in [lo, hi], the whole string (no spaces, no trailing garbage, no overflow). */
int kit_parse_long(const char *prog, const char *opt, const char *s, long lo, long hi, long *out);
/* A finite number in [lo, hi], the whole string (no NaN, no inf). */
int kit_parse_double(const char *prog, const char *opt, const char *s, double lo, double hi,
                     double *out);
/* --jobs J: 1 .. 1024, or 0 meaning every online core. */
int kit_parse_jobs(const char *prog, const char *opt, const char *s, int *out);
/* --size WxH (e.g. 12x10, as the dmap tool takes it): each side an integer in [lo, hi]. */
int kit_parse_size(const char *prog, const char *opt, const char *s, long lo, long hi, long *w,
                   long *h);
/* --bots A,B,...: an arena's list of bots, the same words in every arena. Splits s in place at
 * its commas into items (room for max), *n receiving the count; repeats are allowed (a bot
 * against itself). Checks, in this order, that no name is empty ("PROG: OPT: empty bot name",
 * for "a,,b", a leading or trailing comma, or ""), then the count: "PROG: OPT: give exactly N
 * bots, got K" when min == max, else "PROG: OPT: give MIN to MAX bots, got K". A count that
 * depends on another option names it in `note` (NULL for none): "give exactly 4 bots (config
 * ffa), got 1". The names themselves are the arena's to look up (kit_unknown_bot). */
int kit_split_bots(const char *prog, const char *opt, char *s, int min, int max,
                   const char *note, char **items, int *n);
/* "PROG: OPT: unknown bot 'NAME' (known: a, b, c)" and -1: known[0..nknown-1] are the arena's
 * built-in bots in the order its `bots` command (or help) lists them; `also`, when not NULL,
 * ends the list (", or cmd:PROGRAM ARGS"). NAME is echoed as every value is (60 characters). */
int kit_unknown_bot(const char *prog, const char *opt, const char *name,
                    const char *const *known, int nknown, const char *also);

/* Options given twice are errors: call kit_opt_once for each argument (those that do not start
 * with "--" are ignored, so values pass through). "PROG: option OPT given twice". Holds up to
 * 64 distinct options. Options that may repeat must not be passed to it. */
typedef struct kit_opts {
    const char *seen[64];
    int n;
} kit_opts;
int kit_opt_once(const char *prog, kit_opts *o, const char *opt);

/* "PROG: COMMAND: unknown option 'OPT' (see PROG help COMMAND)" and -1. */
int kit_unknown_option(const char *prog, const char *command, const char *opt);
/* The value of an option that takes one: argv[*i + 1], advancing *i; NULL with
 * "PROG: option OPT needs a value" printed when it is missing. Writable, as argv is (a --bots
 * list is split in place). */
char *kit_opt_value(const char *prog, int argc, char **argv, int *i);

#endif
