/* league_html.c — a league's report as one standalone HTML page (no scripts, no outside
 * files): the command that made it, the rating table, the pairwise score matrix as a heatmap
 * (red 0% to green 100%) and the games per pairing. Tables carry ids (ratings, pairwise,
 * games) and cells data-value attributes with the unrounded figures, for whoever reads the
 * page back. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "league.h"

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
    fputs("</table>\n</body></html>\n", f);
}

int kit_league_html(const kit_league_summary *s, const char *path) {
    const char *prog = s->l->prog;
    size_t len = strlen(path);
    char *tmp = malloc(len + 8);
    if (!tmp) return kit_fail(prog, "--html: out of memory");
    snprintf(tmp, len + 8, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        kit_fail(prog, "--html: cannot write %.200s: %s", tmp, strerror(errno));
        free(tmp);
        return -1;
    }
    write_page(f, s);
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    if (bad || rename(tmp, path) != 0) {
        kit_fail(prog, "--html: cannot write %.200s: %s", path, strerror(errno));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
