// api.test.js — the JavaScript API against the oracles of oracle.js (the sweep loop, a plain
// BFS) on seeded random grids, and bad input throwing DmapError with the library's message.
// DMAP_WASM names the module to test (default: dmap.wasm beside index.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { load, Dir, DmapError, ErrorCode, Moves, FLEE_FACTOR } from '../index.js';
import { sweep, sweepField, plainBfs, seeded, randomWalls } from './oracle.js';

const dmap = await load(process.env.DMAP_WASM);

function gridOf(w, h, walls, moves) {
  return dmap.grid(w, h, { walls, moves });
}

function pickGoals(random, free, count, w) {
  const goals = [];
  for (let k = 0; k < count; k++) {
    const c = free[Math.floor(random() * free.length)];
    goals.push({ x: c % w, y: Math.floor(c / w), value: Math.floor(random() * 7) - 3 });
  }
  return goals;
}

test('field equals the sweep loop on random grids (4, 8, octile; ceilings; several goals)', () => {
  const random = seeded(23);
  const rules = [Moves.FOUR, Moves.EIGHT, Moves.OCTILE];
  for (let round = 0; round < 60; round++) {
    const w = 1 + Math.floor(random() * 40), h = 1 + Math.floor(random() * 30);
    const { walls, free } = randomWalls(random, w, h, 0.3);
    if (free.length === 0) continue;
    const moves = rules[round % 3];
    const goals = pickGoals(random, free, 1 + Math.floor(random() * 4), w);
    const ceiling = round % 4 === 0 ? 12 : Infinity;
    const grid = gridOf(w, h, walls, moves);
    const map = grid.field(goals, { ceiling });
    const want = sweepField(walls, w, h, goals, ceiling, moves);
    for (let i = 0; i < w * h; i++) {
      if (walls[i]) continue;
      if (moves === Moves.OCTILE) assert.ok(Math.abs(map.values[i] - want[i]) < 1e-9 || map.values[i] === want[i]);
      else assert.equal(map.values[i], want[i], `round ${round} cell ${i}`);
    }
    map.free();
    grid.free();
  }
});

test('field with costs equals the sweep loop', () => {
  const random = seeded(5);
  const w = 23, h = 17;
  const { walls, free } = randomWalls(random, w, h, 0.2);
  const grid = gridOf(w, h, walls);
  const costs = grid.addCosts();
  for (let i = 0; i < w * h; i++) costs[i] = 1 + Math.floor(random() * 5);
  const goals = pickGoals(random, free, 3, w);
  const map = grid.field(goals);
  const want = sweepField(walls, w, h, goals, Infinity, Moves.FOUR);
  assert.notDeepEqual(Array.from(map.values), Array.from(want), 'costs must matter');
  const wantCosts = sweep(walls, w, h, Float64Array.from(want).fill(Infinity).map((v, i) =>
    goals.reduce((m, g) => (g.y * w + g.x === i ? Math.min(m, g.value) : m), v)), Moves.FOUR, grid.costs);
  for (let i = 0; i < w * h; i++) if (!walls[i]) assert.equal(map.values[i], wantCosts[i]);
});

test('values is a view into the module memory, not a copy, and survives memory growth', () => {
  const grid = dmap.grid(8, 8);
  const map = grid.field([{ x: 0, y: 0, value: 0 }]);
  const view = map.values;
  assert.equal(view.buffer, dmap.memory.buffer);
  view[63] = -50; // writing the view writes the map the library reads
  grid.scan(map);
  assert.equal(map.values[62], -49);
  // Grow the memory: the old view is detached, map.values gives a live one.
  const before = dmap.memory.buffer.byteLength;
  const big = dmap.grid(1024, 1024);
  const bigMap = big.map(0);
  assert.ok(dmap.memory.buffer.byteLength > before);
  assert.equal(view.length, 0);
  assert.equal(map.values[62], -49);
  bigMap.free();
  big.free();
  map.free();
  grid.free();
});

