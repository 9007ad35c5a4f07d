/* outside.h — outside programs as bots: a `cmd:PROGRAM ARGS` seat is a bot of the arena's own
 * type (an adapter over the kit's bot interface), so match, tournament and replays take it as
 * they take a built-in bot. The adapter's decide writes the view as one JSON line to the
 * program and reads its answer line (kit/process.h: keeper, line-buffered stdout, whole lines,
 * the reason it ended); what the line says is the arena's protocol, in its README.
 *
 * A seat is one allocation: the arena's typed bot (a copy of its adapter, info.name the whole
 * "cmd:PROGRAM ARGS") followed by the seat's kit_outside_spec, which info.name points into;
 * games on many threads share it read-only and each starts its own program. Drivers hand
 * init the spec in *state (kit_bot_preset: NULL for a built-in bot) and ask kit_bot_ended
 * after a game why an outside player ended.
 *
 * When a program times out, crashes, exits, closes its output, writes a line longer than the
 * arena takes or one its protocol rejects, it is ended: its process tree is killed and from
 * then on the adapter answers the arena's "do nothing" without asking (the arena's README says
 * what the original does instead). */
#ifndef KIT_OUTSIDE_H
#define KIT_OUTSIDE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "bot.h"
#include "cli.h"
#include "process.h"
#include "program.h"

/* The longest "cmd:PROGRAM ARGS", and the longest answer line an adapter reads (with its end). */
#define KIT_OUTSIDE_NAME_MAX 1024
#define KIT_OUTSIDE_LINE_MAX 4096

/* What the options say about outside programs: --first-limit MS, --limit MS, --bot-stderr W. */
typedef struct kit_outside_opts {
    long first_limit_ms, limit_ms; /* the arena's defaults before parsing */
    const char *stderr_arg;        /* --bot-stderr: inherit, discard or a FILE; NULL: default */
    int stderr_fd;                 /* after kit_outside_opts_open: 2, KIT_STDERR_DISCARD or a file */
    int stderr_made;               /* 1: kit_outside_opts_open made the FILE (it was not there) */
} kit_outside_opts;

/* One seat's program: the name the bot table shows, and how it is run. */
typedef struct kit_outside_spec {
    char name[KIT_OUTSIDE_NAME_MAX]; /* "cmd:PROGRAM ARGS" (first: info.name points here) */
    const char *command;             /* name + 4 */
    int64_t first_limit_ns, limit_ns;
    int stderr_fd;
    int nul_char; /* 1: a NUL byte of an answer is the byte 0x01 to the arena's grammar (a
                     character, the line keeps its length), not an invalid line (0, the
                     default). Kutulu's referee reads a NUL as a character, not an end. */
} kit_outside_spec;

/* --first-limit MS, --limit MS or --bot-stderr W at argv[*i] (kit_opt_once already called):
 * 1 when it was one of them (its value taken, *i moved on), 0 when it is another option, -1
 * after one line on stderr (bad or missing value). Limits: 1 to 3600000 ms. */
int kit_outside_option(const char *prog, int argc, char **argv, int *i, kit_outside_opts *o);
/* The last branch of the option loop of a command that plays games with outputs: argv[*i] as
 * an outputs' option (kit_outputs_option, program.h) or an outside programs' option, else
 * "unknown option" of command. 1 when it was taken, -1 after one line on stderr. */
int kit_play_option(const char *prog, const char *command, int argc, char **argv, int *i,
                    kit_outputs *out, kit_outside_opts *o);

/* The help line of those options, for commands that send their readers to tournament's help. */
#define KIT_OUTSIDE_HELP "  --first-limit MS, --limit MS, --bot-stderr W: outside programs, as for tournament\n"

/* After parsing: --bot-stderr opened (a FILE is appended to, never truncated; dflt is the
 * descriptor without the option: 2 or KIT_STDERR_DISCARD). 0, or -1 after one line. */
