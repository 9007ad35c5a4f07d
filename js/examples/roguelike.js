// roguelike.js — the game of roguelike.html, without the page: a room, a player '@' and a
// monster 'M'. Each turn the monster rolls downhill on a Dijkstra map: the player's map (it
// hunts), or, while the player holds the amulet picked up from '!', the flee map of the
// player's map (it runs away, out of dead ends, towards open space). Ties between equally
// good steps are broken by a seeded generator, so a game replays the same from its seed.
// Runs in browsers and in Node (js/test/examples.test.js plays it).
import { Dir } from '../index.js';

/** The room: '#' walls, '@' the player, 'M' the monster, '!' the amulet. */
export const ROOM = [
  '##########################',
  '#........#.......#.......#',
  '#..@.....#...##..#...M...#',
  '#........+...##..........#',
  '#........#.......#.###...#',
  '####.#####.......#...#...#',
  '#........#####.###...#...#',
  '#..!.....................#',
  '#........#.......#.......#',
  '##########################',
];

/** How many turns the amulet scares the monster. */
export const SCARED_TURNS = 12;

/** The player's moves by key. */
export const KEYS = {
  ArrowUp: Dir.UP, ArrowRight: Dir.RIGHT, ArrowDown: Dir.DOWN, ArrowLeft: Dir.LEFT,
  w: Dir.UP, d: Dir.RIGHT, s: Dir.DOWN, a: Dir.LEFT,
  k: Dir.UP, l: Dir.RIGHT, j: Dir.DOWN, h: Dir.LEFT, '.': Dir.STAY, ' ': Dir.STAY,
};

function find(rows, ch) {
  const y = rows.findIndex((r) => r.includes(ch));
  return y < 0 ? -1 : y * rows[0].length + rows[y].indexOf(ch);
}

/** A new game on room (rows of text) with a seed for the monster's tie-breaks. */
export function newGame(dmap, room = ROOM, seed = 1) {
  const { grid, rows } = dmap.parseMap(room.join('\n'));
  return {
    dmap, grid, rows,
    player: find(rows, '@'), monster: find(rows, 'M'), amulet: find(rows, '!'),
    rng: dmap.rng(seed),
    scared: 0, turn: 0, over: false,
    towards: grid.map(), flee: grid.map(),
    message: 'Arrows, WASD or hjkl move, "." waits. Take the amulet (!) to scare the monster.',
  };
}

/** The maps of the monster's turn: the player's Dijkstra map, and its flee map. */
export function monsterMaps(game) {
  const { grid } = game;
  const x = game.player % grid.w, y = (game.player - x) / grid.w;
  grid.field([{ x, y, value: 0 }], { into: game.towards });
  grid.flee(game.towards, { into: game.flee });
  return game.scared > 0 ? game.flee : game.towards;
}

/** Play one turn: the player moves by dir (a wall costs the turn), then the monster. */
export function playTurn(game, dir) {
  if (game.over) return game;
  const next = game.grid.step(game.player, dir);
  if (next >= 0) game.player = next;
  if (game.player === game.amulet) {
    game.amulet = -1;
    game.scared = SCARED_TURNS;
    game.message = 'The amulet glows: the monster flees!';
  }
  if (game.player === game.monster) return end(game, game.scared > 0 ? 'You caught the monster. You win!' : 'The monster got you.');
  const map = monsterMaps(game);
  game.monster = game.grid.nextStep(map, game.monster, { rng: game.rng }).cell;
  if (game.scared > 0 && --game.scared === 0) game.message = 'The amulet fades: the monster hunts again.';
  game.turn++;
  if (game.player === game.monster) return end(game, game.scared > 0 ? 'The monster ran into you. You win!' : 'The monster got you.');
  return game;
}

function end(game, message) {
  game.over = true;
  game.message = message;
  return game;
}

/** The room as text: walls, the amulet, the player and the monster. */
export function render(game) {
  const { grid, rows } = game;
  const out = [];
  for (let y = 0; y < grid.h; y++) {
    let line = '';
    for (let x = 0; x < grid.w; x++) {
      const c = y * grid.w + x;
      if (c === game.player) line += '@';
      else if (c === game.monster) line += 'M';
      else if (c === game.amulet) line += '!';
      else line += '@M!'.includes(rows[y][x]) ? '.' : rows[y][x];
    }
    out.push(line);
  }
  return out.join('\n');
}
