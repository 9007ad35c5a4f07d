/* seats.h — the one seat driver: the lifecycle of the N seats of one game, whatever bot sits in
 * them. Every game loop (match, tournament, replays, the vectorized games, the Python doors)
 * asks its bots through it, so the bot contract of bot.h (the NULL rule, the preset, the seed,
 * errors as values, maps only when asked, ended before release) is kept in one place:
 *
 *     kit_seats_open   the seats' bots (a NULL bot is an empty seat: the caller gives its action)
 *     kit_seats_init   per seat, on its first view: preset, init with the seat's seed
 *     kit_seats_decide per seat and turn: the timed decision (the arena's clock)
 *     kit_seats_maps   per seat, only when a replay asks
 *     kit_seats_close  after the game: why each outside program ended, then release
 *
 * The kinds of seat are kinds of bot: an in-process C bot of the arena's table, an outside
 * program (a `cmd:` seat, kit/outside.h: its program is the preset), a bot with parameters (its
 * values are the preset), and a caller's seat (a Python agent): an adapter bot of the arena's
 * type whose decide calls back into the caller, with the caller's per-seat context handed to it
 * as the preset (kit_seats_preset). The driver knows no game: the arena's typed bots are reached
 * through a kit_seat_ops table that KIT_SEAT_OPS writes once per arena, so no function is ever
 * called through a pointer of another type. */
#ifndef KIT_SEATS_H
#define KIT_SEATS_H

#include <stdint.h>

#include "bot.h"
#include "cputime.h"
#include "dmap.h"
#include "process.h"

/* The most seats of one game. */
#define KIT_SEATS_MAX 8

/* How decisions are timed: not at all (the vectorized games), on the thread's CPU clock (a
 * decision is charged only its own work, whatever else the machine runs), or on the monotonic
 * wall clock (a referee's stopwatch, for per-decision time limits). */
typedef enum kit_clock { KIT_CLOCK_NONE = 0, KIT_CLOCK_THREAD_CPU, KIT_CLOCK_WALL } kit_clock;

/* The arena's typed bot functions behind untyped doors (KIT_SEAT_OPS writes them). */
typedef struct kit_seat_ops {
    int (*valid)(const kit_bot_info *bot); /* the NULL rule: 1 when the bot can sit */
    int (*init)(const kit_bot_info *bot, void **state, const void *first, uint64_t seed);
    int (*decide)(const kit_bot_info *bot, void *state, const void *view, void *action);
    void (*release)(const kit_bot_info *bot, void *state);
    int (*maps)(const kit_bot_info *bot, void *state, kit_map *out, int max);
} kit_seat_ops;

/* KIT_SEAT_OPS(NAME, BOT, VIEW, ACTION) defines `const kit_seat_ops NAME` for the arena's bot
 * type BOT (declared by KIT_BOT_INTERFACE(BOT, VIEW, ACTION)); write it once, in one .c file of
 * the arena, and declare `extern const kit_seat_ops NAME;` in its header. Here the NULL rule of
 * bot.h is applied: decide is required; a NULL init leaves the state as preset, a NULL release
 * frees nothing, a NULL maps publishes none. */
