// A tiny static file server for the floor page's build (127.0.0.1 only). Sends gzip when the
// browser accepts it and a `.gz` copy exists, as the portal's server does; index.html otherwise.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { onCleanup } from './procs.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2',
};

export async function serveStatic(dir: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
    let body = file;
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && existsSync(`${file}.gz`)) {
      body = `${file}.gz`;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(statSync(body).size);
    response.writeHead(200, headers);
    createReadStream(body).pipe(response);
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  const close = onCleanup(`static server :${port}`, () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return { url: `http://127.0.0.1:${port}`, close };
}
