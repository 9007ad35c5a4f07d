/* cli.h — helpers shared by every `dmap` command: loading maps, parsing arguments, printing.
 *
 * A command is one file tools/dmap/cmd_NAME.c defining
 *     int cmd_NAME(int argc, char **argv);      (argv[0] is "NAME"; returns the exit code)
 * plus ONE line X(NAME, "summary") in the command table of main.c. A command answers --help
 * itself (main's `dmap help NAME` calls it with "--help"): use cli_wants_help + cli_help.
 *
 * Error policy: every helper that can fail on user input prints ONE line "dmap: ..." on
 * stderr itself (naming the argument or file/line) and returns CLI_EXIT_USAGE (2); on success
 * it returns 0. So a command writes `if ((rc = cli_xxx(...)) != 0) return rc;` everywhere.
 */
#ifndef DMAP_CLI_H
#define DMAP_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli_png.h"
#include "dmap.h"

enum {
    CLI_EXIT_OK = 0,    /* success */
    CLI_EXIT_FAIL = 1,  /* the command ran but the answer is "no" (e.g. scen mismatches) */
    CLI_EXIT_USAGE = 2  /* bad input: arguments, files, values */
};

/* Print "dmap: <formatted message>\n" on stderr and return CLI_EXIT_USAGE. */
int cli_fail(const char *fmt, ...)
#if defined(__MINGW32__) /* mingw-w64's C99 stdio (__USE_MINGW_ANSI_STDIO), checked as such */
    __attribute__((format(gnu_printf, 1, 2)))
#elif defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* ---- help ------------------------------------------------------------------------------- */

/* Nonzero when some argument (after argv[0]) is "--help" or "-h". */
int cli_wants_help(int argc, char **argv);
/* Print a help text on stdout and return CLI_EXIT_OK. */
int cli_help(const char *text);

/* ---- options ---------------------------------------------------------------------------- */

/* For a command's argument loop. When argv[*i] equals `name` ("--goal"), takes the next
 * argument as its value: sets *value, advances *i onto it and returns 1. Returns 0 when
 * argv[*i] is not `name`. Returns -1 (after printing the error) when the value is missing or
 * when the option was given before: every option may be given once, except --goal,
 * --goal-char, --block and --enemy, which add one item each time. Typical use:
 *     int r = cli_option(argc, argv, &i, "--default", &v);
 *     if (r < 0) return CLI_EXIT_USAGE;
 *     if (r) { ... use v ...; continue; } */
int cli_option(int argc, char **argv, int *i, const char *name, const char **value);

/* An option without a value ("--flee"): 1 when argv[i] is `name`, 0 when not, -1 (printed)
 * when it was given before. */
int cli_flag(char **argv, int i, const char *name);

/* Nonzero when option `name` was given (taken by cli_option or cli_flag) so far. */
int cli_seen(const char *name);

/* Nonzero when s looks like an option ("-x", "--x"), but not "-" alone and not a number
 * such as "-3". */
int cli_is_option(const char *s);

/* Print "COMMAND: unknown option 'ARG' (see dmap help COMMAND)"; returns CLI_EXIT_USAGE. The
 * one wording for every command. */
int cli_unknown_option(const char *command, const char *arg);

/* Help lines for the move options (parsed by cli_parse_field_args), to paste into help texts:
 * CLI_MOVES_HELP for commands that use step weights, CLI_MOVES_STEPS_HELP for those that
 * count steps (no --cardinal / --diagonal). */
#define CLI_MOVES_ONLY_HELP                                                                    \
    "  --moves 4|8|octile   4- or 8-connected moves, or octile: Moving AI's rule (8-connected,\n" \
    "                       diagonal sqrt 2, strict corners) (default 4)\n"
#define CLI_CORNERS_HELP                                                                       \
    "  --corners cut|strict diagonal steps may cut wall corners, or need both orthogonal\n"  \
    "                       neighbours passable (default cut; strict with octile; needs\n"   \
    "                       8-connected moves)\n"
#define CLI_MOVES_HELP                                                                         \
    CLI_MOVES_ONLY_HELP                                                                        \
    "  --cardinal W         weight of a cardinal step, finite > 0 (default 1)\n"             \
    "  --diagonal W         weight of a diagonal step, finite > 0 (default 1, sqrt 2 with\n" \
    "                       octile; needs 8-connected moves)\n" CLI_CORNERS_HELP
#define CLI_MOVES_STEPS_HELP CLI_MOVES_ONLY_HELP CLI_CORNERS_HELP

/* ---- numbers and cells ------------------------------------------------------------------ */

