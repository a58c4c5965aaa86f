// Two real server instances (`node server/main.ts`) on one database, as a deployment runs them:
// each runs the job queue, whose tick does the due work (server/jobs/queue.ts). Outside
// production by default: the sandbox payment provider the server uses there, mail to the
// development outbox (mail_outbox), and the adjustable app clock (server/clock.ts) the bench moves.
import { randomBytes } from 'node:crypto';
import { freePort, sleep, startNode, waitForHttp, type Child } from '../lib/procs.ts';
import { processCpuMicros } from '../lib/cpu-usage.ts';

/** The ports this bench may listen on (docs/bench.md). */
export const PORTS = { from: 19500, to: 19599 } as const;

export interface Instance {
  child: Child;
  baseUrl: string;
}

export interface StartOptions {
  root: string;
  databaseUrl: string;
  tempDir: (prefix: string) => string;
  nodeEnv: string;
  /** Signing secret shared by the instances (a token from one is good on the other). */
  jwtSecret?: string;
}

export async function startInstance(name: string, options: StartOptions): Promise<Instance> {
  const port = await freePort(PORTS.from, PORTS.to);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startNode(name, ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl, NODE_ENV: options.nodeEnv,
    JWT_SECRET: options.jwtSecret ?? randomBytes(48).toString('base64url'), PUBLIC_URL: baseUrl,
    DATA_DIR: options.tempDir('bench-scale-data-'), STATIC_DIR: options.tempDir('bench-scale-static-'),
    REDIS_URL: '', SMTP_URL: '', DEMO_DATA: '',
    // The sandbox provider even if the bench is told to run the servers as in production.
    SANDBOX_PROVIDER: '1',
  }, options.root);
  await waitForHttp(`${baseUrl}/api/users/Security`, child, 90_000);
  return { child, baseUrl };
}

/** Two instances on one database, started one after the other (the first migrates, if anything is left). */
export async function startPair(options: StartOptions): Promise<[Instance, Instance]> {
  const jwtSecret = options.jwtSecret ?? randomBytes(48).toString('base64url');
  const a = await startInstance('portal server A', { ...options, jwtSecret });
  try {
    const b = await startInstance('portal server B', { ...options, jwtSecret });
    return [a, b];
  } catch (error) {
    await a.child.stop();
    throw error;
  }
}

export function isAlive(instance: Instance): boolean {
  return instance.child.process.exitCode === null && instance.child.process.signalCode === null;
}

/** Which of the instances used more CPU over `ms`: the one running the due work's tick right now. */
export async function busiest(instances: Instance[], ms = 1000): Promise<Instance> {
  const before = instances.map((i) => processCpuMicros(i.child.process.pid!) ?? 0);
  await sleep(ms);
  const used = instances.map((i, k) => (processCpuMicros(i.child.process.pid!) ?? 0) - before[k]);
  return instances[used.indexOf(Math.max(...used))];
}

/** kill -9: no shutdown, no clean-up of its claims or of its running tick. */
export async function killHard(instance: Instance): Promise<void> {
  const exited = new Promise<void>((resolve) => instance.child.process.once('exit', () => resolve()));
  instance.child.process.kill('SIGKILL');
  await Promise.race([exited, sleep(5000)]);
}
