"""test_league_html.py — a league's HTML report read back: it parses, holds the command that
made it, one rating row per entrant with the same bots and figures as the printed table, a
pairwise matrix whose two halves add up to 1 (row against column and back) with a heatmap colour
per cell, and a games matrix that is symmetric and equal to the printed one.
Usage: test_league_html.py PROGRAM LEAGUE-ARGS..."""
import html.parser
import os
import subprocess
import sys
import tempfile


class Tables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.current, self.row, self.cell = {}, None, None, None
        self.pre, self.in_pre = "", False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.current = a.get("id")
            self.tables[self.current] = []
        elif tag == "tr" and self.current:
            self.row = []
            self.tables[self.current].append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = {"text": "", "value": a.get("data-value"), "style": a.get("style", "")}
            self.row.append(self.cell)
        elif tag == "pre" and a.get("id") == "command":
            self.in_pre = True

    def handle_endtag(self, tag):
        if tag == "table":
            self.current = None
        elif tag == "tr":
            self.row = None
        elif tag in ("td", "th"):
            self.cell = None
        elif tag == "pre":
            self.in_pre = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data
        if self.in_pre:
            self.pre += data


def printed_matrix(lines, title):
    start = lines.index(title) + 3
    rows = []
    for line in lines[start:]:
        if not line.startswith("| "):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")][1:])
    return rows


def main():
    prog, args = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "league report.html")
        out = subprocess.run([prog, "league", *args, "--html", page], capture_output=True,
                             text=True, check=True).stdout
        text = open(page, encoding="utf-8").read()
    p = Tables()
    p.feed(text)
    assert {"ratings", "pairwise", "games"} <= set(p.tables), p.tables.keys()
    assert "league" in p.pre and "'" + page + "'" in p.pre, p.pre  # a path with a space, quoted
    lines = out.splitlines()
    printed = [[c.strip() for c in l.strip("|").split("|")] for l in lines if l.startswith("| ")
               and len(l.split("|")) == 14 and not l.startswith("| entrant")]
    rows = p.tables["ratings"][1:]
    n = len(rows)
    assert n == len(printed) and n >= 2, (n, len(printed))
    for row, want in zip(rows, printed):
        assert row[1]["text"] == want[1], (row[1]["text"], want[1])  # the bot
        assert f"{float(row[5]['value']):.3f}" == want[5]  # TrueSkill mu, unrounded in the page
        assert f"{float(row[8]['value']):.3f}" == want[8]  # Plackett-Luce mu
        assert f"{float(row[10]['value']):+.1f}" == want[10]  # Bradley-Terry Elo
    pair = p.tables["pairwise"][1:]
    games = p.tables["games"][1:]
    pgames = printed_matrix(lines, "games per pairing")
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            a, b = float(pair[i][j + 1]["value"]), float(pair[j][i + 1]["value"])
            assert abs(a + b - 1) < 1e-9, (i, j, a, b)
            assert "background:hsl(" in pair[i][j + 1]["style"]
            assert games[i][j + 1]["text"] == games[j][i + 1]["text"] == pgames[i][j]
    print(f"test_league_html: {n} entrants, report consistent with the printed tables")


main()