/* Strict parsers of a whole string (no trailing junk, no empty string, no NaN/inf, no
 * overflow). They do NOT print: 0 on success, -1 on failure. */
int cli_parse_double(const char *s, double *out);
int cli_parse_long(const char *s, long lo, long hi, long *out);

/* Printing wrappers: parse argument `arg` given for `what` (an option name like "--default"
 * or a description like "width"); on failure print "invalid number for --default: 'abc'"
 * (or "... must be an integer from lo to hi") and return CLI_EXIT_USAGE. */
int cli_number(const char *what, const char *arg, double *out);
int cli_integer(const char *what, const char *arg, long lo, long hi, long *out);

/* A --seed value: an integer from 0 to 2^63 - 1 (9223372036854775807), the one seed range of
 * every dmap command. Prints and returns CLI_EXIT_USAGE on error. */
int cli_seed(const char *what, const char *arg, uint64_t *out);

/* Parse a cell "X,Y" for option `what`: integers, inside g, and (when need_passable) not a
 * wall. Sets *x, *y. Prints and returns CLI_EXIT_USAGE on error. */
int cli_cell(const dmap_grid *g, const char *what, const char *arg, int need_passable, int *x,
             int *y);

/* Parse a goal "X,Y" or "X,Y=V" for option `what` (value dflt_value when "=V" is absent):
 * the cell must be inside g and passable, V finite. Prints and returns CLI_EXIT_USAGE. */
int cli_goal(const dmap_grid *g, const char *what, const char *arg, double dflt_value,
             dmap_goal *goal);

/* ---- maps ------------------------------------------------------------------------------- */

/* A map loaded from a file: the grid, its characters (W*H bytes, row-major; for a Moving AI
 * map the characters of the file: '.', '@', 'T', ...) and the name to use in messages. */
typedef struct cli_map {
    dmap_grid grid;
    char *chars;
    const char *name;
} cli_map;

/* Load a map from path ("-" = stdin): a Moving AI map when its first line starts with
 * "type" and a space or tab, else a plain text map ('#' walls). Prints
 * "dmap: FILE:LINE: reason" and returns
 * CLI_EXIT_USAGE on error (then *map holds nothing to free). Free with cli_map_free. */
int cli_load_map(const char *path, cli_map *map);
void cli_map_free(cli_map *map);

/* A values array of W*H doubles for a grid, filled with v (NULL after printing
 * "out of memory"; the caller returns CLI_EXIT_USAGE). free() it. */
double *cli_values_new(const dmap_grid *g, double v);

/* ---- printing values -------------------------------------------------------------------- */

typedef enum cli_format {
    CLI_FORMAT_DIGITS, /* one character per cell: '#' walls, '0'..'9' (integers only) */
    CLI_FORMAT_GRID,   /* aligned columns for people, '#' walls, numbers like %.6g */
    CLI_FORMAT_CSV,    /* H lines of W comma-separated values, '#' walls, exact numbers */
    CLI_FORMAT_PNG     /* a heatmap picture written to --output (cli_png.h); commands that
                          take it say so (CLI_ARG_PNG); cli_print_values refuses it */
} cli_format;

/* Parse "digits" | "grid" | "csv" for option `what`; prints and returns CLI_EXIT_USAGE. */
int cli_parse_format(const char *what, const char *arg, cli_format *fmt);

/* Print values (W*H, walls from g) to out in a format. Returns CLI_EXIT_OK, or prints and
 * returns CLI_EXIT_USAGE when digits is asked for a value that is not an integer 0..9
 * (nothing is printed to out then). */
int cli_print_values(FILE *out, const dmap_grid *g, const double *values, cli_format fmt);

/* The shortest of %.15g, %.16g, %.17g that reads back to exactly v (buf of 32+ bytes).
 * Returns buf. */
char *cli_format_exact(char *buf, size_t size, double v);

/* Read a csv values map (the csv format above; "-" = stdin): walls '#' become walls of *g
 * (their value 0), every row must have the same count. On success *g is a grid to
 * dmap_grid_free and *values a malloc'ed W*H array to free(). Prints "dmap: FILE:LINE: ..."
 * and returns CLI_EXIT_USAGE on error (nothing to free then). */
int cli_load_csv(const char *path, dmap_grid *g, double **values);

/* ---- the arguments of commands that work on one map (cli_field.c) ----------------------- */

