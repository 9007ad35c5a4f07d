// bench.js — dmap's WebAssembly Dijkstra map (through js/index.js) against rot.js's own
// ROT.Path.Dijkstra on the same rot.js dungeons, same target, same topology, in Node.
//
// What is compared. ROT.Path.Dijkstra(toX, toY, passable, {topology}) is a breadth-first
// search from the target with unit steps (4 or 8 neighbours; diagonals pass wall corners),
// which stops when it reaches the start given to compute(fromX, fromY, callback) and then
// calls back the path's cells. Two workloads:
//   path: a fresh ROT.Path.Dijkstra + compute(start) (what a game does when the target moves)
//         against dmap: grid.field([target]) into a kept map + grid.downhillPath(start) (a
//         whole distance map, then the walk down it; the map serves every other agent too);
//         the start lies at the median distance of the target's region.
//   map:  the whole region: ROT.Path.Dijkstra + compute() from an unreachable cell (rot.js
//         then explores every reachable cell; it keeps parents, not distances) against
//         grid.field([target]) into a kept map (every distance).
// Moves: rot.js topology 4 = dmap Moves.FOUR; topology 8 = Moves.EIGHT (unit diagonals,
// corners cut).
//
// Last, the JavaScript API's own cost: grid.field against the module's dmap_field export
// called directly (same grid, goal, moves, workspace), on an 8x8 board and the 80x25 dungeon.
//
// Method: the two contenders run interleaved round by round, in alternating order; each run
// repeats its operation for about 10 ms of the process's CPU time (calibrated after a
// warm-up); a row prints each side's median time per operation and the median of the per-round ratios rot.js / dmap with their
// range [min-max].
//
//   node bench/js/bench.js [--rounds R] [--check]
//     --check: no timing; rot.js's path length from every floor cell equals dmap's distance
//              + 1 on every bench map (exit 1 if not). ctest runs it (js_bench_check).
// Needs js/node_modules (js/npm-ci.sh) and dmap.wasm (DMAP_WASM, else js/dmap.wasm).
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(new URL('../../js/package.json', import.meta.url));
const ROT = require('rot-js');
const { load, Moves } = await import('../../js/index.js');

const args = process.argv.slice(2);
const check = args.includes('--check');
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 21;
const RUN_MS = 10;

const dmap = await load(process.env.DMAP_WASM);

// The bench maps: rot.js dungeons, seeded.
function dungeon(kind, w, h, seed) {
  ROT.RNG.setSeed(seed);
  const walls = new Uint8Array(w * h).fill(1);
  if (kind === 'cellular') {
    const cave = new ROT.Map.Cellular(w, h, { connected: true });
    cave.randomize(0.5);
    for (let k = 0; k < 4; k++) cave.create();
    cave.connect((x, y, v) => { walls[y * w + x] = v ? 0 : 1; }, 1);
  } else {
    new ROT.Map.Digger(w, h, { dugPercentage: 0.4 }).create((x, y, v) => { walls[y * w + x] = v ? 1 : 0; });
  }
  return { name: `${kind} ${w}x${h}`, w, h, walls };
}

const MAPS = [
  dungeon('digger', 80, 25, 1),
  dungeon('digger', 200, 100, 2),
  dungeon('cellular', 200, 100, 3),
];

function setUp(map, topology) {
  const { w, h, walls } = map;
  const grid = dmap.grid(w, h, { walls, moves: topology === 8 ? Moves.EIGHT : Moves.FOUR });
  const passable = (x, y) => x >= 0 && y >= 0 && x < w && y < h && walls[y * w + x] === 0;
  // the target: the first floor cell of the middle row's region, scanning from the centre
  let target = -1;
  for (let d = 0; target < 0 && d < w * h; d++) {
    const c = Math.floor(h / 2) * w + Math.floor(w / 2) + (d % 2 ? -(d >> 1) : d >> 1);
    if (c >= 0 && c < w * h && !walls[c]) target = c;
  }
  const tx = target % w, ty = (target - tx) / w;
  const kept = grid.field([{ x: tx, y: ty }]);
  const reach = [];
  for (let i = 0; i < w * h; i++) if (Number.isFinite(kept.values[i]) && !walls[i]) reach.push(i);
  reach.sort((a, b) => kept.values[a] - kept.values[b]);
  const start = reach[reach.length >> 1];
  return { grid, passable, tx, ty, target, start, kept, cells: reach.length, w };
}

// --- the contenders --------------------------------------------------------------------------
function rotPath(s, topology) {
  const path = [];
  new ROT.Path.Dijkstra(s.tx, s.ty, s.passable, { topology })
    .compute(s.start % s.w, Math.floor(s.start / s.w), (x, y) => path.push(y * s.w + x));
  return path.length;
}
function dmapPath(s) {
  s.grid.field([{ x: s.tx, y: s.ty }], { into: s.kept });
  return s.grid.downhillPath(s.kept, s.start).length;
}
function rotMap(s, topology) {
  const d = new ROT.Path.Dijkstra(s.tx, s.ty, s.passable, { topology });
  d.compute(-1, -1, () => {});
  return d;
}
function dmapMap(s) {
  return s.grid.field([{ x: s.tx, y: s.ty }], { into: s.kept });
}

