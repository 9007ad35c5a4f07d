/* choice.c — move choice helpers of the Code of Kutulu post-mortem: a chain of filters in which a
 * filter that would remove every candidate has "no opinion", and worst-case (minimax) scoring of my
 * moves over every combination of the opponents' moves, keeping ALL the moves with the best worst
 * case (so later filters can still choose among them), and the average case beside it. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "dmap.h"

enum { SMALL_LIST = 64 };

/* Is score s kept by a filter of this kind whose best score over the list is best? */
static int kept(dmap_filter_kind kind, double s, double best) {
    if (kind == DMAP_FILTER_KEEP_TRUE) return s != 0 && !isnan(s);
    return !isnan(s) && s == best;
}

/* Apply one filter; returns how many it removed (0 when it has no opinion). */
static size_t apply_filter(const dmap_filter *f, int *cands, size_t *n, double *score) {
    double best = NAN;
    for (size_t i = 0; i < *n; i++) {
        score[i] = f->score(f->user, cands[i]);
        if (isnan(score[i])) continue;
        if (isnan(best) || (f->kind == DMAP_FILTER_KEEP_MAX && score[i] > best) ||
            (f->kind == DMAP_FILTER_KEEP_MIN && score[i] < best))
            best = score[i];
    }
    size_t keep = 0;
    for (size_t i = 0; i < *n; i++) keep += (size_t)kept(f->kind, score[i], best);
    if (keep == 0 || keep == *n) return 0; /* no opinion, or nothing to remove */
    size_t j = 0;
    for (size_t i = 0; i < *n; i++)
        if (kept(f->kind, score[i], best)) cands[j++] = cands[i];
    size_t removed = *n - j;
    *n = j;
    return removed;
}

int dmap_filter_moves(int *cands, size_t *n, const dmap_filter *filters, size_t nfilters,
                      size_t *removed) {
    if (!n || (*n > 0 && !cands) || (nfilters > 0 && !filters)) return DMAP_ERR_ARG;
    for (size_t k = 0; k < nfilters; k++)
        if (!filters[k].score || (filters[k].kind != DMAP_FILTER_KEEP_TRUE &&
                                  filters[k].kind != DMAP_FILTER_KEEP_MAX &&
                                  filters[k].kind != DMAP_FILTER_KEEP_MIN))
            return DMAP_ERR_ARG;
    double small[SMALL_LIST], *score = small;
    if (*n > SMALL_LIST) {
        if (*n > SIZE_MAX / sizeof(double)) return DMAP_ERR_NOMEM;
        score = (double *)malloc(*n * sizeof(double));
        if (!score) return DMAP_ERR_NOMEM;
    }
    for (size_t k = 0; k < nfilters; k++) {
        size_t r = *n > 0 ? apply_filter(&filters[k], cands, n, score) : 0;
        if (removed) removed[k] = r;
    }
    if (score != small) free(score);
    return DMAP_OK;
}

/* ---- minimax -------------------------------------------------------------------------------- */

/* Count the combinations of opponents' moves; 0 when there are more than 2^32. */
static uint64_t combinations(const size_t *nopp_moves, size_t nopp) {
    uint64_t total = 1;
    for (size_t j = 0; j < nopp; j++) {
        if (nopp_moves[j] > ((uint64_t)1 << 32) / total) return 0;
        total *= nopp_moves[j];
        if (total > ((uint64_t)1 << 32)) return 0;
    }
    return total;
}

/* Next combination in odometer order, last opponent fastest. Returns 0 after the last. */
static int next_combination(int *opp, const size_t *nopp_moves, size_t nopp) {
    for (size_t j = nopp; j-- > 0;) {
        if ((size_t)++opp[j] < nopp_moves[j]) return 1;
        opp[j] = 0;
    }
    return 0;
}

/* Worst and mean outcome of my move i over all combinations. */
static int score_move(int i, int *opp, const size_t *nopp_moves, size_t nopp, dmap_outcome_fn f,
                      void *user, uint64_t ncomb, double *worst, double *mean) {
    for (size_t j = 0; j < nopp; j++) opp[j] = 0;
    double low = INFINITY, sum = 0;
    do {
        double v = f(user, i, nopp > 0 ? opp : NULL, nopp);
        if (isnan(v)) return DMAP_ERR_VALUE;
        if (v < low) low = v;
        sum += v;
    } while (next_combination(opp, nopp_moves, nopp));
    *worst = low;
    *mean = sum / (double)ncomb;
    return DMAP_OK;
}

int dmap_minimax_moves(size_t nmine, const size_t *nopp_moves, size_t nopp, dmap_outcome_fn f,
                       void *user, double *worst, double *average, int *best, size_t *nbest) {
    if (!f || !worst || nmine == 0 || nmine > INT_MAX || (nopp > 0 && !nopp_moves))
        return DMAP_ERR_ARG;
    for (size_t j = 0; j < nopp; j++)
        if (nopp_moves[j] == 0 || nopp_moves[j] > INT_MAX) return DMAP_ERR_ARG;
    if (nopp > DMAP_MINIMAX_MAX_OPPONENTS) return DMAP_ERR_LIMIT;
    uint64_t ncomb = combinations(nopp_moves, nopp);
    if (ncomb == 0) return DMAP_ERR_LIMIT;
    /* A fixed bound instead of a per-call allocation: bots call this every tick. */
    int opp[DMAP_MINIMAX_MAX_OPPONENTS];
    int rc = DMAP_OK;
    double top = -INFINITY;
    for (size_t i = 0; i < nmine && rc == DMAP_OK; i++) {
        double mean;
        rc = score_move((int)i, opp, nopp_moves, nopp, f, user, ncomb, &worst[i], &mean);
        if (rc == DMAP_OK && average) average[i] = mean;
        if (rc == DMAP_OK && (i == 0 || worst[i] > top)) top = worst[i];
    }
    if (rc != DMAP_OK) return rc;
    size_t count = 0;
    for (size_t i = 0; i < nmine; i++)
        if (worst[i] == top) {
            if (best) best[count] = (int)i;
            count++;
        }
    if (nbest) *nbest = count;
    return DMAP_OK;
}
