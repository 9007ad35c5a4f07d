/* rating.c — TrueSkill (a factor graph of Gaussian messages over the players sorted by rank,
 * scheduled as the `trueskill` package schedules it), OpenSkill's Plackett–Luce update, and
 * Bradley–Terry strengths by minorization–maximization with intervals from the observed
 * information. The arithmetic follows the packages' order of operations (pow where they
 * write **), so the ratings agree with theirs to rounding. */
#include "rating.h"

#include <math.h>
#include <string.h>

/* ---- TrueSkill's normal distribution, as the package's default backend computes it ---- */

/* The complementary error function by the Chebyshev fit of Numerical Recipes (fractional
 * error below 1.2e-7): what the package's default backend uses, so draw margins and
 * truncations come out as its do. */
static double ts_erfc(double x) {
    double z = fabs(x), t = 1. / (1. + z / 2.);
    double r = t * exp(-z * z - 1.26551223 +
                       t * (1.00002368 +
                            t * (0.37409196 +
                                 t * (0.09678418 +
                                      t * (-0.18628806 +
                                           t * (0.27886807 +
                                                t * (-1.13520398 +
                                                     t * (1.48851587 +
                                                          t * (-0.82215223 +
                                                               t * 0.17087277)))))))));
    return x < 0 ? 2. - r : r;
}

static double ts_cdf(double x) { return 0.5 * ts_erfc(-x / sqrt(2)); }

static double ts_pdf(double x) { return 1 / sqrt(2 * 3.141592653589793) * 1.0 * exp(-(pow(x, 2) / 2)); }

/* The inverse of ts_erfc: a rational first guess and two Newton steps. */
static double ts_erfcinv(double y) {
    if (y >= 2) return -100.;
    if (y <= 0) return 100.;
    int zero_point = y < 1;
    if (!zero_point) y = 2 - y;
    double t = sqrt(-2 * log(y / 2.));
    double x = -0.70711 * ((2.30753 + t * 0.27061) / (1. + t * (0.99229 + t * 0.04481)) - t);
    for (int i = 0; i < 2; i++) {
        double err = ts_erfc(x) - y;
        x += err / (1.12837916709551257 * exp(-pow(x, 2)) - x * err);
    }
    return zero_point ? x : -x;
}

static double ts_ppf(double p) { return 0 - 1 * sqrt(2) * ts_erfcinv(2 * p); }

/* v and w of a win (the truncated Gaussian's mean and variance corrections) and of a draw.
 * A w outside (0, 1) is the package's FloatingPointError: returned as NAN. */
static double v_win(double diff, double margin) {
    double x = diff - margin, denom = ts_cdf(x);
    return denom != 0 ? ts_pdf(x) / denom : -x;
}

static double v_draw(double diff, double margin) {
    double ad = fabs(diff), a = margin - ad, b = -margin - ad;
    double denom = ts_cdf(a) - ts_cdf(b), numer = ts_pdf(b) - ts_pdf(a);
    return (denom != 0 ? numer / denom : a) * (diff < 0 ? -1 : +1);
}

static double w_win(double diff, double margin) {
    double x = diff - margin, v = v_win(diff, margin), w = v * (v + x);
    return 0 < w && w < 1 ? w : NAN;
}

static double w_draw(double diff, double margin) {
    double ad = fabs(diff), a = margin - ad, b = -margin - ad;
    double denom = ts_cdf(a) - ts_cdf(b);
    if (denom == 0) return NAN;
    double v = v_draw(ad, margin);
    return pow(v, 2) + (a * ts_pdf(a) - b * ts_pdf(b)) / denom;
}

/* ---- TrueSkill's factor graph: Gaussians in natural parameters, variables with one
 * message per connected factor ---- */

typedef struct gauss {
    double pi, tau;
} gauss;

static double g_mu(gauss g) { return g.pi != 0 ? g.tau / g.pi : g.pi; }
static double g_sigma(gauss g) { return g.pi != 0 ? sqrt(1 / g.pi) : INFINITY; }
static gauss g_of(double mu, double sigma) {
    gauss g;
    g.pi = pow(sigma, -2);
    g.tau = g.pi * mu;
    return g;
}
static gauss g_div(gauss a, gauss b) { return (gauss){a.pi - b.pi, a.tau - b.tau}; }
static gauss g_mul(gauss a, gauss b) { return (gauss){a.pi + b.pi, a.tau + b.tau}; }

enum { PORTS = 3 };
typedef struct var {
    gauss val, msg[PORTS];
} var;

