/* league.c — the league: its options, the tables (combinations of entrants in lexicographic
 * order), the games on the tournament runner, the tally interleaved by deal (placings, pairwise
 * scores, TrueSkill and Plackett–Luce game by game, Bradley–Terry at the end), the printed
 * tables, and its report as one standalone HTML page (no scripts, no outside files): the
 * command that made it, the rating table, the pairwise score matrix as a heatmap (red 0% to
 * green 100%), the games per pairing and, when the arena gives its records, how the outside
 * programs' games ended. The page's tables carry ids (ratings, pairwise, games, ended) and cells data-value attributes with the unrounded figures, for whoever reads the
 * page back. */
#define _POSIX_C_SOURCE 200809L
#include "league.h"

#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"
#include "outside.h"
#include "program.h"
#include "rating.h"
#include "stats.h"
#include "tournament.h"

#define KIT_LEAGUE_MAX_GAMES 4000000L /* results kept in memory until the tally */
#define BT_PRIOR_DRAWS 1.0 /* one virtual draw per pair keeps a clean sweep's Elo finite */

void kit_league_opts_init(kit_league_opts *o) {
    memset(o, 0, sizeof *o);
    o->games = -1;
    o->seed = 1;
}

int kit_league_option(const char *prog, int argc, char **argv, int *i, kit_league_opts *o) {
    const char *opt = argv[*i], *v;
    if (strcmp(opt, "--bots") && strcmp(opt, "--games") && strcmp(opt, "--seed") &&
        strcmp(opt, "--jobs") && strcmp(opt, "--html"))
        return 0;
    if (!(v = kit_opt_value(prog, argc, argv, i))) return -1;
    if (!strcmp(opt, "--bots")) o->bots = argv[*i];
    else if (!strcmp(opt, "--games")) return kit_parse_long(prog, opt, v, 1, 10000000, &o->games) ? -1 : 1;
    else if (!strcmp(opt, "--seed")) return kit_parse_seed(prog, opt, v, &o->seed) ? -1 : 1;
    else if (!strcmp(opt, "--jobs")) return kit_parse_jobs(prog, opt, v, &o->jobs) ? -1 : 1;
    else o->html = v;
    return 1;
}

long kit_league_tables(int entrants, int seats) {
    return entrants >= seats && seats >= 1 ? kit_tables_count(entrants, seats) : 0;
}

static int play_one(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                    size_t cap) {
    const kit_league *l = vctx;
    return l->play(l->ctx, s, rank, l->record_size ? record : NULL, why, cap);
}

/* The n-th game the tally takes: interleaved by deal (kit_league_order). */
long kit_league_game_at(long n, long tables, long games, int seats) {
    long deal_games = (long)seats * tables;    /* the games of one full deal, every table */
    long full = games / seats;                 /* full deals (the last may be short) */
    long d = n / deal_games;
    if (d < full) {
        long r = n % deal_games; /* table r / seats, game d * seats + r % seats of it */
        return r / seats * games + d * seats + r % seats;
    }
    long r = n - full * deal_games, left = games - full * seats; /* the short last deal */
    return r / left * games + full * seats + r % left;
}

/* Game by game, interleaved by deal (kit_league_game_at): placings, pairwise points and the two
 * Bayesian ratings. */
static void tally(const kit_league *l, const kit_tournament *t, const void *slots, long total,
                  kit_league_summary *s) {
    int n = l->entrants;
    kit_trueskill_env te;
    kit_pl_env pe;
    kit_trueskill_defaults(&te);
    kit_pl_defaults(&pe);
    kit_rating ts[KIT_LEAGUE_MAX_ENTRANTS], pl[KIT_LEAGUE_MAX_ENTRANTS];
    for (int e = 0; e < n; e++) {
        ts[e] = (kit_rating){te.mu, te.sigma};
        pl[e] = (kit_rating){pe.mu, pe.sigma};
    }
    for (long at = 0; at < total; at++) {
        long g = kit_league_game_at(at, s->tables, l->games, l->seats);
        const kit_game_slot *sl = kit_slot_const(t, slots, g);
        if (sl->failed) {
            s->failed++;
            continue;
        }
        s->played++;
        const int *who = sl->seating.entrant;
        if (l->record_size) {
            const kit_end *ended = (const kit_end *)((const char *)kit_slot_record_const(sl) + l->ended_at);
            for (int i = 0; i < l->seats; i++) kit_end_tally_add(&s->ended[who[i]], ended[i]);
        }
        kit_rating a[KIT_MAX_SEATS], b[KIT_MAX_SEATS];
        for (int i = 0; i < l->seats; i++) {
            int e = who[i];
            s->games_of[e]++;
            s->place_sum[e] += sl->rank[i];
            s->firsts[e] += sl->rank[i] == 1;
            a[i] = ts[e];
            b[i] = pl[e];
            for (int j = 0; j < l->seats; j++) {
                if (j == i || who[j] == e) continue;
                s->pair_games[e * n + who[j]] += 1;
                s->pair_points[e * n + who[j]] +=
                    sl->rank[i] < sl->rank[j] ? 1 : sl->rank[i] == sl->rank[j] ? 0.5 : 0;
            }
        }
        /* a rating that overflows (the package's FloatingPointError) leaves that game out */
        if (kit_trueskill_rate(&te, a, sl->rank, l->seats) == 0)
            for (int i = 0; i < l->seats; i++) ts[who[i]] = a[i];
        if (kit_pl_rate(&pe, b, sl->rank, l->seats) == 0)
            for (int i = 0; i < l->seats; i++) pl[who[i]] = b[i];
    }
    for (int e = 0; e < n; e++) {
        s->ts_mu[e] = ts[e].mu, s->ts_sigma[e] = ts[e].sigma;
        s->pl_mu[e] = pl[e].mu, s->pl_sigma[e] = pl[e].sigma;
    }
    s->elo_ok = kit_bradley_terry(n, s->pair_games, s->pair_points, BT_PRIOR_DRAWS, s->elo,
                                  s->elo_half) == 0;
}