test('flee map: scaled by -1.2, then rescanned (equals the sweep of the scaled map)', () => {
  const random = seeded(7);
  for (let round = 0; round < 20; round++) {
    const w = 5 + Math.floor(random() * 25), h = 5 + Math.floor(random() * 20);
    const { walls, free } = randomWalls(random, w, h, 0.25);
    if (free.length === 0) continue;
    const grid = gridOf(w, h, walls);
    const towards = grid.field(pickGoals(random, free, 2, w));
    const flee = grid.flee(towards);
    // +Infinity (no threat reaches the cell) stays +Infinity: no start value of its own
    const scaled = Array.from(towards.values, (v, i) => (walls[i] || v === Infinity ? Infinity : v * FLEE_FACTOR));
    const want = sweep(walls, w, h, scaled, Moves.FOUR);
    for (let i = 0; i < w * h; i++) {
      if (walls[i]) continue;
      if (Number.isFinite(want[i])) assert.ok(Math.abs(flee.values[i] - want[i]) < 1e-9, `cell ${i}`);
      else assert.equal(flee.values[i], want[i]);
    }
    grid.free();
  }
});

test('flee: a dead end loses to open space of the same distance', () => {
  // The player at P; the monster at M can step left into a dead end or right into a loop.
  const { grid, rows } = dmap.parseMap([
    '#########',
    '#.......#',
    '#.#####.#',
    '#.#...#.#',
    '##.M..P.#',
    '#########',
  ].join('\n'));
  const p = rows[4].indexOf('P'), m = rows[4].indexOf('M');
  const towards = grid.field([{ x: p, y: 4, value: 0 }]);
  const flee = grid.flee(towards);
  const path = grid.downhillPath(flee, grid.index(m, 4));
  const end = path[path.length - 1];
  assert.ok(towards.values[end] > towards.values[grid.index(m, 4)], 'the monster ends farther away');
  assert.notEqual(end, grid.index(2, 4), 'not in the dead end');
});

test('rolling downhill: each step goes to a strictly lower neighbour, ends at a minimum', () => {
  const random = seeded(11);
  const w = 30, h = 20;
  const { walls, free } = randomWalls(random, w, h, 0.2);
  const grid = gridOf(w, h, walls);
  const goal = free[0];
  const map = grid.field([{ x: goal % w, y: Math.floor(goal / w), value: 0 }]);
  const depth = plainBfs(walls, w, h, [goal]);
  for (const start of free.slice(0, 80)) {
    const path = grid.downhillPath(map, start);
    if (depth[start] < 0) {
      assert.deepEqual(Array.from(path), [start]);
      continue;
    }
    assert.equal(path.length, depth[start] + 1, 'a shortest way down');
    assert.equal(path[path.length - 1], goal);
    const step = grid.nextStep(map, start);
    if (start !== goal) {
      assert.equal(map.values[step.cell], map.values[start] - 1);
      assert.equal(grid.step(start, step.dir), step.cell);
    } else {
      assert.deepEqual(step, { dir: Dir.STAY, cell: start });
    }
  }
  // Ties broken by a seeded generator: same seed, same path; the options bits are the ties.
  const corner = grid.index(w - 1, h - 1);
  if (!walls[corner] && depth[corner] > 0) {
    const a = grid.downhillPath(map, corner, { rng: dmap.rng(9) });
    const b = grid.downhillPath(map, corner, { rng: dmap.rng(9) });
    assert.deepEqual(a, b);
  }
});

test('downhill options are exactly the lowest neighbours; blocked cells are never chosen', () => {
  const grid = dmap.grid(3, 3);
  const map = grid.mapFrom([5, 1, 5, 1, 3, 1, 5, 1, 5]);
  const centre = 4;
  const all = (1 << Dir.UP) | (1 << Dir.RIGHT) | (1 << Dir.DOWN) | (1 << Dir.LEFT);
  assert.equal(grid.downhillOptions(map, centre), all);
  const blocked = new Uint8Array(9);
  blocked[1] = 1;
  assert.equal(grid.downhillOptions(map, centre, { blocked }), all & ~(1 << Dir.UP));
  assert.equal(grid.nextStep(map, centre, { blocked }).dir, Dir.RIGHT);
});