static double var_set(var *v, gauss g) {
    double pi_delta = fabs(v->val.pi - g.pi), delta;
    if (isinf(pi_delta))
        delta = 0.;
    else
        delta = fmax(fabs(v->val.tau - g.tau), sqrt(pi_delta));
    v->val = g;
    return delta;
}

/* A factor replaces its message to v; v's value changes by the same ratio. */
static double update_message(var *v, int port, gauss m) {
    gauss old = v->msg[port];
    v->msg[port] = m;
    return var_set(v, g_mul(g_div(v->val, old), m));
}

/* A factor sets v's value; its message becomes what makes the value so. */
static double update_value(var *v, int port, gauss value) {
    gauss old = v->msg[port];
    v->msg[port] = g_div(g_mul(value, old), v->val);
    return var_set(v, value);
}

/* One end of an edge: a variable and the port its factor's message lives in. */
typedef struct end {
    var *v;
    int port;
} end;

/* A sum factor's message to `to` from the terms `from` with coefficients c. */
static double sum_update(end to, const end *from, const double *c, int k) {
    double pi_inv = 0, mu = 0;
    for (int i = 0; i < k; i++) {
        gauss div = g_div(from[i].v->val, from[i].v->msg[from[i].port]);
        mu += c[i] * g_mu(div);
        if (isinf(pi_inv)) continue;
        if (div.pi == 0)
            pi_inv = INFINITY;
        else
            pi_inv += pow(c[i], 2) / div.pi;
    }
    double pi = 1. / pi_inv;
    return update_message(to.v, to.port, (gauss){pi, pi * mu});
}

/* The likelihood factor perf ~ N(skill, beta^2): from `from` to `to`. */
static double likelihood_pass(end from, end to, double variance) {
    gauss m = g_div(from.v->val, from.v->msg[from.port]);
    double a = 1. / (1. + variance * m.pi);
    return update_message(to.v, to.port, (gauss){a * m.pi, a * m.tau});
}

/* The difference factor d = left - right: down to d, or up to left (side 0) or right (1). */
static double diff_down(end d, end left, end right) {
    end terms[2] = {left, right};
    double c[2] = {+1, -1};
    return sum_update(d, terms, c, 2);
}

static double diff_up(end d, end left, end right, int side) {
    /* the package's coefficients: the target's slot holds the sum variable, 1/c for it and
     * -c'/c for the other term (left = d + right; right = left - d) */
    end terms[2];
    if (side == 0) {
        double c[2] = {1. / 1., -(-1.) / 1.};
        terms[0] = d, terms[1] = right;
        return sum_update(left, terms, c, 2);
    }
    double c[2] = {-(1.) / -1., 1. / -1.};
    terms[0] = left, terms[1] = d;
    return sum_update(right, terms, c, 2);
}

/* The truncation factor of a win or a draw on the difference d. NAN when it overflows. */
static double truncate_up(end d, int draw, double margin) {
    gauss div = g_div(d.v->val, d.v->msg[d.port]);
    double sqrt_pi = sqrt(div.pi), x = div.tau / sqrt_pi, m = margin * sqrt_pi;
    double v = draw ? v_draw(x, m) : v_win(x, m), w = draw ? w_draw(x, m) : w_win(x, m);
    if (isnan(w)) return NAN;
    double denom = 1. - w;
    return update_value(d.v, d.port, (gauss){div.pi / denom, (div.tau + sqrt_pi * v) / denom});
}

void kit_trueskill_defaults(kit_trueskill_env *env) {
    env->mu = 25.;
    env->sigma = env->mu / 3;
    env->beta = env->sigma / 2;
    env->tau = env->sigma / 100;
    env->draw_probability = .10;
}

double kit_trueskill_score(const kit_rating *r) { return r->mu - 3 * r->sigma; }

