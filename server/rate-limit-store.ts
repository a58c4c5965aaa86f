// Where rate-limit counters and holds are kept: the database or Redis (server/ratelimit.ts makes
// either), shared by every server instance.
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one hit for key in the window starting at windowStart (ms); returns the hits so far. */
  hit(key: string, windowStart: number, windowMs: number, keepMs?: number): Promise<number>;
  /** The hits of key in the windows starting from firstWindowStart to lastWindowStart (ms). */
  sum(key: string, firstWindowStart: number, lastWindowStart: number, windowMs: number): Promise<number>;
  /** Marks key as held from nowMs until untilMs. */
  hold(key: string, untilMs: number, nowMs: number): Promise<void>;
  /** When key's hold ends, or null when it is not held at nowMs. */
  heldUntil(key: string, nowMs: number): Promise<number | null>;
  close(): Promise<void>;
}
