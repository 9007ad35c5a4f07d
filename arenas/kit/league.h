/* league.h — a league: every pairing (two-seat games) or every free-for-all table (a
 * combination of `seats` entrants out of the list) plays N games with the seats rotated,
 * game k of every table on deal k / seats (the same deals for every table); then one table of
 * ratings (TrueSkill, OpenSkill's Plackett–Luce, Bradley–Terry Elo with 95% intervals), the
 * pairwise score matrix and the games per pairing, and optionally a standalone HTML report of
 * the same. The ratings rate the games in index order, so the output is the same for any
 * --jobs.
 *
 * Typical use in an arena's cmd_league.c: parse the common options with kit_league_option,
 * the arena's own with its parsers, look up the bots, fill a kit_league, kit_league_run. */
#ifndef KIT_LEAGUE_H
#define KIT_LEAGUE_H

#include <stdint.h>
#include <stdio.h>

#include "outside.h"
#include "seating.h"

#define KIT_LEAGUE_MAX_ENTRANTS 16

/* The options every arena's league takes: --bots (the raw list, split by the arena), --games,
 * --seed, --jobs, --html. */
typedef struct kit_league_opts {
    char *bots;
    long games; /* per pairing or table; -1 until given */
    uint64_t seed;
    int jobs;
    const char *html;
} kit_league_opts;

void kit_league_opts_init(kit_league_opts *o);

/* 1 when argv[*i] is one of the options above (its value consumed and checked), 0 when it is
 * not, -1 after one line on stderr for a bad value. */
int kit_league_option(const char *prog, int argc, char **argv, int *i, kit_league_opts *o);

typedef struct kit_league {
    const char *prog;               /* "kutulu": the output's and the messages' first word */
    int entrants;                   /* 2 .. KIT_LEAGUE_MAX_ENTRANTS, at least `seats` */
    const char *const *names;       /* each entrant's bot name */
    int seats;                      /* seats per game, 2 .. KIT_MAX_SEATS */
    long games;                     /* per pairing or table */
    uint64_t seed;
    int jobs;
    kit_play_fn play; /* seating.h; called with record NULL */
    void *ctx;
    const char *html;               /* the report's path, or NULL */
    int argc;                       /* the command line, for the report */
    char *const *argv;
    /* optional: the arena's record of a game (record_size bytes; 0: none asked) and where in it
     * its kit_end per seat lie (why an outside program was ended), for the table of endings */
    size_t record_size, ended_at;
} kit_league;

/* The tables (pairings or free-for-all tables) a league of n entrants in `seats` seats plays. */
long kit_league_tables(int entrants, int seats);

/* "pairing", "pairings", "table" or "tables": what a league of `seats` plays n of (here, so
 * that the table and the page say it alike without the page calling into the runner). */
static inline const char *kit_league_unit(int seats, long n) {
    if (seats == 2) return n == 1 ? "pairing" : "pairings";
    return n == 1 ? "table" : "tables";
}

/* The order of the tally: the n-th game (0 ..) it rates is game kit_league_game_at(n, ...) of
 * the schedule (kit_tables: game k of table t is t * games + k, on deal k / seats). The games
 * are taken deal by deal, every table's games of deal 0, then every table's of deal 1, ...
 * (tables in their order, a deal's games in theirs), so TrueSkill and Plackett-Luce, which
 * depend on the order of the games, see every pairing progress together instead of one
 * pairing after another (the order of the pairings no longer sways the ranking). The games
 * and their seeds are those of the schedule, so the counts, places, pairwise scores and
 * Bradley-Terry Elo do not depend on it. */
long kit_league_game_at(long n, long tables, long games, int seats);

/* Plays the league and prints its tables on out; writes the report when asked. 0; 1 when games
 * failed (the tables count the others, stderr says why) or the report could not be written;
 * 2 (KIT_EXIT_USAGE) after one line for entrants/seats out of range. */
int kit_league_run(const kit_league *l, FILE *out);

/* The report (league.c): the same figures as the tables, as one standalone page. */
typedef struct kit_league_summary {
    const kit_league *l;
    long played, failed, tables;
    double ts_mu[KIT_LEAGUE_MAX_ENTRANTS], ts_sigma[KIT_LEAGUE_MAX_ENTRANTS];
    double pl_mu[KIT_LEAGUE_MAX_ENTRANTS], pl_sigma[KIT_LEAGUE_MAX_ENTRANTS];
    double elo[KIT_LEAGUE_MAX_ENTRANTS], elo_half[KIT_LEAGUE_MAX_ENTRANTS];
    int elo_ok;
    long games_of[KIT_LEAGUE_MAX_ENTRANTS], firsts[KIT_LEAGUE_MAX_ENTRANTS];
    double place_sum[KIT_LEAGUE_MAX_ENTRANTS];
    /* pairwise, row against column: games together and the row's points (1 a better place,
     * 0.5 the same) */
    double pair_games[KIT_LEAGUE_MAX_ENTRANTS * KIT_LEAGUE_MAX_ENTRANTS];
    double pair_points[KIT_LEAGUE_MAX_ENTRANTS * KIT_LEAGUE_MAX_ENTRANTS];
    kit_end_tally ended[KIT_LEAGUE_MAX_ENTRANTS]; /* how each entrant's games ended for it (only
                                                     with a record: kit_league's ended_at) */
} kit_league_summary;

/* Writes the report to path (through a temporary file renamed at the end, so no half-written
 * page is left). 0, or -1 after one line on stderr. */
int kit_league_html(const kit_league_summary *s, const char *path);

#endif
