/* test_kit_league.c — the league's tally order (league.h): kit_league_game_at takes every game
 * once, deal by deal (every pairing's games of deal 0, then of deal 1, ...), for full and short
 * last deals; and a league's printed TrueSkill is that of its games rated in that order (an
 * oracle here rates the same games with the rating code in deal order; rated one pairing
 * after another, as the league did, the figures differ). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/league.h"
#include "kit/rating.h"
#include "kit/tournament.h"

#include "../../../tests/check.h"

/* game_at: a permutation of the schedule, deals in order, each deal's games table by table */
static void check_order(long tables, long games, int seats) {
    long total = tables * games;
    char *seen = calloc((size_t)total, 1);
    long last_deal = 0, last_table = -1;
    for (long n = 0; n < total; n++) {
        long g = kit_league_game_at(n, tables, games, seats);
        CHECK(g >= 0 && g < total, "tables %ld games %ld seats %d: game %ld of %ld", tables,
              games, seats, g, total);
        if (g < 0 || g >= total) break;
        CHECK(!seen[g], "tables %ld games %ld seats %d: game %ld taken twice", tables, games,
              seats, g);
        seen[g] = 1;
        long deal = g % games / seats, table = g / games;
        CHECK(deal >= last_deal, "game %ld (deal %ld) after deal %ld", g, deal, last_deal);
        if (deal != last_deal) last_table = -1;
        CHECK(table >= last_table, "deal %ld: table %ld after table %ld", deal, table, last_table);
        last_deal = deal, last_table = table;
    }
    free(seen);
}

/* A game of two seats: the lower entrant wins with a chance that grows with the gap, drawn
 * from the game seed (the same game whatever the order it is rated in). */
static int play(void *ctx, const kit_seating *s, int *rank, void *rec, char *why, size_t cap) {
    (void)ctx, (void)rec, (void)why, (void)cap;
    int a = s->entrant[0], b = s->entrant[1];
    int lo_seat = a < b ? 0 : 1, gap = a < b ? b - a : a - b;
    int lo_wins = (int)(s->game_seed % 100) < 50 + 15 * gap;
    rank[lo_seat] = lo_wins ? 1 : 2;
    rank[1 - lo_seat] = lo_wins ? 2 : 1;
    return 0;
}

/* The TrueSkill mu of the league's games rated in the order game_at(n) gives (or, order 0,
 * in index order: one pairing after another). */
static void oracle(int n, long games, uint64_t seed, int deal_order, double *mu) {
    kit_tables t;
    CHECK(kit_tables_init(&t, n, 2, games) == 0, "tables");
    kit_trueskill_env te;
    kit_trueskill_defaults(&te);
    kit_rating r[8];
    for (int e = 0; e < n; e++) r[e] = (kit_rating){te.mu, te.sigma};
    long total = t.tables * games;
    for (long at = 0; at < total; at++) {
        long g = deal_order ? kit_league_game_at(at, t.tables, games, 2) : at;
        kit_seating s;
        kit_tables_seat(&t, g, seed, &s);
        int rank[2];
        char why[8];
        play(NULL, &s, rank, NULL, why, sizeof why);
        kit_rating a[2] = {r[s.entrant[0]], r[s.entrant[1]]};
        if (kit_trueskill_rate(&te, a, rank, 2) == 0) r[s.entrant[0]] = a[0], r[s.entrant[1]] = a[1];
    }
    for (int e = 0; e < n; e++) mu[e] = r[e].mu;
    kit_tables_free(&t);
}

/* The TrueSkill mu column of a league's printed table (after five cells of the entrant rows). */
static int printed_mu(FILE *f, int n, double *mu) {
    char line[1024];
    int got = 0;
    rewind(f);
    while (fgets(line, sizeof line, f))
        for (int e = 0; e < n; e++) {
            char head[8];
            snprintf(head, sizeof head, "| %c | ", 'A' + e);
            if (strncmp(line, head, strlen(head)) != 0) continue;
            char *cell = line;
            for (int k = 0; k < 5 && cell; k++) cell = strchr(cell + 1, '|');
            if (cell && sscanf(cell + 1, "%lf", &mu[e]) == 1) got++;
        }
    return got;
}

int main(void) {
    check_order(1, 10, 2);
    check_order(3, 10, 2);
    check_order(3, 9, 2);  /* a short last deal */
    check_order(4, 7, 3);
    check_order(10, 1, 4); /* only a short deal */
    check_order(6, 12, 4);

    const char *names[] = {"a", "b", "c", "d"};
    const int n = 4;
    const long games = 30;
    kit_league l = {.prog = "test", .entrants = n, .names = names, .seats = 2, .games = games,
                    .seed = 9, .jobs = 2, .play = play};
    FILE *f = tmpfile();
    CHECK(f != NULL, "tmpfile");
    if (!f) return check_report("test_kit_league");
    CHECK(kit_league_run(&l, f) == 0, "the league ran");
    double got[8], want[8], by_pairing[8];
    CHECK(printed_mu(f, n, got) == n, "the table's TrueSkill column");
    oracle(n, games, 9, 1, want);
    oracle(n, games, 9, 0, by_pairing);
    int differs = 0;
    for (int e = 0; e < n; e++) {
        CHECK(got[e] > want[e] - 0.0006 && got[e] < want[e] + 0.0006,
              "entrant %d: TrueSkill mu %.3f, rated deal by deal %.3f", e, got[e], want[e]);
        differs |= by_pairing[e] > want[e] + 0.001 || by_pairing[e] < want[e] - 0.001;
    }
    CHECK(differs, "rated one pairing after another the same mu: the test would not tell");
    fclose(f);
    return check_report("test_kit_league");
}
