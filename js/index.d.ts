// index.d.ts — TypeScript declarations of dmap-wasm's JavaScript API (index.js).

/** dmap's error codes (dmap.h's DMAP_ERR_*). */
export declare const ErrorCode: Readonly<{
  OK: 0; ARG: -1; SIZE: -2; NOMEM: -3; VALUE: -4; RANGE: -5; WALL: -6; FORMAT: -7; IO: -8;
  LIMIT: -9; CEILING: -10;
}>;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Directions (dmap_dir): STAY, the cardinal 1..4, the diagonal 5..8. */
export declare const Dir: Readonly<{
  STAY: 0; UP: 1; RIGHT: 2; DOWN: 3; LEFT: 4; UP_RIGHT: 5; DOWN_RIGHT: 6; DOWN_LEFT: 7; UP_LEFT: 8;
}>;
export type DirValue = (typeof Dir)[keyof typeof Dir];

/** A move rule: 4 or 8 neighbours, the weight of a cardinal and a diagonal step, the corner
 * rule for diagonals ('cut': past walls; 'strict': both orthogonal neighbours passable). */
export interface MoveRule {
  connectivity: 4 | 8;
  cardinal?: number;
  diagonal?: number;
  corners?: 'cut' | 'strict';
}
/** A move rule by name ('4', '8', 'octile') or in full. */
export type MovesSpec = MoveRule | 4 | 8 | '4' | '8' | 'octile';

export declare const Moves: Readonly<{
  FOUR: Readonly<MoveRule>;
  EIGHT: Readonly<MoveRule>;
  OCTILE: Readonly<MoveRule>;
}>;

/** No ceiling: plain distances, +Infinity where no goal reaches. */
export declare const NO_CEILING: number;
/** The usual flee factor, -1.2. */
export declare const FLEE_FACTOR: number;

/** A dmap error: code is one of ErrorCode, message "function: the library's sentence (NAME)". */
export declare class DmapError extends Error {
  /** fn: the C function; detail: the sentence, by default the library's for code. */
  constructor(fn: string, code: ErrorCodeValue, detail?: string);
  readonly code: ErrorCodeValue;
  readonly fn: string;
}

/** A goal: the cell (x, y) seeded with value (default 0), or an [x, y, value] triple. */
export type Goal = { x: number; y: number; value?: number } | [number, number, number?];

/** Cells are indices y * w + x. */
export type Cell = number;

export interface MoveOptions {
  /** Overrides the grid's move rule for this call. */
  moves?: MovesSpec;
}
export interface DownhillOptions extends MoveOptions {
  /** w*h flags, nonzero = never entered (e.g. another agent). */
  blocked?: ArrayLike<number | boolean>;
  /** Breaks ties between best moves; without it the lowest direction wins. */
  rng?: Rng;
}

/** Load dmap.wasm (default: beside index.js) and return the module's API. */
export declare function load(source?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<Dmap>;

export declare class Dmap {
  /** The library's version, e.g. "0.2.0". */
  readonly version: string;
  /** The module's memory; its buffer is replaced when it grows. */
  readonly memory: WebAssembly.Memory;
  /** The instance's exports: every DMAP_API function of dmap.h, malloc, free, the memory. */
  readonly exports: WebAssembly.Exports;
  /** A w x h grid, all floor, unit costs. */
  grid(w: number, h: number, options?: { walls?: ArrayLike<number | boolean>; moves?: MovesSpec }): Grid;
  /** Parse a text map ('#' walls) or a Moving AI .map; rows are its characters. */
  parseMap(text: string, options?: { moves?: MovesSpec }): { grid: Grid; rows: string[] };
  /** A seeded generator for downhill tie-breaks. */
  rng(seed: number | bigint): Rng;
  /** Free the workspace and scratch memory; afterwards every call but free() throws. */
  free(): void;
}

export declare class Grid {
  readonly w: number;
  readonly h: number;
  /** w * h. */
  readonly size: number;
  /** The default move rule of this grid's calls. */
  moves: MoveRule;
  /** A view of the walls (nonzero = wall) in the module's memory. */
  readonly walls: Uint8Array;
  /** A view of the entry costs, or null while the grid has unit costs. */
  readonly costs: Float64Array | null;
  addCosts(): Float64Array;
  setWalls(walls: ArrayLike<number | boolean>): void;
  /** y * w + x, or -1 outside the grid; x and y must be integers. */
  index(x: number, y: number): Cell;
  step(cell: Cell, dir: DirValue, options?: MoveOptions): Cell;
  passable(x: number, y: number): boolean;

  /** A new map, every cell `fill` (default +Infinity). */
  map(fill?: number): ValueMap;
  /** A new map holding a copy of values (w*h numbers). */
  mapFrom(values: ArrayLike<number>): ValueMap;

  /** The Dijkstra map of the goals (ceiling: default none). */
  field(goals: readonly Goal[], options?: MoveOptions & { ceiling?: number; into?: ValueMap }): ValueMap;
  /** Scan a map in place to the Dijkstra fixed point; returns it. */
  scan(map: ValueMap, options?: MoveOptions): ValueMap;
  /** The flee map: src * factor (default -1.2), rescanned. */
  flee(src: ValueMap, options?: MoveOptions & { factor?: number; into?: ValueMap }): ValueMap;
  /** The best moves from cell as bits (1 << dir). */
  downhillOptions(map: ValueMap, cell: Cell, options?: Omit<DownhillOptions, 'rng'>): number;
  /** One step downhill. */
  nextStep(map: ValueMap, cell: Cell, options?: DownhillOptions): { dir: DirValue; cell: Cell };
  /** Roll down to a minimum: the cells visited, start and end included. */
  downhillPath(map: ValueMap, from: Cell, options?: DownhillOptions): Int32Array;

  canMoveTo(from: Cell, to: Cell, options?: MoveOptions): boolean;
  reachable(from: Cell, options?: MoveOptions): { reached: Uint8Array; count: number };
  bfs(sources: readonly Cell[] | Int32Array, options?: MoveOptions & { maxDepth?: number; parents?: boolean }):
    { depth: Int32Array; parent: Int32Array | null };
  bfsPath(sources: readonly Cell[] | Int32Array, to: Cell, options?: MoveOptions): Int32Array;

  add(a: ValueMap, b: ValueMap, into?: ValueMap): ValueMap;
  min(a: ValueMap, b: ValueMap, into?: ValueMap): ValueMap;
  max(a: ValueMap, b: ValueMap, into?: ValueMap): ValueMap;
  scale(src: ValueMap, factor: number, into?: ValueMap): ValueMap;
  clamp(src: ValueMap, lo: number, hi: number, into?: ValueMap): ValueMap;
  weightedSum(maps: readonly ValueMap[], weights: ArrayLike<number>, into?: ValueMap): ValueMap;

  free(): void;
}

/** W*H doubles of one grid in the module's memory. */
export declare class ValueMap {
  readonly grid: Grid;
  readonly size: number;
  /** A live Float64Array view (no copy); detached when the memory grows: read it again. The
   * view keeps the map alive. */
  readonly values: Float64Array;
  /** The value at (x, y); throws outside the grid. */
  at(x: number, y: number): number;
  free(): void;
}

/** A seeded generator (dmap_rng): same seed, same tie-breaks. */
export declare class Rng {
  free(): void;
}
