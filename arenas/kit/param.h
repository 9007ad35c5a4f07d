/* param.h — the numeric parameters a bot declares (thresholds, weights), so that a --bots list
 * can set them and `tune` can search them: a table per bot of name, default, range, tuning
 * step and one line of meaning.
 *
 * A bot spec is the bot's name, then `:NAME=VALUE` per parameter it changes:
 *
 *     postmortem:next_turn=3:yell_hit=2.5
 *
 * (colons, since commas separate the seats of a --bots list). A spec with parameters is a seat
 * of its own, made as outside seats are: one allocation holding a copy of the typed bot (its
 * info.name the whole spec) and the seat's values. Drivers hand init the values through
 * kit_bot_preset (outside.h), so the bot reads in *state on entry either NULL (the defaults)
 * or a kit_param_values; kit_param_read gives it the values in both cases. A bot that declares
 * no parameters takes no `:`. */
#ifndef KIT_PARAM_H
#define KIT_PARAM_H

#include <stddef.h>
#include <stdio.h>

#include "bot.h"

/* The longest bot spec (with its end). The declarations (kit_param, kit_params,
 * kit_param_values, kit_param_read) are in bot.h: a bot needs no more to read its values. */
#define KIT_PARAM_SPEC_MAX 512

/* The defaults of decl. */
void kit_param_defaults(const kit_params *decl, kit_param_values *out);

/* Sets parameters from text "NAME=VALUE:NAME=VALUE..." (empty text sets none) over vals.
 * 0, or -1 with one line in err: "unknown parameter 'x' of bot B (known: a, b)" (whole names
 * only: those that do not fit in errlen end the list as "...)"), "parameter
 * a: 'x' is not a number", "parameter a: 9 is out of range (1 to 5)", "parameter a: 1.5 is not
 * a whole number", "parameter a given twice", "'x' is not NAME=VALUE". */
int kit_param_parse(const char *bot, const kit_params *decl, const char *text,
                    kit_param_values *vals, char *err, size_t errlen);

/* The spec "BOT:NAME=VALUE..." of values, naming only those that differ from the defaults
 * (the bare name when none does); values written with %.17g trimmed to the shortest that
 * reads back the same. 0, or -1 when it does not fit in len. */
int kit_param_format(const char *bot, const kit_params *decl, const kit_param_values *vals,
                     char *out, size_t len);

/* A seat for a bot spec: the table's bot itself when the spec has no ':', else a new seat
 * (the bot copied, its name the spec, its values). NULL after one line on stderr
 * "PROG: OPT: ..." (unknown bot with `also` ending the known list, a bot without parameters,
 * the errors of kit_param_parse, a spec too long, no memory). Free with kit_param_seat_free. */
const kit_bot_info *kit_bot_spec(const char *prog, const char *opt, const kit_bot_table *t,
                                 const char *spec, const char *also);

/* kit_bot_spec without printing, for callers that report errors their own way (the Python
 * doors): the seat, or NULL with one line in err ("unknown bot 'x'", "bot B has no
 * parameters", kit_param_parse's errors, "a bot spec longer than N bytes", "out of memory").
 * Free with kit_param_seat_free. */
const kit_bot_info *kit_bot_spec_text(const kit_bot_table *t, const char *spec, char *err,
                                      size_t errlen);

/* A seat of bot (whose parameters decl declares) with the given values, its name their
 * kit_param_format spec; NULL when there is no memory or the spec is too long. What `tune`
 * plays. */
const kit_bot_info *kit_param_seat(const kit_bot_info *bot, const kit_params *decl,
                                   const kit_param_values *vals);

/* The values of a seat made by kit_bot_spec or kit_param_seat, or NULL for any other bot. */
const kit_param_values *kit_param_values_of(const kit_bot_info *info);

/* Frees a seat made by kit_bot_spec or kit_param_seat; any other bot is left alone. */
void kit_param_seat_free(const kit_bot_info *info);

/* `bots --params`: for every bot of the table with parameters, a line "NAME" then one line per
 * parameter "  NAME  DEFAULT  MIN..MAX  step STEP  [integer]  ABOUT". */
void kit_param_list(FILE *out, const kit_bot_table *t);

#endif
