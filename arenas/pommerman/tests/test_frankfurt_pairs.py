"""test_frankfurt_pairs.py — the table of tools/frankfurt_pairs.py on made-up games: Wilson
intervals and the sign test against known values, only the boards every spec played counted,
better/worse and wins alone counted board by board. Needs no frankfurt and no dmap build."""
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "tools", "frankfurt_pairs.py")
sys.path.insert(0, os.path.dirname(TOOL))
import frankfurt_pairs as fp  # noqa: E402

failed = 0


def check(ok, what):
    global failed
    if not ok:
        failed += 1
        print("FAILED:", what)


lo, hi = fp.wilson(18, 106)
check(abs(lo - 11.0) < 0.05 and abs(hi - 25.3) < 0.05, "wilson(18, 106) = %.2f-%.2f, not 11.0-25.3" % (lo, hi))
lo, hi = fp.wilson(0, 12)
check(lo == 0.0 and abs(hi - 24.3) < 0.05, "wilson(0, 12) = %.2f-%.2f, not 0.0-24.3" % (lo, hi))
check(abs(fp.sign_test(40, 21) - 0.0202) < 0.001, "sign_test(40, 21) = %.4f, not 0.020" % fp.sign_test(40, 21))
check(fp.sign_test(3, 3) == 1.0 and fp.sign_test(0, 0) == 1.0, "sign_test of an even split is not 1")
check(abs(fp.sign_test(0, 5) - 0.0625) < 1e-9, "sign_test(0, 5) is not 2/32")

# Two specs, one config: board (1, swap 0) A loses, B wins; board (1, swap 1) A ties at 800,
# B loses; board (2, swap 0) both win; board (2, swap 1) played by A alone (not counted).
games = [(1, 0, "A", "frankfurt", 300), (1, 0, "B", "search", 400), (1, 1, "A", "tie", 800),
         (1, 1, "B", "frankfurt", 200), (2, 0, "A", "search", 500), (2, 0, "B", "search", 510),
         (2, 1, "A", "frankfurt", 90)]
recs = [{"seed": g, "config": "PommeTeamCompetition-v0", "swap": w, "spec": p, "winner": win, "steps": st,
         "load": 1.0, "ended": "2026-12-01T00:00:00Z"} for g, w, p, win, st in games]
rows = fp.table_rows(recs, ["A", "B"], ["PommeTeamCompetition-v0"])
a, b = rows[0], rows[1]
check(a[3] == 3 and b[3] == 3, "games counted %d and %d, not 3 (a board one spec lacks is left out)" % (a[3], b[3]))
check(a[4:8] == (1, 1, 1, 1), "A: frankfurt, search, ties, ties at 800 = %s, not (1, 1, 1, 1)" % (a[4:8],))
check(b[4:8] == (1, 2, 0, 0), "B: %s, not (1, 2, 0, 0)" % (b[4:8],))
check("better 1, worse 1" in b[8] and "wins alone 1 against 0" in b[8], "B against A: '%s'" % b[8])
check(rows[-1][3] == 3, "the pooled row counts %d games, not 3" % rows[-1][3])

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "games.jsonl")
    with open(path, "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in recs))
    check(len(fp.done_keys(path)) == 7, "done_keys does not list the 7 games played")
    out = subprocess.run([sys.executable, TOOL, "table", path, "--specs", "A,B"], capture_output=True, text=True)
    check(out.returncode == 0 and "| `B` |" in out.stdout and "better 1, worse 1" in out.stdout,
          "the table command: %s %s" % (out.stdout, out.stderr))

print("test_frankfurt_pairs: %s" % ("FAILED %d" % failed if failed else "passed"))
sys.exit(1 if failed else 0)
