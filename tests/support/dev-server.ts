// Starts `npm run dev` (scripts/dev.ts) for a browser test on a copy of the project's configuration
// (schemas/, flows/, themes/) in a temporary folder, the rest of the project linked in: the test may
// edit the copy freely while other tests run against the project itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');
const COPIED = new Set(['schemas', 'flows', 'themes']);
const LEFT_OUT = new Set(['.git', '.tmp', 'data', 'dist', 'test-results', 'playwright-report']);

export interface DevServer {
  /** Where the copy lives: edit `${root}/schemas/...` to change the running portal. */
  root: string;
  url: string;
  /** What the server has printed so far (for a failing test's message). */
  output: () => string;
  stop: () => Promise<void>;
}

function projectCopy(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'portal-dev-')));
  for (const entry of readdirSync(repoRoot)) {
    if (LEFT_OUT.has(entry)) continue;
    if (COPIED.has(entry)) cpSync(join(repoRoot, entry), join(root, entry), { recursive: true });
    else symlinkSync(join(repoRoot, entry), join(root, entry));
  }
  mkdirSync(join(root, '.tmp'));
  return root;
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
    const force = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone already */ } }, 10_000);
    child.once('exit', () => { clearTimeout(force); resolve(); });
    try { process.kill(-child.pid!, 'SIGTERM'); } catch { resolve(); }
  });
}

/** Starts the development server on a free port (or DEV_MODE_PORT); resolves once it listens. */
export async function startDevServer(): Promise<DevServer> {
  const root = projectCopy();
  let output = '';
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'dev.ts')], {
    cwd: root,
    // Its own process group: stopping it stops everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORTAL_ROOT: root, PORT: process.env.DEV_MODE_PORT ?? '0', HOST: '127.0.0.1', DATA_DIR: join(root, '.tmp', 'data'),
      NODE_ENV: 'development', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', PUBLIC_URL: '',
    },
  });
  const stop = async () => {
    await stopped(child);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the development server did not start in time:\n${output}`)), 120_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /listening on (http:\/\/\S+?)\/? /.exec(output);
        if (listening) { clearTimeout(timer); resolve(listening[1].replace('localhost', '127.0.0.1')); }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the development server stopped (exit code ${code}):\n${output}`)); });
    });
    return { root, url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
