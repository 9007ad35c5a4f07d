/* replay_file.h — bomber games as dmap replay files (JSON Lines, arenas/kit/README.md;
 * written with the kit's replay writer). Terrain characters: '#' metal, '.' anything else.
 * Each turn's state:
 * {"players":[{"x","y","hp","ammo","score"}...], "bombs":[[x,y,owner,ttl]...],
 *  "fire":[[x,y,owner]...], "blocks":[[x,y,"s"|"o",hp]...], "ammo":[[x,y,ttl]...],
 *  "treasure":[[x,y]...]}; actions are the answers applied in the turn ("~" None, "" the
 * empty string, "u" "d" "l" "r" "b" "p"). Maps (with --maps): "p0/goal", "p1/goal" for the bots that publish
 * one (gambit, gambit2). */
#ifndef BOMBER_REPLAY_FILE_H
#define BOMBER_REPLAY_FILE_H

#include "bomber.h"
#include "kit/replay.h"

/* Line 1, from the game before its first tick. Returns 0 or an errno value. */
int bomber_replay_begin(kit_replay *r, const bomber_game *g, uint64_t seed,
                        const char *const names[BOMBER_PLAYERS]);
/* One turn line after tick t; maps (NULL: none) as the observer gets them, each written as
 * "p<pid>/<name>". */
int bomber_replay_tick(kit_replay *r, const bomber_game *g, int tick,
                       const bomber_answer answers[BOMBER_PLAYERS], const bomber_bot_maps *maps);
/* The result line. */
int bomber_replay_end(kit_replay *r, const bomber_game *g);

#endif
