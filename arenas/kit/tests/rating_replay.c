/* rating_replay.c — rates a sequence of free-for-all games read from stdin with the kit's
 * TrueSkill and Plackett–Luce, for the reference test against the Python packages
 * (test_rating_reference.py). Input: a first line "ENTRANTS", then one game per line:
 * "N E1 R1 E2 R2 ... EN RN" (entrant and rank of each player). Output: after each game, one
 * line "ts MU SIGMA ... pl MU SIGMA ..." over every entrant, with 17 significant digits. */
#include <stdio.h>
#include <stdlib.h>

#include "kit/rating.h"

int main(void) {
    int entrants;
    if (scanf("%d", &entrants) != 1 || entrants < 2 || entrants > 64) {
        fputs("rating_replay: bad entrant count\n", stderr);
        return 2;
    }
    kit_trueskill_env te;
    kit_pl_env pe;
    kit_trueskill_defaults(&te);
    kit_pl_defaults(&pe);
    kit_rating ts[64], pl[64];
    for (int e = 0; e < entrants; e++) {
        ts[e] = (kit_rating){te.mu, te.sigma};
        pl[e] = (kit_rating){pe.mu, pe.sigma};
    }
    int n;
    while (scanf("%d", &n) == 1) {
        int who[KIT_RATING_MAX_PLAYERS], rank[KIT_RATING_MAX_PLAYERS];
        if (n < 2 || n > KIT_RATING_MAX_PLAYERS) return fputs("rating_replay: bad game\n", stderr), 2;
        for (int i = 0; i < n; i++)
            if (scanf("%d %d", &who[i], &rank[i]) != 2 || who[i] < 0 || who[i] >= entrants)
                return fputs("rating_replay: bad player\n", stderr), 2;
        kit_rating a[KIT_RATING_MAX_PLAYERS], b[KIT_RATING_MAX_PLAYERS];
        for (int i = 0; i < n; i++) a[i] = ts[who[i]], b[i] = pl[who[i]];
        if (kit_trueskill_rate(&te, a, rank, n) || kit_pl_rate(&pe, b, rank, n))
            return fputs("rating_replay: rating failed\n", stderr), 1;
        for (int i = 0; i < n; i++) ts[who[i]] = a[i], pl[who[i]] = b[i];
        fputs("ts", stdout);
        for (int e = 0; e < entrants; e++) printf(" %.17g %.17g", ts[e].mu, ts[e].sigma);
        fputs(" pl", stdout);
        for (int e = 0; e < entrants; e++) printf(" %.17g %.17g", pl[e].mu, pl[e].sigma);
        putchar('\n');
    }
    return 0;
}
