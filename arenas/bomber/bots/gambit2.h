/* gambit2.h — the `gambit2` bot (see gambit2.c). */
#ifndef BOMBER_GAMBIT2_H
#define BOMBER_GAMBIT2_H
#include "bomber.h"
int gambit2_bot_init(void **state, int pid, uint64_t seed);
bomber_answer gambit2_bot_decide(void *state, const bomber_view *v, double *goal_map);
void gambit2_bot_release(void *state);
int gambit2_bot_error(const void *state);
#endif
