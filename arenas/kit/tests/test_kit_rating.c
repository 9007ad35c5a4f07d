/* test_kit_rating.c — the kit's ratings and SPRT statistics against closed forms and published
 * values: TrueSkill's first one-on-one game (29.396 / 7.171 against 20.604 / 7.171, the
 * package's documented example), Bradley–Terry's two-player maximum (400 log10(w / l)) and its
 * interval from the binomial information, the logistic Elo curve, the SPRT's bounds, the sign
 * of its LLR, parameter checks and the seatings of paired games. (The sequences against the
 * Python packages are test_rating_reference.py; the SPRT's error rates, kit_sprt_simulate.) */
#include <math.h>
#include <stdio.h>

#include "../../../tests/check.h"
#include "kit/rating.h"
#include "kit/sprt.h"
#include "kit/sprt_run.h"

static void trueskill_first_game(void) {
    kit_trueskill_env env;
    kit_trueskill_defaults(&env);
    kit_rating r[2] = {{25, 25.0 / 3}, {25, 25.0 / 3}};
    int rank[2] = {1, 2};
    CHECK(kit_trueskill_rate(&env, r, rank, 2) == 0);
    CHECK_NEAR(r[0].mu, 29.396, 5e-4);
    CHECK_NEAR(r[0].sigma, 7.171, 5e-4);
    CHECK_NEAR(r[1].mu, 20.604, 5e-4);
    CHECK_NEAR(r[1].sigma, 7.171, 5e-4);
    /* a draw between equals moves no mean, and the winner is the first whatever the order */
    kit_rating d[2] = {{25, 25.0 / 3}, {25, 25.0 / 3}};
    int tie[2] = {1, 1};
    CHECK(kit_trueskill_rate(&env, d, tie, 2) == 0);
    CHECK_NEAR(d[0].mu, 25, 1e-9);
    CHECK_NEAR(d[1].mu, 25, 1e-9);
    kit_rating s[2] = {{25, 25.0 / 3}, {25, 25.0 / 3}};
    int back[2] = {2, 1};
    CHECK(kit_trueskill_rate(&env, s, back, 2) == 0);
    CHECK_NEAR(s[1].mu, 29.396, 5e-4);
    CHECK(kit_trueskill_rate(&env, s, back, 1) == -1);
    CHECK(kit_trueskill_score(&r[0]) < r[0].mu);
}

static void plackett_luce_order(void) {
    kit_pl_env env;
    kit_pl_defaults(&env);
    kit_rating r[4] = {{25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}};
    int rank[4] = {3, 1, 4, 2};
    CHECK(kit_pl_rate(&env, r, rank, 4) == 0);
    CHECK(r[1].mu > r[3].mu && r[3].mu > r[0].mu && r[0].mu > r[2].mu);
    CHECK(r[0].sigma < 25.0 / 3 + env.tau);
}

static void bradley_terry_two(void) {
    double games[4] = {0, 40, 40, 0}, points[4] = {0, 30, 10, 0}, elo[2], half[2];
    CHECK(kit_bradley_terry(2, games, points, 0, elo, half) == 0);
    CHECK_NEAR(elo[0] - elo[1], 400 * log10(3.0), 1e-6);
    CHECK_NEAR(elo[0] + elo[1], 0, 1e-9);
    /* var(log-odds difference) = 1 / (n p (1 - p)); each rating carries a quarter of it */
    double sd = sqrt(1 / (40 * 0.75 * 0.25)) / 2 * 400 / log(10);
    CHECK_NEAR(half[0], 1.96 * sd, 1e-6);
    /* a clean sweep has no maximum without the prior, a finite one with it */
    double sweep[4] = {0, 10, 0, 0};
    CHECK(kit_bradley_terry(2, games, sweep, 0, elo, half) == -1);
    CHECK(kit_bradley_terry(2, games, sweep, 1, elo, half) == 0);
    CHECK_NEAR(elo[0] - elo[1], 400 * log10(10.5 / 0.5), 1e-6);
    /* three entrants, one never met: still one scale through the third */
    double g3[9] = {0, 10, 0, 10, 0, 10, 0, 10, 0}, p3[9] = {0, 5, 0, 5, 0, 5, 0, 5, 0}, e3[3], h3[3];
    CHECK(kit_bradley_terry(3, g3, p3, 0, e3, h3) == 0);
    CHECK_NEAR(e3[0], 0, 1e-6);
    double apart[9] = {0, 10, 0, 10, 0, 0, 0, 0, 0};
    CHECK(kit_bradley_terry(3, apart, p3, 0, e3, h3) == -1);
}

