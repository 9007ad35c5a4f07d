// pack.test.js — the npm package as a user gets it: `npm pack` of the package (with the
// module from DMAP_WASM, else js/dmap.wasm), installed from the tarball into an empty project
// offline, then imported as 'dmap-wasm' with no path (the package's exports and the default
// location of dmap.wasm) and type-checked through its declarations (the "types" export).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const JS = fileURLToPath(new URL('..', import.meta.url));

test('npm pack, npm install of the tarball, import and type-check as a user does', async () => {
  const work = await mkdtemp(join(tmpdir(), 'dmap-pack-'));
  try {
    const stage = join(work, 'stage'), user = join(work, 'user');
    execFileSync('mkdir', ['-p', stage, user]);
    for (const f of ['package.json', 'index.js', 'index.d.ts', 'README.md', 'LICENSE']) await copyFile(join(JS, f), join(stage, f));
    await copyFile(process.env.DMAP_WASM ?? join(JS, 'dmap.wasm'), join(stage, 'dmap.wasm'));
    execFileSync('mkdir', ['-p', join(stage, 'LICENSES')]);
    await copyFile(join(JS, 'LICENSES', 'wasi-libc.txt'), join(stage, 'LICENSES', 'wasi-libc.txt'));
    const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
    npm(['pack', '--pack-destination', work], stage);
    const tarball = (await readdir(work)).find((f) => f.endsWith('.tgz'));
    assert.equal(tarball, 'dmap-wasm-0.2.0.tgz');
    await writeFile(join(user, 'package.json'), JSON.stringify({ name: 'user', version: '1.0.0', type: 'module' }));
    npm(['install', '--offline', join(work, tarball)], user);
    assert.deepEqual((await readdir(join(user, 'node_modules', 'dmap-wasm'))).sort(),
      ['LICENSE', 'LICENSES', 'README.md', 'dmap.wasm', 'index.d.ts', 'index.js', 'package.json']);
    // dmap's licence: MIT, the repository's LICENSE (js/LICENSE is its copy, which must not drift)
    const pkg = JSON.parse(await readFile(join(user, 'node_modules', 'dmap-wasm', 'package.json'), 'utf8'));
    assert.equal(pkg.license, 'MIT');
    assert.equal(await readFile(join(user, 'node_modules', 'dmap-wasm', 'LICENSE'), 'utf8'),
      await readFile(join(JS, '..', 'LICENSE'), 'utf8'));
    // the notices of the libc linked into dmap.wasm travel with it
    const notices = await readFile(join(user, 'node_modules', 'dmap-wasm', 'LICENSES', 'wasi-libc.txt'), 'utf8');
    assert.match(notices, /Upstream-Name: wasi-libc/);
    assert.match(notices, /Files: libc-top-half\/musl\/\*/);

    await writeFile(join(user, 'main.js'), [
      "import { load, Dir } from 'dmap-wasm';",
      'const dmap = await load();',
      'const grid = dmap.grid(5, 1);',
      'const map = grid.field([{ x: 0, y: 0, value: 0 }]);',
      'console.log(Array.from(map.values).join(","), grid.nextStep(map, 4).dir === Dir.LEFT);',
    ].join('\n'));
    const out = execFileSync(process.execPath, ['main.js'], { cwd: user, encoding: 'utf8' });
    assert.equal(out, '0,1,2,3,4 true\n');
    // from CommonJS, as the README says: a dynamic import
    await writeFile(join(user, 'main.cjs'), [
      "import('dmap-wasm').then(async ({ load }) => {",
      '  const dmap = await load();',
      '  console.log(Array.from(dmap.grid(3, 1).field([[0, 0, 0]]).values).join(","));',
      "  console.log(require('dmap-wasm/package.json').version);",
      '});',
    ].join('\n'));
    assert.equal(execFileSync(process.execPath, ['main.cjs'], { cwd: user, encoding: 'utf8' }), '0,1,2\n0.2.0\n');

    await writeFile(join(user, 'main.ts'), [
      "import { load, type ValueMap } from 'dmap-wasm';",
      'const dmap = await load();',
      'const map: ValueMap = dmap.grid(5, 1).field([[0, 0, 0]]);',
      'const v: Float64Array = map.values;',
      'export const first: number = v[0];',
    ].join('\n'));
    await writeFile(join(user, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [], lib: ['ES2022', 'DOM'] },
      files: ['main.ts'],
    }));
    execFileSync(process.execPath, [join(JS, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', user], { encoding: 'utf8' });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
