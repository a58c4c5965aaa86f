// Development mode: the configuration check of `npm run check` (engine/cli/check.ts) runs when the
// development server starts and after every saved file under schemas/, flows/ or themes/; its
// problems are printed here and sent to the open pages (engine/react/dev/ProblemsOverlay.tsx), which
// show them until a check finds none. A build fails on them instead (check-plugin.ts).
import { join, relative, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Plugin, ViteDevServer } from 'vite';
import { formatProblem, type Problem } from '../core/config/problem.ts';
import { PROBLEMS_EVENT, PROBLEMS_REQUEST_EVENT, type ProblemsPayload } from '../core/config/problem-events.ts';

const WATCHED = ['schemas', 'flows', 'themes'];
/** Saves come in bursts (an editor writes, then renames): one check after the last of them. */
const SETTLE_MS = 100;

export function problemsPlugin({ root }: { root: string }): Plugin {
  let problems: Problem[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** The check's problems, from a worker thread (problems-worker.ts). */
  function runCheckApart(): Promise<Problem[]> {
    return new Promise((resolve) => {
      const worker = new Worker(new URL('./problems-worker.ts', import.meta.url), { workerData: root });
      worker.once('message', (found: Problem[]) => { resolve(found); void worker.terminate(); });
      worker.once('error', (error) => { resolve([{ file: '(check)', path: '', message: error.message }]); });
      worker.once('exit', (code) => { if (code !== 0) resolve([{ file: '(check)', path: '', message: `the check stopped (exit code ${code})` }]); });
    });
  }

  async function check(server: ViteDevServer): Promise<void> {
    const logger = server.config.logger;
    problems = await runCheckApart();
    if (problems.length > 0) {
      logger.error(`configuration has ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`, { timestamp: true });
    } else {
      logger.info('configuration ok', { timestamp: true });
    }
    server.ws.send(PROBLEMS_EVENT, { problems } satisfies ProblemsPayload);
  }

  function schedule(server: ViteDevServer): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) { again = true; return; }
      running = check(server).finally(() => {
        running = null;
        if (again) { again = false; schedule(server); }
      });
    }, SETTLE_MS);
  }

  // The overlay's own script, by file address: the engine may live outside the project folder.
  const overlayEntry = `/@fs/${join(import.meta.dirname, '..', 'react', 'dev', 'problems-entry.tsx').replace(/^\/+/, '')}`;

  return {
    name: 'engine-problems',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: overlayEntry }, injectTo: 'body' }],
    configureServer(server) {
      schedule(server);
      const onChange = (file: string) => {
        const [top] = relative(root, file).split(sep);
        if (WATCHED.includes(top)) schedule(server);
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      // A page that opens (or reconnects) is told the problems known now.
      server.ws.on(PROBLEMS_REQUEST_EVENT, (_data, client) => { client.send(PROBLEMS_EVENT, { problems } satisfies ProblemsPayload); });
    },
  };
}
