#!/usr/bin/python3
"""test_viewer.py — the replay viewer (viewer/index.html) driven in Debian's headless Chromium
through chromedriver and python3-selenium (no browser download, no network).

    /usr/bin/python3 tests/viewer/test_viewer.py VIEWER_DIR FIXTURES_DIR OUT_DIR [EXTRA.jsonl|EXTRA.html ...]

Loads the replays through the page's own file picker (as a person would) and asserts, against
the numbers in the replay files themselves:
  * the turn counter and the units' cells after step (button and keyboard), scrubber and play;
  * the canvas pixel at the centre of a known unit's cell has that unit's colour;
  * the map overlay switch (select and 'm' key) changes the pixels of the board to the
    heatmap, and the legend shows the map's finite range;
  * the tooltip over a chosen cell shows exactly the replay's number for that cell;
  * every arena's fixture (pursuit, bomber, kutulu, pommerman, an unknown game) draws without
    an error, with one stats row per unit named in its state;
  * each malformed file shows an error message in the page naming what is wrong (and the line),
    never a blank page;
  * EXTRA files: a replay written by an arena (.jsonl: loads, and stepping with the arrow key
    shows every frame's turn and [x,y] units as in the file) or a standalone
    HTML file (.html: opens by itself with the replay inline, no picker); "X.html=R.jsonl"
    also checks that the page shows R's frames, its last turn and its units' cells, and
    (for a replay whose strings hold markup such as "</script>") that the text is shown as
    text: no element was injected into the page.
Screenshots go to OUT_DIR. Ends with one line "viewer: N passed, M failed"; exit 1 on failure.
"""
import json
import os
import shutil
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as e:
    print("FAIL: viewer: python3-selenium is missing (%s); scripts/deps.sh test installs it" % e,
          file=sys.stderr)
    sys.exit(1)

PASSED = 0
FAILED = 0


def check(name, ok, detail=""):
    global PASSED, FAILED
    if ok:
        PASSED += 1
    else:
        FAILED += 1
        print("FAIL: %s %s" % (name, detail), file=sys.stderr)


def start_browser(profile):
    opts = Options()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1200,900",
              "--force-device-scale-factor=1"):
        opts.add_argument(a)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=opts)


def read_replay(path):
    """The header and the frames the viewer shows: the turn lines, after the header's own
    "state" as turn 0 when it has one."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(l) for l in f if l.strip()]
    start = [{"turn": 0, "state": lines[0]["state"]}] if isinstance(lines[0].get("state"), dict) else []
    return lines[0], start + [l for l in lines[1:] if "turn" in l]


def open_viewer(d, viewer_dir):
    d.get("file://" + os.path.join(viewer_dir, "index.html"))
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return !!window.dmapViewer"))


def load(d, path):
    """Load a replay through the page's file picker; wait until it shows or errs."""
    d.execute_script("document.getElementById('error').hidden = true;"
                     "document.getElementById('main').hidden = true;")
    d.find_element(By.ID, "file").send_keys(os.path.abspath(path))
    WebDriverWait(d, 10).until(lambda d: d.execute_script(
        "return !document.getElementById('error').hidden || !document.getElementById('main').hidden"))


def error_text(d):
    return d.execute_script(
        "var e = document.getElementById('error'); return e.hidden ? null : e.textContent")


def turn_label(d):
    return d.find_element(By.ID, "turn").text


def unit_cell(d, entity, index=-1):
    rows = d.find_elements(By.CSS_SELECTOR, "#stats tr[data-entity='%s'][data-index='%d']" % (entity, index))
    return rows[0].get_attribute("data-cell") if rows else None


def all_cells(d):
    """{(entity, index): "x,y"} of every row of the stats tables, in one call."""
    rows = d.execute_script(
        "return Array.from(document.querySelectorAll('#stats tr[data-entity]')).map("
        "function (r) { return [r.dataset.entity, Number(r.dataset.index), r.dataset.cell]; });")
    return {(e, i): c for e, i, c in rows}