/* A blank line, the title, then the head of an n × n table with entrants A, B, ... as columns. */
static void matrix_head(FILE *out, const char *title, int n) {
    fprintf(out, "\n%s\n| |", title);
    for (int j = 0; j < n; j++) fprintf(out, " %c |", 'A' + j);
    fprintf(out, "\n|---|");
    for (int j = 0; j < n; j++) fprintf(out, "---|");
    fputc('\n', out);
}

static void print_tables(FILE *out, const kit_league_summary *s) {
    const kit_league *l = s->l;
    int n = l->entrants;
    fprintf(out, "%s league: %d entrants, %ld %s of %ld games (seats rotated), %ld games played, "
                 "%ld failed, seed %llu\n",
            l->prog, n, s->tables, kit_league_unit(l->seats, s->tables), l->games, s->played,
            s->failed, (unsigned long long)l->seed);
    fprintf(out, "| entrant | bot | games | mean place | first places | TrueSkill mu | sigma | "
                 "mu - 3 sigma | Plackett-Luce mu | sigma | Elo (Bradley-Terry) | 95%% interval |\n");
    fprintf(out, "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int e = 0; e < n; e++) {
        double g = (double)s->games_of[e];
        fprintf(out, "| %c | %s | %ld | %.3f | %.1f%% | %.3f | %.3f | %.3f | %.3f | %.3f | ",
                'A' + e, l->names[e], s->games_of[e], g ? s->place_sum[e] / g : 0.0,
                g ? 100.0 * (double)s->firsts[e] / g : 0.0, s->ts_mu[e], s->ts_sigma[e],
                s->ts_mu[e] - 3 * s->ts_sigma[e], s->pl_mu[e], s->pl_sigma[e]);
        if (s->elo_ok)
            fprintf(out, "%+.1f | %+.1f to %+.1f |\n", s->elo[e], s->elo[e] - s->elo_half[e],
                    s->elo[e] + s->elo_half[e]);
        else
            fprintf(out, "- | - |\n");
    }
    matrix_head(out, "pairwise score (row against column: 1 a better place, 0.5 the same)", n);
    for (int i = 0; i < n; i++) {
        fprintf(out, "| %c |", 'A' + i);
        for (int j = 0; j < n; j++) {
            double g = s->pair_games[i * n + j];
            if (i == j || g == 0)
                fprintf(out, " - |");
            else
                fprintf(out, " %.1f%% |", 100 * s->pair_points[i * n + j] / g);
        }
        fputc('\n', out);
    }
    matrix_head(out, "games per pairing", n);
    for (int i = 0; i < n; i++) {
        fprintf(out, "| %c |", 'A' + i);
        for (int j = 0; j < n; j++)
            if (i == j) fprintf(out, " - |");
            else fprintf(out, " %.0f |", s->pair_games[i * n + j]);
        fputc('\n', out);
    }
    if (l->record_size) kit_print_ended(out, l->names, s->ended, n); /* outside programs only */
}

