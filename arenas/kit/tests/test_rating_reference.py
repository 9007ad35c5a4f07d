"""test_rating_reference.py — the kit's TrueSkill and Plackett–Luce (rating_replay) against
the Python packages trueskill 0.4.5 and openskill 6.2.0 on fixed, seeded result sequences:
one-on-one games with draws, four-player free-for-alls with tied ranks, and a mix of sizes.
Every rating after every game must agree to 1e-6. Usage: test_rating_reference.py REPLAY."""
import random
import subprocess
import sys

try:
    import trueskill
    from openskill.models import PlackettLuce
except ImportError as e:  # a missing test dependency fails, never skips
    sys.exit(f"test_rating_reference: missing test package: {e}")

TOL = 1e-6


def sequence(seed, entrants, games, sizes):
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        n = rng.choice(sizes)
        who = rng.sample(range(entrants), n)
        # ranks 1..n with ties about one time in four
        rank = [rng.randint(1, n if rng.random() > 0.25 else max(1, n - 1)) for _ in who]
        out.append(list(zip(who, rank)))
    return out


def reference(entrants, games):
    env = trueskill.TrueSkill()
    model = PlackettLuce()
    ts = [env.create_rating() for _ in range(entrants)]
    pl = [model.rating() for _ in range(entrants)]
    lines = []
    for game in games:
        ranks = [r for _, r in game]
        new = env.rate([(ts[e],) for e, _ in game], ranks=ranks)
        for (e, _), (r,) in zip(game, new):
            ts[e] = r
        new = model.rate([[pl[e]] for e, _ in game], ranks=[float(r) for r in ranks])
        for (e, _), (r,) in zip(game, new):
            pl[e] = model.rating(mu=r.mu, sigma=r.sigma)
        row = [x for r in ts for x in (r.mu, r.sigma)] + [x for r in pl for x in (r.mu, r.sigma)]
        lines.append(row)
    return lines


def run(replay, entrants, games):
    text = f"{entrants}\n" + "".join(
        f"{len(g)} " + " ".join(f"{e} {r}" for e, r in g) + "\n" for g in games)
    out = subprocess.run([replay], input=text, capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split()
        assert parts[0] == "ts" and parts[1 + 2 * entrants] == "pl", line
        rows.append([float(x) for x in parts[1:1 + 2 * entrants] + parts[2 + 2 * entrants:]])
    return rows


def main():
    replay = sys.argv[1]
    cases = [(1, 2, 300, [2]), (2, 5, 400, [2]), (3, 4, 400, [4]), (4, 8, 400, [2, 3, 4]),
             (5, 6, 200, [4, 5, 6])]
    worst = 0.0
    for seed, entrants, n, sizes in cases:
        games = sequence(seed, entrants, n, sizes)
        got, want = run(replay, entrants, games), reference(entrants, games)
        assert len(got) == len(want), (seed, len(got), len(want))
        for k, (g, w) in enumerate(zip(got, want)):
            for j, (a, b) in enumerate(zip(g, w)):
                worst = max(worst, abs(a - b))
                if abs(a - b) > TOL:
                    model = "trueskill" if j < 2 * entrants else "openskill"
                    sys.exit(f"case {seed}, game {k}: {model} value {j}: got {a!r}, want {b!r}")
    print(f"test_rating_reference: {sum(c[2] for c in cases)} games, worst difference {worst:.3g}")


main()