def pixel(d, x, y):
    return d.execute_script(
        "var c = document.getElementById('board').getContext('2d');"
        "return Array.from(c.getImageData(arguments[0], arguments[1], 1, 1).data);", x, y)


def cell_px(d):
    return d.execute_script("return window.dmapViewer.where().cell")


def centre_pixel(d, cx, cy):
    s = cell_px(d)
    return pixel(d, int((cx + 0.5) * s), int((cy + 0.5) * s))


def hover_cell(d, cx, cy):
    board = d.find_element(By.ID, "board")
    s = cell_px(d)
    w = int(board.get_attribute("width"))
    h = int(board.get_attribute("height"))
    # move_to_element_with_offset measures from the element's centre in Selenium 4
    ActionChains(d).move_to_element_with_offset(board, int((cx + 0.5) * s - w / 2),
                                                int((cy + 0.5) * s - h / 2)).perform()
    WebDriverWait(d, 5).until(lambda d: d.find_element(By.ID, "tooltip").is_displayed())
    return (d.find_element(By.CSS_SELECTOR, "#tooltip .cell").text,
            d.find_element(By.CSS_SELECTOR, "#tooltip .value").text)


def press(d, key):
    d.find_element(By.TAG_NAME, "body").send_keys(key)


def shot(d, out_dir, name):
    d.save_screenshot(os.path.join(out_dir, name))


