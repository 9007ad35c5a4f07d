/* replay.js — reading the dmap replay format (JSON Lines, arenas/kit/README.md "Replays") into
 * frames the viewer draws, with one clear message for anything malformed.
 *
 *   line 1        {"format":"dmap-replay","version":1,"game":"...","width":W,"height":H,
 *                  "players":[...],"terrain":["row", ...], ...game-specific static fields}
 *   then          {"turn":t,"actions":[...],"state":{...},"maps":{"name":[W*H numbers|null]}}
 *   last (opt.)   {"result":{...}}
 *
 * Blank lines are ignored; unknown fields are kept and ignored. A header that carries a
 * "state" of its own becomes frame 0 (the position before the first turn).
 * Also the helpers that find a cell in a game's state: [x,y], {x,y}, {"pos": ...} and friends.
 */
"use strict";

var DmapReplay = (function () {
  var MAX_SIDE = 4096;

  function fail(line, message) {
    var e = new Error((line ? "line " + line + ": " : "") + message);
    e.replayLine = line;
    throw e;
  }

  function isObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
  }

  function parseLine(text, line) {
    try {
      return JSON.parse(text);
    } catch (err) {
      return fail(line, "not valid JSON (" + err.message + ")");
    }
  }

  function checkHeader(h) {
    if (!isObject(h)) fail(1, "the header must be a JSON object");
    if (h.format !== "dmap-replay")
      fail(1, "not a dmap replay: \"format\" is " + JSON.stringify(h.format) +
        ", expected \"dmap-replay\"");
    if (h.version !== 1) fail(1, "unsupported replay version " + JSON.stringify(h.version) + " (this viewer reads version 1)");
    ["width", "height"].forEach(function (k) {
      var v = h[k];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > MAX_SIDE)
        fail(1, "\"" + k + "\" must be an integer from 1 to " + MAX_SIDE + ", got " + JSON.stringify(v));
    });
    if (h.terrain !== undefined) checkTerrain(h.terrain, h.width, h.height, 1, "terrain");
    if (h.players !== undefined && !Array.isArray(h.players)) fail(1, "\"players\" must be an array");
  }

  function checkTerrain(t, w, h, line, what) {
    if (!Array.isArray(t) || t.length !== h)
      fail(line, "\"" + what + "\" must be an array of " + h + " row strings");
    for (var y = 0; y < h; y++)
      if (typeof t[y] !== "string" || Array.from(t[y]).length !== w)
        fail(line, "\"" + what + "\" row " + y + " must be a string of " + w + " characters");
  }

  function checkMaps(maps, n, line) {
    if (!isObject(maps)) fail(line, "\"maps\" must be an object of named maps");
    Object.keys(maps).forEach(function (name) {
      var m = maps[name];
      if (!Array.isArray(m)) fail(line, "map \"" + name + "\" must be an array of numbers");
      if (m.length !== n) fail(line, "map \"" + name + "\" has " + m.length + " values, expected width*height = " + n);
      for (var i = 0; i < n; i++)
        if (m[i] !== null && typeof m[i] !== "number")
          fail(line, "map \"" + name + "\" value " + i + " is " + JSON.stringify(m[i]) + ", expected a number or null");
    });
  }

  function checkTurn(o, h, line) {
    if (typeof o.turn !== "number" || !Number.isFinite(o.turn))
      fail(line, "a turn line needs a numeric \"turn\" (or this is a \"result\" line)");
    if (o.actions !== undefined && !Array.isArray(o.actions) && !isObject(o.actions))
      fail(line, "\"actions\" must be an array or an object");
    if (o.state !== undefined && !isObject(o.state)) fail(line, "\"state\" must be an object");
    if (o.state && o.state.terrain !== undefined)
      checkTerrain(o.state.terrain, h.width, h.height, line, "state.terrain");
    if (o.maps !== undefined) checkMaps(o.maps, h.width * h.height, line);
  }

  /* Parse the whole text; throws an Error whose message starts "line N:" on bad input. */
  function parse(text) {
    if (typeof text !== "string") fail(0, "no replay text");
    var lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    var header = null, frames = [], result = null, resultLine = 0;
    for (var i = 0; i < lines.length; i++) {
      var line = i + 1;
      if (lines[i].trim() === "") continue;
      var o = parseLine(lines[i], line);
      if (header === null) {
        checkHeader(o);
        header = o;
        if (isObject(o.state)) frames.push({ turn: 0, actions: null, state: o.state, maps: null, line: 1 });
        continue;
      }
      if (!isObject(o)) fail(line, "each line must be a JSON object");
      if (resultLine) fail(line, "a line after the result line (line " + resultLine + ")");
      if (o.result !== undefined && o.turn === undefined) {
        result = o.result;
        resultLine = line;
        continue;
      }
      checkTurn(o, header, line);
      frames.push({ turn: o.turn, actions: o.actions || null, state: o.state || {}, maps: o.maps || null, line: line, raw: o });
    }
    if (header === null) fail(0, "the file is empty: no header line");
    if (frames.length === 0) fail(0, "the replay has a header but no turn lines");
    var names = [];
    frames.forEach(function (f) {
      if (f.maps) Object.keys(f.maps).forEach(function (k) { if (names.indexOf(k) < 0) names.push(k); });
    });
    return { header: header, frames: frames, result: result, mapNames: names };
  }

  var POS_KEYS = ["pos", "position", "location", "cell", "at", "xy", "coord"];

  /* The cell {x, y} a value names, or null: [x,y], {x,y}, {pos|position|location|...: [x,y]},
   * or a cell index y*W + x when w is given and the value is an integer. */
  function cellOf(v, w) {
    if (Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]))
      return { x: v[0], y: v[1] };
    if (typeof v === "number" && w && Number.isInteger(v) && v >= 0)
      return { x: v % w, y: Math.floor(v / w) };
    if (isObject(v)) {
      if (Number.isInteger(v.x) && Number.isInteger(v.y)) return { x: v.x, y: v.y };
      for (var i = 0; i < POS_KEYS.length; i++)
        if (v[POS_KEYS[i]] !== undefined) {
          var c = cellOf(v[POS_KEYS[i]], w);
          if (c) return c;
        }
    }
    return null;
  }

  return { parse: parse, cellOf: cellOf, isObject: isObject };
})();
