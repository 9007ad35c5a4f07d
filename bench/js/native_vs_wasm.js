// native_vs_wasm.js — native_vs_wasm.sh's runner: runs the native engine_cases and the
// WebAssembly one (under node:wasi, in a child process) alternately, then prints a table of
// medians and of the per-round ratios WebAssembly / native, median [min-max].
//   node native_vs_wasm.js NATIVE WASM ROUNDS       (node native_vs_wasm.js --wasi WASM runs one)
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';

if (process.argv[2] === '--wasi') {
  const { WASI } = await import('node:wasi');
  const wasi = new WASI({ version: 'preview1', args: ['engine_cases'], env: {} });
  const mod = await WebAssembly.compile(await readFile(process.argv[3]));
  process.exitCode = wasi.start(await WebAssembly.instantiate(mod, wasi.getImportObject()));
} else {
  const [native, wasm, roundsArg] = process.argv.slice(2);
  const rounds = Number(roundsArg) || 11;
  const parse = (text) => Object.fromEntries(text.trim().split('\n').map((l) => {
    const [name, ns] = l.split('\t');
    return [name, Number(ns)];
  }));
  const runNative = () => parse(execFileSync(native, { encoding: 'utf8' }));
  const runWasm = () => parse(execFileSync(process.execPath,
    ['--no-warnings', new URL(import.meta.url).pathname, '--wasi', wasm], { encoding: 'utf8' }));
  const load0 = os.loadavg()[0];
  const results = { native: [], wasm: [] };
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) { results.native.push(runNative()); results.wasm.push(runWasm()); }
    else { results.wasm.push(runWasm()); results.native.push(runNative()); }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const fmt = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`);
  console.log(`# dmap_field, the same C program native and WebAssembly (Node ${process.versions.node} WASI), ` +
    `${rounds} rounds, CPU time, load average ${load0.toFixed(1)} -> ${os.loadavg()[0].toFixed(1)}`);
  console.log('| case | native | WebAssembly | WebAssembly / native per round, median [range] |');
  console.log('|---|---|---|---|');
  for (const name of Object.keys(results.native[0])) {
    const n = results.native.map((x) => x[name]), w = results.wasm.map((x) => x[name]);
    const ratio = n.map((v, i) => w[i] / v);
    console.log(`| ${name} | ${fmt(median(n))} | ${fmt(median(w))} | ${median(ratio).toFixed(2)}× ` +
      `[${Math.min(...ratio).toFixed(2)}–${Math.max(...ratio).toFixed(2)}] |`);
  }
}