// --- the check ---------------------------------------------------------------------------------
function checkAll() {
  let bad = 0, cells = 0;
  for (const map of MAPS) {
    for (const topology of [4, 8]) {
      const s = setUp(map, topology);
      // Explore the whole region first (an unreachable start): afterwards every compute()
      // reads rot.js's finished breadth-first tree. (Starts given to one instance one after
      // another are not safe: rot.js returns when it dequeues a start, before expanding it,
      // and a later start can then get a longer path than the shortest.)
      const rot = rotMap(s, topology);
      for (let c = 0; c < map.w * map.h; c++) {
        if (map.walls[c]) continue;
        let len = 0;
        rot.compute(c % map.w, Math.floor(c / map.w), () => len++);
        const d = s.kept.values[c];
        const want = Number.isFinite(d) ? d + 1 : 0;
        if (len !== want) {
          if (bad++ < 5) console.error(`${map.name} topology ${topology} cell ${c}: rot.js ${len} cells, dmap distance ${d}`);
        }
        cells++;
      }
      if (rotPath(s, topology) !== dmapPath(s)) {
        bad++;
        console.error(`${map.name} topology ${topology}: the path workloads disagree`);
      }
      s.grid.free();
    }
  }
  console.log(`bench check: ${cells} cells, ${bad} disagreements between rot.js and dmap`);
  process.exit(bad ? 1 : 0);
}

// --- the timer -------------------------------------------------------------------------------
// CPU time of the process in µs (its garbage collector's threads included: rot.js's
// allocations cost it that too), so time spent preempted by other processes is not counted.
function cpuUs() {
  const u = process.cpuUsage();
  return u.user + u.system;
}
function calibrate(fn) {
  for (let k = 0; k < 20; k++) fn(); // warm-up (JIT, the workspace's first growth)
  let reps = 1;
  for (;;) {
    const t0 = cpuUs();
    for (let k = 0; k < reps; k++) fn();
    const us = cpuUs() - t0;
    if (us >= RUN_MS * 1e3) return Math.max(1, Math.round((reps * RUN_MS * 1e3) / us));
    reps *= 2;
  }
}
function timeRun(fn, reps) {
  const t0 = cpuUs();
  for (let k = 0; k < reps; k++) fn();
  return (cpuUs() - t0) / reps; // µs per operation
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : us >= 1 ? `${us.toFixed(us >= 100 ? 0 : 1)} µs` : `${(us * 1000).toFixed(0)} ns`);

function row(name, rot, dm) {
  const rr = calibrate(rot), dr = calibrate(dm);
  const a = [], b = [], ratio = [];
  for (let r = 0; r < rounds; r++) {
    let ta, tb;
    if (r % 2) { tb = timeRun(dm, dr); ta = timeRun(rot, rr); } else { ta = timeRun(rot, rr); tb = timeRun(dm, dr); }
    a.push(ta);
    b.push(tb);
    ratio.push(ta / tb);
  }
  console.log(`| ${name} | ${fmt(median(a))} | ${fmt(median(b))} | ${median(ratio).toFixed(1)}× ` +
    `[${Math.min(...ratio).toFixed(1)}–${Math.max(...ratio).toFixed(1)}] |`);
}

if (check) checkAll();
console.log(`# dmap ${dmap.version} (WebAssembly) against rot.js ${require('rot-js/package.json').version} ` +
  `ROT.Path.Dijkstra, Node ${process.versions.node}, ${rounds} rounds, load average ` +
  `${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log('| map, topology, workload | rot.js | dmap | rot.js / dmap per round, median [range] |');
console.log('|---|---|---|---|');
for (const map of MAPS) {
  for (const topology of [4, 8]) {
    const s = setUp(map, topology);
    const dist = s.kept.values[s.start];
    row(`${map.name} (${s.cells} cells), ${topology}: path of ${dist} steps`, () => rotPath(s, topology), () => dmapPath(s));
    row(`${map.name}, ${topology}: whole map`, () => rotMap(s, topology), () => dmapMap(s));
    s.grid.free();
  }
}

// The JavaScript API's own cost per call: grid.field against the module's dmap_field export
// called directly with the same grid, goal, moves and workspace (the goal written once), on
// the engine bench's 8x8 board kind (8 walls, one goal) and on the 80x25 dungeon.
function apiRow(name, grid, goal) {
  const map = grid.map();
  const x = dmap._x, gp = dmap._alloc(16);
  const dv = new DataView(dmap.memory.buffer);
  dv.setInt32(gp, goal.x, true);
  dv.setInt32(gp + 4, goal.y, true);
  dv.setFloat64(gp + 8, 0, true);
  const mp = dmap._alloc(32); // its own moves: the API's calls rewrite the shared ones
  new Uint8Array(dmap.memory.buffer).copyWithin(mp, dmap._writeMoves(grid.moves), dmap._writeMoves(grid.moves) + 32);
  const raw = () => x.dmap_field(grid._g, mp, gp, 1, Infinity, map._p, dmap._ws);
  const api = () => grid.field([goal], { into: map });
  row(name, api, raw);
  x.free(gp);
  x.free(mp);
  map.free();
}
console.log('\n| board: JavaScript API / the raw export | grid.field | dmap_field export | API / export per round, median [range] |');
console.log('|---|---|---|---|');
{
  const walls = new Uint8Array(64);
  for (const c of [3, 12, 21, 30, 33, 42, 51, 60]) walls[c] = 1;
  const small = dmap.grid(8, 8, { walls });
  apiRow('8x8 board, 8 walls, 1 goal, 4', small, { x: 0, y: 0 });
  small.free();
  const s = setUp(MAPS[0], 4);
  apiRow(`${MAPS[0].name}, 1 goal, 4`, s.grid, { x: s.tx, y: s.ty });
  s.grid.free();
}
console.log(`# load average at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
