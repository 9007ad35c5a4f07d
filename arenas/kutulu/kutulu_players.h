/* kutulu_players.h — the seat interface behind kt_play_match (player.c): one turn of a player,
 * in-process or external. */
#ifndef KUTULU_PLAYERS_H
#define KUTULU_PLAYERS_H

#include "kutulu.h"

enum { KT_TURN_OK = 0, KT_TURN_TIMEOUT = 1, KT_TURN_ERROR = -1 };

/* Give the player its input (init_text on its first turn, else NULL; then the turn's input)
 * and read its answer line. KT_TURN_OK with the whole line; KT_TURN_TIMEOUT when an external
 * program gave no line within limit_ns, exited, or gave a line of cap bytes or more;
 * KT_TURN_ERROR with err when the runner itself failed (fork, bad input for an in-process
 * bot). spent_ns: the decision's time (CPU
 * time of the thread for in-process bots, wall time for programs). */
int kt_player_turn(kt_player *p, const char *init_text, const char *turn_text,
                   int64_t limit_ns, char *line, size_t cap, int64_t *spent_ns, char *err,
                   size_t errlen);
/* End the player's game: release an in-process bot's state, kill every process a program
 * started (its keeper kills the whole tree; see player.c). */
void kt_player_end(kt_player *p);
/* The seed of the in-process bot's own generator for the next game. */
void kt_player_seed(kt_player *p, uint64_t seed);
int kt_player_is_external(const kt_player *p);
/* Where an external program's stderr goes: a descriptor of the caller's (dup'ed into the
 * program; it must stay open while the player plays), or -1 for /dev/null. Default 2, the
 * arena's own stderr. */
void kt_player_stderr(kt_player *p, int fd);

#endif