int kit_outside_opts_open(const char *prog, kit_outside_opts *o, int dflt);

/* After kit_outside_opts_open, for seats parsed before it: the outside seats among
 * bots[0..n-1] take o's opened descriptor (a seat copies the options' descriptor when it is
 * made, so seats made before the opening would keep the default). */
void kit_outside_seats_stderr(const kit_bot_info *const *bots, int n, const kit_outside_opts *o);

/* The file a --bot-stderr value names, or NULL (no value, inherit, discard). */
const char *kit_outside_stderr_file(const char *stderr_arg);

/* Closes a --bot-stderr FILE. */
void kit_outside_opts_close(kit_outside_opts *o);

/* Closes it after a start that failed before any game (a bad bot name, say): a FILE the
 * opening made is removed while still empty, so the failed command leaves nothing behind; a
 * FILE that was there was only opened for appending and stays as it was. */
void kit_outside_opts_abandon(kit_outside_opts *o);

/* --bots A,B,...: kit_parse_bots where a name may also be "cmd:PROGRAM ARGS" (no comma in it)
 * or a bot spec with parameters "BOT:NAME=VALUE..." (kit_bot_spec, param.h):
 * such a seat is made from the arena's adapter (`adapter`, a typed bot of `size` bytes whose
 * functions serve every outside seat) with the options' limits. Unknown names end their
 * known-list with "or cmd:PROGRAM ARGS". 0, or -1 after one line on stderr (nothing left
 * allocated). Free the seats with kit_outside_free. */
int kit_parse_seats(const char *prog, const char *opt, char *list, const kit_bot_table *t,
                    int min, int max, const char *note, const kit_bot_info *adapter, size_t size,
                    const kit_outside_opts *o, const kit_bot_info **out, int *n);

/* One outside seat for name "cmd:PROGRAM ARGS" (as kit_parse_seats makes them), or NULL after
 * one line on stderr (an empty or too long command, no memory). */
const kit_bot_info *kit_outside_seat(const char *prog, const char *opt, const char *name,
                                     const kit_bot_info *adapter, size_t size,
                                     const kit_outside_opts *o);

/* The spec of an outside seat, or NULL for a built-in bot (its name does not start "cmd:"). */
const kit_outside_spec *kit_outside_of(const kit_bot_info *info);

/* Frees the outside seats and the seats with parameters (param.h) among bots[0..n-1] (the
 * table's bots are left alone). */
void kit_outside_free(const kit_bot_info *const *bots, int n);

/* What a driver puts in *state before calling init: the spec of an outside seat, the values
 * of a seat with parameters (kit_param_values, param.h), else NULL. */
void *kit_bot_preset(const kit_bot_info *info);

/* ---- the adapter's side -------------------------------------------------------------------- */

/* One game's program (the adapter's per-game state). */
typedef struct kit_outside {
    const kit_outside_spec *spec;
    kit_proc *proc;
    kit_end ended;  /* KIT_END_NONE while it plays */
    long asked;     /* questions asked, the one it ended on included */
    long user;      /* the adapter's own (what the first view said, ...) */
    char line[KIT_OUTSIDE_LINE_MAX];
} kit_outside;

/* init: starts the program of the spec the driver preset in *state; *state becomes the game's
 * kit_outside. 0, or DMAP_ERR_NOMEM / DMAP_ERR_ARG (no spec, or no process could be started:
 * one line on stderr says why). */
int kit_outside_start(void **state);

/* decide: writes text (one line, '\n' included) to the program and reads its answer: the line
 * (in o->line), or NULL when the player is ended (o->ended says why; its tree is killed). The
 * first question has the first limit, the others the limit, counted from when the text is
 * written. Once ended, NULL at once. */
const char *kit_outside_ask(kit_outside *o, const char *text, size_t len);

/* kit_outside_ask of a NUL-terminated text without its '\n' (a JSON document): the line end
 * is sent after it. */
const char *kit_outside_ask_text(kit_outside *o, const char *text);

