// index.js — dmap's JavaScript API over its WebAssembly build (dmap.wasm, made by build.sh):
// grids, Dijkstra maps as Float64Array views into the module's memory, flee maps, rolling
// downhill, breadth-first search and map algebra. Runs in Node (18+) and in browsers.
//
// Memory: grids and maps live in the WebAssembly memory (malloc'ed there) until their free()
// (or, as a safety net, until the garbage collector finalizes the JavaScript object). A
// view (map.values, grid.walls, grid.costs) is a typed array over that memory, not a copy; it
// becomes detached (length 0) when the memory grows, which any call that allocates can do:
// making a grid or a map, parseMap, and the searches (their workspace grows on first use or a
// bigger grid). Read the property again after such a call: it always returns a live view.

const WASI_EBADF = 8;
const WASI_ENOSYS = 52;

/** dmap's error codes (dmap.h's DMAP_ERR_*). */
export const ErrorCode = Object.freeze({
  OK: 0, ARG: -1, SIZE: -2, NOMEM: -3, VALUE: -4, RANGE: -5, WALL: -6, FORMAT: -7, IO: -8,
  LIMIT: -9, CEILING: -10,
});
const CODE_NAMES = Object.fromEntries(Object.entries(ErrorCode).map(([k, v]) => [v, `DMAP_ERR_${k}`]));

/** Directions (dmap.h's dmap_dir): STAY, the cardinal 1..4, the diagonal 5..8. */
export const Dir = Object.freeze({
  STAY: 0, UP: 1, RIGHT: 2, DOWN: 3, LEFT: 4, UP_RIGHT: 5, DOWN_RIGHT: 6, DOWN_LEFT: 7, UP_LEFT: 8,
});
const DIR_DX = [0, 0, 1, 0, -1, 1, 1, -1, -1];
const DIR_DY = [0, -1, 0, 1, 0, -1, 1, 1, -1];

/** Move rules: 4 neighbours with unit steps, 8 with unit steps (corners cut), octile. */
export const Moves = Object.freeze({
  FOUR: Object.freeze({ connectivity: 4, cardinal: 1, diagonal: 1, corners: 'cut' }),
  EIGHT: Object.freeze({ connectivity: 8, cardinal: 1, diagonal: 1, corners: 'cut' }),
  OCTILE: Object.freeze({ connectivity: 8, cardinal: 1, diagonal: Math.SQRT2, corners: 'strict' }),
});

/** No ceiling: plain distances, +Infinity where no goal reaches (DMAP_NO_CEILING). */
export const NO_CEILING = Infinity;
/** The usual flee factor (DMAP_FLEE_FACTOR). */
export const FLEE_FACTOR = -1.2;

/** A dmap error: `code` is one of ErrorCode, `message` the library's sentence for it. */
export class DmapError extends Error {
  constructor(fn, code, detail) {
    const name = CODE_NAMES[code] ?? `code ${code}`;
    super(`${fn}: ${detail ?? ERROR_TEXT.get(code) ?? 'unknown error'} (${name})`);
    this.name = 'DmapError';
    this.code = code;
    this.fn = fn;
  }
}
// dmap_strerror's sentences, read from the module at load (shared by every instance).
const ERROR_TEXT = new Map();

function isNode() {
  return typeof process !== 'undefined' && process.versions != null && process.versions.node != null;
}

