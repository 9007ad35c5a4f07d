"""minimax.py — choosing a move: a filter chain (a filter that would remove every candidate has no
opinion), then the best worst case over every combination of two opponents' moves.
Mirrors examples/minimax.c.
Run: python3 examples/minimax.py"""
import dmap

moves = [0, 1, 2, 3, 4]  # stay, up, right, down, left
kept, removed = dmap.filter_moves(moves, [
    ("true", lambda m: m != 2),          # right is blocked
    ("true", lambda m: m == 9),          # nobody is 9: no opinion
    ("max", lambda m: -abs(m - 3)),      # closest to "down"
])
print("kept", kept, "removed per filter", removed)
danger = {(1, 0): -5.0, (3, 1): -1.0}


def outcome(my, opp):
    return sum(danger.get((my, o), 0.0) for o in opp) - 0.1 * my


worst, average, best = dmap.minimax_moves(5, [2, 2], outcome)
print("worst", worst.tolist(), "best", best)
raise SystemExit(0 if kept == [3] and removed == [1, 0, 3] and best == [0] else 1)