/* kit_outside_ask_text of a JSON value written compactly on one line; j is stolen (freed
 * here). *rc gets DMAP_ERR_NOMEM when j is NULL or cannot be written (nothing is asked then),
 * else 0. The arenas' views go out this way. */
const char *kit_outside_ask_json(kit_outside *o, json_t *j, int *rc);

/* The arena's protocol rejects the answer: the player is ended (KIT_END_INVALID). */
void kit_outside_reject(kit_outside *o);

/* ---- an arena's adapter: its protocol, the rest written once ------------------------------- */

/* What is the arena's own in its adapter: the question a view makes, how an answer line reads,
 * and the action of a player that does nothing. */
typedef struct kit_outside_protocol {
    /* the view as one JSON object (NULL: no memory), sent as one line; NULL for ask */
    json_t *(*view_json)(const void *view);
    /* a protocol of its own text: asks o (kit_outside_ask) the view's question, *rc 0 or a
     * DMAP_ERR_*; used when view_json is NULL */
    const char *(*ask)(kit_outside *o, const void *view, int *rc);
    /* the answer line into *action: 0, or nonzero when the protocol rejects the line */
    int (*parse)(const char *line, void *action);
    const void *idle; /* the action of an ended player, action_size bytes */
    size_t action_size;
} kit_outside_protocol;

/* An adapter's decide: *action becomes idle; while the player plays, the view's question is
 * asked and the answer line parsed into *action, a line the protocol rejects ending the player
 * (KIT_END_INVALID, the action idle again). 0, or the DMAP_ERR_* of writing the question. */
int kit_outside_decide(void *state, const kit_outside_protocol *p, const void *view, void *action);

/* KIT_OUTSIDE_ADAPTER(NAME, BOT, VIEW, ACTION, PROTOCOL, ABOUT) defines `const BOT NAME`, the
 * arena's adapter of `cmd:` seats (BOT declared by KIT_BOT_INTERFACE(BOT, VIEW, ACTION)): init
 * starts the seat's program, decide is kit_outside_decide over PROTOCOL (a kit_outside_protocol),
 * release ends it; ABOUT is its line in the `bots` command. */
#define KIT_OUTSIDE_ADAPTER(NAME, BOT, VIEW, ACTION, PROTOCOL, ABOUT)                            \
    static int NAME##_init(void **state, const VIEW *first, uint64_t seed) {                   \
        (void)first, (void)seed;                                                               \
        return kit_outside_start(state);                                                       \
    }                                                                                          \
    static int NAME##_decide(void *state, const VIEW *view, ACTION *action) {                  \
        return kit_outside_decide(state, &(PROTOCOL), view, action);                           \
    }                                                                                          \
    const BOT NAME = {{"cmd:", ABOUT}, NAME##_init, NAME##_decide, kit_outside_release, NULL}

/* release: ends the program (and its tree), frees o (NULL is fine). */
void kit_outside_release(void *o);

/* For drivers, after the game and before release: why the outside player of this seat ended
 * (KIT_END_NONE while it plays, and for built-in bots), and in *on (may be NULL) the decision
 * it ended on (1 for the first; 0 when it did not end). */
kit_end kit_bot_ended(const kit_bot_info *info, const void *state, long *on);

/* ---- tables: why the outside players ended ------------------------------------------------ */

/* One entrant's games and the reasons its players ended, counted. */
typedef struct kit_end_tally {
    long games;
    long count[KIT_END_COUNT]; /* [KIT_END_NONE]: games it played to the end */
} kit_end_tally;

void kit_end_tally_add(kit_end_tally *t, kit_end why);

/* After a tournament's table: "| bot | games | played to the end | timeout | crash | exit |
 * closed output | too long | invalid line |", one row per outside entrant (a name starting
 * "cmd:") among names[0..n-1]; nothing when none is an outside program. */
void kit_print_ended(FILE *out, const char *const *names, const kit_end_tally *t, int n);

#endif
