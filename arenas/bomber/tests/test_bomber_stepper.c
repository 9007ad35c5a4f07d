/* test_bomber_stepper.c — the stepper driven by hand (bomber_game_open, the kit's seat driver,
 * bomber_game_decide, bomber_game_step, bomber_game_status) plays bomber_play's game: the same
 * final state (its trace lines and the generator), ticks, winner, scores and hit points, and the same answers
 * tick by tick, for several seeds and pairs of bots. */
#include <stdio.h>
#include <string.h>

#include "bomber.h"
#include "trace.h"
#include "../../../tests/check.h"

typedef struct seen {
    char state[BOMBER_STATE_LINES][BOMBER_LINE_MAX]; /* the last state's trace lines */
    kit_pyrandom rng;                                /* and the game's generator then */
    int ticks;
    bomber_answer answers[BOMBER_MAX_ITERATIONS + 8][BOMBER_PLAYERS];
} seen;

static void observe(void *ctx, const bomber_game *g, int tick, const bomber_answer answers[BOMBER_PLAYERS],
                    const bomber_tick_log *log, const bomber_bot_maps *maps) {
    (void)log;
    (void)maps;
    seen *s = ctx;
    bomber_format_state(g, s->state);
    s->rng = g->rng;
    if (tick >= 0 && tick < BOMBER_MAX_ITERATIONS + 8) {
        memcpy(s->answers[tick], answers, sizeof s->answers[tick]);
        s->ticks = tick + 1;
    }
}

int main(void) {
    const bomber_bot *pairs[][2] = {{&bomber_bot_gambit, &bomber_bot_random},
                                    {&bomber_bot_simple, &bomber_bot_gambit2},
                                    {&bomber_bot_random, &bomber_bot_random}};
    static seen want;
    for (int k = 0; k < 3; k++)
        for (int64_t seed = 1; seed <= 4; seed++) {
            bomber_result res;
            memset(&want, 0, sizeof want);
            int rc = bomber_play(seed, pairs[k], 0, observe, &want, &res);
            CHECK(rc == 0, "bomber_play pair %d seed %lld: %d", k, (long long)seed, rc);
            static bomber_game g;
            CHECK(bomber_game_open(&g, seed) == 0, "open");
            const kit_bot_info *info[2] = {&pairs[k][0]->info, &pairs[k][1]->info};
            kit_seats seats;
            CHECK(kit_seats_open(&seats, &bomber_seat_ops, KIT_CLOCK_NONE, info, 2) == 0, "seats");
            CHECK(bomber_game_init_seats(&g, &seats, seed, 0) == 0, "init");
            bomber_answer answers[2] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
            bomber_status st;
            int ticks = 0;
            for (bomber_game_status(&g, &st); !st.over; bomber_game_status(&g, &st), ticks++) {
                if (ticks < want.ticks)
                    CHECK(!memcmp(answers, want.answers[ticks], sizeof answers), "pair %d seed %lld: tick %d's answers",
                          k, (long long)seed, ticks);
                CHECK(bomber_game_step(&g, answers, NULL) == 0, "step");
                CHECK(bomber_game_decide(&g, &seats, NULL, answers, NULL) == 0, "decide");
            }
            kit_seats_close(&seats);
            bomber_game_close(&g);
            CHECK(ticks == want.ticks && st.ticks == res.ticks, "pair %d seed %lld: %d ticks, want %d", k,
                  (long long)seed, ticks, want.ticks);
            static char state[BOMBER_STATE_LINES][BOMBER_LINE_MAX];
            bomber_format_state(&g, state);
            int lines_same = 1;
            for (int l = 0; l < BOMBER_STATE_LINES; l++) lines_same &= !strcmp(state[l], want.state[l]);
            CHECK(lines_same && g.rng.index == want.rng.index &&
                      !memcmp(g.rng.mt, want.rng.mt, sizeof g.rng.mt),
                  "pair %d seed %lld: another final state", k, (long long)seed);
            CHECK(st.winner == res.winner && st.death == res.death && !memcmp(st.score, res.score, sizeof st.score) &&
                      !memcmp(st.hp, res.hp, sizeof st.hp),
                  "pair %d seed %lld: another result", k, (long long)seed);
        }
    return check_report("test_bomber_stepper");
}
