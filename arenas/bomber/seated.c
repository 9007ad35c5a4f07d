/* seated.c — one bomber game as every kit runner asks for it (kit/seating.h): the deal's seed
 * chooses the map (a 31-bit map seed, seed >> 33), the entrants sit in the two seats, and the
 * winner places 1 and the loser 2 (a draw: both 1); the record is the game's bomber_result. */
#include <stdio.h>

#include "cli.h"
#include "dmap.h"

int bomber_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                       size_t cap) {
    const bomber_bot *const *entrants = ctx;
    const bomber_bot *seats[BOMBER_PLAYERS] = {entrants[s->entrant[0]], entrants[s->entrant[1]]};
    bomber_result r, *out = record ? record : &r;
    int rc = bomber_play((int64_t)(s->seed >> 33), seats, 0, NULL, NULL, out);
    if (rc != 0) {
        snprintf(why, cap, "%s", dmap_strerror(rc));
        return 1;
    }
    for (int i = 0; i < BOMBER_PLAYERS; i++) rank[i] = out->winner < 0 || out->winner == i ? 1 : 2;
    return 0;
}
