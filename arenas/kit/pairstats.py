"""pairstats.py — the statistics the arenas' paired-game tools print: the Wilson score interval
of a win rate and the two-sided sign test of games better and worse on the same boards.
(Python, for the tools under arenas/*/tools; the C programs have kit/stats.h.)"""
import math


def wilson(k, n, z=1.96):
    """Wilson score interval of k successes in n, as percentages (0-100 when n is 0)."""
    if n == 0:
        return 0.0, 100.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * max(0.0, c - h), 100 * min(1.0, c + h)


def sign_test(better, worse):
    """Two-sided exact sign test: the chance of a split at least this uneven under 50/50."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)