def test_pursuit(d, fixtures, out_dir):
    path = os.path.join(fixtures, "pursuit.jsonl")
    header, turns = read_replay(path)
    load(d, path)
    check("pursuit loads", error_text(d) is None, str(error_text(d)))
    check("pursuit first turn", turn_label(d) == "Turn %d" % turns[0]["turn"], turn_label(d))

    def cells_are(k, name):
        st = turns[k]["state"]
        want_pred, want_prey = "%d,%d" % tuple(st["predator"]), "%d,%d" % tuple(st["prey"])
        got = (unit_cell(d, "predator"), unit_cell(d, "prey"))
        check(name, got == (want_pred, want_prey), "got %s want %s" % (got, (want_pred, want_prey)))

    cells_are(0, "pursuit units at the first turn")
    d.find_element(By.ID, "next").click()
    check("step button: turn", turn_label(d) == "Turn %d" % turns[1]["turn"], turn_label(d))
    cells_are(1, "step button: units")
    press(d, Keys.ARROW_RIGHT)
    check("right arrow: turn", turn_label(d) == "Turn %d" % turns[2]["turn"], turn_label(d))
    cells_are(2, "right arrow: units")
    press(d, Keys.ARROW_LEFT)
    check("left arrow: turn", turn_label(d) == "Turn %d" % turns[1]["turn"], turn_label(d))

    # pixel colour of the predator's cell: its red (#d62728) at the centre of its cell
    pred = turns[1]["state"]["predator"]
    px = centre_pixel(d, pred[0], pred[1])
    check("predator pixel is red", px[:3] == [214, 39, 40], str(px))
    prey = turns[1]["state"]["prey"]
    px = centre_pixel(d, prey[0], prey[1])
    check("prey pixel is blue", px[:3] == [31, 119, 180], str(px))
    # a wall cell is the dark wall colour
    wall = next((x, y) for y, row in enumerate(header["terrain"]) for x, c in enumerate(row) if c == "#")
    check("wall pixel", centre_pixel(d, *wall)[:3] == [58, 58, 64], str(centre_pixel(d, *wall)))
    shot(d, out_dir, "viewer_pursuit.png")

    # play runs to the last turn and stops there
    press(d, Keys.HOME)
    check("home: first turn", turn_label(d) == "Turn %d" % turns[0]["turn"], turn_label(d))
    for _ in range(3):
        press(d, "+")  # faster, so play finishes quickly
    d.find_element(By.ID, "play").click()
    WebDriverWait(d, 10).until(lambda d: not d.execute_script("return window.dmapViewer.where().playing"))
    check("play: last turn", turn_label(d) == "Turn %d" % turns[-1]["turn"], turn_label(d))
    cells_are(len(turns) - 1, "play: units at the last turn")
    check("result shown", "prey" in d.find_element(By.ID, "result").text, d.find_element(By.ID, "result").text)

    # scrubber to frame 3 (index 3)
    d.execute_script("var s = document.getElementById('scrubber'); s.value = 3;"
                     "s.dispatchEvent(new Event('input'));")
    check("scrubber: turn", turn_label(d) == "Turn %d" % turns[3]["turn"], turn_label(d))
    cells_are(3, "scrubber: units")

    # overlay switch: the floor cell far from units changes from floor colour to a heatmap colour
    floor = (0, 4)
    before = centre_pixel(d, *floor)[:3]
    Select(d.find_element(By.ID, "overlay")).select_by_value("predator/goal")
    after = centre_pixel(d, *floor)[:3]
    check("overlay changes the board", before == [232, 228, 218] and after != before, "%s -> %s" % (before, after))
    check("legend shown", d.find_element(By.ID, "legendBox").is_displayed())
    m = turns[3]["maps"]["predator/goal"]
    finite = [v for v in m if v is not None]
    lo, hi = d.find_element(By.ID, "legendLo").text, d.find_element(By.ID, "legendHi").text
    check("legend range", float(lo) == min(finite) and float(hi) == max(finite), "%s..%s" % (lo, hi))
    # the highest value (on a cell without a unit) is viridis' yellow end
    w = header["width"]
    st = turns[3]["state"]
    occupied = {tuple(st["predator"]), tuple(st["prey"])}

    def free_extreme(m, pick):
        """(x, y) of a cell holding the map's extreme value (pick = min or max), no unit on it."""
        best = pick(v for v in m if v is not None)
        for i, v in enumerate(m):
            if v == best and (i % w, i // w) not in occupied:
                return i % w, i // w
        return None

    c = free_extreme(m, max)
    check("highest value is yellow", c is not None and centre_pixel(d, *c)[:3] == [253, 231, 37], str(c))
    # the units stay on top of the overlay
    pred = turns[3]["state"]["predator"]
    check("predator drawn over the overlay", centre_pixel(d, *pred)[:3] == [214, 39, 40])

    # tooltip: the value under the mouse is the replay's number
    cx, cy = 5, 0
    cell, value = hover_cell(d, cx, cy)
    want = m[cy * w + cx]
    check("tooltip cell", cell == "%d,%d" % (cx, cy), cell)
    check("tooltip value equals the replay", value != "" and float(value) == want, "%r vs %r" % (value, want))

    # key 'm' switches to the next map, a fractional one: the tooltip follows exactly
    press(d, "m")
    check("m selects the next map", Select(d.find_element(By.ID, "overlay")).first_selected_option.get_attribute("value") == "prey/flee")
    f = turns[3]["maps"]["prey/flee"]
    c = free_extreme(f, min)
    check("lowest value is dark purple", c is not None and centre_pixel(d, *c)[:3] == [68, 1, 84], str(c))
    cx, cy = 0, 4
    cell, value = hover_cell(d, cx, cy)
    check("tooltip fractional value", float(value) == f[cy * w + cx] and f[cy * w + cx] != int(f[cy * w + cx]),
          "%r vs %r" % (value, f[cy * w + cx]))
    # a wall cell in the map is null: the tooltip says so
    cell, value = hover_cell(d, wall[0], wall[1])
    check("tooltip on a wall", value.startswith("null"), value)
    shot(d, out_dir, "viewer_pursuit_overlay.png")
    # colours by rank: a map with one outlier (100) squeezes the rest to the dark end when
    # linear; by rank the second highest value is bright, and the extremes keep their ends
    press(d, "m")
    check("m selects the third map", Select(d.find_element(By.ID, "overlay")).first_selected_option.get_attribute("value") == "predator/desire")
    dm = turns[3]["maps"]["predator/desire"]
    second = sorted(set(v for v in dm if v is not None))[-2]
    c2 = next((i % w, i // w) for i, v in enumerate(dm) if v == second and (i % w, i // w) not in occupied)
    lum = lambda p: 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]
    linear_px = centre_pixel(d, *c2)
    top = free_extreme(dm, max)
    press(d, "s")
    check("s switches to colours by rank", Select(d.find_element(By.ID, "scale")).first_selected_option.get_attribute("value") == "rank"
          and "rank" in d.find_element(By.ID, "legendNote").text)
    rank_px = centre_pixel(d, *c2)
    check("by rank: the second highest is brighter", lum(rank_px) > lum(linear_px) + 50, "%s -> %s" % (linear_px, rank_px))
    check("by rank: the highest stays yellow", centre_pixel(d, *top)[:3] == [253, 231, 37])
    shot(d, out_dir, "viewer_pursuit_rank.png")
    press(d, "s")
    check("s back to linear", centre_pixel(d, *c2) == linear_px)
    press(d, "m")  # wraps to "no map"
    check("m wraps to no map", Select(d.find_element(By.ID, "overlay")).first_selected_option.get_attribute("value") == "")
    check("legend hidden without map", not d.find_element(By.ID, "legendBox").is_displayed())


def test_other_games(d, fixtures, out_dir):
    for name in ("bomber", "kutulu", "pommerman", "unknown_game"):
        path = os.path.join(fixtures, name + ".jsonl")
        header, turns = read_replay(path)
        load(d, path)
        check(name + " loads", error_text(d) is None, str(error_text(d)))
        press(d, Keys.END)
        check(name + " last turn", turn_label(d) == "Turn %d" % turns[-1]["turn"], turn_label(d))
        # every unit in the state has its row with its cell
        st = turns[-1]["state"]
        for key, val in st.items():
            items = val if isinstance(val, list) else [val]
            for i, it in enumerate(items):
                pos = it.get("pos") if isinstance(it, dict) and "pos" in it else (
                    [it["x"], it["y"]] if isinstance(it, dict) and "x" in it else it)
                if key == "board" or not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int) for v in pos)):
                    continue
                got = unit_cell(d, key, i if isinstance(val, list) else -1)
                check("%s %s %d cell" % (name, key, i), got == "%d,%d" % tuple(pos), "got %s want %s" % (got, pos))
        shot(d, out_dir, "viewer_%s.png" % name)
    # player 0 of bomber is red (the per-seat colour) at its cell's centre
    path = os.path.join(fixtures, "bomber.jsonl")
    header, turns = read_replay(path)
    load(d, path)
    p = turns[0]["state"]["players"][0]["pos"]
    check("bomber player 0 pixel", centre_pixel(d, *p)[:3] == [214, 39, 40], str(centre_pixel(d, *p)))
    p = turns[0]["state"]["players"][1]["pos"]  # player 1 stands on its own bomb: drawn on top
    check("bomber player 1 pixel", centre_pixel(d, *p)[:3] == [31, 119, 180], str(centre_pixel(d, *p)))


