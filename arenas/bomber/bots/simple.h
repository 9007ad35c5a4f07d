/* simple.h — the `simple` bot (see simple.c). */
#ifndef BOMBER_SIMPLE_H
#define BOMBER_SIMPLE_H
#include "bomber.h"
int simple_bot_init(void **state, int pid, uint64_t seed);
bomber_answer simple_bot_decide(void *state, const bomber_view *v, double *goal_map);
void simple_bot_release(void *state);
int simple_bot_error(const void *state);
#endif