static void sprt_statistics(void) {
    CHECK_NEAR(kit_score_of_elo(0), 0.5, 1e-15);
    CHECK_NEAR(kit_elo_of_score(kit_score_of_elo(123.4)), 123.4, 1e-9);
    CHECK(kit_sprt_invalid(0, 5, 0.05, 0.05) == NULL);
    CHECK(kit_sprt_invalid(5, 5, 0.05, 0.05) != NULL);
    CHECK(kit_sprt_invalid(0, 5, 0, 0.05) != NULL);
    CHECK(kit_sprt_invalid(0, 5, 0.05, 1) != NULL);
    CHECK(kit_sprt_invalid(NAN, 5, 0.05, 0.05) != NULL);
    kit_sprt s;
    kit_sprt_init(&s, 0, 10, 0.05, 0.1);
    CHECK_NEAR(s.upper, log(0.9 / 0.05), 1e-12);
    CHECK_NEAR(s.lower, log(0.1 / 0.95), 1e-12);
    CHECK(kit_sprt_llr(&s) == 0 && kit_sprt_verdict_of(&s) == KIT_SPRT_CONTINUE);
    for (int i = 0; i < 400; i++) kit_sprt_add(&s, i % 2 ? 4 : 2); /* 75%: far above elo1 */
    CHECK(kit_sprt_llr(&s) > 0 && kit_sprt_verdict_of(&s) == KIT_SPRT_H1);
    kit_sprt_init(&s, 0, 10, 0.05, 0.1);
    for (int i = 0; i < 400; i++) kit_sprt_add(&s, i % 2 ? 0 : 2); /* 25%: far below elo0 */
    CHECK(kit_sprt_llr(&s) < 0 && kit_sprt_verdict_of(&s) == KIT_SPRT_H0);
    double elo, lo, hi;
    kit_sprt_estimate(&s, &elo, &lo, &hi);
    CHECK_NEAR(elo, kit_elo_of_score(0.25), 1e-9);
    CHECK(lo < elo && elo < hi);
    /* a score exactly between the hypotheses' scores weighs nothing */
    kit_sprt_init(&s, -10, 10, 0.05, 0.05);
    for (int i = 0; i < 100; i++) kit_sprt_add(&s, i % 4 + (i % 4 > 1)); /* 0,1,3,4: mean 0.5 */
    CHECK_NEAR(kit_sprt_llr(&s), 0, 1e-6);
}

static void paired_seats(void) {
    /* two seats: A then B, then swapped, on one deal */
    kit_seating a, b;
    kit_sprt_seat(2, 7, 10, &a);
    kit_sprt_seat(2, 7, 11, &b);
    CHECK(a.deal == 5 && b.deal == 5 && a.seed == b.seed);
    CHECK(a.entrant[0] == 0 && a.entrant[1] == 1 && b.entrant[0] == 1 && b.entrant[1] == 0);
    int rank[2] = {1, 2};
    CHECK(kit_sprt_half_points(&a, rank) == 2 && kit_sprt_half_points(&b, rank) == 0);
    /* four seats: over six pairs A and B meet in every pair of seats, the others fill in */
    int seen[4][4] = {{0}};
    for (long g = 0; g < 12; g++) {
        kit_seating s;
        kit_sprt_seat(4, 7, g, &s);
        int ia = -1, ib = -1, others = 0;
        for (int i = 0; i < 4; i++) {
            if (s.entrant[i] == 0) ia = i;
            else if (s.entrant[i] == 1) ib = i;
            else others += s.entrant[i];
        }
        CHECK(ia >= 0 && ib >= 0 && others == 5);
        if (ia >= 0 && ib >= 0) seen[ia][ib]++;
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) CHECK(seen[i][j] == (i != j));
}

int main(void) {
    trueskill_first_game();
    plackett_luce_order();
    bradley_terry_two();
    sprt_statistics();
    paired_seats();
    return check_report("test_kit_rating");
}
