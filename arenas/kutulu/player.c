/* player.c — a seat at the table: an in-process bot (a kt_bot fed the parsed protocol text)
 * or an external program ("cmd:PROGRAM ARGS", run by /bin/sh) that reads the CodinGame
 * protocol on stdin and answers one line per turn on stdout.
 *
 * External programs are bots too: the adapter kt_bot_outside (bots/outside.c) over the kit's
 * outside programs (kit/outside.h), made by kit_outside_seat and driven by the seat driver
 * like an in-process bot. They get the referee's time limits (1000 ms for the first turn,
 * 50 ms after, wall clock from the moment their input is written): no complete line in time
 * is a timeout, and the referee then ends that player. They run under the kit's keeper
 * (kit/process.h): a line-buffered stdout (a pseudo-terminal), every process they start
 * killed with them (not even setsid() or a double fork escapes), an answer judged whole up to
 * KT_ANSWER_MAX bytes (a longer one ends the player), and the reason each one ended. The
 * answer line itself (what replays and traces record) is read from the adapter's state.
 * In-process bots are timed on the thread's CPU clock; they are never stopped (so a game
 * stays the same on a busy machine) but a slow decision is counted.
 *
 * A third kind of seat is the caller's (kt_player_new_caller: the Python door's agents): its
 * adapter bot, with the player's kt_caller_seat as its preset, answers the same protocol text
 * as a program and is timed and judged as one: the same limits on the wall clock, a late answer
 * or a line the referee rejects ends it.
 *
 * Every kind's lifecycle (its preset, init, decide, maps and release, by the NULL rule of
 * kit/bot.h) is the kit's seat driver's (kit/seats.h), a seat of one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/cputime.h"
#include "kit/outside.h"
#include "kit/param.h"
#include "kit/seats.h"
#include "dmap.h"
#include "kutulu.h"

KIT_SEAT_OPS(kt_seat_ops, kt_bot, kt_view, kt_action);

struct kt_player {
    char name[128];
    const kt_bot *bot;
    kit_seats seat; /* an in-process bot's lifecycle: the kit's seat driver, one seat */
    const kit_param_values *params; /* a spec's parameters (&values), or NULL: the defaults */
    kit_param_values values;
    int started;
    uint64_t seed;
    kt_view view;
    /* external programs: bot is the outside seat (kit_outside_seat, owned) */
    kit_outside_spec *spec; /* its program, or NULL for an in-process bot */
    /* a caller's seat: bot is the caller's adapter, caller its preset */
    int is_caller;
    kt_caller_seat caller;
    int dead;    /* it timed out or spoke garbage: it gets no more input */
    kit_end why; /* why it was ended */
};

/* The built-in bot of a spec "NAME" or "NAME:PARAM=VALUE..." (param.h), with its values. */
static int bot_of_spec(kt_player *p, const char *spec, char *err, size_t errlen) {
    const char *colon = strchr(spec, ':');
    char base[64];
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    snprintf(base, sizeof base, "%.*s", (int)(len < sizeof base ? len : sizeof base - 1), spec);
    p->bot = len < sizeof base ? kt_bot_find(base) : NULL;
    if (!p->bot) /* the CLI checks names first */
        return snprintf(err, errlen, "unknown bot '%.60s'", spec), -1;
    if (!colon) return 0;
    const kit_params *decl = kit_bot_params(&kt_bot_table, &p->bot->info);
    if (!decl) return snprintf(err, errlen, "bot %s has no parameters", base), -1;
    kit_param_defaults(decl, &p->values);
    if (kit_param_parse(base, decl, colon + 1, &p->values, err, errlen)) return -1;
    p->params = &p->values;
    return 0;
}

