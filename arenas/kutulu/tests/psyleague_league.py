"""psyleague_league.py — a league of three Kutulu bots run by psyleague itself, its games played
through `kutulu psyleague`, and its results read back.

usage: psyleague_league.py KUTULU DATA_DIR WORK_DIR

psyleague (PyPI, pinned in python/requirements-test.txt) is run as its own program
(`python -m psyleague.psyleague`) in WORK_DIR with a config whose game command is `kutulu
psyleague` (three bots a game, the fourth seat `wait`). Checks, from psyleague's own files:
every game it recorded is a game of the referee (the same command, given that game's counter
value, prints the same ranks and scores), the games are numbered 0..N-1 by the shared counter,
the ratings psyleague stored are TrueSkill's over those games (the trueskill package with
psyleague's settings), and its table puts postmortem, the strongest bot, first.
"""
import json
import os
import shutil
import subprocess
import sys

try:
    import psyleague  # noqa: F401  (the package itself; its program runs below)
    import trueskill
except ImportError as e:
    print(f"FAIL: {e.name} is missing: ctest's python_venv installs python/requirements-test.txt")
    sys.exit(1)

GAMES = 24
BOTS = ["postmortem", "initial", "random"]
SEED = 7


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def psyleague_cmd(work, *args):
    return subprocess.run([sys.executable, "-m", "psyleague.psyleague", *args], cwd=work,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=300)


def game_command(kutulu, data):
    return f"{kutulu} psyleague --seed {SEED} --counter games.counter --data {data}"


def write_config(work, kutulu, data):
    # psyleague's own keys (its psyleague.cfg); names are built-in bots, so setup does nothing
    cfg = f"""version = "0.4.1"
n_workers = 1
n_players = 3
mm_min_matches = 200
mm_min_matches_preference = 1.0
date_format = "%Y/%m/%d %H:%M:%S"
leaderboard = "POS,NAME,SCORE.2,GAMES,MU.3,SIGMA.3,ERRORS?,PDATA_ALL"
model = "trueskill"
draw_prob = 0.0001
tau = 0.00025
dir_bots = "bots"
cmd_bot_setup = "true"
cmd_play_game = "{game_command(kutulu, data)} %P1% %P2% %P3%"
file_log = "psyleague.log"
file_msg = "psyleague.msg"
file_db = "psyleague.db"
file_games = "psyleague.games"
"""
    with open(os.path.join(work, "psyleague.cfg"), "w") as f:
        f.write(cfg)


def replay_game(kutulu, data, work, game):
    """The game as the referee plays it again: the counter set to its number."""
    n = game["test_data"]["game"]
    scratch = os.path.join(work, "replay.counter")
    with open(scratch, "w") as f:
        f.write(f"{n}\n")
    cmd = game_command(kutulu, data).replace("games.counter", scratch).split()
    out = subprocess.run(cmd + game["players"], stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(out.stdout)


def main():
    kutulu, data, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    write_config(work, kutulu, data)
    for bot in BOTS:
        r = psyleague_cmd(work, "bot", "add", bot, "--description", f"built-in {bot}")
        if r.returncode:
            fail(f"psyleague bot add {bot}: {r.stdout}")
    r = psyleague_cmd(work, "run", "--games", str(GAMES), "--silent")
    if r.returncode:
        fail(f"psyleague run: {r.stdout}")

    with open(os.path.join(work, "psyleague.games")) as f:
        games = [json.loads(line) for line in f if line.strip()]
    if len(games) != GAMES:
        fail(f"psyleague recorded {len(games)} games, not {GAMES}")
    numbers = sorted(g["test_data"]["game"] for g in games)
    if numbers != list(range(GAMES)):
        fail(f"the games are not numbered 0..{GAMES - 1} by the counter: {numbers}")
    for g in games:
        if sorted(g["players"]) != sorted(BOTS):
            fail(f"a game of other bots: {g['players']}")
        if sorted(g["ranks"]) not in ([1, 2, 3], [1, 1, 3], [1, 2, 2], [1, 1, 1]):
            fail(f"ranks that are no ranking: {g['ranks']}")
    for g in games[:4]:
        again = replay_game(kutulu, data, work, g)
        if again["ranks"] != g["ranks"] or again["player_data"] != g["player_data"]:
            fail(f"game {g['test_data']['game']} played again differs: {again} vs {g}")

    # psyleague's ratings are TrueSkill's over the games it recorded
    trueskill.setup(tau=0.00025, draw_probability=0.0001)
    rating = {b: trueskill.Rating() for b in BOTS}
    for g in games:
        new = trueskill.rate([(rating[p],) for p in g["players"]], ranks=g["ranks"])
        for p, (r,) in zip(g["players"], new):
            rating[p] = r
    with open(os.path.join(work, "psyleague.db")) as f:
        stored = {}
        for line in f:
            name, _desc, mu, sigma, played = [s.strip() for s in line.split(":")][:5]
            stored[name] = (float(mu), float(sigma), int(played))
    for b in BOTS:
        mu, sigma, played = stored[b]
        if played != GAMES:
            fail(f"{b}: psyleague counts {played} games, not {GAMES}")
        if abs(mu - rating[b].mu) > 1e-9 or abs(sigma - rating[b].sigma) > 1e-9:
            fail(f"{b}: psyleague's rating {mu}, {sigma} is not TrueSkill's {rating[b]}")

    show = psyleague_cmd(work, "show")
    rows = [line.split() for line in show.stdout.splitlines() if line.strip()[:1].isdigit()]
    if show.returncode or len(rows) != 3 or rows[0][1] != "postmortem":
        fail(f"psyleague show does not put postmortem first:\n{show.stdout}")
    print(show.stdout.rstrip())
    print(f"psyleague: {GAMES} games of {', '.join(BOTS)} through kutulu psyleague, read back")


if __name__ == "__main__":
    main()