test('bfs, bfsPath, reachable and canMoveTo agree with a plain BFS', () => {
  const random = seeded(13);
  for (let round = 0; round < 20; round++) {
    const w = 2 + Math.floor(random() * 30), h = 2 + Math.floor(random() * 30);
    const { walls, free } = randomWalls(random, w, h, 0.35);
    if (free.length < 2) continue;
    const connectivity = round % 2 ? 8 : 4;
    const grid = gridOf(w, h, walls, connectivity === 8 ? Moves.EIGHT : Moves.FOUR);
    const sources = [free[0], free[free.length - 1]];
    const want = plainBfs(walls, w, h, sources, connectivity);
    assert.deepEqual(Array.from(grid.bfs(sources).depth), Array.from(want));
    const one = plainBfs(walls, w, h, [free[0]], connectivity);
    const { reached, count } = grid.reachable(free[0]);
    assert.deepEqual(Array.from(reached), Array.from(one, (d) => (d >= 0 ? 1 : 0)));
    assert.equal(count, one.filter((d) => d >= 0).length);
    const to = free[Math.floor(free.length / 2)];
    assert.equal(grid.canMoveTo(free[0], to), one[to] >= 0);
    const path = grid.bfsPath([free[0]], to);
    assert.equal(path.length, one[to] + 1);
    for (let k = 1; k < path.length; k++) assert.equal(one[path[k]], k);
    grid.free();
  }
});

test('map algebra: add, scale, min, max, clamp, weightedSum', () => {
  const grid = dmap.grid(4, 2, { walls: [0, 0, 1, 0, 0, 0, 0, 0] });
  const a = grid.mapFrom([1, 2, 99, 4, 5, 6, 7, 8]);
  const b = grid.mapFrom([8, 7, 99, 5, 4, 3, 2, 1]);
  const passable = (m) => Array.from(m.values).filter((_, i) => i !== 2);
  assert.deepEqual(passable(grid.add(a, b)), [9, 9, 9, 9, 9, 9, 9]);
  assert.deepEqual(passable(grid.scale(a, -2)), [-2, -4, -8, -10, -12, -14, -16]);
  assert.deepEqual(passable(grid.min(a, b)), [1, 2, 4, 4, 3, 2, 1]);
  assert.deepEqual(passable(grid.max(a, b)), [8, 7, 5, 5, 6, 7, 8]);
  assert.deepEqual(passable(grid.clamp(a, 2, 6)), [2, 2, 4, 5, 6, 6, 6]);
  assert.deepEqual(passable(grid.weightedSum([a, b], [2, -1])), [-6, -3, 3, 6, 9, 12, 15]);
  grid.add(a, b, a); // in place
  assert.equal(a.values[2], 99, 'walls are not written');
  assert.equal(a.values[0], 9);
});