#define KIT_SEAT_OPS(NAME, BOT, VIEW, ACTION)                                                   \
    static int NAME##_valid(const kit_bot_info *b) { return ((const BOT *)b)->decide != 0; }   \
    static int NAME##_init(const kit_bot_info *b, void **state, const void *first,             \
                           uint64_t seed) {                                                     \
        const BOT *bot = (const BOT *)b;                                                        \
        return bot->init ? bot->init(state, (const VIEW *)first, seed) : 0;                     \
    }                                                                                           \
    static int NAME##_decide(const kit_bot_info *b, void *state, const void *view,             \
                             void *action) {                                                    \
        return ((const BOT *)b)->decide(state, (const VIEW *)view, (ACTION *)action);           \
    }                                                                                           \
    static void NAME##_release(const kit_bot_info *b, void *state) {                           \
        const BOT *bot = (const BOT *)b;                                                        \
        if (bot->release) bot->release(state);                                                  \
    }                                                                                           \
    static int NAME##_maps(const kit_bot_info *b, void *state, kit_map *out, int max) {        \
        const BOT *bot = (const BOT *)b;                                                        \
        return bot->maps ? bot->maps(state, out, max) : 0;                                      \
    }                                                                                           \
    const kit_seat_ops NAME = {NAME##_valid, NAME##_init, NAME##_decide, NAME##_release,        \
                               NAME##_maps}

/* One seat. The counters are the driver's; read them, do not write them. */
typedef struct kit_seat {
    const kit_bot_info *bot; /* NULL: an empty seat (its actions come from the caller) */
    void *preset;            /* what init finds in *state (kit_seats_open: kit_bot_preset) */
    void *state;             /* the bot's per-game state once initialised */
    int ready;               /* init succeeded: release is owed */
    long decisions;          /* decisions asked */
    kit_clock clock;         /* the seats' clock; an outside program's seat on KIT_CLOCK_THREAD_CPU
                              * is timed on KIT_CLOCK_WALL: its work is done in another process,
                              * and this thread's CPU would count only the pipe's reads and writes */
    int64_t decide_ns;       /* their total time on the seat's clock (0 with KIT_CLOCK_NONE) */
    int64_t last_ns, max_ns; /* the last one's and the longest one's */
    kit_end ended;           /* after close: why its outside program was ended (kit_bot_ended) */
    long ended_on;           /* ... and the decision it was ended on (1 the first) */
} kit_seat;

typedef struct kit_seats {
    const kit_seat_ops *ops;
    kit_clock clock;
    int n;
    kit_seat seat[KIT_SEATS_MAX];
} kit_seats;

/* Seats n bots (bots[i] NULL: seat i is empty) with the arena's ops and clock; each seat's
 * preset is kit_bot_preset of its bot (an outside seat's program, a bot's parameter values,
 * else NULL). Nothing is initialised yet. Errors: DMAP_ERR_ARG (NULLs, n outside
 * 1..KIT_SEATS_MAX, a bot the NULL rule refuses: no decide); s is then a game of no seats
 * that kit_seats_close accepts. */
int kit_seats_open(kit_seats *s, const kit_seat_ops *ops, kit_clock clock,
                   const kit_bot_info *const *bots, int n);

/* Replaces seat i's preset before its init: a caller's seat hands its adapter its per-seat
 * context this way (the Python doors: the agent and the game it plays in). */
void kit_seats_preset(kit_seats *s, int i, void *preset);

/* Seat i's init on its first view with the seat's seed (*state starts as the preset). An empty
 * seat, or one already initialised, is left as it is (0). On an error the seat is not ready:
 * nothing of it is released, its state is NULL; the seats initialised before stay ready, and
 * kit_seats_close releases exactly those. */
int kit_seats_init(kit_seats *s, int i, const void *first, uint64_t seed);

/* Seat i decides on view into action, timed on the seat's clock (seat[i].last_ns); counted in
 * decisions and decide_ns. Returns the bot's code: an error ends the game with that error
 * (DMAP_ERR_ARG for an empty seat or one not initialised: nothing is asked). Inline: it runs
 * once per decision of every game loop, some of whose bots decide in nanoseconds. */
static inline int64_t kit_seats_now_(kit_clock clock) {
    return clock == KIT_CLOCK_THREAD_CPU ? kit_thread_cpu_ns() : clock == KIT_CLOCK_WALL ? kit_wall_ns() : 0;
}

static inline int kit_seats_decide(kit_seats *s, int i, const void *view, void *action) {
    if (!s || i < 0 || i >= s->n || !s->seat[i].ready) return DMAP_ERR_ARG;
    kit_seat *seat = &s->seat[i];
    int64_t t0 = kit_seats_now_(seat->clock);
    int rc = s->ops->decide(seat->bot, seat->state, view, action);
    int64_t dt = kit_seats_now_(seat->clock) - t0;
    seat->last_ns = dt;
    seat->decide_ns += dt;
    if (dt > seat->max_ns) seat->max_ns = dt;
    seat->decisions++;
    return rc;
}

/* The maps seat i published with its last decision (at most max; ask only when a replay wants
 * them): the count, 0 for an empty seat, a seat not initialised or a bot without maps, or a
 * negative DMAP_ERR_* of the bot's. A count above max is cut to max. */
int kit_seats_maps(kit_seats *s, int i, kit_map *out, int max);

/* Ends the game's seats: for every initialised seat in order, why its outside program ended
 * (ended, ended_on), then release. Again is harmless: nothing is ready then. Counters stay. */
void kit_seats_close(kit_seats *s);

/* Ends seat i alone (its ended fields, then release): for seats that leave before the others. */
void kit_seats_end(kit_seats *s, int i);

#endif
