// Child processes, ports and clean-up for the bench: every server it starts is registered here and
// killed (by its own pid) when the bench ends, fails, times out or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Cleanup = { name: string; run: () => Promise<void> | void };
const cleanups: Cleanup[] = [];

/** Registers a clean-up step; steps run last-registered first. Returns a function that runs it early. */
export function onCleanup(name: string, run: Cleanup['run']): () => Promise<void> {
  const entry: Cleanup = { name, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index < 0) return;
    cleanups.splice(index, 1);
    await entry.run();
  };
}

let cleaning: Promise<void> | null = null;
/** Runs every registered clean-up step once, each bounded in time, errors reported but not thrown. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const entry = cleanups.pop()!;
      try {
        await Promise.race([entry.run(), sleep(10_000).then(() => { throw new Error('timed out'); })]);
      } catch (error) {
        console.error(`bench: clean-up "${entry.name}" failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Makes the bench stop by itself: on a signal, an uncaught error or after `limitMs`, it cleans up
 * and exits (2; 130 on a signal). `label` prefixes what it says; `onLimit` says the time ran out.
 * Returns a function that lifts the time limit.
 */
export function stopOnLimitOrSignal(label: string, limitMs: number, onLimit: (message: string) => void): () => void {
  const hardLimit = setTimeout(() => {
    onLimit(`${label}: stopped after ${limitMs / 1000} s (BENCH_TIMEOUT_MS)`);
    void cleanupAll().finally(() => process.exit(2));
  }, limitMs);
  hardLimit.unref();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => { void cleanupAll().finally(() => process.exit(130)); });
  }
  process.on('uncaughtException', (error) => {
    console.error(`${label}: uncaught`, error);
    void cleanupAll().finally(() => process.exit(2));
  });
  return () => clearTimeout(hardLimit);
}

/** A temporary directory removed at clean-up. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port in [from, to] that nothing on 127.0.0.1 listens on right now. */
export async function freePort(from = 19000, to = 19999): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface Child { name: string; process: ChildProcess; output: () => string; stop: () => Promise<void> }

/** Starts `node <args>` (this Node, Node 24) with extra env; its output is kept for error reports. */
export function startNode(name: string, args: string[], env: Record<string, string>, cwd: string): Child {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => { tail = (tail + chunk.toString()).slice(-4000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('error', (error) => keep(Buffer.from(`spawn error: ${error.message}\n`)));
  const stop = onCleanup(`stop ${name}`, () => killChild(child));
  return { name, process: child, output: () => tail, stop };
}

async function killChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(3000).then(() => false)]);
  if (!done) {
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}

/** Waits until `url` answers (any HTTP status below 500) or fails when the child exits or time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited (${child.process.exitCode ?? child.process.signalCode}) before answering ${url}:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}
