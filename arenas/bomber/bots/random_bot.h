/* random_bot.h — `random`: a uniform choice among the actions that would take effect. */
#ifndef BOMBER_RANDOM_BOT_H
#define BOMBER_RANDOM_BOT_H
#include "bomber.h"
int random_bot_init(void **state, int pid, uint64_t seed);
bomber_answer random_bot_decide(void *state, const bomber_view *v, double *goal_map);
void random_bot_release(void *state);
#endif
