/* bot.h — the one bot interface of every arena. A bot is four functions over a game's own
 * view and action types, declared once here and typed per game:
 *
 *     KIT_BOT_INTERFACE(pm_bot, pm_view, pm_action);   (in the arena's header)
 *
 * declares `typedef struct pm_bot { kit_bot_info info; init; decide; release; maps; } pm_bot`:
 *   int  init(void **state, const VIEW *first, uint64_t seed)
 *        per-game state (may stay NULL) from the first view and the bot's own generator seed;
 *        0 or a negative DMAP_ERR_* (nothing to release then). On entry *state is what the
 *        driver preset with kit_bot_preset (outside.h): NULL for a built-in bot, the seat's
 *        program for the adapter of `cmd:PROGRAM ARGS` seats.
 *   int  decide(void *state, const VIEW *view, ACTION *action)
 *        reads the view (never changes it), writes the action; 0 or a negative DMAP_ERR_*
 *        (DMAP_ERR_NOMEM when a map could not get its memory): an error ends the game with
 *        that error, never a different game played on. No allocation in steady state.
 *   void release(void *state)
 *        frees what init made (NULL is fine).
 *   int  maps(void *state, kit_map *out, int max)
 *        the named maps of the last decision (goal map, timing map, ...), at most max, for
 *        replays; called only when a replay asks, so publishing costs nothing otherwise.
 *        Returns the count, or a negative DMAP_ERR_*.
 *
 * The NULL rule: decide is required; init, release and maps may be NULL. A NULL init leaves
 * the state as the driver preset it, a NULL release frees nothing, a NULL maps publishes no
 * map. release is called once for every seat whose init returned 0 (whatever its state, NULL
 * included), after kit_bot_ended, and never for a seat whose init failed. The kit's seat
 * driver (seats.h) keeps the rule for every game loop; a bot without decide cannot sit.
 *
 * A bot keeps no globals, prints nothing and reports errors as values, so that any driver can
 * run it: a match, a tournament on many threads, a program on the other end of a pipe, Python.
 * Randomness comes only from the seed given to init (the bot's own generator). */
#ifndef KIT_BOT_H
#define KIT_BOT_H

#include <stdint.h>
#include <stdio.h>

/* A map a bot publishes: w*h values of the game's board, row-major; +INFINITY or NaN for
 * walls and cells the map does not reach (written as null in replays). The values belong to
 * the bot and stay valid until it decides again or is released. */
typedef struct kit_map {
    const char *name; /* "goal", "timing", ...: a replay names it "p<seat>/<name>" */
    const double *values;
} kit_map;

/* The most maps one bot publishes at a time. */
#define KIT_MAX_MAPS 8

/* What every bot has first: its name (as --bots takes it) and one line for the `bots`
 * command. A typed bot starts with it, so a pointer to the info is a pointer to the bot. */
typedef struct kit_bot_info {
    const char *name;
    const char *about;
} kit_bot_info;

#define KIT_BOT_INTERFACE(TYPE, VIEW, ACTION)                                                  \
    typedef struct TYPE {                                                                      \
        kit_bot_info info;                                                                     \
        int (*init)(void **state, const VIEW *first, uint64_t seed);                           \
        int (*decide)(void *state, const VIEW *view, ACTION *action);                          \
        void (*release)(void *state);                                                          \
        int (*maps)(void *state, kit_map *out, int max);                                       \
    } TYPE

/* ---- parameters: what a bot declares of its numbers (param.h: specs, seats, tuning) ----- */

/* The most parameters one bot declares. */
#define KIT_PARAM_MAX 64

/* One parameter. Values are doubles; an integer parameter takes whole numbers only (tuning
 * rounds it). The step is the change worth trying: `tune` perturbs and moves in steps. */
typedef struct kit_param {
    const char *name;
    double value; /* the default: the bot as it plays without a spec */
    double min, max;
    double step;
    int integer;
    const char *about;
} kit_param;

/* A bot's parameters: what its bot table's params entry points to. */
typedef struct kit_params {
    const kit_param *p;
    int n;
} kit_params;

/* The values of one seat, in the declaration's order. */
typedef struct kit_param_values {
    int n;
    double v[KIT_PARAM_MAX];
} kit_param_values;

/* What a bot's init calls with the *state it got: out[0..n-1] receive the preset values (a
 * kit_param_values), or the defaults when preset is NULL. Inline, so that a bot file stands
 * alone with this header (the single-file bots of CodinGame). */
static inline void kit_param_read(const kit_params *decl, const void *preset, double *out) {
    const kit_param_values *v = (const kit_param_values *)preset;
    for (int i = 0; i < decl->n; i++) out[i] = v && i < v->n ? v->v[i] : decl->p[i].value;
}

/* The init of a bot whose per-game state is its own generator (a dmap_rng, dmap.h): *state
 * becomes one seeded with seed; release it with free. 0 or DMAP_ERR_NOMEM. */
int kit_bot_rng_state(void **state, uint64_t seed);

/* An arena's bot table: pointers to the info of each built-in bot, in the order `bots` lists
 * them, e.g. `static const kit_bot_info *const table[] = {&pm_bot_simple.info, ...}`, and
 * beside them the parameters each declares (params[i] for bots[i], NULL for none; params
 * itself NULL when no bot has any). */
typedef struct kit_bot_table {
    const kit_bot_info *const *bots;
    int n;
    const kit_params *const *params;
} kit_bot_table;

/* The parameters that bot (one of t's) declares, or NULL. */
const kit_params *kit_bot_params(const kit_bot_table *t, const kit_bot_info *bot);

/* The bot called name, or NULL. Convert the result to the arena's type with a cast
 * ((const pm_bot *)info): the info is the bot's first member. */
const kit_bot_info *kit_bot_find(const kit_bot_table *t, const char *name);

/* The same for a name the user gave with option opt: NULL after printing
 * "PROG: OPT: unknown bot 'NAME' (known: a, b, c)" (`also` ends the list when not NULL, e.g.
 * "or cmd:PROGRAM ARGS"). */
const kit_bot_info *kit_bot_lookup(const char *prog, const char *opt, const kit_bot_table *t,
                                   const char *name, const char *also);

/* --bots A,B,...: the list split in place at its commas (kit_split_bots: no empty name, MIN to
 * MAX names, `note` naming what fixes the count or NULL), then every name looked up
 * (kit_bot_lookup): out[0..*n-1] receive the bots in seat order (room for max). 0, or -1
 * after one line on stderr. */
int kit_parse_bots(const char *prog, const char *opt, char *list, const kit_bot_table *t,
                   int min, int max, const char *note, const kit_bot_info **out, int *n);

/* The `bots` command: one line per bot, "NAME  ABOUT", names padded to one column. */
void kit_bot_list(FILE *out, const kit_bot_table *t);

#endif
