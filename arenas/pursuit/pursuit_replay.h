/* pursuit_replay.h — a pursuit game recorded as a replay file in the kit's common format
 * (arenas/kit/replay.h; the fields are documented in arenas/pursuit/README.md):
 *   header   game "pursuit", players [predator, prey], terrain rows of '#' (obstacle) and '.'
 *            (free), plus "clocks" (the game's length)
 *   turn 0   actions [], the start state
 *   turn t   actions [predator's move, prey's move] as chosen ('u' 'd' 'l' 'r' 's', or what
 *            the bot returned), state {"predator":[x,y],"prey":[x,y],"prey_rests":bool}
 *   result   {"winner":"predator"|"prey","clock":N}
 * Kept apart from pursuit.h so the engine's header does not depend on libjansson. */
#ifndef PURSUIT_REPLAY_H
#define PURSUIT_REPLAY_H

#include "pursuit.h"
#include "replay.h"

/* Play one game (pursuit_play) and write it to r, a replay opened with kit_replay_open; the
 * caller closes r (kit_replay_close reports write errors). also (may be NULL) sees every
 * clock too, e.g. to render it. Returns pursuit_play's code (nothing useful is written on
 * error: abandon r with kit_replay_abort). */
int pursuit_play_replay(const pursuit_world *w, const pursuit_bot *predator,
                        const pursuit_bot *prey, const pursuit_config *cfg, kit_replay *r,
                        pursuit_observer also, void *also_ctx, pursuit_result *out);

#endif
