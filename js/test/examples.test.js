// examples.test.js — the examples play as they say: the roguelike monster hunts along the
// player's Dijkstra map and runs along the flee map while the amulet lasts; the rot.js
// dungeons' treasure maps equal the sweep loop's and the walk downhill ends on a treasure.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as ROT from 'rot-js';

import { load, Dir } from '../index.js';
import { newGame, playTurn, render, ROOM, SCARED_TURNS } from '../examples/roguelike.js';
import { demo } from '../examples/rot_interop.js';
import { plainBfs, sweep, sweepField } from './oracle.js';

const dmap = await load(process.env.DMAP_WASM);

function distance(game) {
  const { grid } = game;
  return plainBfs(grid.walls, grid.w, grid.h, [game.player])[game.monster];
}

test('roguelike: the hunting monster closes one step a turn and catches a waiting player', () => {
  const game = newGame(dmap, ROOM, 4);
  let d = distance(game);
  assert.ok(d > 10);
  while (!game.over) {
    playTurn(game, Dir.STAY);
    const now = distance(game);
    assert.equal(now, d - 1, `turn ${game.turn}`);
    d = now;
  }
  assert.equal(d, 0);
  assert.match(game.message, /got you/);
});

test('roguelike: with the amulet the monster rolls down the flee map, away from the player', () => {
  const game = newGame(dmap, ROOM, 4);
  const path = game.grid.bfsPath([game.player], game.amulet);
  // walk to the amulet
  for (let k = 1; k < path.length && !game.over; k++) {
    const dir = [Dir.UP, Dir.RIGHT, Dir.DOWN, Dir.LEFT].find((d) => game.grid.step(game.player, d) === path[k]);
    playTurn(game, dir);
  }
  assert.equal(game.over, false, render(game));
  assert.equal(game.scared, SCARED_TURNS - 1);
  const atPickup = distance(game);
  const { grid } = game;
  for (let turn = 0; turn < SCARED_TURNS - 1; turn++) {
    const towards = sweepField(grid.walls, grid.w, grid.h, [{ x: game.player % grid.w, y: Math.floor(game.player / grid.w) }]);
    const flee = sweep(grid.walls, grid.w, grid.h, Array.from(towards, (v, i) => (grid.walls[i] || v === Infinity ? Infinity : -1.2 * v)));
    const from = game.monster;
    playTurn(game, Dir.STAY);
    // a step to a lowest neighbour of the flee map (or staying at a minimum)
    let best = flee[from];
    for (const d of [Dir.UP, Dir.RIGHT, Dir.DOWN, Dir.LEFT]) {
      const n = grid.step(from, d);
      if (n >= 0) best = Math.min(best, flee[n]);
    }
    assert.ok(Math.abs(flee[game.monster] - best) < 1e-9, `turn ${game.turn}`);
  }
  assert.ok(distance(game) > atPickup, 'farther than at the pickup');
  assert.equal(game.scared, 0);
});

test('roguelike: the same seed replays the same game', () => {
  const moves = [Dir.DOWN, Dir.DOWN, Dir.RIGHT, Dir.STAY, Dir.LEFT, Dir.DOWN, Dir.DOWN, Dir.DOWN];
  const play = () => {
    const game = newGame(dmap, ROOM, 99);
    return moves.map((d) => render(playTurn(game, d))).join('\n');
  };
  assert.equal(play(), play());
});

for (const kind of ['digger', 'cellular']) {
  test(`rot.js ${kind}: the treasure map equals the sweep loop, the walk ends on a treasure`, () => {
    const r = demo(dmap, ROT, { kind, seed: 7, w: 50, h: 24 });
    const { grid } = r;
    const want = sweepField(grid.walls, grid.w, grid.h, r.goals);
    let floor = 0;
    for (let i = 0; i < grid.size; i++) {
      if (grid.walls[i]) continue;
      floor++;
      assert.equal(r.toTreasure.values[i], want[i], `cell ${i}`);
    }
    assert.ok(floor > 100, `a dungeon, ${floor} floor cells`);
    const end = r.path[r.path.length - 1];
    assert.ok(r.goals.some((g) => g.y * grid.w + g.x === end));
    for (let k = 1; k < r.path.length; k++) {
      assert.equal(r.toTreasure.values[r.path[k]], r.toTreasure.values[r.path[k - 1]] - 1);
    }
    assert.ok(r.path.length > 5);
  });
}

// The first ```js block of a README, importing this package and its module, run in Node.
async function runReadmeExample(readmeUrl, epilogue = '') {
  const { readFile } = await import('node:fs/promises');
  const { execFileSync } = await import('node:child_process');
  const readme = await readFile(readmeUrl, 'utf8');
  const code = readme.match(/```js\n([\s\S]*?)```/)[1]
    .replace("from 'dmap-wasm'", `from '${new URL('../index.js', import.meta.url).href}'`)
    .replace('await load()', `await load(${JSON.stringify(process.env.DMAP_WASM ?? null)} ?? undefined)`);
  return { readme, out: execFileSync(process.execPath, ['--input-type=module', '-e', code + epilogue], { encoding: 'utf8' }) };
}

test('the READMEs\' examples run and give what their comments say', async () => {
  const pkg = await runReadmeExample(new URL('../README.md', import.meta.url));
  assert.match(pkg.out, /^8 \{ dir: 4, cell: 36 \} \{ dir: 2, cell: 38 \}/);
  assert.match(pkg.readme, /\{ dir: Dir\.LEFT, cell: 36 \}/);
  const main = await runReadmeExample(new URL('../../README.md', import.meta.url),
    '\nconsole.log(JSON.stringify(step), towards.values instanceof Float64Array);');
  assert.equal(main.out, `${JSON.stringify({ dir: Dir.RIGHT, cell: 25 })} true\n`);
  assert.match(main.readme, /\{ dir: Dir\.RIGHT, \.\.\. \}: away/);
});

test('serve.js answers a malformed URL with 400 and keeps serving', async () => {
  const { serve } = await import('./serve.js');
  const { server, url } = await serve(0);
  try {
    assert.equal((await fetch(`${url}/%E0%A4%A`)).status, 400);
    assert.equal((await fetch(`${url}/examples/roguelike.html`)).status, 200);
    assert.equal((await fetch(`${url}/`)).status, 404);
  } finally {
    server.close();
  }
});