def test_capture(d, fixtures, out_dir):
    """Both units on one cell (a capture): the second is drawn smaller inside the first, so
    the centre has the prey's blue and a point 0.3 cell from it the predator's red."""
    load(d, os.path.join(fixtures, "capture.jsonl"))
    s = cell_px(d)
    check("capture: prey in the middle", centre_pixel(d, 1, 0)[:3] == [31, 119, 180], str(centre_pixel(d, 1, 0)))
    ring = pixel(d, int(1.5 * s + 0.3 * s), int(0.5 * s))
    check("capture: predator around it", ring[:3] == [214, 39, 40], str(ring))
    check("capture: both listed", unit_cell(d, "predator") == "1,0" and unit_cell(d, "prey") == "1,0")


def test_malformed(d, fixtures, out_dir):
    cases = {  # file -> words the message must contain
        "empty.jsonl": ["empty"],
        "bad_json.jsonl": ["line 3", "not valid JSON"],
        "not_replay.jsonl": ["line 1", "not a dmap replay"],
        "map_length.jsonl": ["line 2", "p0/goal", "3 values", "4"],
        "bad_terrain.jsonl": ["line 1", "terrain"],
    }
    for fname, words in sorted(cases.items()):
        load(d, os.path.join(fixtures, "bad", fname))
        msg = error_text(d)
        check("malformed %s shows an error" % fname, msg is not None and all(w in msg for w in words), repr(msg))
        check("malformed %s hides the board" % fname, not d.find_element(By.ID, "main").is_displayed())
        if fname == "bad_json.jsonl":
            shot(d, out_dir, "viewer_error.png")
    # a good file after a bad one shows again
    load(d, os.path.join(fixtures, "pursuit.jsonl"))
    check("good after bad", error_text(d) is None and d.find_element(By.ID, "main").is_displayed())


