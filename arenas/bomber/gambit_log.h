/* gambit_log.h — Gambit decision logs (data/README.md, "Gambit decision
 * log"): checking the port against every logged call while a trace is replayed. */
#ifndef BOMBER_GAMBIT_LOG_H
#define BOMBER_GAMBIT_LOG_H

#include <stddef.h>

#include "bots/gambit.h"
#include "trace.h"

typedef struct gambit_log_check {
    const bomber_lines *log;
    size_t at;          /* next line */
    long long seed;
    int is_gambit[BOMBER_PLAYERS];
    gambit bots[BOMBER_PLAYERS];
    gambit_info info;
    long calls;         /* calls compared */
    char err[1024];
} gambit_log_check;

/* Prepare a check of `log` for a game of seed S whose players are of the given kinds
 * ("gambit" ones are checked). Returns 0 or -1 (out of memory). */
int gambit_log_begin(gambit_log_check *c, const bomber_lines *log, long long seed,
                     const char kinds[BOMBER_PLAYERS][32]);
void gambit_log_end(gambit_log_check *c);

/* A bomber_replay_hook (ctx = the gambit_log_check): after each tick, runs every living Gambit
 * on its view and compares the call with the next logged record (view, goal map, ties, choice,
 * best, bomb check, weights, memory, component maps when logged, answer) and the answer with
 * the one the trace applies in the next tick. Returns 1 with c->err set at the first
 * difference, 2 for a malformed log. */
int gambit_log_hook(void *ctx, const bomber_game *g, const bomber_answer next[BOMBER_PLAYERS],
                    int last);

/* After the replay: 0 when every record was compared, else 1 with c->err set. */
int gambit_log_finish(gambit_log_check *c);

#endif
