// rot_interop.js — rot.js's map generators feeding dmap: a ROT.Map.Digger (rooms and
// corridors) or ROT.Map.Cellular (caves) dungeon becomes a dmap grid, and dmap computes what
// rot.js has no call for: one Dijkstra map from several goals with values (the treasures
// attract, the nearer and the richer the more), its flee map, and a walk downhill. ROT is
// passed in, so the same code runs with `import * as ROT from 'rot-js'` in Node and with
// rot.js's ES modules in a browser (rot-interop.html).

/** A w x h dungeon from rot.js (kind 'digger' or 'cellular', seeded) as a dmap grid. For
 * caves, only the largest connected region stays floor, as roguelikes usually keep it. */
export function dungeon(dmap, ROT, { w = 60, h = 30, kind = 'digger', seed = 1 } = {}) {
  ROT.RNG.setSeed(seed);
  const walls = new Uint8Array(w * h).fill(1);
  let rooms = [];
  if (kind === 'cellular') {
    const cave = new ROT.Map.Cellular(w, h, { connected: true });
    cave.randomize(0.5);
    for (let k = 0; k < 4; k++) cave.create();
    cave.connect((x, y, value) => { walls[y * w + x] = value ? 0 : 1; }, 1);
  } else {
    const digger = new ROT.Map.Digger(w, h);
    digger.create((x, y, value) => { walls[y * w + x] = value ? 1 : 0; });
    rooms = digger.getRooms().map((r) => r.getCenter());
  }
  return { grid: dmap.grid(w, h, { walls }), rooms };
}

/** Treasures in the first rooms (or on floor cells picked by rot.js's RNG), worth 1..3: the
 * goals of one Dijkstra map, a richer treasure with a lower (more attractive) value. */
export function treasures(grid, ROT, rooms, count = 4) {
  const goals = [];
  const floor = [];
  const walls = grid.walls;
  for (let i = 0; i < grid.size; i++) if (!walls[i]) floor.push(i);
  for (let k = 0; k < count; k++) {
    let x, y;
    if (k < rooms.length) [x, y] = rooms[k];
    else {
      const c = floor[Math.floor(ROT.RNG.getUniform() * floor.length)];
      x = c % grid.w;
      y = (c - x) / grid.w;
    }
    const worth = 1 + (k % 3);
    goals.push({ x, y, value: -2 * worth });
  }
  return goals;
}

/** The dungeon as text with the path marked: '#' walls, '*' treasures, 'o' the path. */
export function picture(grid, goals, path) {
  const chars = Array.from(grid.walls, (v) => (v ? '#' : ' '));
  for (const c of path) chars[c] = 'o';
  for (const g of goals) chars[g.y * grid.w + g.x] = '*';
  const rows = [];
  for (let y = 0; y < grid.h; y++) rows.push(chars.slice(y * grid.w, (y + 1) * grid.w).join(''));
  return rows.join('\n');
}

/** The whole example: a dungeon, its treasure map, a flee map from the treasures, and the
 * walk downhill from the far corner of the dungeon to the treasure that pulls hardest. */
export function demo(dmap, ROT, options) {
  const { grid, rooms } = dungeon(dmap, ROT, options);
  const goals = treasures(grid, ROT, rooms);
  const toTreasure = grid.field(goals);
  const fleeTreasure = grid.flee(toTreasure);
  // start from the reachable floor cell farthest from every treasure
  let start = -1;
  const v = toTreasure.values;
  for (let i = 0; i < grid.size; i++) {
    if (!grid.walls[i] && Number.isFinite(v[i]) && (start < 0 || v[i] > v[start])) start = i;
  }
  const path = grid.downhillPath(toTreasure, start);
  return { grid, goals, toTreasure, fleeTreasure, start, path, text: picture(grid, goals, path) };
}
