"""brutaltester_client.py — runs `kutulu referee` as cg-brutaltester's default mode does
(GameThread.java; this client is written from that protocol), and checks each game against
`kutulu match` with the same seed and players.

usage: brutaltester_client.py KUTULU DATA_DIR PLAYER_SCRIPT WORK_DIR

What brutaltester does, and so this client: it runs the referee's command line (split at
spaces) with "-p1 CMD1 ... -pP CMDP" appended, one argument per player command, then "-d
seed=N" when it seeds games (-s, -i) and "-l FILE" when it keeps logs. From the referee's
stdout it reads one integer per player, in player order, with a Scanner (a line that is no
integer before a score is "a problem with referee output"), then keeps every remaining line as
the game's data. Any stderr output, or a negative score, makes the game an error in its log.
A player wins a pairing with the higher score (PlayerStats.add).
"""
import os
import re
import subprocess
import sys

LIMITS = ["--first-limit", "5000", "--limit", "2000"]  # a loaded machine must not time out


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def run_referee(referee_cmd, player_cmds, seed=None, log=None):
    """One game as GameThread runs it: the scores, the data lines and the stderr."""
    command = referee_cmd.split(" ")
    for i, cmd in enumerate(player_cmds):
        command += [f"-p{i + 1}", cmd]
    if seed is not None:
        command += ["-d", f"seed={seed}"]
    if log is not None:
        command += ["-l", log]
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=300)
    lines = proc.stdout.split("\n")
    scores, problems = [], []
    while len(scores) < len(player_cmds) and lines:
        tokens = lines[0].split()
        if tokens and re.fullmatch(r"-?\d+", tokens[0]):
            scores.append(int(tokens[0]))
            rest = " ".join(tokens[1:])
            lines[0] = rest
            if not rest:
                lines.pop(0)
        else:
            problems.append(lines.pop(0))
    if problems or len(scores) != len(player_cmds):
        fail(f"brutaltester would report a problem with the referee's output: {proc.stdout!r}")
    data = [line for line in lines if line]
    return proc.returncode, scores, data, proc.stderr


def match_scores(kutulu, data, seed, player_cmds):
    bots = ",".join("cmd:" + c for c in player_cmds)
    out = subprocess.run([kutulu, "match", "--seed", str(seed), "--bots", bots, "--data", data,
                          "--bot-stderr", "discard", *LIMITS],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    score = {int(m.group(1)): int(m.group(2))
             for m in re.finditer(r"^rank \d+: player (\d) .* score (-?\d+)", out, re.M)}
    if len(score) != 4:
        fail(f"cannot read match's ranking:\n{out}")
    return [score[i] for i in range(4)]


def main():
    kutulu, data, mover, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    counter = os.path.join(work, "games.counter")
    if os.path.exists(counter):
        os.remove(counter)
    referee = f"{kutulu} referee --data {data} {' '.join(LIMITS)}"
    python = sys.executable
    games = [
        (11, [f"{python} {mover} {k}" for k in (0, 1, 2, 3)]),
        (12, [f"{python} {mover} {k}" for k in (2, -1, 0, 5)]),  # player 2: garbage on turn 3
    ]
    for seed, cmds in games:
        log = os.path.join(work, f"game{seed}.json")
        rc, scores, lines, err = run_referee(referee, cmds, seed, log)
        if rc != 0:
            fail(f"seed {seed}: the referee exited {rc}: {err}")
        want = match_scores(kutulu, data, seed, cmds)
        if scores != want:
            fail(f"seed {seed}: the referee's scores {scores}, match's {want}")
        if lines != [f"seed={seed}"]:
            fail(f"seed {seed}: the game data is {lines}, not seed={seed}")
        garbage = [i for i, c in enumerate(cmds) if c.endswith(" -1")]
        for i in garbage:
            if scores[i] != -1 or f"player {i + 1} ended (invalid line)" not in err:
                fail(f"seed {seed}: the garbage player was not ended as the referee ends it: "
                     f"{scores}, {err!r}")
        if not garbage and err:
            fail(f"seed {seed}: stderr in a clean game (brutaltester counts it an error): {err}")
        replay = subprocess.run([kutulu, "replay", "--data", data, "--file", log],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if replay.returncode != 0:
            fail(f"seed {seed}: the -l log does not replay: {replay.stdout}")
        print(f"seed {seed}: scores {scores} (as kutulu match), data {lines}")
    # unseeded games: game n of --seed S, n from the shared counter, a new game each time
    seeds = set()
    for _ in range(2):
        rc, _, lines, err = run_referee(referee + f" --seed 5 --counter {counter}", games[0][1])
        if rc != 0:
            fail(f"an unseeded game failed: {err}")
        seeds.add(lines[0])
    if len(seeds) != 2:
        fail(f"two unseeded games through the counter had the same seed: {seeds}")
    # fewer than four players: one line on stderr, exit 2
    two = subprocess.run(referee.split(" ") + ["-p1", "true", "-p2", "true"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if two.returncode != 2 or "-p3 is missing" not in two.stderr:
        fail(f"two players: exit {two.returncode}, {two.stderr!r}")
    print("brutaltester protocol: the referee's games are kutulu match's")


if __name__ == "__main__":
    main()