kt_player *kt_player_new(const char *spec, char *err, size_t errlen) {
    kt_player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (strncmp(spec, "cmd:", 4) == 0) {
        if (!spec[4] || strlen(spec) >= KIT_OUTSIDE_NAME_MAX) {
            free(p);
            if (!spec[4]) snprintf(err, errlen, "'cmd:' needs a program");
            else snprintf(err, errlen, "a command longer than %d bytes", KIT_OUTSIDE_NAME_MAX - 1);
            return NULL;
        }
        /* the limits are the match's, set on every turn (kt_player_turn) */
        kit_outside_opts opts = {1000, 50, NULL, 2, 0};
        const kit_bot_info *seat =
            kit_outside_seat("kutulu", "cmd", spec, &kt_bot_outside.info, sizeof(kt_bot), &opts);
        if (!seat) {
            free(p);
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        p->bot = (const kt_bot *)seat;
        p->spec = (kit_outside_spec *)kit_outside_of(seat); /* the seat's own block */
        p->spec->nul_char = 1;
        kit_seats_open(&p->seat, &kt_seat_ops, KIT_CLOCK_WALL, &seat, 1); /* preset: the spec */
        snprintf(p->name, sizeof p->name, "%s", spec);
        return p;
    }
    if (bot_of_spec(p, spec, err, errlen)) {
        free(p);
        return NULL;
    }
    const kit_bot_info *info = &p->bot->info;
    if (kit_seats_open(&p->seat, &kt_seat_ops, KIT_CLOCK_NONE, &info, 1)) {
        snprintf(err, errlen, "bot %s cannot sit (no decide)", info->name);
        free(p);
        return NULL;
    }
    kit_seats_preset(&p->seat, 0, (void *)p->params); /* the bot's preset: its values, or NULL */
    snprintf(p->name, sizeof p->name, "%s", spec);
    return p;
}

kt_player *kt_player_new_caller(const kt_bot *adapter, void *ctx, char *err, size_t errlen) {
    kt_player *p = adapter ? calloc(1, sizeof *p) : NULL;
    if (!p) {
        snprintf(err, errlen, adapter ? "out of memory" : "no adapter bot");
        return NULL;
    }
    const kit_bot_info *info = &adapter->info;
    if (kit_seats_open(&p->seat, &kt_seat_ops, KIT_CLOCK_WALL, &info, 1)) {
        snprintf(err, errlen, "bot %s cannot sit (no decide)", info->name);
        free(p);
        return NULL;
    }
    p->bot = adapter;
    p->is_caller = 1;
    p->caller.ctx = ctx;
    kit_seats_preset(&p->seat, 0, &p->caller);
    snprintf(p->name, sizeof p->name, "%s", info->name);
    return p;
}

const char *kt_player_name(const kt_player *p) { return p->name; }

void kt_player_end(kt_player *p) {
    if (!p) return;
    if (p->bot) kit_seats_close(&p->seat); /* a program and its whole tree end here */
    p->started = 0;
}

void kt_player_free(kt_player *p) {
    if (!p) return;
    kt_player_end(p);
    if (p->spec) {
        const kit_bot_info *seat = &p->bot->info;
        kit_outside_free(&seat, 1);
    }
    free(p);
}

/* The program's state (the adapter's kit_outside), or NULL before its first turn. */
static kit_outside *program(const kt_player *p) {
    return p->spec && p->seat.seat[0].ready ? p->seat.seat[0].state : NULL;
}

int kt_player_turn(kt_player *p, const char *init_text, const char *turn_text,
                   int64_t limit_ns, char *line, size_t cap, int64_t *spent_ns, char *err,
                   size_t errlen) {
    line[0] = '\0';
    *spent_ns = 0;
    if (p->spec && program(p) && program(p)->ended != KIT_END_NONE) return KT_TURN_TIMEOUT;
    if (p->is_caller && p->started && p->dead) return KT_TURN_TIMEOUT;
    int64_t t0 = kit_thread_cpu_ns();
    char why[160];
    if (init_text && kt_parse_init(init_text, &p->view, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return KT_TURN_ERROR;
    }
    if (kt_parse_turn(turn_text, &p->view, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return KT_TURN_ERROR;
    }
    if (!p->started) {
        int failed = kit_seats_init(&p->seat, 0, &p->view, p->seed);
        if (failed) {
            if (p->spec) snprintf(err, errlen, "%s: cannot start", p->name);
            else snprintf(err, errlen, "bot %s: %s", p->bot->info.name, dmap_strerror(failed));
            return KT_TURN_ERROR;
        }
        p->started = 1;
        p->dead = 0;
        p->why = KIT_END_NONE;
    }
    kt_action a = {KT_WAIT, 0, 0};
    p->caller.line[0] = '\0';
    if (p->spec) /* the match's limit for this turn (the first turn's on turn 0) */
        p->spec->first_limit_ns = p->spec->limit_ns = limit_ns;
    int failed = kit_seats_decide(&p->seat, 0, &p->view, &a);
    if (failed) {
        snprintf(err, errlen, "bot %s: %s", p->bot->info.name, dmap_strerror(failed));
        return KT_TURN_ERROR;
    }
    p->view.turn++;
    if (p->is_caller) { /* timed as a program: a late answer ends it, as the referee ends one */
        *spent_ns = p->seat.seat[0].last_ns;
        if (*spent_ns > limit_ns) {
            p->dead = 1;
            p->why = KIT_END_TIMEOUT;
            return KT_TURN_TIMEOUT;
        }
        snprintf(line, cap, "%s", p->caller.line);
        return KT_TURN_OK;
    }
    if (p->spec) {
        /* the line as answered: a line the grammar rejects is still played (and recorded),
         * the referee ends the player on it; no line is a timeout (or why else it ended) */
        const kit_outside *o = program(p);
        *spent_ns = p->seat.seat[0].last_ns;
        if (o->ended != KIT_END_NONE && o->ended != KIT_END_INVALID) return KT_TURN_TIMEOUT;
        snprintf(line, cap, "%s", o->line);
        return KT_TURN_OK;
    }
    kt_format_action(&a, line, cap);
    *spent_ns = kit_thread_cpu_ns() - t0;
    return KT_TURN_OK;
}

int kt_player_maps(kt_player *p, kit_map *out, int max) {
    if (!p->bot || !p->started) return 0;
    return kit_seats_maps(&p->seat, 0, out, max);
}

void kt_player_seed(kt_player *p, uint64_t seed) { p->seed = seed; }

void kt_player_stderr(kt_player *p, int fd) {
    if (p->spec) p->spec->stderr_fd = fd;
}

int kt_player_is_external(const kt_player *p) { return p->spec != NULL || p->is_caller; }

kit_end kt_player_why(const kt_player *p) {
    if (!p->spec) return p->why;
    const kit_outside *o = program(p);
    return o ? o->ended : p->seat.seat[0].ended;
}

void kt_player_judge_invalid(kt_player *p) {
    if (p->is_caller) {
        if (!p->dead) {
            p->dead = 1;
            p->why = KIT_END_INVALID;
        }
        return;
    }
    kit_outside *o = program(p);
    if (o) kit_outside_reject(o);
}
