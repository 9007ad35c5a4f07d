/* bots.c — the table of built-in bots and the glue from each bot's own interface to
 * bomber_bot (init, decide, release). */
#include <stdlib.h>
#include <string.h>

#include "bomber.h"
#include "bots/gambit.h"
#include "bots/simple.h"
#include "bots/gambit2.h"
#include "bots/random_bot.h"

uint64_t bomber_bot_seed(uint64_t game_seed, int pid) {
    return 100 * game_seed + 10 + (uint64_t)pid;
}

static int gambit_bot_init(void **state, int pid, uint64_t seed) {
    gambit *b = malloc(sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    int rc = gambit_init(b, pid, seed);
    if (rc) {
        gambit_release(b);
        free(b);
        return rc;
    }
    *state = b;
    return 0;
}

static bomber_answer gambit_bot_decide(void *state, const bomber_view *v, double *goal_map) {
    gambit *b = state;
    /* without a goal map wanted, only the answer (the fast path) */
    bomber_answer a = gambit_next_move(b, v, goal_map ? &b->scratch : NULL);
    if (goal_map) memcpy(goal_map, b->scratch.goal, sizeof b->scratch.goal);
    return a;
}

static void gambit_bot_release(void *state) {
    if (!state) return;
    gambit_release(state);
    free(state);
}

static int gambit_bot_error(const void *state) { return ((const gambit *)state)->err; }

static const bomber_bot bots[] = {
    {"gambit", "the Dijkstra-map bot of seeds 000/003, ported decision for decision",
     gambit_bot_init, gambit_bot_decide, gambit_bot_release, gambit_bot_error},
    {"gambit2", "timing maps from the bombs it saw, safe walk, minimax at close range",
     gambit2_bot_init, gambit2_bot_decide, gambit2_bot_release, gambit2_bot_error},
    {"simple", "BFS bot in the style of Pommerman's SimpleAgent: flee blasts, bomb blocks, "
               "fetch items", simple_bot_init, simple_bot_decide, simple_bot_release,
     simple_bot_error},
    {"random", "uniform among the actions that would take effect (and no-op)",
     random_bot_init, random_bot_decide, random_bot_release, NULL},
};

int bomber_bot_count(void) { return (int)(sizeof bots / sizeof bots[0]); }
const bomber_bot *bomber_bot_at(int i) {
    return i >= 0 && i < bomber_bot_count() ? &bots[i] : NULL;
}
const bomber_bot *bomber_find_bot(const char *name) {
    for (int i = 0; i < bomber_bot_count(); i++)
        if (!strcmp(bots[i].name, name)) return &bots[i];
    return NULL;
}
