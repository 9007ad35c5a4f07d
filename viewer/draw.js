/* draw.js — drawing one frame of a replay on a canvas: terrain, each game's units and items as
 * simple shapes, and a map as a heatmap overlay (viridis-like scale), plus the legend.
 *
 * Each game has a style table: terrain characters -> colours, and state keys -> how to draw
 * the things listed there (shape, colour, layer). A game this file does not know, or a state
 * key a game's table lacks, gets the generic drawing: every entry of the state that names a
 * cell ([x,y], {x,y}, {"pos": ...}) is drawn as a small marker in a colour derived from its key.
 */
"use strict";

var DmapDraw = (function () {
  var WALL = "#3a3a40", FLOOR = "#e8e4da";
  var PLAYER_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

  /* Terrain characters shared by every game, then each game's own. */
  var COMMON_TERRAIN = { "#": WALL, ".": FLOOR, " ": FLOOR, "_": FLOOR };
  var GAMES = {
    pursuit: {
      terrain: {},
      things: {
        predator: { shape: "circle", colour: "#d62728", layer: 3 },
        prey: { shape: "circle", colour: "#1f77b4", layer: 3 }
      }
    },
    /* arenas/bomber/replay_file.c: players {x,y,hp,ammo,score}; bombs [x,y,owner,ttl];
     * fire [x,y,owner]; blocks [x,y,kind,hp] (kind 's' wood, 'o' ore); ammo [x,y,ttl];
     * treasure [x,y]; the header says "up":"y+1" (the original's y grows upward) */
    bomber: {
      terrain: { "#": "#2f2f36", "M": "#2f2f36", "o": "#8a8f98", "O": "#8a8f98", "w": "#a0703c", "W": "#a0703c" },
      things: {
        blocks: { shape: "block", layer: 0, fields: ["x", "y", "kind", "hp"] },
        fire: { shape: "square", colour: "#ff7f0e", layer: 1, alpha: 0.75, fields: ["x", "y", "owner"] },
        fires: { shape: "square", colour: "#ff7f0e", layer: 1, alpha: 0.75, fields: ["x", "y", "owner"] },
        ammo: { shape: "diamond", colour: "#2ca02c", layer: 1, fields: ["x", "y", "ttl"] },
        treasure: { shape: "diamond", colour: "#e6b800", layer: 1, fields: ["x", "y"] },
        treasures: { shape: "diamond", colour: "#e6b800", layer: 1, fields: ["x", "y"] },
        bombs: { shape: "bomb", colour: "#111111", layer: 2, fields: ["x", "y", "owner", "ttl"] },
        players: { shape: "circle", perIndex: true, layer: 3 }
      }
    },
    /* arenas/kutulu/replay.c: explorers {id,x,y,sanity,plans,lights,active,score}, minions
     * {id,type: wanderer|slasher,x,y,state,target}, effects {type,...,cell: index}; terrain
     * '#' wall, 'w' wanderer spawn, 'U' shelter, 'S' explorer start */
    kutulu: {
      terrain: { "w": "#c9c0e0", "U": "#9fd3c7", "S": "#e8e4da" },
      things: {
        effects: { shape: "ring", colour: "#17becf", layer: 1 },
        wanderers: { shape: "triangle", colour: "#7b3294", layer: 2 },
        slashers: { shape: "triangle", colour: "#a50026", layer: 2 },
        minions: { shape: "triangle", colour: "#7b3294", layer: 2,
          byType: { wanderer: "#7b3294", slasher: "#a50026" } },
        explorers: { shape: "circle", perIndex: true, layer: 3 }
      }
    },
    /* arenas/pommerman/cmd_match.c: board (codes, row by row), agents {id,pos,alive,...},
     * bombs {pos,owner,life,...}, flames {pos,life}, items {pos,kind} */
    pommerman: {
      terrain: { "1": "#2f2f36", "2": "#a0703c" },
      board: true,
      things: {
        flames: { shape: "square", colour: "#ff7f0e", layer: 1, alpha: 0.75 },
        items: { shape: "diamond", colour: "#2ca02c", layer: 1 },
        bombs: { shape: "bomb", colour: "#111111", layer: 2 },
        agents: { shape: "circle", perIndex: true, layer: 3 }
      }
    }
  };
  /* Pommerman's board codes (the environment's constants): passage, rigid, wood, bomb, flames,
   * fog, the three power-ups; under agents (9 dummy, 10..13) a passage: the agents are drawn
   * from "agents". */
  var POMMERMAN_BOARD = { 0: FLOOR, 1: "#2f2f36", 2: "#a0703c", 3: FLOOR, 4: "#ffbb78", 5: "#9e9e9e",
    6: "#98df8a", 7: "#aec7e8", 8: "#f7b6d2", 9: FLOOR, 10: FLOOR, 11: FLOOR, 12: FLOOR, 13: FLOOR };
  var BLOCK_COLOURS = { wood: "#a0703c", ore: "#8a8f98", metal: "#2f2f36", indestructible: "#2f2f36",
    s: "#a0703c", o: "#8a8f98", m: "#2f2f36" };

  /* The canvas row of grid row y: flipped when the game's y grows upward ("up":"y+1"). */
  function rowOf(header, y) {
    return header.up === "y+1" ? header.height - 1 - y : y;
  }

  /* A tuple [x, y, a, b] as the object {x, y, a, b} its style names, else the item itself. */
  function asObject(item, style) {
    if (!style || !style.fields || !Array.isArray(item) || item.length < 2 ||
        !Number.isInteger(item[0]) || !Number.isInteger(item[1])) return item;
    var o = {};
    style.fields.forEach(function (f, i) { if (i < item.length) o[f] = item[i]; });
    return o;
  }

  function gameOf(header) {
    return GAMES[header.game] || { terrain: {}, things: {} };
  }

  function hashColour(s) {
    var h = 0;
    for (var i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
    return "hsl(" + (h % 360) + ",60%,45%)";
  }

  function terrainColour(game, ch) {
    if (game.terrain[ch]) return game.terrain[ch];
    if (COMMON_TERRAIN[ch]) return COMMON_TERRAIN[ch];
    return "hsl(" + ((ch.charCodeAt(0) * 47) % 360) + ",35%,75%)";
  }

  /* ---- the viridis-like scale ---------------------------------------------------------- */
  var VIRIDIS = [[68, 1, 84], [72, 40, 120], [62, 74, 137], [49, 104, 142], [38, 130, 142],
    [31, 158, 137], [53, 183, 121], [109, 205, 89], [180, 222, 44], [253, 231, 37]];

  function viridis(t) {
    if (!(t >= 0)) t = 0;
    if (t > 1) t = 1;
    var f = t * (VIRIDIS.length - 1), i = Math.min(Math.floor(f), VIRIDIS.length - 2), u = f - i;
    var a = VIRIDIS[i], b = VIRIDIS[i + 1];
    return [0, 1, 2].map(function (k) { return Math.round(a[k] + (b[k] - a[k]) * u); });
  }

  function mapRange(m) {
    var lo = Infinity, hi = -Infinity;
    for (var i = 0; i < m.length; i++)
      if (m[i] !== null && Number.isFinite(m[i])) {
        if (m[i] < lo) lo = m[i];
        if (m[i] > hi) hi = m[i];
      }
    return lo <= hi ? { lo: lo, hi: hi } : null;
  }

  /* ---- shapes -------------------------------------------------------------------------- */
  function shape(ctx, kind, cx, cy, s, colour) {
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    var r = s * 0.36;
    ctx.beginPath();
    switch (kind) {
      case "square": ctx.fillRect(cx - s / 2, cy - s / 2, s, s); return;
      case "block": ctx.fillRect(cx - s * 0.45, cy - s * 0.45, s * 0.9, s * 0.9); return;
      case "diamond":
        ctx.moveTo(cx, cy - r); ctx.lineTo(cx + r, cy); ctx.lineTo(cx, cy + r); ctx.lineTo(cx - r, cy);
        ctx.closePath(); ctx.fill(); return;
      case "triangle":
        ctx.moveTo(cx, cy - r); ctx.lineTo(cx + r, cy + r * 0.8); ctx.lineTo(cx - r, cy + r * 0.8);
        ctx.closePath(); ctx.fill(); return;
      case "ring":
        ctx.lineWidth = Math.max(1, s / 10); ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.stroke(); return;
      case "bomb":
        ctx.arc(cx, cy, s * 0.3, 0, 2 * Math.PI); ctx.fill();
        ctx.fillStyle = "#ff7f0e"; ctx.fillRect(cx + s * 0.15, cy - s * 0.38, s * 0.1, s * 0.12); return;
      case "marker":
        ctx.arc(cx, cy, s * 0.22, 0, 2 * Math.PI); ctx.fill(); return;
      default:
        ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.fill();
    }
  }

  function isDead(o) {
    return DmapReplay.isObject(o) && (o.alive === false || o.dead === true || o.active === false ||
      (typeof o.hp === "number" && o.hp <= 0));
  }

  /* Everything in a state that names a cell, as {key, index, cell, obj, style}: for each top-level
   * key, either the value itself (one thing) or each element of an array (many things). */
  function thingsOf(header, state) {
    var game = gameOf(header), w = header.width, out = [];
    Object.keys(state || {}).forEach(function (key) {
      if (key === "terrain" || key === "board") return;
      var style = game.things[key], v = state[key];
      var byIndex = style ? w : 0; /* plain cell indices only where the game's table says so */
      var one = DmapReplay.cellOf(v, byIndex);
      var list = one ? [v] : Array.isArray(v) ? v : [];
      list.forEach(function (raw, i) {
        var item = asObject(raw, style), c = DmapReplay.cellOf(item, byIndex);
        if (!c || c.x < 0 || c.y < 0 || c.x >= w || c.y >= header.height) return;
        var st = style || { shape: "marker", colour: hashColour(key), layer: 2, generic: true };
        out.push({ key: key, index: one ? -1 : i, cell: c, obj: item, style: st });
      });
    });
    out.sort(function (a, b) { return a.style.layer - b.style.layer; });
    return out;
  }

  function thingColour(t) {
    var st = t.style;
    if (st.perIndex) {
      var id = DmapReplay.isObject(t.obj) && Number.isInteger(t.obj.id) ? t.obj.id : t.index;
      return PLAYER_COLOURS[((id % PLAYER_COLOURS.length) + PLAYER_COLOURS.length) % PLAYER_COLOURS.length];
    }
    if (st.shape === "block" && DmapReplay.isObject(t.obj))
      return BLOCK_COLOURS[t.obj.kind || t.obj.type] || "#a0703c";
    if (st.byType && DmapReplay.isObject(t.obj) && st.byType[t.obj.type]) return st.byType[t.obj.type];
    return st.colour;
  }

  /* ---- the frame ----------------------------------------------------------------------- */
  function drawTerrain(ctx, header, frame, s) {
    var game = gameOf(header), w = header.width, h = header.height, st = frame.state || {};
    var board = game.board && Array.isArray(st.board) && st.board.length === h ? st.board : null;
    var rows = Array.isArray(st.terrain) ? st.terrain : header.terrain;
    for (var y = 0; y < h; y++) {
      var chars = rows ? Array.from(rows[y]) : null;
      for (var x = 0; x < w; x++) {
        var colour = FLOOR;
        if (board && Array.isArray(board[y]) && POMMERMAN_BOARD[board[y][x]] !== undefined)
          colour = POMMERMAN_BOARD[board[y][x]];
        else if (chars) colour = terrainColour(game, chars[x]);
        ctx.fillStyle = colour;
        ctx.fillRect(x * s, rowOf(header, y) * s, s, s);
      }
    }
  }

  /* The terrain rows of a frame as arrays of characters (its own rows, else the header's), or
   * null; split once per frame, not once per cell. */
  function terrainChars(header, frame) {
    var rows = (frame.state && Array.isArray(frame.state.terrain)) ? frame.state.terrain : header.terrain;
    return rows ? rows.map(function (r) { return Array.from(r); }) : null;
  }

  /* Where a value sits on the colour scale, 0..1: linearly between the lowest and highest
   * finite value, or (mode "rank") by its rank among the distinct finite values, which shows
   * differences everywhere when a few outliers would squeeze the rest into one colour. */
  function scaler(m, range, mode) {
    if (mode !== "rank") {
      return function (v) { return range.hi > range.lo ? (v - range.lo) / (range.hi - range.lo) : 0.5; };
    }
    var seen = {}, distinct = [];
    for (var i = 0; i < m.length; i++)
      if (m[i] !== null && Number.isFinite(m[i]) && !seen[m[i]]) { seen[m[i]] = true; distinct.push(m[i]); }
    distinct.sort(function (a, b) { return a - b; });
    var rank = {};
    distinct.forEach(function (v, k) { rank[v] = k; });
    return function (v) { return distinct.length > 1 ? rank[v] / (distinct.length - 1) : 0.5; };
  }

  function drawOverlay(ctx, header, frame, name, s, mode) {
    var m = frame.maps && frame.maps[name];
    if (!m) return null;
    var range = mapRange(m), w = header.width, chars = terrainChars(header, frame);
    var where = range ? scaler(m, range, mode) : null;
    for (var i = 0; i < m.length; i++) {
      var x = i % w, gy = Math.floor(i / w), y = rowOf(header, gy);
      if (chars && chars[gy][x] === "#") continue; /* walls stay walls */
      if (m[i] === null || !Number.isFinite(m[i])) {
        ctx.fillStyle = "#b0b0b0"; /* unreachable: grey with a hatch */
        ctx.fillRect(x * s, y * s, s, s);
        ctx.strokeStyle = "#808080"; ctx.lineWidth = 1;
        ctx.beginPath(); ctx.moveTo(x * s, (y + 1) * s); ctx.lineTo((x + 1) * s, y * s); ctx.stroke();
        continue;
      }
      var c = viridis(where(m[i]));
      ctx.fillStyle = "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
      ctx.fillRect(x * s, y * s, s, s);
    }
    return range;
  }

  function drawThings(ctx, header, frame, s) {
    var stacked = {}; /* things of one layer already drawn on a cell: the next is drawn smaller,
                         so a capture shows both units (predator ring, prey inside) */
    thingsOf(header, frame.state).forEach(function (t) {
      var cx = (t.cell.x + 0.5) * s, cy = (rowOf(header, t.cell.y) + 0.5) * s;
      var key = t.style.layer + ":" + t.cell.x + "," + t.cell.y, k = stacked[key] || 0;
      stacked[key] = k + 1;
      ctx.globalAlpha = isDead(t.obj) ? 0.35 : (t.style.alpha || 1);
      shape(ctx, t.style.shape, cx, cy, s * Math.pow(0.6, k), thingColour(t));
      ctx.globalAlpha = 1;
      if (t.style.perIndex && s >= 16) { /* the seat number, in the corner (never the centre) */
        ctx.fillStyle = "#000";
        ctx.font = Math.floor(s * 0.3) + "px sans-serif";
        ctx.textBaseline = "top";
        var id = DmapReplay.isObject(t.obj) && Number.isInteger(t.obj.id) ? t.obj.id : t.index;
        ctx.fillText(String(id), t.cell.x * s + 1, rowOf(header, t.cell.y) * s + 1);
      }
    });
  }

  function drawGrid(ctx, header, s) {
    if (s < 10) return;
    ctx.strokeStyle = "rgba(0,0,0,0.08)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (var x = 1; x < header.width; x++) { ctx.moveTo(x * s + 0.5, 0); ctx.lineTo(x * s + 0.5, header.height * s); }
    for (var y = 1; y < header.height; y++) { ctx.moveTo(0, y * s + 0.5); ctx.lineTo(header.width * s, y * s + 0.5); }
    ctx.stroke();
  }

  /* Draw one frame with cells of s pixels; overlay is a map name or "", mode "linear" or
   * "rank" (the colour scale). Returns the overlay's finite range {lo, hi} (null when no
   * overlay is drawn or it has no finite value). */
  function frame(ctx, header, fr, s, overlay, mode) {
    ctx.clearRect(0, 0, header.width * s, header.height * s);
    drawTerrain(ctx, header, fr, s);
    var range = overlay ? drawOverlay(ctx, header, fr, overlay, s, mode) : null;
    drawGrid(ctx, header, s);
    drawThings(ctx, header, fr, s);
    return range;
  }

  /* The legend: a horizontal gradient of the scale on a canvas. */
  function legend(canvas) {
    var ctx = canvas.getContext("2d"), w = canvas.width, h = canvas.height;
    for (var x = 0; x < w; x++) {
      var c = viridis(x / (w - 1));
      ctx.fillStyle = "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
      ctx.fillRect(x, 0, 1, h);
    }
  }

  return { frame: frame, legend: legend, thingsOf: thingsOf, viridis: viridis, mapRange: mapRange,
    isDead: isDead, rowOf: rowOf, PLAYER_COLOURS: PLAYER_COLOURS };
})();