async function wasmBytes(source) {
  if (source instanceof WebAssembly.Module || source instanceof ArrayBuffer ||
      ArrayBuffer.isView(source)) return source;
  const url = source ?? new URL('./dmap.wasm', import.meta.url);
  const href = url instanceof URL ? url.href : String(url);
  // A path has no scheme; a Windows path's drive letter (C:\ or C:/) is not one.
  const path = !/^[a-z][a-z0-9+.-]*:/i.test(href) || /^[a-z]:[\\/]/i.test(href);
  if (isNode() && (href.startsWith('file:') || path)) {
    const { readFile } = await import('node:fs/promises');
    return readFile(href.startsWith('file:') ? new URL(href) : href);
  }
  const response = await fetch(href);
  if (!response.ok) throw new Error(`dmap: cannot fetch ${href}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The few WASI calls wasi-libc may make: no environment, no preopened files, no file I/O
// (dmap_read_file reports DMAP_ERR_IO here; pass texts to parseMap instead).
function wasiStub(memory) {
  const u32 = (ptr, v) => new DataView(memory().buffer).setUint32(ptr, v, true);
  const nosys = () => WASI_ENOSYS;
  return {
    environ_sizes_get: (count, size) => { u32(count, 0); u32(size, 0); return 0; },
    environ_get: () => 0,
    fd_prestat_get: () => WASI_EBADF,
    fd_prestat_dir_name: () => WASI_EBADF,
    fd_close: nosys, fd_fdstat_get: nosys, fd_fdstat_set_flags: nosys, fd_filestat_get: nosys,
    fd_read: nosys, fd_seek: nosys, fd_write: nosys, path_open: nosys,
    proc_exit: (code) => { throw new Error(`dmap.wasm exited with ${code}`); },
  };
}

/**
 * Load dmap.wasm and return a Dmap. source: nothing (dmap.wasm beside this file), a path or
 * URL, the module's bytes, or a compiled WebAssembly.Module.
 */
export async function load(source) {
  const bytes = await wasmBytes(source);
  let memory = null;
  const imports = { wasi_snapshot_preview1: wasiStub(() => memory) };
  const instance = bytes instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(bytes, imports)
    : (await WebAssembly.instantiate(bytes, imports)).instance;
  memory = instance.exports.memory;
  instance.exports._initialize?.();
  return new Dmap(instance.exports);
}

function movesFields(moves) {
  if (moves === undefined || moves === 4 || moves === '4') return Moves.FOUR;
  if (moves === 8 || moves === '8') return Moves.EIGHT;
  if (moves === 'octile') return Moves.OCTILE;
  if (typeof moves === 'object' && moves !== null) {
    // a misspelt 'strict' must not quietly mean 'cut'
    const c = moves.corners;
    if (c !== undefined && c !== 'cut' && c !== 'strict' && c !== 0 && c !== 1) {
      throw new DmapError('moves', ErrorCode.ARG, `unknown corner rule ${String(moves.corners)} ('cut' or 'strict')`);
    }
    return moves;
  }
  throw new DmapError('moves', ErrorCode.ARG, `unknown move rule ${String(moves)}`);
}

/** The WebAssembly module: makes grids, maps and random generators. */
export class Dmap {
  constructor(exports) {
    this._x = exports;
    this._memory = exports.memory;
    this._finalizer = typeof FinalizationRegistry === 'function'
      ? new FinalizationRegistry((held) => this._release(held))
      : null;
    // Scratch structs reused by every call: moves, out-parameters, a reader's diagnosis.
    this._moves = this._alloc(32);
    this._out = this._alloc(16);
    this._diag = this._alloc(164);
    this._goals = this._alloc(16 * 8);
    this._goalsCap = 8;
    const ws = this._alloc(4);
    this._check('dmap_workspace_new', this._x.dmap_workspace_new(ws));
    this._ws = this._i32()[ws >> 2];
    this._x.free(ws);
    if (ERROR_TEXT.size === 0) {
      for (const code of Object.values(ErrorCode)) ERROR_TEXT.set(code, this._cstring(this._x.dmap_strerror(code)));
    }
    /** The library's version, e.g. "0.2.0". */
    this.version = this._cstring(this._x.dmap_version());
  }

  /** The module's memory (its buffer is replaced when it grows). */
  get memory() { return this._memory; }
  /** The instance's exports: every DMAP_API function of dmap.h, malloc, free and the memory,
   * to call the C API directly (pointers are offsets into memory.buffer). */
  get exports() { return this._x; }

  /** A w x h grid, all floor, unit costs. options.walls: w*h numbers (nonzero = wall);
   * options.moves: the grid's default move rule ('4', '8', 'octile' or a Moves object). */
  grid(w, h, options = {}) {
    this._alive();
    const g = new Grid(this, w, h, options.moves);
    if (options.walls !== undefined) {
      try {
        g.setWalls(options.walls);
      } catch (e) {
        g.free();
        throw e;
      }
    }
    return g;
  }

  /** Parse a text map ('#' walls, one row per line) or a Moving AI .map. Returns the grid and
   * its characters (one string per row), so callers can find markers like '@'. */
  parseMap(text, options = {}) {
    this._alive();
    // TextEncoder would turn null into the map "null" and 123 into "123"
    if (typeof text !== 'string') {
      throw new DmapError('dmap_parse_map', ErrorCode.ARG, `the map must be a string, got ${text === null ? 'null' : typeof text}`);
    }
    movesFields(options.moves); // a bad move rule throws before anything is allocated
    const bytes = new TextEncoder().encode(text);
    const buf = this._alloc(bytes.length + 1);
    const gptr = this._alloc(16);
    const charsOut = this._alloc(4);
    try {
      this._u8().set(bytes, buf);
      const rc = this._x.dmap_parse_map(buf, bytes.length, gptr, charsOut, this._diag);
      if (rc !== 0) {
        const line = this._i32()[this._diag >> 2];
        const why = this._cstring(this._diag + 4);
        throw new DmapError('dmap_parse_map', rc, rc === ErrorCode.FORMAT ? `line ${line}: ${why}` : undefined);
      }
      const i32 = this._i32();
      const w = i32[gptr >> 2], h = i32[(gptr >> 2) + 1];
      const cptr = i32[charsOut >> 2];
      // one character per byte, a cell each (the reader accepts ASCII only)
      const rows = [];
      const u8 = this._u8();
      for (let y = 0; y < h; y++) {
        let row = '';
        for (let x = 0; x < w; x++) row += String.fromCharCode(u8[cptr + y * w + x]);
        rows.push(row);
      }
      this._x.free(cptr);
      return { grid: new Grid(this, w, h, options.moves, gptr), rows };
    } catch (e) {
      this._x.free(gptr);
      throw e;
    } finally {
      this._x.free(buf);
      this._x.free(charsOut);
    }
  }

  /** A seeded random generator for downhill tie-breaks (seed: a number or BigInt). */
  rng(seed) {
    this._alive();
    return new Rng(this, seed);
  }

  /** Free the workspace and scratch memory (grids and maps are freed by their own free()).
   * Afterwards every call but free() throws: the scratch blocks it wrote are gone, and
   * writing them would write whatever the allocator has put there since (another map). */
  free() {
    if (!this._ws) return;
    this._x.dmap_workspace_free(this._ws);
    for (const p of [this._moves, this._out, this._diag, this._goals]) this._x.free(p);
    this._ws = 0;
  }

  // --- internals -----------------------------------------------------------------------
  _alive() {
    if (!this._ws) throw new DmapError('dmap', ErrorCode.ARG, 'the module was freed');
  }
  // What the finalizer frees for a collected object: a grid (its arrays, then its struct)
  // or plain malloc'ed blocks.
  _release(held) {
    if (held.grid) {
      this._x.dmap_grid_free(held.grid);
      this._x.free(held.grid);
    } else {
      held.forEach((p) => this._x.free(p));
    }
  }
  // A goal array of n dmap_goal (16 bytes each) kept across calls, grown when too small.
  _scratchGoals(n) {
    if (n > this._goalsCap) {
      const p = this._alloc(16 * n); // when this throws, the old array stays in place
      this._x.free(this._goals);
      this._goals = p;
      this._goalsCap = n;
    }
    return this._goals;
  }
  _alloc(bytes) {
    // malloc's size_t is 32 bits: 2**32 + 16 bytes would arrive as 16
    const p = bytes <= 0xffffffff ? this._x.malloc(Math.max(1, bytes)) : 0;
    if (!p) throw new DmapError('malloc', ErrorCode.NOMEM);
    return p;
  }
  // Views of the whole memory, made again only after it grew.
  _views() {
    const buf = this._memory.buffer;
    if (this._viewsOf !== buf) {
      this._viewsOf = buf;
      this._vu8 = new Uint8Array(buf);
      this._vi32 = new Int32Array(buf);
      this._vu32 = new Uint32Array(buf);
      this._vf64 = new Float64Array(buf);
    }
  }
  _u8() { this._views(); return this._vu8; }
  _i32() { this._views(); return this._vi32; }
  _u32() { this._views(); return this._vu32; }
  _f64() { this._views(); return this._vf64; }
  _check(fn, rc) {
    if (rc !== 0) throw new DmapError(fn, rc);
  }
  _cstring(ptr) {
    const u8 = this._u8();
    let end = ptr;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.subarray(ptr, end));
  }
  _writeMoves(moves) {
    this._alive();
    const m = movesFields(moves);
    checkInt('moves', m.connectivity ?? 4, 'connectivity', ErrorCode.ARG);
    const i32 = this._i32(), f64 = this._f64(), p = this._moves; // dmap_moves: 32 bytes, 8-aligned
    i32[p >> 2] = m.connectivity ?? 4;
    f64[(p >> 3) + 1] = m.cardinal ?? 1;
    f64[(p >> 3) + 2] = m.diagonal ?? 1;
    i32[(p >> 2) + 6] = m.corners === 'strict' || m.corners === 1 ? 1 : 0;
    return p;
  }
}

// Integers cross into WebAssembly as int32 (ToInt32 would wrap 2**32 + 5 to 5 and truncate
// 1.5 to 1): a non-integer is DMAP_ERR_ARG, an integer outside int32 `outside` (the code the
// library gives for a too large value of that kind: DMAP_ERR_RANGE for cells, SIZE for sizes).
function checkInt(fn, v, what, outside = ErrorCode.RANGE) {
  if (!Number.isInteger(v)) throw new DmapError(fn, ErrorCode.ARG, `${what} must be an integer, got ${String(v)}`);
  if (v < -0x80000000 || v > 0x7fffffff) throw new DmapError(fn, outside);
}

// Goals are an array of {x, y, value} or [x, y, value]: a single goal object or anything
// else without elements would otherwise read as no goals at all (a map of +Infinity).
function checkGoals(goals) {
  if (!Array.isArray(goals)) {
    throw new DmapError('dmap_field', ErrorCode.ARG,
      `goals must be an array of {x, y, value} or [x, y, value], got ${goals === null ? 'null' : typeof goals}`);
  }
}
function badGoal(k, goal) {
  return new DmapError('dmap_field', ErrorCode.ARG, `goal ${k} must be {x, y, value} or [x, y, value], got ${String(goal)}`);
}

// Fields the module's memory is sized by: a grid.w or map.grid assigned by mistake would
// make views and calls reach past the blocks the library allocated.
function readOnly(obj, fields) {
  for (const [name, value] of Object.entries(fields)) {
    Object.defineProperty(obj, name, { value, enumerable: true, writable: false, configurable: false });
  }
}

// Per-cell arrays are arrays or typed arrays: a string of the right length would pass ('0'
// and '.' are truthy, so walls '0101' would be four walls) and read as NaN values.
function checkArray(fn, array, what) {
  if (!Array.isArray(array) && !ArrayBuffer.isView(array)) {
    throw new DmapError(fn, ErrorCode.ARG, `${what} must be an array or a typed array, got ${array === null ? 'null' : typeof array}`);
  }
}

// A view holds the grid or map it shows: a view kept alone (grid.field(goals).values) would
// otherwise let the garbage collector free the map under it, and the next map allocated in
// that block would show through the view.
const OWNER = Symbol('dmap owner');
function ownedBy(owner, view) {
  Object.defineProperty(view, OWNER, { value: owner });
  return view;
}

// A view kept across a call that grew the memory reads as length 0: say so in the error.
function detached(array) {
  return ArrayBuffer.isView(array) && array.length === 0 && array.buffer.byteLength === 0
    ? ' (a detached view: the module memory grew since it was read; read .values or .walls again)'
    : '';
}

/** A W x H grid in the module's memory: walls, optional costs, a default move rule. */
export class Grid {
  constructor(dmap, w, h, moves, gptr) {
    this._d = dmap;
    const rule = movesFields(moves); // a bad move rule throws before the grid is allocated
    if (gptr === undefined) {
      checkInt('dmap_grid_init', w, 'width', ErrorCode.SIZE);
      checkInt('dmap_grid_init', h, 'height', ErrorCode.SIZE);
      gptr = dmap._alloc(16);
      const rc = dmap._x.dmap_grid_init(gptr, w, h);
      if (rc !== 0) {
        dmap._x.free(gptr);
        throw new DmapError('dmap_grid_init', rc);
      }
    }
    this._g = gptr;
    readOnly(this, { w, h, size: w * h });
    this.moves = rule;
    this._walls = undefined; // the views, made again only after the memory grew
    this._costs = undefined;
    this._token = {};
    dmap._finalizer?.register(this, { grid: gptr }, this._token);
  }

  /** The walls, a Uint8Array view (nonzero = wall) into the module's memory. */
  get walls() {
    this._live();
    if (this._walls === undefined || this._walls.buffer !== this._d._memory.buffer) {
      this._walls = ownedBy(this, new Uint8Array(this._d._memory.buffer, this._d._i32()[(this._g >> 2) + 2], this.size));
    }
    return this._walls;
  }
  /** The entry costs, a Float64Array view, or null while the grid has unit costs. */
  get costs() {
    this._live();
    const p = this._d._i32()[(this._g >> 2) + 3];
    if (!p) return null;
    if (this._costs === undefined || this._costs.buffer !== this._d._memory.buffer) {
      this._costs = ownedBy(this, new Float64Array(this._d._memory.buffer, p, this.size));
    }
    return this._costs;
  }
  /** Give the grid an array of costs (all 1) and return its view. */
  addCosts() {
    this._live();
    this._d._check('dmap_grid_add_costs', this._d._x.dmap_grid_add_costs(this._g));
    return this.costs;
  }
  /** Set every wall from w*h numbers or booleans (truthy = wall). */
  setWalls(walls) {
    checkArray('setWalls', walls, 'walls');
    if (walls.length !== this.size) {
      throw new DmapError('setWalls', ErrorCode.SIZE, `${walls.length} walls for a ${this.w}x${this.h} grid${detached(walls)}`);
    }
    const v = this.walls;
    for (let i = 0; i < this.size; i++) v[i] = walls[i] ? 1 : 0;
  }
  /** The cell index y*w + x, or -1 outside the grid; x and y must be integers (1.5 or '1'
   * would give a cell that is not one: 1.5, or the string '01'). */
  index(x, y) {
    checkInt('index', x, 'x');
    checkInt('index', y, 'y');
    return x >= 0 && y >= 0 && x < this.w && y < this.h ? y * this.w + x : -1;
  }
  /** The cell one step from `cell` in direction dir, or -1 (outside, a wall, a forbidden step). */
  step(cell, dir, options = {}) {
    this._live();
    checkInt('dmap_step', cell, 'cell');
    checkInt('dmap_step', dir, 'direction', ErrorCode.ARG);
    return this._d._x.dmap_step(this._g, this._d._writeMoves(options.moves ?? this.moves), cell, dir);
  }
  /** True when (x, y) is inside and not a wall. */
  passable(x, y) {
    const i = this.index(x, y);
    return i >= 0 && this.walls[i] === 0;
  }

  /** A new map of this grid, every cell `fill` (default +Infinity). */
  map(fill = Infinity) {
    const m = new ValueMap(this);
    m.values.fill(fill);
    return m;
  }
  /** A new map holding a copy of values (w*h numbers). */
  mapFrom(values) {
    checkArray('mapFrom', values, 'values');
    if (values.length !== this.size) {
      throw new DmapError('mapFrom', ErrorCode.SIZE, `${values.length} values for a ${this.w}x${this.h} grid${detached(values)}`);
    }
    const m = new ValueMap(this);
    m.values.set(values);
    return m;
  }

  /** The Dijkstra map of goals: [{x, y, value = 0}, ...] (or [x, y, value] triples), each
   * cell the lowest goal value plus distance, capped by options.ceiling (default no ceiling:
   * +Infinity where no goal reaches). options.into: a map of this grid to write (else a new
   * one); options.moves overrides the grid's move rule. */
  field(goals, options = {}) {
    this._live();
    const d = this._d;
    checkGoals(goals);
    const n = goals.length;
    // The goals go into the scratch array first, checked on the way: a bad goal throws before
    // the output map is made (the array's contents survive a memory growth, not its views).
    const gp = d._scratchGoals(n);
    const i32 = d._i32(), f64 = d._f64();
    for (let k = 0; k < n; k++) {
      const goal = goals[k];
      if (typeof goal !== 'object' || goal === null) throw badGoal(k, goal);
      const tuple = Array.isArray(goal);
      const x = tuple ? goal[0] : goal.x, y = tuple ? goal[1] : goal.y;
      checkInt('dmap_field', x, 'goal x');
      checkInt('dmap_field', y, 'goal y');
      i32[(gp >> 2) + 4 * k] = x;
      i32[(gp >> 2) + 4 * k + 1] = y;
      f64[(gp >> 3) + 2 * k + 1] = (tuple ? goal[2] : goal.value) ?? 0;
    }
    const mp = d._writeMoves(options.moves ?? this.moves); // a bad move rule throws here too
    const out = this._output(options.into);
    const rc = d._x.dmap_field(this._g, mp, gp, n, options.ceiling ?? NO_CEILING, out._p, d._ws);
    if (rc !== 0) {
      if (!options.into) out.free();
      throw new DmapError('dmap_field', rc);
    }
    return out;
  }

  /** Scan a map in place to the fixed point of "lower every cell to its lowest neighbour plus
   * the step" (the map's own values are the start values). Returns the map. */
  scan(map, options = {}) {
    this._own(map, 'dmap_scan');
    const d = this._d;
    d._check('dmap_scan', d._x.dmap_scan(this._g, d._writeMoves(options.moves ?? this.moves), map._p, d._ws));
    return map;
  }

  /** The flee map of src: src * factor (default -1.2) rescanned, so rolling down it leads away
   * from src's goals and out of dead ends. options.into: the map to write (may be src). */
  flee(src, options = {}) {
    this._own(src, 'dmap_flee');
    const d = this._d;
    const mp = d._writeMoves(options.moves ?? this.moves); // before a map is made
    const out = this._output(options.into);
    const rc = d._x.dmap_flee(this._g, mp, src._p,
      options.factor ?? FLEE_FACTOR, out._p, d._ws);
    if (rc !== 0) {
      if (!options.into) out.free();
      throw new DmapError('dmap_flee', rc);
    }
    return out;
  }

  /** The best moves from `cell` on map: a bit mask, bit d set for each direction d (Dir.STAY
   * included) whose value is the lowest. options.blocked: w*h bytes, nonzero = never entered. */
  downhillOptions(map, cell, options = {}) {
    this._own(map, 'dmap_downhill_options');
    checkInt('dmap_downhill_options', cell, 'cell');
    const d = this._d;
    return this._withBlocked(options.blocked, 'dmap_downhill_options', (bp) => {
      d._check('dmap_downhill_options', d._x.dmap_downhill_options(this._g,
        d._writeMoves(options.moves ?? this.moves), map._p, cell, bp, d._out));
      return d._u32()[d._out >> 2];
    });
  }

  /** Roll downhill one step from `cell`: { dir, cell } of a best move (Dir.STAY and the same
   * cell at a minimum). Ties go to the lowest direction, or to options.rng (dmap.rng(seed)). */
  nextStep(map, cell, options = {}) {
    const rng = this._rngOf(options.rng, 'nextStep');
    const opts = this.downhillOptions(map, cell, options);
    let dir;
    if (rng) {
      dir = rng._pick(opts);
    } else {
      dir = 31 - Math.clz32(opts & -opts);
    }
    const x = cell % this.w, y = (cell - x) / this.w;
    return { dir, cell: (y + DIR_DY[dir]) * this.w + x + DIR_DX[dir] };
  }

  /** Roll downhill from `from` to a minimum: the cells visited, start and end included
   * (an Int32Array copy). Ties as in nextStep. */
  downhillPath(map, from, options = {}) {
    this._own(map, 'dmap_downhill_path');
    checkInt('dmap_downhill_path', from, 'cell');
    const rng = this._rngOf(options.rng, 'dmap_downhill_path');
    const d = this._d;
    const cap = this.size + 1;
    const pp = d._alloc(4 * cap);
    try {
      return this._withBlocked(options.blocked, 'dmap_downhill_path', (bp) => {
        d._check('dmap_downhill_path', d._x.dmap_downhill_path(this._g,
          d._writeMoves(options.moves ?? this.moves), map._p, from, bp,
          rng ? rng._p : 0, pp, cap, d._out));
        const len = d._u32()[d._out >> 2];
        return d._i32().slice(pp >> 2, (pp >> 2) + len);
      });
    } finally {
      d._x.free(pp);
    }
  }

  /** True when `to` can be reached from `from` (steps, not weights). */
  canMoveTo(from, to, options = {}) {
    this._live();
    checkInt('dmap_can_move_to', from, 'cell');
    checkInt('dmap_can_move_to', to, 'cell');
    const d = this._d;
    d._check('dmap_can_move_to', d._x.dmap_can_move_to(this._g,
      d._writeMoves(options.moves ?? this.moves), from, to, d._out, d._ws));
    return d._i32()[d._out >> 2] !== 0;
  }

  /** The cells reachable from `from`: { reached: Uint8Array (1 = reachable, a copy), count }. */
  reachable(from, options = {}) {
    this._live();
    checkInt('dmap_reachable', from, 'cell');
    const d = this._d;
    const rp = d._alloc(this.size);
    try {
      d._check('dmap_reachable', d._x.dmap_reachable(this._g,
        d._writeMoves(options.moves ?? this.moves), from, rp, d._out, d._ws));
      return { reached: d._u8().slice(rp, rp + this.size), count: d._u32()[d._out >> 2] };
    } finally {
      d._x.free(rp);
    }
  }

  /** Multi-source breadth-first search from cells `sources`: { depth, parent } (Int32Array
   * copies): steps from the nearest source, -1 where unreached or deeper than
   * options.maxDepth; parent (with options.parents) the cell each cell was reached from. */
  bfs(sources, options = {}) {
    this._live();
    const d = this._d;
    if (!Array.isArray(sources) && !ArrayBuffer.isView(sources)) {
      throw new DmapError('dmap_bfs', ErrorCode.ARG, `sources must be an array of cells, got ${String(sources)}`);
    }
    checkInt('dmap_bfs', options.maxDepth ?? -1, 'maxDepth', ErrorCode.ARG);
    for (let k = 0; k < sources.length; k++) checkInt('dmap_bfs', sources[k], 'source');
    let sp = 0, dp = 0, pp = 0; // free(0) does nothing: a failed allocation frees the others
    try {
      sp = d._alloc(4 * sources.length);
      dp = d._alloc(4 * this.size);
      if (options.parents) pp = d._alloc(4 * this.size);
      d._i32().set(sources, sp >> 2);
      d._check('dmap_bfs', d._x.dmap_bfs(this._g, d._writeMoves(options.moves ?? this.moves), sp,
        sources.length, options.maxDepth ?? -1, dp, pp, d._ws));
      const i32 = d._i32();
      return {
        depth: i32.slice(dp >> 2, (dp >> 2) + this.size),
        parent: pp ? i32.slice(pp >> 2, (pp >> 2) + this.size) : null,
      };
    } finally {
      d._x.free(sp);
      d._x.free(dp);
      d._x.free(pp);
    }
  }

  /** A shortest path (fewest steps) from the nearest of `sources` to `to`: its cells, source
   * first (an Int32Array; empty when `to` is unreachable). */
  bfsPath(sources, to, options = {}) {
    this._live();
    checkInt('dmap_bfs_path', to, 'cell'); // before the search: 1.5 is not "outside the grid"
    if (to < 0 || to >= this.size) throw new DmapError('dmap_bfs_path', ErrorCode.RANGE);
    const { depth, parent } = this.bfs(sources, { ...options, parents: true });
    if (depth[to] < 0) return new Int32Array(0);
    const path = new Int32Array(depth[to] + 1);
    for (let c = to, k = depth[to]; k >= 0; k--, c = parent[c]) path[k] = c;
    return path;
  }

  // --- map algebra: into is the map to write (default a new one; may be an input) -------
  /** a + b. */
  add(a, b, into) { return this._binary('dmap_add', a, b, into); }
  /** Element-wise minimum of a and b. */
  min(a, b, into) { return this._binary('dmap_min', a, b, into); }
  /** Element-wise maximum of a and b. */
  max(a, b, into) { return this._binary('dmap_max', a, b, into); }
  /** factor * src. */
  scale(src, factor, into) {
    this._own(src, 'dmap_scale');
    return this._into(into, 'dmap_scale', (o) => this._d._x.dmap_scale(this._g, src._p, factor, o._p));
  }
  /** src clamped to [lo, hi]. */
  clamp(src, lo, hi, into) {
    this._own(src, 'dmap_clamp');
    return this._into(into, 'dmap_clamp', (o) => this._d._x.dmap_clamp(this._g, src._p, lo, hi, o._p));
  }
  /** The sum of weights[k] * maps[k] (the desire-driven combination of many maps). */
  weightedSum(maps, weights, into) {
    if (maps.length !== weights.length) {
      throw new DmapError('dmap_weighted_sum', ErrorCode.ARG, `${maps.length} maps and ${weights.length} weights`);
    }
    maps.forEach((m) => this._own(m, 'dmap_weighted_sum'));
    const d = this._d;
    const n = maps.length;
    const mp = d._alloc(4 * n), wp = d._alloc(8 * n);
    try {
      d._i32().set(maps.map((m) => m._p), mp >> 2);
      d._f64().set(weights, wp >> 3);
      return this._into(into, 'dmap_weighted_sum', (o) => d._x.dmap_weighted_sum(this._g, mp, wp, n, o._p));
    } finally {
      d._x.free(mp);
      d._x.free(wp);
    }
  }

  /** Free the grid's arrays. Maps of the grid must not be used afterwards. */
  free() {
    if (!this._g) return;
    this._d._x.dmap_grid_free(this._g);
    this._d._x.free(this._g);
    this._d._finalizer?.unregister(this._token);
    this._g = 0;
    this._walls = this._costs = undefined;
  }

  // --- internals -----------------------------------------------------------------------
  _live() {
    if (!this._g) throw new DmapError('grid', ErrorCode.ARG, 'the grid was freed');
    this._d._alive();
  }
  _own(map, fn) {
    this._live();
    if (!(map instanceof ValueMap) || !map._p) throw new DmapError(fn, ErrorCode.ARG, 'not a live map');
    if (map.grid !== this) {
      throw new DmapError(fn, map.size === this.size ? ErrorCode.ARG : ErrorCode.SIZE, 'a map of another grid');
    }
  }
  _output(into) {
    if (into === undefined) return this.map(Infinity); // walls are not written: +Infinity
    this._own(into, 'into');
    return into;
  }
  _into(into, fn, call) {
    const out = this._output(into);
    const rc = call(out);
    if (rc !== 0) {
      if (!into) out.free();
      throw new DmapError(fn, rc);
    }
    return out;
  }
  _binary(fn, a, b, into) {
    this._own(a, fn);
    this._own(b, fn);
    return this._into(into, fn, (o) => this._d._x[fn](this._g, a._p, b._p, o._p));
  }
  // options.rng: none, or a live Rng of this module (a freed one or any other object would
  // silently mean "no rng"; another module's pointer would name memory of this one).
  _rngOf(rng, fn) {
    if (rng == null) return null;
    if (!(rng instanceof Rng)) throw new DmapError(fn, ErrorCode.ARG, 'rng must be made by dmap.rng(seed)');
    if (!rng._p) throw new DmapError(fn, ErrorCode.ARG, 'the rng was freed');
    if (rng._d !== this._d) throw new DmapError(fn, ErrorCode.ARG, 'an rng of another module (another load())');
    return rng;
  }
  _withBlocked(blocked, fn, call) {
    if (blocked == null) return call(0);
    checkArray(fn, blocked, 'blocked');
    if (blocked.length !== this.size) {
      throw new DmapError(fn, ErrorCode.SIZE, `${blocked.length} blocked flags for a ${this.w}x${this.h} grid${detached(blocked)}`);
    }
    const d = this._d;
    const bp = d._alloc(this.size);
    try {
      const u8 = d._u8();
      for (let i = 0; i < this.size; i++) u8[bp + i] = blocked[i] ? 1 : 0;
      return call(bp);
    } finally {
      d._x.free(bp);
    }
  }
}

/** A map: W*H doubles of one grid in the module's memory. */
export class ValueMap {
  constructor(grid) {
    grid._live(); // a map of a freed grid could never be used
    readOnly(this, { grid, size: grid.size });
    this._d = grid._d;
    this._p = this._d._alloc(8 * grid.size);
    this._view = null;
    this._token = {};
    this._d._finalizer?.register(this, [this._p], this._token);
  }
  /** The values, a Float64Array view into the module's memory (no copy; see the top of
   * index.js for when a view is detached). */
  get values() {
    if (!this._p) throw new DmapError('map', ErrorCode.ARG, 'the map was freed');
    if (this._view === null || this._view.buffer !== this._d._memory.buffer) {
      this._view = ownedBy(this, new Float64Array(this._d._memory.buffer, this._p, this.size));
    }
    return this._view;
  }
  /** The value at (x, y); outside the grid throws (y * w + x would read another row's cell). */
  at(x, y) {
    const cell = this.grid.index(x, y);
    if (cell < 0) throw new DmapError('at', ErrorCode.RANGE, `(${x}, ${y}) is outside the ${this.grid.w}x${this.grid.h} grid`);
    return this.values[cell];
  }
  /** Free the map's memory. */
  free() {
    if (!this._p) return;
    this._d._x.free(this._p);
    this._d._finalizer?.unregister(this._token);
    this._p = 0;
    this._view = null;
  }
}

/** A seeded generator (dmap_rng) for downhill tie-breaks: same seed, same choices. */
export class Rng {
  constructor(dmap, seed) {
    if (typeof seed !== 'bigint' && !Number.isInteger(seed)) {
      throw new DmapError('dmap_rng_seed', ErrorCode.ARG, `seed must be an integer or a BigInt, got ${String(seed)}`);
    }
    this._d = dmap;
    this._p = dmap._alloc(8);
    dmap._x.dmap_rng_seed(this._p, BigInt.asUintN(64, BigInt(seed)));
    this._token = {};
    dmap._finalizer?.register(this, [this._p], this._token);
  }
  _pick(options) {
    const d = this._d;
    d._alive();
    d._check('dmap_pick_option', d._x.dmap_pick_option(options, this._p, d._out));
    return d._i32()[d._out >> 2];
  }
  /** Free the generator. */
  free() {
    if (!this._p) return;
    this._d._x.free(this._p);
    this._d._finalizer?.unregister(this._token);
    this._p = 0;
  }
}