/* Stable order of the players by rank (the package sorts with Python's stable sort). */
static void order_by_rank(const int *rank, int n, int *order) {
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && rank[order[j - 1]] > rank[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* Ports: rating 0 prior, 1 likelihood; perf 0 likelihood, 1 team sum; team perf 0 team sum,
 * 1 difference on its left, 2 difference on its right; difference 0 its sum, 1 truncation. */
enum { RATING_PRIOR, RATING_LIK };
enum { PERF_LIK, PERF_SUM };
enum { TEAM_SUM, TEAM_AS_RIGHT, TEAM_AS_LEFT };
enum { DIFF_SUM, DIFF_TRUNC };

typedef struct ts_graph {
    int n;
    var rating[KIT_RATING_MAX_PLAYERS], perf[KIT_RATING_MAX_PLAYERS],
        team[KIT_RATING_MAX_PLAYERS], diff[KIT_RATING_MAX_PLAYERS];
} ts_graph;

static end E(var *v, int port) { return (end){v, port}; }

static double diff_down_at(ts_graph *g, int x) {
    return diff_down(E(&g->diff[x], DIFF_SUM), E(&g->team[x], TEAM_AS_LEFT),
                     E(&g->team[x + 1], TEAM_AS_RIGHT));
}

static double diff_up_at(ts_graph *g, int x, int side) {
    return diff_up(E(&g->diff[x], DIFF_SUM), E(&g->team[x], TEAM_AS_LEFT),
                   E(&g->team[x + 1], TEAM_AS_RIGHT), side);
}

/* The package's schedule: priors, performances and team performances down; then up to ten
 * sweeps over the differences (left to right, then right to left) until the truncations
 * move by at most 1e-4; then everything back up to the skills. Returns -1 on overflow. */
static int ts_run(ts_graph *g, const kit_rating *sorted, const int *draw_after,
                  const kit_trueskill_env *env) {
    int n = g->n, nd = n - 1;
    double margin = ts_ppf((env->draw_probability + 1) / 2.) * sqrt(2) * env->beta;
    double beta2 = pow(env->beta, 2), one = 1.;
    for (int i = 0; i < n; i++) { /* prior: the rating with the dynamics' tau added */
        gauss r = g_of(sorted[i].mu, sorted[i].sigma);
        double s = sqrt(pow(g_sigma(r), 2) + pow(env->tau, 2));
        update_value(&g->rating[i], RATING_PRIOR, g_of(g_mu(r), s));
    }
    for (int i = 0; i < n; i++)
        likelihood_pass(E(&g->rating[i], RATING_LIK), E(&g->perf[i], PERF_LIK), beta2);
    for (int i = 0; i < n; i++) {
        end term = E(&g->perf[i], PERF_SUM);
        sum_update(E(&g->team[i], TEAM_SUM), &term, &one, 1);
    }
    for (int sweep = 0; sweep < 10; sweep++) {
        double delta = 0, d;
        if (nd == 1) {
            diff_down_at(g, 0);
            delta = truncate_up(E(&g->diff[0], DIFF_TRUNC), draw_after[0], margin);
            if (isnan(delta)) return -1;
        } else {
            for (int x = 0; x < nd - 1; x++) {
                diff_down_at(g, x);
                d = truncate_up(E(&g->diff[x], DIFF_TRUNC), draw_after[x], margin);
                if (isnan(d)) return -1;
                delta = fmax(delta, d);
                diff_up_at(g, x, 1);
            }
            for (int x = nd - 1; x > 0; x--) {
                diff_down_at(g, x);
                d = truncate_up(E(&g->diff[x], DIFF_TRUNC), draw_after[x], margin);
                if (isnan(d)) return -1;
                delta = fmax(delta, d);
                diff_up_at(g, x, 0);
            }
        }
        if (delta <= 0.0001) break;
    }
    diff_up_at(g, 0, 0);
    diff_up_at(g, nd - 1, 1);
    for (int i = 0; i < n; i++) {
        end term = E(&g->team[i], TEAM_SUM);
        sum_update(E(&g->perf[i], PERF_SUM), &term, &one, 1);
    }
    for (int i = 0; i < n; i++)
        likelihood_pass(E(&g->perf[i], PERF_LIK), E(&g->rating[i], RATING_LIK), beta2);
    return 0;
}

int kit_trueskill_rate(const kit_trueskill_env *env, kit_rating *r, const int *rank, int n) {
    if (!env || !r || !rank || n < 2 || n > KIT_RATING_MAX_PLAYERS) return -1;
    int order[KIT_RATING_MAX_PLAYERS], draw_after[KIT_RATING_MAX_PLAYERS];
    kit_rating sorted[KIT_RATING_MAX_PLAYERS];
    order_by_rank(rank, n, order);
    for (int i = 0; i < n; i++) sorted[i] = r[order[i]];
    for (int i = 0; i + 1 < n; i++) draw_after[i] = rank[order[i]] == rank[order[i + 1]];
    static const ts_graph empty;
    ts_graph g = empty;
    g.n = n;
    if (ts_run(&g, sorted, draw_after, env)) return -1;
    for (int i = 0; i < n; i++) {
        double mu = g_mu(g.rating[i].val), sigma = g_sigma(g.rating[i].val);
        if (!isfinite(mu) || !isfinite(sigma)) return -1;
        sorted[i].mu = mu;
        sorted[i].sigma = sigma;
    }
    for (int i = 0; i < n; i++) r[order[i]] = sorted[i];
    return 0;
}

/* ---- OpenSkill's Plackett–Luce ---- */

void kit_pl_defaults(kit_pl_env *env) {
    env->mu = 25.0;
    env->sigma = 25.0 / 3.0;
    env->beta = 25.0 / 6.0;
    env->kappa = 0.0001;
    env->tau = 25.0 / 300.0;
}

/* The update of players sorted by rank (rank[] sorted too): mu and sigma of each. */
static void pl_sorted(const kit_pl_env *env, kit_rating *p, const int *rank, int n) {
    double s2[KIT_RATING_MAX_PLAYERS], e[KIT_RATING_MAX_PLAYERS], sum_q[KIT_RATING_MAX_PLAYERS];
    int a[KIT_RATING_MAX_PLAYERS];
    double collective = 0.0, beta2 = pow(env->beta, 2);
    for (int i = 0; i < n; i++) {
        s2[i] = pow(p[i].sigma * 1.0, 2);
        collective += s2[i] + beta2;
    }
    double c = sqrt(collective);
    for (int i = 0; i < n; i++) e[i] = exp(p[i].mu / c);
    for (int q = 0; q < n; q++) {
        sum_q[q] = 0;
        int first = 1;
        for (int i = 0; i < n; i++)
            if (rank[i] >= rank[q]) {
                sum_q[q] = first ? e[i] : sum_q[q] + e[i];
                first = 0;
            }
        a[q] = 0;
        for (int i = 0; i < n; i++) a[q] += rank[i] == rank[q];
    }
    kit_rating out[KIT_RATING_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        double omega = 0.0, delta = 0.0;
        for (int q = 0; q < n; q++) {
            double ratio = e[i] / sum_q[q];
            if (rank[q] <= rank[i]) {
                delta += ratio * (1 - ratio) / a[q];
                if (q == i)
                    omega += (1 - ratio) / a[q];
                else
                    omega -= ratio / a[q];
            }
        }
        omega *= s2[i] / c;
        delta *= s2[i] / pow(c, 2);
        delta *= sqrt(s2[i]) / c; /* the default gamma: sigma / c */
        double mu = p[i].mu, sigma = p[i].sigma, share = pow(sigma, 2) / s2[i];
        if (omega >= 0) {
            mu += share * omega * 1.0;
            sigma *= sqrt(fmax(1 - share * delta * 1.0, env->kappa));
        } else {
            mu += share * omega / 1.0;
            sigma *= sqrt(fmax(1 - share * delta / 1.0, env->kappa));
        }
        out[i].mu = mu;
        out[i].sigma = sigma;
    }
    /* openskill 6.2.0 then means to give tied players the mean of their mu changes, but it
     * measures the changes on the already updated players (zero each), so tied players keep
     * their own updates; so do they here */
    memcpy(p, out, (size_t)n * sizeof *p);
}

int kit_pl_rate(const kit_pl_env *env, kit_rating *r, const int *rank, int n) {
    if (!env || !r || !rank || n < 2 || n > KIT_RATING_MAX_PLAYERS) return -1;
    int order[KIT_RATING_MAX_PLAYERS], sorted_rank[KIT_RATING_MAX_PLAYERS];
    kit_rating p[KIT_RATING_MAX_PLAYERS];
    order_by_rank(rank, n, order);
    double tau2 = env->tau * env->tau;
    for (int i = 0; i < n; i++) {
        p[i].mu = r[order[i]].mu;
        p[i].sigma = sqrt(r[order[i]].sigma * r[order[i]].sigma + tau2);
        sorted_rank[i] = rank[order[i]];
    }
    pl_sorted(env, p, sorted_rank, n);
    for (int i = 0; i < n; i++) r[order[i]] = p[i];
    return 0;
}

/* ---- Bradley–Terry ---- */

double kit_score_of_elo(double elo) { return 1 / (1 + pow(10, -elo / 400)); }
double kit_elo_of_score(double s) { return -400 * log10(1 / s - 1); }

/* Connected: every entrant reaches entrant 0 through pairs that played. */
static int connected(int n, const double *games) {
    int seen[KIT_BT_MAX] = {0}, stack[KIT_BT_MAX], top = 0;
    seen[0] = 1;
    stack[top++] = 0;
    while (top > 0) {
        int i = stack[--top];
        for (int j = 0; j < n; j++)
            if (!seen[j] && games[i * n + j] > 0) seen[j] = 1, stack[top++] = j;
    }
    for (int i = 0; i < n; i++)
        if (!seen[i]) return 0;
    return 1;
}

/* Inverts the n x n matrix m in place (Gauss–Jordan with partial pivoting); -1 if singular. */
static int invert(int n, double *m) {
    double inv[KIT_BT_MAX * KIT_BT_MAX];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) inv[i * n + j] = i == j;
    for (int col = 0; col < n; col++) {
        int piv = col;
        for (int i = col + 1; i < n; i++)
            if (fabs(m[i * n + col]) > fabs(m[piv * n + col])) piv = i;
        if (fabs(m[piv * n + col]) < 1e-300) return -1;
        for (int j = 0; j < n; j++) {
            double t = m[col * n + j];
            m[col * n + j] = m[piv * n + j], m[piv * n + j] = t;
            t = inv[col * n + j];
            inv[col * n + j] = inv[piv * n + j], inv[piv * n + j] = t;
        }
        double d = m[col * n + col];
        for (int j = 0; j < n; j++) m[col * n + j] /= d, inv[col * n + j] /= d;
        for (int i = 0; i < n; i++) {
            if (i == col || m[i * n + col] == 0) continue;
            double f = m[i * n + col];
            for (int j = 0; j < n; j++) m[i * n + j] -= f * m[col * n + j], inv[i * n + j] -= f * inv[col * n + j];
        }
    }
    memcpy(m, inv, (size_t)n * (size_t)n * sizeof *m);
    return 0;
}

int kit_bradley_terry(int n, const double *games, const double *points, double prior_draws,
                      double *elo, double *half) {
    if (n < 2 || n > KIT_BT_MAX || !games || !points || !elo || !half || prior_draws < 0)
        return -1;
    if (!connected(n, games)) return -1;
    double g[KIT_BT_MAX * KIT_BT_MAX], won[KIT_BT_MAX], s[KIT_BT_MAX], next[KIT_BT_MAX];
    for (int i = 0; i < n; i++) {
        won[i] = 0;
        s[i] = 1;
        for (int j = 0; j < n; j++) {
            double prior = i != j && games[i * n + j] > 0 ? prior_draws : 0;
            g[i * n + j] = i == j ? 0 : games[i * n + j] + prior;
            if (i != j) won[i] += points[i * n + j] + prior / 2;
        }
        if (won[i] <= 0) return -1; /* no win, no draw: the maximum is at minus infinity */
    }
    /* minorization–maximization (Hunter 2004): s_i = W_i / sum_j g_ij / (s_i + s_j),
     * renormalized to geometric mean 1, until the strengths settle */
    for (int iter = 0; iter < 100000; iter++) {
        double change = 0, logsum = 0;
        for (int i = 0; i < n; i++) {
            double den = 0;
            for (int j = 0; j < n; j++)
                if (g[i * n + j] > 0) den += g[i * n + j] / (s[i] + s[j]);
            next[i] = won[i] / den;
            logsum += log(next[i]);
        }
        double scale = exp(logsum / n);
        for (int i = 0; i < n; i++) {
            next[i] /= scale;
            change = fmax(change, fabs(log(next[i] / s[i])));
            s[i] = next[i];
        }
        if (change < 1e-13) break;
    }
    /* the observed information in log-strengths, plus J/n: its inverse minus J/n is the
     * covariance under the mean-0 constraint */
    double h[KIT_BT_MAX * KIT_BT_MAX];
    for (int i = 0; i < n; i++) {
        h[i * n + i] = 0;
        for (int j = 0; j < n; j++) {
            if (j == i) continue;
            double p = s[i] / (s[i] + s[j]), f = g[i * n + j] * p * (1 - p);
            h[i * n + j] = -f;
            h[i * n + i] += f;
        }
    }
    for (int k = 0; k < n * n; k++) h[k] += 1.0 / n;
    if (invert(n, h)) return -1;
    double to_elo = 400 / log(10);
    for (int i = 0; i < n; i++) {
        double var = h[i * n + i] - 1.0 / n;
        elo[i] = to_elo * log(s[i]);
        half[i] = 1.96 * to_elo * sqrt(var > 0 ? var : 0);
    }
    return 0;
}
