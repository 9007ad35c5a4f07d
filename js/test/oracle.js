// oracle.js — the tests' references, written from the definitions and not from the library:
// the sweep loop that defines a Dijkstra map ("lower every passable cell to its lowest
// passable neighbour plus the step until nothing changes"), a breadth-first search, and a
// seeded generator of random grids.

// The neighbour offsets of a move rule: [dx, dy, weight, diagonal].
function neighbours(moves) {
  const card = moves.cardinal ?? 1, diag = moves.diagonal ?? 1;
  const n = [[0, -1, card, false], [1, 0, card, false], [0, 1, card, false], [-1, 0, card, false]];
  if (moves.connectivity === 8) {
    n.push([1, -1, diag, true], [1, 1, diag, true], [-1, 1, diag, true], [-1, -1, diag, true]);
  }
  return n;
}

// Is (x + dx, y + dy) a passable neighbour of the passable (x, y) under the corner rule?
// (Steps are symmetric: the step between the two cells may be taken either way.)
function stepAllowed(walls, w, h, x, y, dx, dy, diagonal, strict) {
  const nx = x + dx, ny = y + dy;
  if (nx < 0 || ny < 0 || nx >= w || ny >= h || walls[ny * w + nx]) return false;
  if (diagonal && strict && (walls[y * w + nx] || walls[ny * w + x])) return false;
  return true;
}

/** The sweep loop on a copy of start (w*h numbers): the fixed point dmap_scan computes.
 * Entering cell c by a step costs the step's weight times costs[c] (1 without costs). */
export function sweep(walls, w, h, start, moves = { connectivity: 4 }, costs = null) {
  const v = Float64Array.from(start);
  const nb = neighbours(moves);
  const strict = moves.corners === 'strict';
  for (let changed = true; changed;) {
    changed = false;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const c = y * w + x;
        if (walls[c]) continue;
        for (const [dx, dy, weight, diagonal] of nb) {
          // a step into c from its neighbour n = (x + dx, y + dy)
          if (!stepAllowed(walls, w, h, x, y, dx, dy, diagonal, strict)) continue;
          const n = (y + dy) * w + x + dx;
          const step = weight * (costs ? costs[c] : 1);
          if (v[n] + step < v[c]) {
            v[c] = v[n] + step;
            changed = true;
          }
        }
      }
    }
  }
  return v;
}

/** A Dijkstra map by the sweep: goals [{x, y, value}], every other cell `ceiling`. */
export function sweepField(walls, w, h, goals, ceiling = Infinity, moves = { connectivity: 4 }) {
  const start = new Float64Array(w * h).fill(ceiling);
  for (const g of goals) start[g.y * w + g.x] = Math.min(start[g.y * w + g.x], g.value ?? 0);
  return sweep(walls, w, h, start, moves);
}

/** Steps from the nearest source, -1 where unreached (4- or 8-connected, corners cut). */
export function plainBfs(walls, w, h, sources, connectivity = 4) {
  const depth = new Int32Array(w * h).fill(-1);
  const queue = [];
  for (const s of sources) if (depth[s] < 0) { depth[s] = 0; queue.push(s); }
  const nb = neighbours({ connectivity });
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head], x = c % w, y = (c - x) / w;
    for (const [dx, dy] of nb) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const n = ny * w + nx;
      if (walls[n] || depth[n] >= 0) continue;
      depth[n] = depth[c] + 1;
      queue.push(n);
    }
  }
  return depth;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): same seed, same grids. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random walls (density 0..1) on w x h, and the passable cells. */
export function randomWalls(random, w, h, density) {
  const walls = new Uint8Array(w * h);
  const free = [];
  for (let i = 0; i < w * h; i++) {
    walls[i] = random() < density ? 1 : 0;
    if (!walls[i]) free.push(i);
  }
  return { walls, free };
}
