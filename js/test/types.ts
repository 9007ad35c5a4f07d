// types.ts — compiled by `tsc --noEmit` (npm run typecheck) to check index.d.ts: typical use
// must type-check, and the @ts-expect-error lines must be errors.
import { load, Dir, DmapError, ErrorCode, Moves, type Grid, type ValueMap } from '../index.js';

async function main(): Promise<number> {
  const dmap = await load();
  const grid: Grid = dmap.grid(10, 8, { moves: 'octile' });
  const toPlayer: ValueMap = grid.field([{ x: 1, y: 2 }, [3, 4, -1]], { ceiling: 100 });
  const flee = grid.flee(toPlayer, { factor: -1.3 });
  const values: Float64Array = flee.values;
  const step = grid.nextStep(flee, grid.index(5, 5), { rng: dmap.rng(7n), moves: Moves.FOUR });
  const moved: boolean = step.dir !== Dir.STAY;
  const { depth } = grid.bfs([0], { maxDepth: 5 });
  const sum = grid.weightedSum([toPlayer, flee], new Float64Array([1, 0.5]));
  const path: Int32Array = grid.bfsPath(grid.downhillPath(flee, 0), 7); // typed arrays of cells too
  try {
    grid.field([{ x: 99, y: 0 }]);
  } catch (e) {
    if (e instanceof DmapError && e.code === ErrorCode.RANGE) return values.length + depth[0] + sum.at(0, 0) + path.length;
  }
  // @ts-expect-error goals need x and y
  grid.field([{ x: 1 }]);
  // @ts-expect-error a DmapError names the C function and the code
  void new DmapError('field failed');
  // @ts-expect-error connectivity is 4 or 8
  grid.field([], { moves: { connectivity: 6 } });
  return moved ? 1 : 0;
}
void main;
