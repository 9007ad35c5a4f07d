"""vec_planes.py — the picture docs/vec_planes.png: every channel of one observation of the
vectorized Pommerman (dmap.arenas.pommerman.VecEnv, all map planes on) as a grid of heatmaps.

    PYTHONPATH=<built package> python3 docs/vec_planes.py [--out docs/vec_planes.png]
        [--config PommeFFACompetition-v0] [--seed 3] [--steps 40]

The game: learner in seat 0 against three `simple` bots, the learner playing the first legal
action of a fixed rotation, the observation after --steps steps. Each tile is one channel,
its name above it; cells run from dark (0) to bright (the channel's largest value below 255);
255 ("never" / "unreached") is drawn grey. Needs only NumPy and the standard library (the PNG is
written with zlib, the labels with a small built-in pixel font)."""
import argparse
import struct
import zlib

import numpy as np

from dmap.arenas import pommerman as pm

# 3x5 pixel glyphs: each row a 3-bit number, most significant bit on the left
FONT = {
    "a": (2, 5, 7, 5, 5), "b": (6, 5, 6, 5, 6), "c": (3, 4, 4, 4, 3), "d": (6, 5, 5, 5, 6),
    "e": (7, 4, 6, 4, 7), "f": (7, 4, 6, 4, 4), "g": (3, 4, 5, 5, 3), "h": (5, 5, 7, 5, 5),
    "i": (7, 2, 2, 2, 7), "j": (1, 1, 1, 5, 2), "k": (5, 5, 6, 5, 5), "l": (4, 4, 4, 4, 7),
    "m": (5, 7, 7, 5, 5), "n": (6, 5, 5, 5, 5), "o": (2, 5, 5, 5, 2), "p": (6, 5, 6, 4, 4),
    "q": (2, 5, 5, 6, 3), "r": (6, 5, 6, 5, 5), "s": (3, 4, 2, 1, 6), "t": (7, 2, 2, 2, 2),
    "u": (5, 5, 5, 5, 7), "v": (5, 5, 5, 5, 2), "w": (5, 5, 7, 7, 5), "x": (5, 5, 2, 5, 5),
    "y": (5, 5, 2, 2, 2), "z": (7, 1, 2, 4, 7), "_": (0, 0, 0, 0, 7), " ": (0, 0, 0, 0, 0),
    "0": (7, 5, 5, 5, 7), "1": (2, 6, 2, 2, 7), "2": (6, 1, 2, 4, 7), "3": (6, 1, 2, 1, 6),
    "4": (5, 5, 7, 1, 1), "5": (7, 4, 6, 1, 6), "6": (3, 4, 7, 5, 7), "7": (7, 1, 2, 2, 2),
    "8": (7, 5, 7, 5, 7), "9": (7, 5, 7, 1, 6),
}


def text(img, x, y, s, scale=2, color=(230, 230, 230)):
    for k, ch in enumerate(s.lower()):
        rows = FONT.get(ch, FONT[" "])
        for r, bits in enumerate(rows):
            for c in range(3):
                if bits >> (2 - c) & 1:
                    x0, y0 = x + (k * 4 + c) * scale, y + r * scale
                    img[y0:y0 + scale, x0:x0 + scale] = color


def ramp(t):
    """Dark blue to yellow through teal and green (a perceptual-ish ramp), t in [0, 1]."""
    stops = np.array([[20, 20, 70], [30, 90, 140], [40, 160, 130], [150, 210, 70], [250, 230, 40]], float)
    t = np.clip(t, 0, 1) * (len(stops) - 1)
    i = np.minimum(t.astype(int), len(stops) - 2)
    f = (t - i)[..., None]
    return (stops[i] * (1 - f) + stops[i + 1] * f).astype(np.uint8)


def tile(plane, cell):
    plane = plane.astype(float)
    finite = plane < 255
    top = plane[finite].max() if finite.any() else 0
    rgb = ramp(plane / top if top > 0 else np.zeros_like(plane))
    rgb[~finite] = (110, 110, 110)
    return np.kron(rgb, np.ones((cell, cell, 1), np.uint8))


def write_png(path, img):
    h, w, _ = img.shape
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="docs/vec_planes.png")
    ap.add_argument("--config", default="PommeFFACompetition-v0")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--steps", type=int, default=40)
    a = ap.parse_args()
    others = 1 if a.config in ("OneVsOne-v0", "1v1") else 3
    env = pm.VecEnv(a.config, 1, ["learner"] + ["simple"] * others, seed=a.seed, planes="all")
    obs, masks = env.reset()
    rotation = [5, 2, 4, 1, 3, 0]
    for t in range(a.steps):
        order = rotation[t % 6:] + rotation[:t % 6]
        act = next(x for x in order if masks[0, 0, x])
        obs, _, _, _, masks = env.step(np.array([[act]], np.int32))
    planes, names = obs[0, 0], env.plane_names
    cell, cols, label = 14, 7, 16
    size = planes.shape[1]
    tw, th = size * cell + 8, size * cell + label + 6
    rows = (len(names) + cols - 1) // cols
    img = np.full((rows * th + 4, cols * tw + 4, 3), 30, np.uint8)
    for k, name in enumerate(names):
        x, y = 4 + (k % cols) * tw, 4 + (k // cols) * th
        text(img, x, y + 2, name)
        img[y + label:y + label + size * cell, x:x + size * cell] = tile(planes[k], cell)
    write_png(a.out, img)
    print("wrote %s: %d channels of %s, seed %d, step %d" % (a.out, len(names), a.config, a.seed, a.steps))


if __name__ == "__main__":
    main()
