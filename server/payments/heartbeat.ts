// Renews a lease while long work runs: calls `renew` every `everyMs` (real time) until stopped.
// A failed renewal is only logged: the lease then expires and another attempt may take over,
// which the charge-once protocol makes safe (docs/payments.md).
export function startHeartbeat(everyMs: number, renew: () => Promise<unknown>, onError?: (error: unknown) => void): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    renew()
      .catch((error) => onError?.(error))
      .finally(() => {
        busy = false;
      });
  }, Math.max(1, Math.floor(everyMs)));
  timer.unref?.();
  return () => clearInterval(timer);
}
