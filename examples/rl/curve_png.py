"""curve_png.py — the learning examples' pictures without a plotting library: an RGB canvas with
a win-rate grid and axes, digits for the labels, lines, and the PNG file (one IDAT chunk)."""
import struct
import zlib

import numpy as np

# 3x5 pixel digits for the axis labels, rows top to bottom
DIGITS = {"0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
          "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
          "8": "111101111101111", "9": "111101111001111", ".": "000000000000010"}


def draw_text(img, text, x, y, scale=2):
    """Digits and dots at (x, y) (top left) in black; a text that does not fit is left out."""
    if x < 0 or y < 0 or x + 4 * scale * len(text) > img.shape[1] or y + 5 * scale > img.shape[0]:
        return
    for ch in text:
        bits = np.array([int(b) for b in DIGITS[ch]], bool).reshape(5, 3)
        block = np.kron(bits, np.ones((scale, scale), bool))
        img[y:y + block.shape[0], x:x + block.shape[1]][block] = 0
        x += 4 * scale


def rate_canvas(width, height, left, right, top, bottom):
    """A white image with grey lines at win rates 0, 0.25 .. 1, labelled, and black axes; returns
    the image and the row of a win rate."""
    img = np.full((height, width, 3), 255, np.uint8)
    ys = lambda rate: int(round(bottom - rate * (bottom - top)))
    for q in (0, 0.25, 0.5, 0.75, 1.0):
        img[ys(q), left:right] = (215, 215, 215)
        draw_text(img, ("%.2f" % q).rstrip("0").rstrip(".") if q else "0", 4, ys(q) - 5)
    img[top:bottom + 1, left] = (0, 0, 0)
    img[bottom, left:right] = (0, 0, 0)
    return img, ys


def draw_line(img, x0, y0, x, y, colour, thick=1):
    """A straight line from (x0, y0) to (x, y), `thick` pixels square."""
    for t in np.linspace(0, 1, max(abs(x - x0), abs(y - y0)) + 1):
        yy, xx = int(round(y0 + t * (y - y0))), int(round(x0 + t * (x - x0)))
        img[yy:yy + thick, xx:xx + thick] = colour


def save_png(path, img):
    """img (height x width x 3, uint8) as an 8-bit RGB PNG."""
    height, width = img.shape[:2]
    raw = b"".join(b"\x00" + img[row].tobytes() for row in range(height))
    chunk = lambda tag, data: (struct.pack(">I", len(data)) + tag + data
                               + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