/* Which of the shared options a command takes (MAP, --moves and --corners always). */
enum {
    CLI_ARG_GOALS = 1,           /* --goal X,Y[=V] and --goal-char C[=V], repeatable */
    CLI_ARG_DEFAULT = 2,         /* --default V */
    CLI_ARG_FORMAT = 4,          /* --format digits|grid|csv */
    CLI_ARG_FORMAT_NUMBERS = 8,  /* --format grid|csv (digits refused at once) */
    CLI_ARG_WEIGHTS = 16,        /* --cardinal W, --diagonal W (commands that weigh steps) */
    CLI_ARG_PNG = 32             /* --format png and the PNG options of cli_png.h */
};

/* The arguments a command on one map shares with the others: the MAP argument, --goal,
 * --default, the move options and --format. */
typedef struct cli_field_args {
    const char *command;     /* "field": the start of error lines, the NAME in "dmap help NAME" */
    const char *missing_map; /* the error when MAP is absent (default "missing MAP argument") */
    unsigned accepts;        /* CLI_ARG_* */
    const char *map_path;
    const char **goal_args;  /* argv strings of --goal, in order */
    size_t ngoal_args;
    const char **goal_char_args; /* argv strings of --goal-char, in order */
    size_t ngoal_char_args;
    double dflt;             /* --default, else DMAP_NO_CEILING */
    int dflt_given;          /* --default was given */
    dmap_moves moves;        /* the move options resolved; dmap_moves_4() when none */
    cli_format format;       /* starts as CLI_FORMAT_GRID */
    cli_png_args png;        /* --output, --scale, ... (CLI_ARG_PNG) */
    /* the move options as given (resolved into moves at the end of parsing) */
    const char *moves_arg, *cardinal_arg, *diagonal_arg, *corners_arg;
} cli_field_args;

/* Start a for `command` taking the CLI_ARG_* options in accepts (argc: room for every
 * --goal). The default value is DMAP_NO_CEILING: a map built from goals has no ceiling unless
 * --default gives one. Prints "out of memory" and returns CLI_EXIT_USAGE on failure. Only
 * CLI_ARG_GOALS allocates: then free with cli_field_args_free (also after a failure). */
int cli_field_args_init(cli_field_args *a, const char *command, unsigned accepts, int argc);
void cli_field_args_free(cli_field_args *a);

/* A command's own options, tried first on each argument: same contract as cli_option (1 taken,
 * *i advanced past its value; 0 not one of them; -1 error printed). ctx is the command's. */
typedef int (*cli_own_option)(void *ctx, int argc, char **argv, int *i);

/* Parse argv[1..]: each argument goes to own (may be NULL), then to the shared options;
 * anything else is "COMMAND: unknown option '...' (see dmap help COMMAND)" or, when MAP is
 * given already, "COMMAND: unexpected argument '...' (one MAP only)"; a missing MAP is an
 * error at the end. Then the move options are resolved (--diagonal or --corners without
 * 8-connected moves are refused: they would change nothing). Prints and returns
 * CLI_EXIT_USAGE on error. */
int cli_parse_field_args(int argc, char **argv, cli_field_args *a, cli_own_option own,
                         void *ctx);

/* Load a's MAP and make its values: every cell a->dflt, lowered to each --goal's and
 * --goal-char's value (not scanned yet). A goal outside the map, on a wall, or whose value
 * is not below the ceiling (--default) is an error naming it; so is a --goal-char that no
 * passable cell shows. On success free *values and cli_map_free(map); on error nothing is
 * left. */
int cli_field_load(const cli_field_args *a, cli_map *map, double **values);

/* The goals of a's --goal (in order) then --goal-char (every passable cell showing the
 * character, row-major), each checked as cli_field_load says. On success free *goals (NULL when
 * there are none); on error nothing is left. */
int cli_field_goals(const cli_field_args *a, const cli_map *map, dmap_goal **goals,
                    size_t *ngoals);

/* Load a's MAP and make its field: dmap_field of the goals (cli_field_goals) with a's moves and
 * ceiling (--default), so `dmap field` gives the library's map, on every engine it has. The
 * errors and the freeing are cli_field_load's. */
int cli_field_make(const cli_field_args *a, cli_map *map, double **values);

/* Scan values with a's moves ("COMMAND: scan failed: ..." on error). */
int cli_field_scan(const cli_field_args *a, const dmap_grid *g, double *values);

/* Output values in a's --format: printed on stdout, or with --format png a heatmap written
 * to --output (cells at or above --default hatched; with mark_goals the --goal and
 * --goal-char cells marked; --path and --arrows under a's moves). */
int cli_field_output(const cli_field_args *a, const cli_map *map, const double *values,
                     int mark_goals);

#endif