/* ---- the report page ---------------------------------------------------------------------------- */
static void esc(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* The command line as a shell would take it back: words with odd characters single-quoted. */
static void command_line(FILE *f, int argc, char *const *argv) {
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int plain = *a != 0;
        for (const char *p = a; *p; p++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+", *p))
                plain = 0;
        if (i) fputc(' ', f);
        if (plain) {
            esc(f, a);
            continue;
        }
        fputc('\'', f);
        for (const char *p = a; *p; p++) {
            char c[2] = {*p, 0};
            if (*p == '\'') fputs("'\\''", f);
            else esc(f, c);
        }
        fputc('\'', f);
    }
}

static void header_row(FILE *f, int n) {
    fputs("<tr><th></th>", f);
    for (int j = 0; j < n; j++) fprintf(f, "<th>%c</th>", 'A' + j);
    fputs("</tr>\n", f);
}

/* How the outside programs' games ended for them (kit_print_ended's table), when the arena
 * gave its records and an entrant is an outside program. */
static void write_ended(FILE *f, const kit_league_summary *s) {
    const kit_league *l = s->l;
    int any = 0;
    for (int e = 0; e < l->entrants; e++) any |= !strncmp(l->names[e], "cmd:", 4);
    if (!l->record_size || !any) return;
    fputs("<h2>Outside programs</h2>\n<table id=\"ended\">\n<tr><th>bot</th><th>games</th>"
          "<th>played to the end</th>", f);
    for (int w = KIT_END_NONE + 1; w < KIT_END_COUNT; w++) fprintf(f, "<th>%s</th>", kit_end_name(w));
    fputs("</tr>\n", f);
    for (int e = 0; e < l->entrants; e++) {
        if (strncmp(l->names[e], "cmd:", 4)) continue;
        fputs("<tr><td class=\"name\">", f);
        esc(f, l->names[e]);
        fprintf(f, "</td><td>%ld</td>", s->ended[e].games);
        for (int w = KIT_END_NONE; w < KIT_END_COUNT; w++) fprintf(f, "<td>%ld</td>", s->ended[e].count[w]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void write_page(FILE *f, const kit_league_summary *s) {
    const kit_league *l = s->l;
    int n = l->entrants;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>", f);
    esc(f, l->prog);
    fputs(" league</title>\n<style>body{font-family:sans-serif;margin:2em}"
          "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #999;"
          "padding:.3em .6em;text-align:right}th{background:#eee}td.name{text-align:left}"
          "pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap}</style>\n</head><body>\n<h1>",
          f);
    esc(f, l->prog);
    fprintf(f, " league</h1>\n<p id=\"summary\" data-entrants=\"%d\" data-seats=\"%d\" "
               "data-games=\"%ld\" data-played=\"%ld\" data-failed=\"%ld\">%d entrants, %ld %s of "
               "%ld games (seats rotated): %ld games played, %ld failed.</p>\n",
            n, l->seats, l->games, s->played, s->failed, n, s->tables,
            kit_league_unit(l->seats, s->tables), l->games, s->played, s->failed);
    fputs("<h2>Command</h2>\n<pre id=\"command\">", f);
    command_line(f, l->argc, l->argv);
    fputs("</pre>\n<h2>Ratings</h2>\n<table id=\"ratings\">\n<tr><th>entrant</th><th>bot</th>"
          "<th>games</th><th>mean place</th><th>first places</th><th>TrueSkill mu</th>"
          "<th>sigma</th><th>mu - 3 sigma</th><th>Plackett-Luce mu</th><th>sigma</th>"
          "<th>Elo (Bradley-Terry)</th><th>95% interval</th></tr>\n", f);
    for (int e = 0; e < n; e++) {
        double g = (double)s->games_of[e];
        fprintf(f, "<tr><td class=\"name\">%c</td><td class=\"name\">", 'A' + e);
        esc(f, l->names[e]);
        fprintf(f, "</td><td>%ld</td><td>%.3f</td><td>%.1f%%</td><td data-value=\"%.17g\">%.3f</td>"
                   "<td data-value=\"%.17g\">%.3f</td><td>%.3f</td><td data-value=\"%.17g\">%.3f</td>"
                   "<td data-value=\"%.17g\">%.3f</td>",
                s->games_of[e], g ? s->place_sum[e] / g : 0.0,
                g ? 100.0 * (double)s->firsts[e] / g : 0.0, s->ts_mu[e], s->ts_mu[e],
                s->ts_sigma[e], s->ts_sigma[e], s->ts_mu[e] - 3 * s->ts_sigma[e], s->pl_mu[e],
                s->pl_mu[e], s->pl_sigma[e], s->pl_sigma[e]);
        if (s->elo_ok)
            fprintf(f, "<td data-value=\"%.17g\">%+.1f</td><td>%+.1f to %+.1f</td></tr>\n",
                    s->elo[e], s->elo[e], s->elo[e] - s->elo_half[e], s->elo[e] + s->elo_half[e]);
        else
            fputs("<td>-</td><td>-</td></tr>\n", f);
    }
    fputs("</table>\n<h2>Pairwise score</h2>\n<p>Row against column: 1 for a better place, 0.5 "
          "for the same.</p>\n<table id=\"pairwise\">\n", f);
    header_row(f, n);
    for (int i = 0; i < n; i++) {
        fprintf(f, "<tr><th>%c</th>", 'A' + i);
        for (int j = 0; j < n; j++) {
            double g = s->pair_games[i * n + j];
            if (i == j || g == 0) {
                fputs("<td>-</td>", f);
                continue;
            }
            double p = s->pair_points[i * n + j] / g;
            fprintf(f, "<td style=\"background:hsl(%.0f,70%%,72%%)\" data-value=\"%.17g\">%.1f%%</td>",
                    120 * p, p, 100 * p);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n<h2>Games per pairing</h2>\n<table id=\"games\">\n", f);
    header_row(f, n);
    for (int i = 0; i < n; i++) {
        fprintf(f, "<tr><th>%c</th>", 'A' + i);
        for (int j = 0; j < n; j++)
            if (i == j) fputs("<td>-</td>", f);
            else fprintf(f, "<td>%.0f</td>", s->pair_games[i * n + j]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    write_ended(f, s);
    fputs("</body></html>\n", f);
}

int kit_league_html(const kit_league_summary *s, const char *path) {
    const char *prog = s->l->prog;
    kit_outfile o;
    int e = kit_outfile_open(&o, path);
    if (e == 0) {
        write_page(o.f, s);
        e = kit_outfile_commit(&o);
    }
    if (e != 0) return kit_fail(prog, "--html: cannot write %.200s: %s", path, strerror(e));
    return 0;
}

/* ---- the run ------------------------------------------------------------------------------------- */

int kit_league_run(const kit_league *l, FILE *out) {
    for (int i = 1; i + 1 < l->argc; i++) /* the report would replace that file */
        if (!strcmp(l->argv[i], "--bot-stderr") &&
            kit_refuse_same_file(l->prog, "--html", l->html, "--bot-stderr",
                                 kit_outside_stderr_file(l->argv[i + 1])))
            return KIT_EXIT_USAGE;
    if (l->seats < 2 || l->seats > KIT_MAX_SEATS)
        return kit_fail(l->prog, "league: games of %d seats are not supported", l->seats),
               KIT_EXIT_USAGE;
    if (l->entrants < l->seats || l->entrants > KIT_LEAGUE_MAX_ENTRANTS)
        return kit_fail(l->prog, "league: --bots: give %d to %d bots, got %d", l->seats,
                        KIT_LEAGUE_MAX_ENTRANTS, l->entrants),
               KIT_EXIT_USAGE;
    long tables = kit_league_tables(l->entrants, l->seats);
    if (tables > KIT_LEAGUE_MAX_GAMES / l->games)
        return kit_fail(l->prog, "league: %ld %s of %ld games is too many (at most %ld games)",
                        tables, kit_league_unit(l->seats, tables), l->games,
                        KIT_LEAGUE_MAX_GAMES),
               KIT_EXIT_USAGE;
    long total = tables * l->games;
    kit_tables members;
    int no_tables = kit_tables_init(&members, l->entrants, l->seats, l->games);
    kit_tournament t = {.games = total, .jobs = l->jobs, .seed = l->seed, .play = play_one,
                        .record_size = l->record_size, .ctx = (void *)l, .label = "games", .progress = -1,
                        .seat = kit_tables_seat, .seat_ctx = &members};
    void *slots = calloc((size_t)total, kit_slot_size(&t));
    kit_league_summary *s = calloc(1, sizeof *s);
    if (no_tables || !slots || !s) {
        kit_tables_free(&members), free(slots), free(s);
        return kit_fail(l->prog, "league: out of memory for %ld games", total), 1;
    }
    long failed = 0;
    int rc = 0;
    if (kit_tournament_run(&t, slots, &failed)) {
        kit_fail(l->prog, "league: could not start the games (threads or memory)");
        rc = 1;
    } else {
        s->l = l;
        s->tables = tables;
        tally(l, &t, slots, total, s);
        print_tables(out, s);
        if (failed) {
            long g = 0;
            while (!kit_slot_const(&t, slots, g)->failed) g++;
            kit_fail(l->prog, "league: %ld games could not be played (game %ld: %s)", failed, g,
                     kit_slot_const(&t, slots, g)->why);
            rc = 1;
        }
        if (l->html && kit_league_html(s, l->html)) rc = 1;
    }
    kit_tables_free(&members), free(slots), free(s);
    return rc;
}
