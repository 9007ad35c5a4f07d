// serve.js — a static file server for the browser test and the examples: serves the package
// folder (js/), with /dmap.wasm taken from DMAP_WASM when set, on 127.0.0.1.
//   node test/serve.js [PORT]      (default 8023; prints the URL)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css',
};

/** Start the server on port (0: any free port); resolves to { server, url }. */
export function serve(port = 0, wasmPath = process.env.DMAP_WASM) {
  const server = createServer(async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch { // a malformed escape such as %E0%A4%A would otherwise end the server
      res.writeHead(400).end('bad request');
      return;
    }
    let file = normalize(join(ROOT, path));
    if (!file.startsWith(ROOT) || file.split(sep).includes('..')) {
      res.writeHead(403).end();
      return;
    }
    if (path === '/dmap.wasm' && wasmPath) file = wasmPath;
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end(`not found: ${path}`);
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serve(Number(process.argv[2] ?? 8023));
  console.log(`serving ${ROOT} at ${url}/ (examples: ${url}/examples/roguelike.html)`);
}