def units_of(state):
    """(key, index, "x,y") of each unit a replay's state names: [x,y] values (index -1) and
    list items that are objects with x and y or pos."""
    out = []
    for key, val in (state or {}).items():
        if isinstance(val, list) and len(val) == 2 and all(isinstance(v, int) for v in val):
            out.append((key, -1, "%d,%d" % tuple(val)))
        elif isinstance(val, list):
            for i, it in enumerate(val):
                if isinstance(it, dict) and isinstance(it.get("x"), int) and isinstance(it.get("y"), int):
                    out.append((key, i, "%d,%d" % (it["x"], it["y"])))
                elif isinstance(it, dict) and isinstance(it.get("pos"), list):
                    out.append((key, i, "%d,%d" % tuple(it["pos"])))
    return out


def check_real_replay(d, base, header, turns):
    """A replay an arena wrote: stepping with the arrow key shows each frame's turn and units
    (the first 25 frames); the first player's disc has the first seat colour at its cell (rows
    flipped when the header says "up":"y+1"); the tooltip over a cell of the first map gives
    the file's number for that cell."""
    press(d, Keys.HOME)
    mismatches = []
    for k, t in enumerate(turns[:25]):
        if k:
            press(d, Keys.ARROW_RIGHT)
        if turn_label(d) != "Turn %d" % t["turn"]:
            mismatches.append((k, turn_label(d)))
        shown = all_cells(d)
        for key, i, cell in units_of(t.get("state")):
            if shown.get((key, i)) != cell:
                mismatches.append((k, key, i, shown.get((key, i)), cell))
    check(base + " frames' turns and units", not mismatches, str(mismatches[:3]))
    press(d, Keys.HOME)
    flip = header.get("up") == "y+1"
    row = (lambda y: header["height"] - 1 - y) if flip else (lambda y: y)
    players = (turns[0].get("state") or {}).get("players")
    if isinstance(players, list) and players and isinstance(players[0], dict) and "x" in players[0]:
        p = players[0]
        px = centre_pixel(d, p["x"], row(p["y"]))
        check(base + " player 0 pixel (rows flipped: %s)" % flip, px[:3] == [214, 39, 40], str(px))
    maps = turns[0].get("maps") or {}
    if maps:
        name = sorted(maps)[0]
        Select(d.find_element(By.ID, "overlay")).select_by_value(name)
        m, w = maps[name], header["width"]
        k = next(i for i, v in enumerate(m) if v is not None and v != int(v)) if any(
            v is not None and v != int(v) for v in m) else next(i for i, v in enumerate(m) if v is not None)
        x, y = k % w, k // w
        cell, value = hover_cell(d, x, row(y))
        check(base + " tooltip cell", cell == "%d,%d" % (x, y), cell)
        check(base + " tooltip value equals the file", float(value) == m[k], "%r vs %r" % (value, m[k]))
        Select(d.find_element(By.ID, "overlay")).select_by_value("")


