// browser.test.js — dmap.wasm in headless Chromium: test/browser.html (served by serve.js)
// computes a maze's Dijkstra map, flee map and downhill path; the results must equal the
// sweep loop's. Chromium is Debian's /usr/bin/chromium (DMAP_CHROMIUM overrides), driven by
// playwright-core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';

import { chromium } from 'playwright-core';

import { serve } from './serve.js';
import { sweep, sweepField } from './oracle.js';

const CHROMIUM = process.env.DMAP_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run'];

// Run body(page, url) with a fresh page of headless Chromium on serve.js's server.
async function withPage(body) {
  await access(CHROMIUM).catch(() => {
    throw new Error(`Chromium not found at ${CHROMIUM} (scripts/deps.sh test installs it)`);
  });
  const { server, url } = await serve(0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await body(page, url);
    assert.deepEqual(errors, [], 'no errors on the page');
  } finally {
    await browser.close();
    server.close();
  }
}

test('headless Chromium loads dmap.wasm and computes the maps of a maze', async () => {
  await withPage(async (page, url) => {
    await page.goto(`${url}/test/browser.html`);
    await page.waitForFunction(() => window.dmapResult || window.dmapError, null, { timeout: 20000 });
    const error = await page.evaluate(() => window.dmapError ?? null);
    assert.equal(error, null);
    const r = await page.evaluate(() => window.dmapResult);
    assert.equal(r.version, '0.2.0');
    assert.equal(r.sharedMemory, true, 'values is a view of the module memory');
    const gx = r.goal % r.w, gy = Math.floor(r.goal / r.w);
    const want = sweepField(r.walls, r.w, r.h, [{ x: gx, y: gy, value: 0 }]);
    const wantFlee = sweep(r.walls, r.w, r.h,
      Array.from(want, (v, i) => (r.walls[i] || v === Infinity ? Infinity : v * -1.2)));
    let passable = 0;
    for (let i = 0; i < r.w * r.h; i++) {
      if (r.walls[i]) continue;
      passable++;
      assert.equal(r.towards[i], want[i], `towards, cell ${i}`);
      if (Number.isFinite(wantFlee[i])) assert.ok(Math.abs(r.flee[i] - wantFlee[i]) < 1e-9, `flee, cell ${i}`);
      else assert.equal(r.flee[i], wantFlee[i], `flee, cell ${i}`);
    }
    assert.ok(passable > 20);
    assert.ok(r.flee.some((v, i) => !r.walls[i] && Number.isFinite(v) && v < 0), 'a finite flee map');
    assert.equal(r.path.length, want[r.w + 1] + 1);
    assert.equal(r.path[r.path.length - 1], r.goal);
  });
});

test('the example pages run in Chromium: the roguelike plays, rot.js digs', async () => {
  await withPage(async (page, url) => {
    await page.goto(`${url}/examples/roguelike.html`);
    await page.waitForFunction(() => /^Turn 0\./.test(document.getElementById('msg').textContent), null, { timeout: 20000 });
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('m'); // the map overlay
    assert.match(await page.textContent('#msg'), /^Turn 3\./);
    // the canvas shows the map: more than the walls' grey and the floor's black
    const colours = await page.evaluate(() => {
      const c = document.getElementById('view');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return seen.size;
    });
    assert.ok(colours > 5, `${colours} colours on the canvas`);

    await page.goto(`${url}/examples/rot-interop.html`);
    await page.waitForFunction(() => /steps down to a treasure/.test(document.getElementById('out').textContent), null, { timeout: 20000 });
    await page.click('#cellular');
    const text = await page.textContent('#out');
    assert.match(text, /^cellular, \d+ steps down to a treasure$/m);
    assert.ok(text.includes('*') && text.includes('o') && text.includes('#'));
  });
});
