/* viewer.js — the replay viewer's page logic: loading a replay (file picker, drag and drop, or
 * the replay embedded in a standalone HTML file), the timeline (scrubber, play/pause, step,
 * speed, keyboard), per-turn stats, the map overlay with the value under the mouse, and an
 * error box that says what is wrong with a malformed file. Needs replay.js and draw.js.
 *
 * window.dmapViewer exposes loadText(text) and a read-only view of where the viewer is, for
 * scripts and tests; everything else goes through the page's controls.
 */
"use strict";

(function () {
  var SPEEDS = [1, 2, 4, 8, 16, 32, 64]; /* turns per second */
  var el = {};
  var replay = null, index = 0, overlay = "", speedIndex = 2, timer = null, cell = 0;

  function $(id) { return document.getElementById(id); }

  function showError(message) {
    replay = null; /* first: stop() would draw the frame again */
    stop();
    unhover();
    el.error.textContent = "Cannot show this replay: " + message;
    el.error.hidden = false;
    el.main.hidden = true;
  }

  function loadText(text, name) {
    var r;
    try {
      r = DmapReplay.parse(text);
    } catch (err) {
      showError(err.message);
      return false;
    }
    stop();
    unhover();
    replay = r;
    index = 0;
    el.error.hidden = true;
    el.main.hidden = false;
    el.source.textContent = name || "";
    setupBoard();
    setupOverlays();
    el.scrubber.max = String(r.frames.length - 1);
    showHeader();
    applyHash();
    render();
    return true;
  }

  /* A link may name where to start: viewer.html#turn=12&map=p0/goal&scale=rank (first frame of
   * that turn, that map as the overlay, its colours by rank). Unknown or bad values are
   * ignored. */
  function applyHash() {
    var params = {};
    (location.hash || "").replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      try {
        if (i > 0) params[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
      } catch (err) { /* a malformed %-escape: ignore that part */ }
    });
    if (params.turn !== undefined) {
      var t = Number(params.turn);
      for (var k = 0; k < replay.frames.length; k++)
        if (replay.frames[k].turn === t) { index = k; break; }
    }
    if (params.scale === "rank" || params.scale === "linear") el.scale.value = params.scale;
    if (params.map !== undefined && replay.mapNames.indexOf(params.map) >= 0) {
      overlay = params.map;
      el.overlay.value = overlay;
    }
  }

  function loadFile(file) {
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () { loadText(String(reader.result), file.name); };
    reader.onerror = function () { showError("the file could not be read (" + file.name + ")"); };
    reader.readAsText(file);
  }

  /* Cells as large as fit in about 640 pixels, between 6 and 48. */
  function setupBoard() {
    var h = replay.header, side = Math.max(h.width, h.height);
    cell = Math.max(6, Math.min(48, Math.floor(640 / side)));
    el.board.width = h.width * cell;
    el.board.height = h.height * cell;
  }

  function setupOverlays() {
    var keep = overlay;
    el.overlay.innerHTML = "";
    var none = document.createElement("option");
    none.value = "";
    none.textContent = "no map";
    el.overlay.appendChild(none);
    replay.mapNames.forEach(function (n) {
      var o = document.createElement("option");
      o.value = n;
      o.textContent = n;
      el.overlay.appendChild(o);
    });
    overlay = replay.mapNames.indexOf(keep) >= 0 ? keep : "";
    el.overlay.value = overlay;
    el.overlay.disabled = replay.mapNames.length === 0;
  }

  function showHeader() {
    var h = replay.header, parts = [];
    parts.push(h.game ? String(h.game) : "unknown game");
    parts.push(h.width + "×" + h.height);
    if (Array.isArray(h.players)) parts.push(h.players.join(" vs "));
    if (h.seed !== undefined) parts.push("seed " + h.seed);
    el.title.textContent = parts.join(" · ");
    document.title = "dmap replay — " + parts.join(" · ");
    el.result.textContent = replay.result === null ? "" : "Result: " + describe(replay.result);
  }

  function describe(v) {
    if (v === null || typeof v !== "object") return String(v);
    if (Array.isArray(v)) return v.map(describe).join(", ");
    return Object.keys(v).map(function (k) { return k + " " + describe(v[k]); }).join(", ");
  }

  function playerName(i) {
    var p = replay.header.players;
    return Array.isArray(p) && p[i] !== undefined ? String(p[i]) : "p" + i;
  }

  /* ---- stats --------------------------------------------------------------------------- */
  var POS_KEYS = ["x", "y", "pos", "position", "location", "cell", "at", "xy", "coord"];

  /* "prey", "bombs 0", or for a seat "players 1 random" (the player's name from the header). */
  function thingName(t) {
    if (t.index < 0) return t.key;
    var name = t.key + " " + t.index;
    if (t.style.perIndex) {
      var id = DmapReplay.isObject(t.obj) && Number.isInteger(t.obj.id) ? t.obj.id : t.index;
      var p = replay.header.players;
      if (Array.isArray(p) && p[id] !== undefined) name += " " + p[id];
    }
    return name;
  }

  function statsTable(things) {
    var cols = [];
    things.forEach(function (t) {
      if (!DmapReplay.isObject(t.obj)) return;
      Object.keys(t.obj).forEach(function (k) {
        var v = t.obj[k];
        if (POS_KEYS.indexOf(k) < 0 && cols.indexOf(k) < 0 && (v === null || typeof v !== "object")) cols.push(k);
      });
    });
    var table = document.createElement("table");
    var head = table.insertRow();
    ["", "cell"].concat(cols).forEach(function (c) {
      var th = document.createElement("th");
      th.textContent = c;
      head.appendChild(th);
    });
    things.forEach(function (t) {
      var row = table.insertRow();
      row.dataset.entity = t.key;
      row.dataset.index = String(t.index);
      row.dataset.cell = t.cell.x + "," + t.cell.y;
      if (DmapDraw.isDead(t.obj)) row.className = "dead";
      row.insertCell().textContent = thingName(t);
      row.insertCell().textContent = t.cell.x + "," + t.cell.y;
      cols.forEach(function (c) {
        var v = DmapReplay.isObject(t.obj) ? t.obj[c] : undefined;
        row.insertCell().textContent = v === undefined ? "" : String(v);
      });
    });
    return table;
  }

  function renderStats(fr) {
    var box = el.stats;
    box.innerHTML = "";
    if (fr.actions && (Array.isArray(fr.actions) ? fr.actions.length : Object.keys(fr.actions).length)) {
      var a = document.createElement("div");
      a.className = "actions";
      var list = Array.isArray(fr.actions)
        ? fr.actions.map(function (x, i) { return playerName(i) + ": " + describe(x); })
        : Object.keys(fr.actions).map(function (k) { return k + ": " + describe(fr.actions[k]); });
      a.textContent = "actions — " + list.join(" · ");
      box.appendChild(a);
    }
    /* a table per key: units first (the top layer), then bombs, items, blocks; keys of one
     * layer in the state's order */
    var things = DmapDraw.thingsOf(replay.header, fr.state), groups = {}, order = [];
    things.forEach(function (t) {
      if (!groups[t.key]) { groups[t.key] = []; order.push(t.key); }
      groups[t.key].push(t);
    });
    var seen = order.slice();
    order.sort(function (a, b) {
      return groups[b][0].style.layer - groups[a][0].style.layer || seen.indexOf(a) - seen.indexOf(b);
    });
    order.forEach(function (k) { box.appendChild(statsTable(groups[k])); });
    var scalars = Object.keys(fr.state || {}).filter(function (k) {
      var v = fr.state[k];
      return v === null || typeof v !== "object";
    });
    if (scalars.length) {
      var s = document.createElement("div");
      s.className = "scalars";
      s.textContent = scalars.map(function (k) { return k + " " + fr.state[k]; }).join(" · ");
      box.appendChild(s);
    }
  }

  /* ---- the frame ----------------------------------------------------------------------- */
  /* Draw the current frame; a state this viewer cannot draw shows the error box, never a
   * half-drawn or blank page. */
  function render() {
    if (!replay) return;
    try {
      draw();
    } catch (err) {
      showError("line " + replay.frames[index].line + ": cannot draw this turn (" + err.message + ")");
    }
  }

  function draw() {
    var fr = replay.frames[index], ctx = el.board.getContext("2d");
    var range = DmapDraw.frame(ctx, replay.header, fr, cell, overlay, el.scale.value);
    el.turn.textContent = "Turn " + fr.turn;
    el.turn.dataset.turn = String(fr.turn);
    el.position.textContent = "frame " + (index + 1) + " / " + replay.frames.length;
    el.scrubber.value = String(index);
    el.play.textContent = timer ? "❚❚ pause" : "▶ play";
    el.speed.textContent = SPEEDS[speedIndex] + " turns/s";
    el.legendBox.hidden = !overlay;
    if (overlay) {
      el.legendLo.textContent = range ? String(range.lo) : "–";
      el.legendHi.textContent = range ? String(range.hi) : "–";
      el.legendNote.textContent = !(fr.maps && fr.maps[overlay]) ? "(this turn has no map " + overlay + ")"
        : el.scale.value === "rank" ? "(colours by rank)" : "";
    }
    renderStats(fr);
  }

  function go(i) {
    if (!replay) return;
    unhover(); /* its value was of the other turn */
    index = Math.max(0, Math.min(replay.frames.length - 1, i));
    render();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    if (replay) render();
  }

  function play() {
    if (!replay) return;
    if (timer) return stop();
    if (index >= replay.frames.length - 1) index = 0;
    timer = setInterval(function () {
      if (index >= replay.frames.length - 1) return stop();
      go(index + 1);
    }, 1000 / SPEEDS[speedIndex]);
    render();
  }

  function setSpeed(i) {
    speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, i));
    if (timer) { clearInterval(timer); timer = null; play(); } else render();
  }

  function setOverlay(name) {
    unhover(); /* its value was of the other map */
    overlay = name;
    el.overlay.value = name;
    render();
  }

  function cycleOverlay(step) {
    if (!replay || replay.mapNames.length === 0) return;
    var names = [""].concat(replay.mapNames), k = names.indexOf(overlay);
    setOverlay(names[(k + step + names.length) % names.length]);
  }

  /* ---- the value under the mouse --------------------------------------------------------- */
  function hover(ev) {
    if (!replay) return;
    var rect = el.board.getBoundingClientRect();
    var sx = el.board.width / rect.width, sy = el.board.height / rect.height;
    var h = replay.header, x = Math.floor((ev.clientX - rect.left) * sx / cell);
    var y = DmapDraw.rowOf(h, Math.floor((ev.clientY - rect.top) * sy / cell));
    if (x < 0 || y < 0 || x >= h.width || y >= h.height) return unhover();
    var fr = replay.frames[index], t = el.tooltip;
    t.querySelector(".cell").textContent = x + "," + y;
    var what = "", value = "";
    if (overlay) {
      var m = fr.maps && fr.maps[overlay];
      what = overlay + " =";
      value = m ? (m[y * h.width + x] === null ? "null (wall or unreachable)" : String(m[y * h.width + x])) : "no map this turn";
    } else {
      var rows = (fr.state && Array.isArray(fr.state.terrain)) ? fr.state.terrain : h.terrain;
      what = "terrain";
      value = rows ? JSON.stringify(Array.from(rows[y])[x]) : "–";
    }
    var here = DmapDraw.thingsOf(h, fr.state).filter(function (o) { return o.cell.x === x && o.cell.y === y; });
    t.querySelector(".name").textContent = what;
    t.querySelector(".value").textContent = value;
    t.querySelector(".things").textContent = here.map(function (o) {
      return o.index < 0 ? o.key : o.key + " " + o.index;
    }).join(", ");
    t.hidden = false;
    t.style.left = (ev.pageX + 14) + "px";
    t.style.top = (ev.pageY + 14) + "px";
  }

  function unhover() { el.tooltip.hidden = true; }

  /* ---- wiring -------------------------------------------------------------------------- */
  function key(ev) {
    if (ev.target && (ev.target.tagName === "INPUT" && ev.target.type !== "range" || ev.target.tagName === "SELECT")) return;
    var handled = true;
    switch (ev.key) {
      case " ": case "k": play(); break;
      case "ArrowRight": case "l": stop(); go(index + (ev.shiftKey ? 10 : 1)); break;
      case "ArrowLeft": case "j": stop(); go(index - (ev.shiftKey ? 10 : 1)); break;
      case "Home": stop(); go(0); break;
      case "End": stop(); go(Infinity); break;
      case "+": case "=": case "]": setSpeed(speedIndex + 1); break;
      case "-": case "[": setSpeed(speedIndex - 1); break;
      case "m": cycleOverlay(1); break;
      case "M": cycleOverlay(-1); break;
      case "s": el.scale.value = el.scale.value === "rank" ? "linear" : "rank"; render(); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  }

  function init() {
    ["error", "main", "board", "turn", "position", "scrubber", "play", "prev", "next", "first", "last",
      "slower", "faster", "speed", "overlay", "stats", "title", "result", "source", "file", "tooltip",
      "legend", "legendBox", "legendLo", "legendHi", "legendNote", "scale"].forEach(function (id) { el[id] = $(id); });
    DmapDraw.legend(el.legend);
    el.file.addEventListener("change", function () { loadFile(el.file.files[0]); });
    el.scrubber.addEventListener("input", function () {
      var i = Number(el.scrubber.value);
      stop();
      go(i);
    });
    el.play.addEventListener("click", play);
    el.prev.addEventListener("click", function () { stop(); go(index - 1); });
    el.next.addEventListener("click", function () { stop(); go(index + 1); });
    el.first.addEventListener("click", function () { stop(); go(0); });
    el.last.addEventListener("click", function () { stop(); go(Infinity); });
    el.slower.addEventListener("click", function () { setSpeed(speedIndex - 1); });
    el.faster.addEventListener("click", function () { setSpeed(speedIndex + 1); });
    el.overlay.addEventListener("change", function () {
      setOverlay(el.overlay.value);
      el.overlay.blur(); /* give the keys back to the page */
    });
    el.scale.addEventListener("change", function () {
      render();
      el.scale.blur();
    });
    el.board.addEventListener("mousemove", hover);
    el.board.addEventListener("mouseleave", unhover);
    document.addEventListener("keydown", key);
    document.addEventListener("dragover", function (ev) { ev.preventDefault(); });
    document.addEventListener("drop", function (ev) {
      ev.preventDefault();
      if (ev.dataTransfer && ev.dataTransfer.files.length) loadFile(ev.dataTransfer.files[0]);
    });
    var embedded = $("dmap-replay-data");
    if (embedded && embedded.textContent.trim() !== "") loadText(embedded.textContent, "embedded replay");
  }

  window.dmapViewer = {
    loadText: loadText,
    where: function () {
      return replay ? { index: index, frames: replay.frames.length, turn: replay.frames[index].turn,
        overlay: overlay, playing: !!timer, cell: cell, speed: SPEEDS[speedIndex] } : null;
    }
  };
  document.addEventListener("DOMContentLoaded", init);
})();