test('parseMap: text and Moving AI maps, markers kept', () => {
  const { grid, rows } = dmap.parseMap('#####\n#@.>#\n#####\n');
  assert.equal(grid.w, 5);
  assert.equal(grid.h, 3);
  assert.deepEqual(rows, ['#####', '#@.>#', '#####']);
  assert.deepEqual(Array.from(grid.walls), [1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  const mai = dmap.parseMap('type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n').grid;
  assert.deepEqual(Array.from(mai.walls), [0, 1, 0, 0, 0, 0]);
});

function throwsDmap(fn, code, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof DmapError, `a DmapError, got ${e}`);
    assert.equal(e.code, code);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

test('bad input throws DmapError with the library message', () => {
  const grid = dmap.grid(5, 4, { walls: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
  throwsDmap(() => grid.field([{ x: 5, y: 0 }]), ErrorCode.RANGE, /^dmap_field: cell outside the grid \(DMAP_ERR_RANGE\)$/);
  throwsDmap(() => grid.field([{ x: -1, y: 2 }]), ErrorCode.RANGE);
  throwsDmap(() => grid.field([{ x: 1, y: 1 }]), ErrorCode.WALL, /cell is a wall/);
  throwsDmap(() => grid.field([{ x: 0, y: 0, value: NaN }]), ErrorCode.VALUE, /value out of range/);
  throwsDmap(() => grid.field([{ x: 0, y: 0, value: 200 }], { ceiling: 100 }), ErrorCode.CEILING);
  throwsDmap(() => grid.field([{ x: 0.5, y: 0 }]), ErrorCode.ARG);
  throwsDmap(() => grid.field([], { ceiling: NaN }), ErrorCode.VALUE);
  throwsDmap(() => dmap.grid(0, 3), ErrorCode.SIZE, /grid size out of range/);
  throwsDmap(() => dmap.grid(70000, 70000), ErrorCode.SIZE);
  throwsDmap(() => dmap.grid(2 ** 32 + 5, 1), ErrorCode.SIZE); // not wrapped to 5
  throwsDmap(() => dmap.grid(2.5, 2), ErrorCode.ARG);
  throwsDmap(() => grid.field([{ x: 2 ** 32, y: 0 }]), ErrorCode.RANGE); // not wrapped to 0
  throwsDmap(() => grid.bfs([2 ** 32 + 1]), ErrorCode.RANGE);
  throwsDmap(() => grid.bfs([0], { maxDepth: 1.5 }), ErrorCode.ARG);
  throwsDmap(() => grid.field([], { moves: { connectivity: 4.5 } }), ErrorCode.ARG);
  throwsDmap(() => dmap.grid(3, 3, { walls: [0, 1] }), ErrorCode.SIZE);
  throwsDmap(() => grid.mapFrom(new Float64Array(19)), ErrorCode.SIZE);
  const other = dmap.grid(2, 2);
  const otherMap = other.map(0);
  throwsDmap(() => grid.flee(otherMap), ErrorCode.SIZE, /another grid/);
  const m = grid.field([{ x: 0, y: 0 }]);
  throwsDmap(() => grid.flee(m, { factor: 0.5 }), ErrorCode.ARG);
  throwsDmap(() => grid.flee(m, { factor: NaN }), ErrorCode.VALUE);
  const nan = grid.map(0);
  nan.values[3] = NaN;
  throwsDmap(() => grid.scan(nan), ErrorCode.VALUE);
  throwsDmap(() => grid.downhillPath(m, 20), ErrorCode.RANGE);
  throwsDmap(() => grid.downhillPath(m, 6), ErrorCode.WALL);
  throwsDmap(() => grid.nextStep(m, 1.5), ErrorCode.ARG);
  throwsDmap(() => grid.canMoveTo(0, 2 ** 32 + 1), ErrorCode.RANGE);
  throwsDmap(() => grid.reachable(NaN), ErrorCode.ARG);
  throwsDmap(() => grid.nextStep(m, 0, { blocked: [1] }), ErrorCode.SIZE);
  throwsDmap(() => grid.bfs([99]), ErrorCode.RANGE);
  throwsDmap(() => grid.canMoveTo(0, -3), ErrorCode.RANGE);
  throwsDmap(() => grid.field([], { moves: { connectivity: 6 } }), ErrorCode.ARG);
  throwsDmap(() => grid.clamp(m, 3, 1), ErrorCode.VALUE);
  throwsDmap(() => grid.weightedSum([m], [1, 2]), ErrorCode.ARG);
  throwsDmap(() => dmap.parseMap('##\n#\n'), ErrorCode.FORMAT, /^dmap_parse_map: line 2: /);
  throwsDmap(() => dmap.parseMap(''), ErrorCode.FORMAT);
  throwsDmap(() => dmap.parseMap('#é#\n'), ErrorCode.FORMAT, /non-ASCII byte 0xc3 at column 2/);
  throwsDmap(() => dmap.parseMap('#.#', { moves: 'hex' }), ErrorCode.ARG, /unknown move rule/);
  // a failed call leaves the map as it was
  const before = Array.from(m.values);
  throwsDmap(() => grid.field([{ x: 9, y: 9 }], { into: m }), ErrorCode.RANGE);
  assert.deepEqual(Array.from(m.values), before);
  m.free();
  throwsDmap(() => m.values, ErrorCode.ARG, /freed/);
  grid.free();
  throwsDmap(() => grid.field([]), ErrorCode.ARG, /freed/);
});

test('the package version is the library version', async () => {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(dmap.version, pkg.version);
});

test('field: goals must be an array of goals, checked before a map is made', () => {
  const grid = dmap.grid(5, 4);
  // a single goal object (no elements) must not read as "no goals": a map of +Infinity
  throwsDmap(() => grid.field({ x: 1, y: 1 }), ErrorCode.ARG, /goals must be an array/);
  throwsDmap(() => grid.field(null), ErrorCode.ARG, /goals must be an array/);
  throwsDmap(() => grid.field('[[1, 1]]'), ErrorCode.ARG, /goals must be an array/);
  throwsDmap(() => grid.field([{ x: 0, y: 0 }, null]), ErrorCode.ARG, /goal 1 must be/);
  throwsDmap(() => grid.field([3]), ErrorCode.ARG, /goal 0 must be/);
  assert.equal(grid.field([[1, 1]]).values[0], 2);
  assert.equal(grid.field([]).values[0], Infinity);
});

test('index, passable and at: coordinates outside the grid or not integers never name another cell', () => {
  const grid = dmap.grid(5, 4);
  const m = grid.field([[0, 0, 0]]);
  assert.equal(m.at(4, 1), 5);
  assert.equal(grid.index(4, 3), 19);
  assert.equal(grid.index(5, 0), -1);
  assert.equal(grid.passable(-1, 0), false);
  // y * w + x would read the next row's first cell and the previous row's last one
  throwsDmap(() => m.at(5, 0), ErrorCode.RANGE, /\(5, 0\) is outside the 5x4 grid/);
  throwsDmap(() => m.at(-1, 1), ErrorCode.RANGE);
  throwsDmap(() => m.at(0, 4), ErrorCode.RANGE);
  throwsDmap(() => m.at(1.5, 0), ErrorCode.ARG, /x must be an integer/);
  throwsDmap(() => grid.index(1.5, 0), ErrorCode.ARG, /x must be an integer/);
  throwsDmap(() => grid.index('1', '0'), ErrorCode.ARG); // not the string '01'
  throwsDmap(() => grid.passable(0, NaN), ErrorCode.ARG, /y must be an integer/);
});

test('after dmap.free() and grid.free() calls throw and write nothing', async () => {
  const own = await load(process.env.DMAP_WASM);
  const grid = own.grid(4, 4);
  own.free();
  own.free(); // twice is fine
  // 128-byte blocks (a 4x4 map's size) take the freed scratch blocks: a call writing its
  // goals or the parser's diagnosis there would write into them
  const blocks = Array.from({ length: 8 }, () => own._x.malloc(128));
  const block = (p) => new Float64Array(own.memory.buffer, p, 16);
  blocks.forEach((p) => block(p).fill(5));
  throwsDmap(() => grid.field([{ x: 1, y: 1, value: 42 }]), ErrorCode.ARG, /module was freed/);
  throwsDmap(() => own.parseMap('#.\n#'), ErrorCode.ARG, /module was freed/);
  throwsDmap(() => own.grid(2, 2), ErrorCode.ARG, /module was freed/);
  throwsDmap(() => own.rng(1), ErrorCode.ARG, /module was freed/);
  throwsDmap(() => grid.map(), ErrorCode.ARG, /module was freed/);
  for (const p of blocks) assert.deepEqual(Array.from(block(p)), new Array(16).fill(5));
  blocks.forEach((p) => own._x.free(p));
  grid.free();
  const g2 = dmap.grid(3, 3);
  g2.free();
  throwsDmap(() => g2.map(), ErrorCode.ARG, /grid was freed/);
});

test('rng: a freed one, another object or another module\'s one throws; seeds are integers', async () => {
  const other = await load(process.env.DMAP_WASM);
  const grid = dmap.grid(6, 6);
  const to = grid.field([[0, 0, 0]]);
  const theirs = other.rng(12345);
  // its pointer names memory of this module: the walk would write its state there
  throwsDmap(() => grid.downhillPath(to, 35, { rng: theirs }), ErrorCode.ARG, /another module/);
  throwsDmap(() => grid.nextStep(to, 35, { rng: theirs }), ErrorCode.ARG, /another module/);
  const freed = dmap.rng(1);
  freed.free();
  freed.free(); // twice is fine
  throwsDmap(() => grid.downhillPath(to, 35, { rng: freed }), ErrorCode.ARG, /rng was freed/);
  throwsDmap(() => grid.nextStep(to, 35, { rng: freed }), ErrorCode.ARG, /rng was freed/);
  throwsDmap(() => grid.downhillPath(to, 35, { rng: {} }), ErrorCode.ARG, /dmap\.rng\(seed\)/);
  throwsDmap(() => grid.nextStep(to, 35, { rng: 7 }), ErrorCode.ARG, /dmap\.rng\(seed\)/);
  throwsDmap(() => dmap.rng(1.5), ErrorCode.ARG, /seed must be an integer/);
  throwsDmap(() => dmap.rng(), ErrorCode.ARG, /seed must be an integer/);
  throwsDmap(() => dmap.rng('7'), ErrorCode.ARG, /seed must be an integer/);
  const a = dmap.rng(2n ** 64n + 3n), b = dmap.rng(3);
  assert.deepEqual(grid.downhillPath(to, 35, { rng: a }), grid.downhillPath(to, 35, { rng: b }));
  [a, b, theirs].forEach((r) => r.free());
  other.free();
});

test('parseMap takes a string only (null is not the map "null")', () => {
  throwsDmap(() => dmap.parseMap(null), ErrorCode.ARG, /must be a string, got null/);
  throwsDmap(() => dmap.parseMap(123), ErrorCode.ARG, /must be a string, got number/);
  throwsDmap(() => dmap.parseMap(), ErrorCode.ARG, /must be a string, got undefined/);
  throwsDmap(() => dmap.parseMap(['#.#']), ErrorCode.ARG, /must be a string, got object/);
  assert.deepEqual(dmap.parseMap('#.#').rows, ['#.#']);
});

test('allocations beyond the 32-bit address space fail as DMAP_ERR_NOMEM, not wrapped', async () => {
  const own = await load(process.env.DMAP_WASM);
  // malloc takes a 32-bit size: 2**32 + 16 bytes must not become a 16-byte block
  throwsDmap(() => own._alloc(2 ** 32 + 16), ErrorCode.NOMEM);
  // a goal array that cannot grow keeps the old one: later fields still work
  throwsDmap(() => own._scratchGoals(2 ** 28), ErrorCode.NOMEM);
  const grid = own.grid(40, 1);
  const goals = Array.from({ length: 40 }, (_, x) => ({ x, y: 0, value: x }));
  assert.deepEqual(Array.from(grid.field(goals).values), goals.map((g) => g.value));
  throwsDmap(() => grid.bfs(3), ErrorCode.ARG, /sources must be an array/); // not "out of memory"
  own.free();
});

test('move rules: an unknown corner rule throws; a bad rule or wall array frees the new grid', async () => {
  const grid = dmap.grid(3, 3, { walls: [0, 1, 0, 0, 0, 0, 0, 0, 0] });
  throwsDmap(() => grid.field([[0, 0, 0]], { moves: { connectivity: 8, corners: 'strcit' } }), ErrorCode.ARG, /unknown corner rule strcit/);
  throwsDmap(() => dmap.grid(3, 3, { moves: { connectivity: 8, corners: 'none' } }), ErrorCode.ARG, /corner rule/);
  assert.equal(grid.field([[0, 0, 0]], { moves: { connectivity: 8, corners: 'strict' } }).values[5], 3);
  assert.equal(grid.field([[0, 0, 0]], { moves: { connectivity: 8, corners: 'cut' } }).values[5], 2);
  // nothing left allocated: the same number of bytes in use before and after
  const own = await load(process.env.DMAP_WASM);
  const probe = () => { const p = own._x.malloc(64); own._x.free(p); return p; };
  const before = probe();
  for (let k = 0; k < 3; k++) {
    throwsDmap(() => own.grid(3, 3, { moves: 'hex' }), ErrorCode.ARG, /unknown move rule/);
    throwsDmap(() => own.grid(3, 3, { walls: [1] }), ErrorCode.SIZE);
  }
  assert.equal(probe(), before);
  own.free();
});

test('typed arrays where the declarations take them: bfs sources, weightedSum weights', () => {
  const grid = dmap.grid(4, 1);
  assert.deepEqual(Array.from(grid.bfsPath(new Int32Array([0]), 3)), [0, 1, 2, 3]);
  const a = grid.field([[0, 0, 0]]);
  assert.deepEqual(Array.from(grid.weightedSum([a, a], new Float64Array([2, 0.5])).values), [0, 2.5, 5, 7.5]);
});

test('load: a Windows path is read as a file, not fetched as a URL with the scheme "C:"', async () => {
  await assert.rejects(load('C:\\no\\such\\dmap.wasm'), { code: 'ENOENT' });
  await assert.rejects(load('C:/no/such/dmap.wasm'), { code: 'ENOENT' });
  await assert.rejects(load('no/such/dmap.wasm'), { code: 'ENOENT' });
});

test('a view kept across memory growth: the size error says it is detached', async () => {
  const own = await load(process.env.DMAP_WASM); // a fresh module: its memory is small
  const grid = own.grid(5, 4);
  const kept = grid.field([[0, 0, 0]]).values;
  const walls = grid.walls;
  const big = own.grid(1500, 1500); // 2.25 MB of walls, 18 MB of map: the memory grows
  const bigMap = big.map();
  assert.equal(kept.length, 0);
  throwsDmap(() => grid.mapFrom(kept), ErrorCode.SIZE, /0 values for a 5x4 grid \(a detached view: the module memory grew/);
  throwsDmap(() => grid.setWalls(walls), ErrorCode.SIZE, /detached view/);
  throwsDmap(() => grid.mapFrom([1, 2]), ErrorCode.SIZE, /^mapFrom: 2 values for a 5x4 grid \(DMAP_ERR_SIZE\)$/);
  own.free();
});

test('sizes and a map\'s grid are read-only: assigning them cannot point calls past the memory', () => {
  const small = dmap.grid(2, 2), big = dmap.grid(50, 50);
  const m = small.map(1);
  assert.throws(() => { small.w = 50; }, TypeError);
  assert.throws(() => { small.size = 2500; }, TypeError);
  assert.throws(() => { m.grid = big; }, TypeError); // big.scan(m) would write 2500 doubles into 4
  assert.throws(() => { m.size = 2500; }, TypeError);
  assert.equal(small.walls.length, 4);
  throwsDmap(() => big.scan(m), ErrorCode.SIZE, /another grid/);
  assert.deepEqual(Object.keys(small).filter((k) => !k.startsWith('_')).sort(), ['h', 'moves', 'size', 'w']);
});

test('bfsPath: a target that is not an integer is DMAP_ERR_ARG, one outside DMAP_ERR_RANGE', () => {
  const grid = dmap.grid(4, 1);
  throwsDmap(() => grid.bfsPath([0], 1.5), ErrorCode.ARG, /cell must be an integer, got 1\.5/);
  throwsDmap(() => grid.bfsPath([0], '3'), ErrorCode.ARG);
  throwsDmap(() => grid.bfsPath([0], 4), ErrorCode.RANGE);
  assert.deepEqual(Array.from(grid.bfsPath([0], 3)), [0, 1, 2, 3]);
});

test('dmap.exports: the C API called directly, as the README says it can be', () => {
  const x = dmap.exports;
  assert.equal(x.memory, dmap.memory);
  const g = x.malloc(16);
  assert.equal(x.dmap_grid_init(g, 3, 2), 0);
  assert.equal(x.dmap_grid_init(g, 0, 2), ErrorCode.SIZE);
  assert.equal(x.dmap_grid_init(g, 3, 2), 0);
  assert.deepEqual(Array.from(new Int32Array(dmap.memory.buffer, g, 2)), [3, 2]);
  x.dmap_grid_free(g);
  x.free(g);
  assert.equal(typeof x.dmap_field, 'function');
});

test('a view kept without its map or grid keeps them alive through garbage collection', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const own = await load(process.env.DMAP_WASM);
  const grid = own.grid(5, 1);
  grid.map(0); // memory for what follows: no growth, so the views stay attached
  const values = grid.field([[0, 0, 0]]).values; // the map itself is not kept
  const walls = own.grid(4, 1, { walls: [0, 1, 0, 1] }).walls; // nor the grid
  for (let k = 0; k < 5; k++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run here
  }
  // maps and grids made now would take the blocks of collected ones
  const maps = Array.from({ length: 4 }, () => grid.field([[4, 0, 100]]));
  own.grid(4, 1, { walls: [1, 1, 1, 1] });
  assert.equal(values.length, 5);
  assert.deepEqual(Array.from(values), [0, 1, 2, 3, 4]);
  assert.deepEqual(Array.from(walls), [0, 1, 0, 1]);
  maps.forEach((m) => m.free());
});

test('per-cell arrays are arrays or typed arrays: a string of the right length is not', () => {
  throwsDmap(() => dmap.grid(4, 1, { walls: '0101' }), ErrorCode.ARG, /walls must be an array or a typed array, got string/);
  const grid = dmap.grid(4, 1, { walls: new Uint8Array([0, 1, 0, 1]) });
  assert.deepEqual(Array.from(grid.walls), [0, 1, 0, 1]);
  throwsDmap(() => grid.setWalls('#..#'), ErrorCode.ARG, /walls must be/);
  throwsDmap(() => grid.mapFrom('1234'), ErrorCode.ARG, /values must be/);
  throwsDmap(() => grid.mapFrom(null), ErrorCode.ARG, /values must be .*got null/);
  throwsDmap(() => grid.nextStep(grid.map(0), 0, { blocked: '0000' }), ErrorCode.ARG, /blocked must be/);
  assert.deepEqual(Array.from(grid.mapFrom([1, 2, 3, 4]).values), [1, 2, 3, 4]);
});

test('grid.walls and grid.costs: the same view while the memory has not grown, as map.values', async () => {
  const own = await load(process.env.DMAP_WASM);
  const grid = own.grid(4, 4);
  assert.equal(grid.walls, grid.walls);
  assert.equal(grid.costs, null);
  const costs = grid.addCosts();
  assert.equal(grid.costs, costs);
  const walls = grid.walls;
  const big = own.grid(1500, 1500); // the memory grows
  big.map();
  assert.equal(walls.length, 0);
  assert.notEqual(grid.walls, walls);
  assert.equal(grid.walls.length, 16);
  assert.equal(grid.walls, grid.walls);
  assert.equal(grid.costs.length, 16);
  own.free();
});
