/* rating.h — rating systems for leagues: TrueSkill (the model CodinGame's leaderboards use),
 * OpenSkill's Plackett–Luce model (Weng and Lin's Bayesian approximation for free-for-all
 * rankings), and Bradley–Terry strengths fitted by maximum likelihood, on the Elo scale with
 * 95% intervals.
 *
 * TrueSkill and Plackett–Luce rate one game at a time (the order of the games matters); each
 * game is a free-for-all of n single players, rank[i] its placing (lower is better, equal
 * ranks tie). Both reproduce the Python packages `trueskill` 0.4.5 (its default environment
 * and backend, including the backend's own erfc approximation and the factor-graph schedule
 * with its convergence test) and `openskill` 6.2.0 (`PlackettLuce()` with its defaults), to
 * about 1e-12 per game; the kit's tests compare them on fixed result sequences.
 *
 * Bradley–Terry is fitted once on all the games: pairwise points (1 a win, 0.5 a draw) between
 * every two entrants; a free-for-all game counts as one pairwise result between every two of
 * its players (the better placing wins, equal placings draw). */
#ifndef KIT_RATING_H
#define KIT_RATING_H

#define KIT_RATING_MAX_PLAYERS 16 /* players in one rated game */
#define KIT_BT_MAX 64             /* entrants of one Bradley–Terry fit */

typedef struct kit_rating {
    double mu, sigma;
} kit_rating;

/* TrueSkill's environment; kit_trueskill_defaults gives the package's defaults (and
 * CodinGame's): mu 25, sigma 25/3, beta sigma/2, tau sigma/100, draw probability 0.1. */
typedef struct kit_trueskill_env {
    double mu, sigma, beta, tau, draw_probability;
} kit_trueskill_env;

void kit_trueskill_defaults(kit_trueskill_env *env);

/* Rates one game of n players (2 .. KIT_RATING_MAX_PLAYERS): r[0..n-1] updated in place.
 * 0, or -1 when n is out of range or the numbers overflow (the package raises
 * FloatingPointError there; r is left unchanged). */
int kit_trueskill_rate(const kit_trueskill_env *env, kit_rating *r, const int *rank, int n);

/* The conservative rating CodinGame ranks by: mu - 3 sigma. */
double kit_trueskill_score(const kit_rating *r);

/* OpenSkill's Plackett–Luce model; defaults: mu 25, sigma 25/3, beta 25/6, kappa 0.0001,
 * tau 25/300 (added to every sigma before the update). */
typedef struct kit_pl_env {
    double mu, sigma, beta, kappa, tau;
} kit_pl_env;

void kit_pl_defaults(kit_pl_env *env);

/* Rates one game of n players as kit_trueskill_rate does. 0, or -1 when n is out of range. */
int kit_pl_rate(const kit_pl_env *env, kit_rating *r, const int *rank, int n);

/* Bradley–Terry by maximum likelihood. n entrants (2 .. KIT_BT_MAX); games[i*n+j] the games
 * between i and j, points[i*n+j] the points i scored against j (points[i*n+j] +
 * points[j*n+i] == games[i*n+j]). prior_draws virtual drawn games are added to every pair
 * that played (0: the plain maximum; a small positive number keeps an entrant that won or
 * lost everything finite). Writes elo[i] (400 log10 of the strengths, mean 0) and half[i],
 * the half-width of its 95% interval from the observed information (the pseudo-inverse of
 * the Hessian under the mean-0 constraint). 0, -1 for bad arguments or a result graph
 * that is not connected (no common scale). */
int kit_bradley_terry(int n, const double *games, const double *points, double prior_draws,
                      double *elo, double *half);

/* The Elo difference of an expected score s in (0, 1) on the logistic scale,
 * -400 log10(1/s - 1), and its inverse. */
double kit_elo_of_score(double s);
double kit_score_of_elo(double elo);

#endif
