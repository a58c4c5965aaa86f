// `npm run check` on a broken copy of a project root (by default tests/fixtures/project): copy,
// apply text edits, run the checker's command, and read where a problem is expected.
// The command runs in one Node process per test file (check-runner.ts), loaded by Node as the CLI
// is: starting Node and loading the engine for each copy took most of these suites' time. The
// CLI itself runs end to end where a test asks for it (`{ cli: true }`).
// The files of a worker share this module (vitest.config.ts): a file that checks copies ends its
// runner and removes its copies after its tests with `afterAll(endCheckCopies)`.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';

export const FIXTURE = join(import.meta.dirname, '../../fixtures/project');
export const CLI = join(import.meta.dirname, '../../../engine/cli/check.ts');
const RUNNER = join(import.meta.dirname, 'check-runner.ts');
const temps: string[] = [];

interface Answer { status: number; out: string }
/** A check runner and the answers it still owes. */
interface Runner {
  child: ChildProcess;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
}
let runner: Runner | undefined;
let lastId = 0;

function startRunner(): Runner {
  const child = fork(RUNNER, [], { execPath: process.execPath, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started: Runner = { child, pending: new Map() };
  child.on('message', (message: { id: number; status: number; stdout: string; stderr: string }) => {
    started.pending.get(message.id)?.resolve({ status: message.status, out: message.stdout + message.stderr });
    started.pending.delete(message.id);
  });
  child.on('exit', (code, signal) => {
    for (const { reject } of started.pending.values()) reject(new Error(`the check runner exited (${signal ?? code})`));
    started.pending.clear();
    if (runner === started) runner = undefined;
  });
  return started;
}

/** Ends the runner (the next check starts another) and removes the copies made so far. */
export function endCheckCopies(): void {
  const ending = runner;
  runner = undefined;
  if (ending?.child.connected) ending.child.disconnect();
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The checker's exit code and output (stdout, then stderr), as `node engine/cli/check.ts --root root` gives them. */
export function runCheckCommand(root: string): Promise<Answer> {
  if (!runner?.child.connected) runner = startRunner();
  const current = runner;
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.child.send({ id, argv: ['--root', root] });
  });
}

export interface Edit {
  file: string;
  from: string | RegExp;
  to: string;
}

/**
 * Copies the fixture, adds the files `adds` (path → text), applies the edits, runs the checker;
 * returns its output and exit code. `cli`: in a Node process of its own, as `npm run check` runs.
 */
export async function checkBroken(edits: Edit[], fixture = FIXTURE, adds: Record<string, string> = {}, { cli = false } = {}): Promise<{ status: number | null; out: string; root: string }> {
  const root = mkdtempSync(join(tmpdir(), 'check-'));
  temps.push(root);
  cpSync(fixture, root, { recursive: true });
  for (const [file, text] of Object.entries(adds)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const e of edits) {
    const path = join(root, e.file);
    const before = readFileSync(path, 'utf8');
    const after = before.replace(e.from, e.to);
    if (after === before) throw new Error(`edit did not apply to ${e.file}: ${e.from}`);
    writeFileSync(path, after);
  }
  if (cli) {
    const run = spawnSync(process.execPath, [CLI, '--root', root], { encoding: 'utf8' });
    return { status: run.status, out: run.stdout + run.stderr, root };
  }
  const { status, out } = await runCheckCommand(root);
  return { status, out, root };
}

/** 1-based line of the first line containing `needle` in the (broken) copy. */
export function lineOf(root: string, file: string, needle: string): number {
  const index = readFileSync(join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`${needle} not in ${file}`);
  return index + 1;
}

/** Whether `out` reports `reason` at `file`, on the line of `at` (or that many lines below it), at `path`. */
export function expectReported(out: string, root: string, file: string, at: string | [string, number], path: string, reason: string): void {
  const line = typeof at === 'string' ? lineOf(root, file, at) : lineOf(root, file, at[0]) + at[1];
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(out).toMatch(new RegExp(`^${escaped(file)}:${line}:\\d+ ${escaped(path)}: .*${escaped(reason)}`, 'm'));
}

/** `at`: a text on the expected line, or that text and how many lines below it the problem is. */
export async function expectProblem(edits: Edit[], file: string, at: string | [string, number], path: string, reason: string, adds: Record<string, string> = {}): Promise<void> {
  const { status, out, root } = await checkBroken(edits, FIXTURE, adds);
  expect(status, out).toBe(1);
  expectReported(out, root, file, at, path, reason);
  expect(out).toMatch(/^\d+ problems?$/m);
}