def test_extra(d, viewer_dir, arg, out_dir):
    path, _, source = arg.partition("=")
    base = os.path.basename(path)
    if path.endswith(".html"):
        d.get("file://" + os.path.abspath(path))
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return !!window.dmapViewer"))
        WebDriverWait(d, 10).until(lambda d: d.execute_script(
            "return !document.getElementById('error').hidden || !document.getElementById('main').hidden"))
        frames = None
        if source:
            header, turns = read_replay(source)
            frames = len(turns)
    else:
        open_viewer(d, viewer_dir)
        load(d, path)
        header, turns = read_replay(path)
        frames = len(turns)
    check(base + " loads", error_text(d) is None, str(error_text(d)))
    where = d.execute_script("return window.dmapViewer.where()")
    check(base + " has frames", where is not None and where["frames"] >= 1, str(where))
    if where and frames is not None:
        check(base + " frame count", where["frames"] == frames, str(where))
    if frames is not None and not path.endswith(".html"):
        check_real_replay(d, base, header, turns)
    press(d, Keys.END)
    where = d.execute_script("return window.dmapViewer.where()")
    check(base + " steps to the end", where is not None and where["index"] == where["frames"] - 1, str(where))
    if frames is not None:
        check(base + " last turn", turn_label(d) == "Turn %d" % turns[-1]["turn"], turn_label(d))
        for key, val in turns[-1]["state"].items():
            if isinstance(val, list) and len(val) == 2 and all(isinstance(v, int) for v in val) \
                    and unit_cell(d, key) is not None:
                check(base + " " + key + " cell", unit_cell(d, key) == "%d,%d" % tuple(val))
        names = header.get("players", [])
        title = d.find_element(By.ID, "title").text
        check(base + " players shown as text", all(n in title for n in names), repr(title))
        check(base + " nothing injected", not d.find_elements(By.ID, "injected"))
    if path.endswith(".html") and frames and len(turns) > 1:
        # a link naming the turn and the map: the page opens there
        maps = [k for t in turns for k in (t.get("maps") or {})]
        want_turn = turns[-2]["turn"]
        frag = "#turn=%d" % want_turn + ("&map=" + maps[-1] if maps else "")
        d.get("about:blank")
        d.get("file://" + os.path.abspath(path) + frag)
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return !!(window.dmapViewer && window.dmapViewer.where())"))
        check(base + " #turn opens that turn", turn_label(d) == "Turn %d" % want_turn, turn_label(d))
        if maps:
            sel = Select(d.find_element(By.ID, "overlay")).first_selected_option.get_attribute("value")
            check(base + " #map selects the overlay", sel == maps[-1], sel)
    shot(d, out_dir, "viewer_" + base.replace(".", "_") + ".png")


def main():
    if len(sys.argv) < 4:
        print("usage: test_viewer.py VIEWER_DIR FIXTURES_DIR OUT_DIR [EXTRA...]", file=sys.stderr)
        return 2
    viewer_dir, fixtures, out_dir = (os.path.abspath(a) for a in sys.argv[1:4])
    for p in (os.path.join(viewer_dir, "index.html"), fixtures):
        if not os.path.exists(p):
            print("FAIL: viewer: missing %s" % p, file=sys.stderr)
            return 1
    for tool in ("chromium", "chromedriver"):
        if not shutil.which(tool):
            print("FAIL: viewer: %s is missing; scripts/deps.sh test installs it" % tool, file=sys.stderr)
            return 1
    os.makedirs(out_dir, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="dmap-viewer-chromium-")
    d = None
    try:
        d = start_browser(profile)
        open_viewer(d, viewer_dir)
        test_pursuit(d, fixtures, out_dir)
        test_other_games(d, fixtures, out_dir)
        test_capture(d, fixtures, out_dir)
        test_malformed(d, fixtures, out_dir)
        for extra in sys.argv[4:]:
            test_extra(d, viewer_dir, extra, out_dir)
        logs = d.get_log("browser") if hasattr(d, "get_log") else []
        errors = [l for l in logs if l.get("level") == "SEVERE"]
        check("no JavaScript errors in the console", not errors, str(errors[:3]))
    except Exception as e:  # a crash of the driver or a timeout is a failure with its reason
        check("browser session", False, "%s: %s" % (type(e).__name__, e))
    finally:
        if d is not None:
            d.quit()
        shutil.rmtree(profile, ignore_errors=True)
    print("viewer: %d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
