/* pursuit_replay.h — a pursuit game recorded as a replay file in the kit's common format
 * (arenas/kit/replay.h; the fields are documented in arenas/pursuit/README.md), written and
 * checked:
 *   header   game "pursuit", players [predator, prey], terrain rows of '#' (obstacle) and '.'
 *            (free), plus "clocks" (the game's length)
 *   turn 0   actions [], the start state
 *   turn t   actions [predator's move, prey's move] as chosen ('u' 'd' 'l' 'r' 's', or what
 *            the bot returned), state {"predator":[x,y],"prey":[x,y],"prey_rests":bool},
 *            and with maps the bots' published maps {"p0/goal":[...], "p1/flee":[...]}
 *   result   {"winner":"predator"|"prey","clock":N}
 * Kept apart from pursuit.h so the engine's header does not depend on libjansson. */
#ifndef PURSUIT_REPLAY_H
#define PURSUIT_REPLAY_H

#include <stddef.h>

#include "pursuit.h"
#include "kit/replay.h"

/* Play one game (as pursuit_play) and write it to r, a replay opened with kit_replay_open; the
 * caller closes r (kit_replay_close reports write errors). maps nonzero: every turn also holds
 * the maps the bots published for it. also (may be NULL) sees every clock too, e.g. to render
 * it. Returns pursuit_play's code (nothing useful is written on error: abandon r with
 * kit_replay_abort). */
int pursuit_play_replay(const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg, kit_replay *r,
                        int maps, pursuit_observer also, void *also_ctx, pursuit_result *out);

/* What pursuit_replay_check found. */
typedef struct pursuit_replay_report {
    int clocks;       /* clocks replayed */
    int predator_won; /* the engine's result: 1 captured at `clocks` */
    long line;        /* the file's line of the first difference */
    long turn;        /* its turn (-1 for the result line) */
    char what[400];   /* the first difference, one line */
} pursuit_replay_report;

/* Replay a replay file: the recorded actions through the engine from the recorded world and
 * start, comparing every state line and the result. Returns 0 when everything matches, 1 at
 * the first difference (rep says where and what), or -1 when the file cannot be read as a
 * pursuit replay (err: one line, "FILE:LINE: reason" or "FILE: reason"). */
int pursuit_replay_check(const char *path, pursuit_replay_report *rep, char *err, size_t errlen);

#endif
