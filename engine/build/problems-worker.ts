// Runs the configuration check for the development server (problems-plugin.ts) off its main thread:
// a check takes a second or two, during which the server keeps answering the page's updates. A new
// worker each time also reads the flows' TypeScript afresh.
import { parentPort, workerData } from 'node:worker_threads';
import { runCheck } from '../cli/check.ts';
import type { Problem } from '../core/config/problem.ts';

let problems: Problem[];
try {
  problems = (await runCheck(workerData as string)).problems;
} catch (error) {
  // The check itself failed: that is reported as the problem.
  problems = [{ file: '(check)', path: '', message: (error as Error).message }];
}
parentPort!.postMessage(problems);
