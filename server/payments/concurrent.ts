// Running a few workers at once over the due work's items (each worker one database connection at a time).

/** Runs `count` workers and waits for all of them (a failing one does not leave the others running unwatched); then throws the first failure. */
export async function allWorkers(count: number, worker: () => Promise<void>): Promise<void> {
  const results = await Promise.allSettled(Array.from({ length: count }, worker));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Runs fn on every item, at most `concurrency` at once. */
export async function eachConcurrently<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await allWorkers(Math.max(1, Math.min(concurrency, items.length)), async () => {
    while (next < items.length) await fn(items[next++]);
  });
}
