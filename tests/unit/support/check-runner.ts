// `npm run check` on many roots in one Node process: what engine/cli/check.ts runs (checkCommand),
// loaded by Node itself as the CLI is, without starting Node and loading the engine once per root.
// Each message from the parent is the command's arguments; the answer is what the CLI would exit
// with and print (stdout, then stderr, as `spawnSync` gives them). One check runs at a time.
import { checkCommand } from '../../../engine/cli/check.ts';

type Write = typeof process.stdout.write;

/** Runs `task` with everything written to stdout and stderr collected instead of printed. */
async function capturing(task: () => Promise<number>): Promise<{ status: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  const collect = (stream: 'stdout' | 'stderr'): Write => ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    out[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as Write;
  process.stdout.write = collect('stdout');
  process.stderr.write = collect('stderr');
  let status: number;
  try {
    status = await task();
  } catch (error) {
    // As the CLI: an uncaught error is printed on stderr and exits 1.
    out.stderr += `${(error as Error)?.stack ?? String(error)}\n`;
    status = 1;
  } finally {
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  }
  return { status, ...out };
}

let queue = Promise.resolve();
process.on('message', (message: { id: number; argv: string[] }) => {
  queue = queue.then(async () => {
    const result = await capturing(() => checkCommand(message.argv));
    process.send!({ id: message.id, ...result });
  });
});
process.on('disconnect', () => process.exit(0));
