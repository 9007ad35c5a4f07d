/* test_choice.c — move choice helpers (the Code of Kutulu post-mortem's): the filter chain with "no
 * opinion", and the worst-case (minimax) / average-case scoring, on small synthetic models checked
 * by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

/* ---- filter chain ------------------------------------------------------------------------- */

typedef struct table_score {
    double value[8];
    int calls;
} table_score;

static double from_table(void *user, int c) {
    table_score *t = user;
    t->calls++;
    return t->value[c];
}

static void test_filter_chain(void) {
    /* candidates: directions 0..4 (stay, up, right, down, left) */
    table_score safe = {{0, 1, 0, 1, 1}, 0};      /* keeps 1, 3, 4: removes 2 */
    table_score never = {{0, 0, 0, 0, 0}, 0};     /* would remove all: no opinion */
    table_score bonus = {{9, 5, 9, 7, 7}, 0};     /* of 1, 3, 4 the max is 7: keeps 3, 4 */
    table_score ttl = {{1, 1, 1, 4, 4}, 0};       /* all equal among 3, 4: keeps both */
    table_score dist = {{0, 0, 0, 2, 1}, 0};      /* min: keeps 4 */
    table_score late = {{0, 0, 0, 0, 0}, 0};      /* one candidate left: nothing to do */
    dmap_filter chain[6] = {{DMAP_FILTER_KEEP_TRUE, from_table, &safe},
                            {DMAP_FILTER_KEEP_TRUE, from_table, &never},
                            {DMAP_FILTER_KEEP_MAX, from_table, &bonus},
                            {DMAP_FILTER_KEEP_MIN, from_table, &ttl},
                            {DMAP_FILTER_KEEP_MIN, from_table, &dist},
                            {DMAP_FILTER_KEEP_TRUE, from_table, &late}};
    int cands[5] = {0, 1, 2, 3, 4};
    size_t n = 5, removed[6];
    CHECK_EQ_INT(dmap_filter_moves(cands, &n, chain, 6, removed), DMAP_OK);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(cands[0], 4);
    size_t expect_removed[6] = {2, 0, 1, 0, 1, 0};
    for (int k = 0; k < 6; k++) CHECK_EQ_INT(removed[k], expect_removed[k]);
    /* each score called once per candidate still in the list */
    CHECK_EQ_INT(safe.calls, 5);
    CHECK_EQ_INT(never.calls, 3);
    CHECK_EQ_INT(bonus.calls, 3);
    CHECK_EQ_INT(ttl.calls, 2);
    CHECK_EQ_INT(dist.calls, 2);
    CHECK_EQ_INT(late.calls, 1);

    /* order is kept; NaN is never the max and is dropped when others remain */
    table_score with_nan = {{NAN, 3, 3, NAN, 1}, 0};
    dmap_filter maxf = {DMAP_FILTER_KEEP_MAX, from_table, &with_nan};
    int c2[5] = {4, 2, 0, 1, 3};
    n = 5;
    CHECK_EQ_INT(dmap_filter_moves(c2, &n, &maxf, 1, NULL), DMAP_OK);
    CHECK_EQ_INT(n, 2);
    CHECK(c2[0] == 2 && c2[1] == 1);
    table_score all_nan = {{NAN, NAN, NAN, NAN, NAN}, 0};
    dmap_filter nanf = {DMAP_FILTER_KEEP_MIN, from_table, &all_nan};
    n = 2;
    CHECK_EQ_INT(dmap_filter_moves(c2, &n, &nanf, 1, removed), DMAP_OK);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(removed[0], 0);

    /* a long list (> 64 candidates uses a scratch allocation) */
    int many[100];
    for (int i = 0; i < 100; i++) many[i] = i % 5;
    n = 100;
    dmap_filter one = {DMAP_FILTER_KEEP_TRUE, from_table, &safe};
    CHECK_EQ_INT(dmap_filter_moves(many, &n, &one, 1, NULL), DMAP_OK);
    CHECK_EQ_INT(n, 60);

    /* errors */
    dmap_filter broken = {DMAP_FILTER_KEEP_TRUE, NULL, NULL};
    CHECK_EQ_INT(dmap_filter_moves(cands, &n, &broken, 1, NULL), DMAP_ERR_ARG);
    dmap_filter odd = {(dmap_filter_kind)7, from_table, &safe};
    CHECK_EQ_INT(dmap_filter_moves(cands, &n, &odd, 1, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_filter_moves(cands, NULL, chain, 1, NULL), DMAP_ERR_ARG);
    n = 0; /* an empty list stays empty, fine */
    CHECK_EQ_INT(dmap_filter_moves(cands, &n, chain, 6, removed), DMAP_OK);
    CHECK_EQ_INT(n, 0);
}

/* ---- minimax --------------------------------------------------------------------------------
 * A line of cells 0..4. I stand on 2; my moves 0 stay (2), 1 left (1), 2 right (3).
 * Minion A stands on 0 and may stay (0) or step right (1); minion B on 4 may stay (4) or step
 * left (3). A minion ending on my cell deals 10 damage. Outcome = -damage.
 *   stay:  no minion can reach 2            -> worst 0,   average 0
 *   left:  A on 1 in 2 of the 4 combinations -> worst -10, average -5
 *   right: B on 3 in 2 of 4                  -> worst -10, average -5
 * Best worst case: {stay} only.
 * With a third minion C on 2 that may go to 1, 2 or 3 (3 moves, 12 combinations):
 *   stay:  C stays in 4 of 12 (A, B never)          -> worst -10, average -40/12
 *   left:  C on 1 in 4, A on 1 in 6; both in 2      -> worst -20, average -(40+60)/12
 *   right: symmetric                                -> worst -20, average -100/12
 * Best: {stay}. */

typedef struct line_model {
    int me_at[3];
    int nminions;
    int minion_at[4][3]; /* cell after each move */
    double damage[4];
    int calls;
} line_model;

static double line_outcome(void *user, int my_move, const int *opp, size_t nopp) {
    line_model *lm = user;
    lm->calls++;
    int me = lm->me_at[my_move];
    double dmg = 0;
    for (size_t j = 0; j < nopp; j++)
        if (lm->minion_at[j][opp[j]] == me) dmg += lm->damage[j];
    return -dmg;
}

static void test_minimax(void) {
    line_model lm = {{2, 1, 3}, 3, {{0, 1, 0}, {4, 3, 0}, {1, 2, 3}}, {10, 10, 10}, 0};
    size_t nopp_moves[3] = {2, 2, 3};
    double worst[3], avg[3];
    int best[3];
    size_t nbest = 0;
    CHECK_EQ_INT(dmap_minimax_moves(3, nopp_moves, 2, line_outcome, &lm, worst, avg, best, &nbest),
                 DMAP_OK);
    CHECK(worst[0] == 0 && worst[1] == -10 && worst[2] == -10);
    CHECK(avg[0] == 0 && avg[1] == -5 && avg[2] == -5);
    CHECK_EQ_INT(nbest, 1);
    CHECK_EQ_INT(best[0], 0);
    CHECK_EQ_INT(lm.calls, 12);
    /* best and nbest are optional: the worst and average cases alone (a bot's filter) */
    double worst2[3] = {1, 1, 1};
    CHECK_EQ_INT(dmap_minimax_moves(3, nopp_moves, 2, line_outcome, &lm, worst2, NULL, NULL, NULL),
                 DMAP_OK);
    CHECK(worst2[0] == 0 && worst2[1] == -10 && worst2[2] == -10);

    CHECK_EQ_INT(dmap_minimax_moves(3, nopp_moves, 3, line_outcome, &lm, worst, avg, best, &nbest),
                 DMAP_OK);
    CHECK(worst[0] == -10 && worst[1] == -20 && worst[2] == -20);
    CHECK_NEAR(avg[0], -40.0 / 12, 1e-12);
    CHECK_NEAR(avg[1], -100.0 / 12, 1e-12);
    CHECK_NEAR(avg[2], -100.0 / 12, 1e-12);
    CHECK_EQ_INT(nbest, 1);
    CHECK_EQ_INT(best[0], 0);

    /* Ties: only minion C (on 1, 2 or 3). Every move of mine has worst case -10, so ALL three
     * moves come back (the seed keeps all of them for the later filters); averages -10/3. */
    line_model only_c = {{2, 1, 3}, 1, {{1, 2, 3}}, {10}, 0};
    size_t three = 3;
    CHECK_EQ_INT(dmap_minimax_moves(3, &three, 1, line_outcome, &only_c, worst, avg, best, &nbest),
                 DMAP_OK);
    CHECK_EQ_INT(nbest, 3);
    CHECK(best[0] == 0 && best[1] == 1 && best[2] == 2);
    CHECK_NEAR(avg[1], -10.0 / 3, 1e-12);

    /* The post-mortem's lexicographic worst case (most damage to me, then least to the others) as
     * one scalar: outcome = -1000 * damage_to_me + damage_to_others, computed by the caller.
     * No opponents: one combination, opp NULL. */
    CHECK_EQ_INT(dmap_minimax_moves(3, NULL, 0, line_outcome, &only_c, worst, NULL, best, &nbest),
                 DMAP_OK);
    CHECK_EQ_INT(nbest, 3);
    CHECK(worst[0] == 0);

    /* errors */
    size_t zero = 0;
    CHECK_EQ_INT(dmap_minimax_moves(3, &zero, 1, line_outcome, &lm, worst, avg, best, &nbest),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_minimax_moves(0, NULL, 0, line_outcome, &lm, worst, avg, best, &nbest),
                 DMAP_ERR_ARG);
    size_t huge[3] = {1 << 20, 1 << 20, 1 << 20};
    CHECK_EQ_INT(dmap_minimax_moves(1, huge, 3, line_outcome, &lm, worst, avg, best, &nbest),
                 DMAP_ERR_LIMIT);
}

/* The opponents' move indices live in a fixed array (no allocation per call): up to
 * DMAP_MINIMAX_MAX_OPPONENTS opponents work, one more is DMAP_ERR_LIMIT. */
static double count_opponents(void *user, int my_move, const int *opp, size_t nopp) {
    (void)user;
    double moved = 0;
    for (size_t j = 0; j < nopp; j++) moved += opp[j];
    return my_move - moved; /* worst case: every opponent on its last move */
}

static void test_minimax_opponent_limit(void) {
    size_t nopp_moves[DMAP_MINIMAX_MAX_OPPONENTS + 1];
    for (size_t j = 0; j <= DMAP_MINIMAX_MAX_OPPONENTS; j++) nopp_moves[j] = 1;
    nopp_moves[0] = nopp_moves[DMAP_MINIMAX_MAX_OPPONENTS - 1] = 2;
    double worst[2];
    int best[2];
    size_t nbest = 0;
    CHECK_EQ_INT(dmap_minimax_moves(2, nopp_moves, DMAP_MINIMAX_MAX_OPPONENTS, count_opponents,
                                    NULL, worst, NULL, best, &nbest),
                 DMAP_OK);
    CHECK(worst[0] == -2 && worst[1] == -1);
    CHECK_EQ_INT(nbest, 1);
    CHECK_EQ_INT(best[0], 1);
    CHECK_EQ_INT(dmap_minimax_moves(2, nopp_moves, DMAP_MINIMAX_MAX_OPPONENTS + 1,
                                    count_opponents, NULL, worst, NULL, best, &nbest),
                 DMAP_ERR_LIMIT);
}

static double nan_outcome(void *user, int my_move, const int *opp, size_t nopp) {
    (void)user;
    (void)opp;
    (void)nopp;
    return my_move == 1 ? NAN : 0;
}

static void test_minimax_nan(void) {
    double worst[2];
    size_t nbest;
    CHECK_EQ_INT(dmap_minimax_moves(2, NULL, 0, nan_outcome, NULL, worst, NULL, NULL, &nbest),
                 DMAP_ERR_VALUE);
}

int main(void) {
    test_filter_chain();
    test_minimax();
    test_minimax_nan();
    test_minimax_opponent_limit();
    return check_report("test_choice");
}
