"""mover.py — a Code of Kutulu player for protocol tests: reads the CodinGame protocol on stdin
and answers one line a turn, flushing it (under cg-brutaltester its stdout is a pipe).
usage: mover.py K    K = 0: WAIT every turn; K > 0: MOVE to walkable cell number 37 * K (mod
the number of walkable cells, reading order) of the maze; K = -1: a garbage line on turn 3."""
import sys


def main():
    k = int(sys.argv[1])
    read = sys.stdin.readline
    width = int(read())
    height = int(read())
    rows = [read().rstrip("\n") for _ in range(height)]
    read()  # sanity loss lonely, group, wanderer spawn time, life time
    cells = [(x, y) for y in range(height) for x in range(width) if rows[y][x] != "#"]
    turn = 0
    while True:
        line = read()
        if not line:
            return
        for _ in range(int(line)):
            read()
        turn += 1
        if k == 0:
            answer = "WAIT"
        elif k < 0 and turn == 3:
            answer = "FLY AWAY"
        else:
            x, y = cells[(37 * abs(k)) % len(cells)]
            answer = f"MOVE {x} {y}"
        print(answer, flush=True)


if __name__ == "__main__":
    main()
