/* minimax.c — choosing a move: a filter chain, then the best worst case over opponents' moves.
 *
 * What it shows: a corridor of cells 0..10; I stand on 6, chasers on 2 and 10. My candidates
 * are "left", "stay", "right" and "jump" (+5, off the board). dmap_filter_moves runs a chain:
 * "on the board" removes the jump; "4+ cells from every cell a chaser can reach next turn"
 * would remove every candidate, so it has no opinion and removes none. dmap_minimax_moves then
 * scores each survivor against all 3 x 3 moves of the two chasers (left, stay, right; clamped
 * to the corridor); the outcome is my distance to the nearest chaser (higher is better).
 * By hand: left gives worst 2 (the chaser on 2 steps to 3), stay 3, right 2 (the one on 10
 * steps to 9) — so the only best move is "stay", with worst case 3. The program checks that.
 *
 * Run: build/examples/example_minimax
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>

enum { LAST = 10 };
static const int STEP[] = {-1, 0, +1, +5};
static const char *const NAME[] = {"left", "stay", "right", "jump"};
static const int ME = 6, CHASER[2] = {2, 10};

static int clamp(int c) { return c < 0 ? 0 : c > LAST ? LAST : c; }
static double on_board(void *u, int mv) { (void)u; return ME + STEP[mv] <= LAST; }
static double far_from_reach(void *u, int mv) {
    (void)u;
    int near = abs(ME + STEP[mv] - CHASER[0]) < abs(ME + STEP[mv] - CHASER[1]) ? 0 : 1;
    return abs(ME + STEP[mv] - CHASER[near]) - 1 >= 4; /* a chaser gets 1 step closer */
}

static double outcome(void *user, int i, const int *opp, size_t nopp) {
    const int *cands = user;
    int me = ME + STEP[cands[i]], best = LAST + 1;
    for (size_t j = 0; j < nopp; j++) {
        int d = abs(me - clamp(CHASER[j] + STEP[opp[j]]));
        if (d < best) best = d;
    }
    return best;
}

int main(void) {
    int cands[] = {0, 1, 2, 3}, best[4];
    size_t n = 4, removed[2], nbest = 0, opp_moves[2] = {3, 3};
    dmap_filter filters[] = {{DMAP_FILTER_KEEP_TRUE, on_board, NULL},
                             {DMAP_FILTER_KEEP_TRUE, far_from_reach, NULL}};
    double worst[4], average[4];
    int rc = dmap_filter_moves(cands, &n, filters, 2, removed);
    if (rc == DMAP_OK)
        rc = dmap_minimax_moves(n, opp_moves, 2, outcome, cands, worst, average, best, &nbest);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    printf("filter \"on the board\" removed %zu, \"far from reach\" removed %zu (no opinion)\n",
           removed[0], removed[1]);
    for (size_t i = 0; i < n; i++)
        printf("  %-5s worst %g, average %.3f\n", NAME[cands[i]], worst[i], average[i]);
    printf("best:");
    for (size_t i = 0; i < nbest; i++) printf(" %s", NAME[cands[best[i]]]);
    int ok = n == 3 && nbest == 1 && cands[best[0]] == 1 && worst[best[0]] == 3;
    printf("\nthe only best move is stay, worst case 3: %s\n", ok ? "yes" : "NO");
    return ok ? 0 : 1;
}
