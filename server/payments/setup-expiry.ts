// A recurring payment or auto-draft that was set up but never confirmed holds nothing (only
// confirmed ones count for one-per-account.ts) and lapses a day after it was made: after that it
// can no longer be confirmed and is not listed. Until then the homeowner may resume it (confirm it
// after reading its authorization again) or discard it.
export const SETUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** When a set-up made at `createdAt` expires. */
export function setupExpiresAt(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + SETUP_LIFETIME_MS);
}

export function setupExpired(createdAt: Date | string, now: Date): boolean {
  return now.getTime() >= setupExpiresAt(createdAt).getTime();
}

/** The earliest creation time of a set-up still open at `now` (for SQL: created_at > this). */
export function openSetupsSince(now: Date): Date {
  return new Date(now.getTime() - SETUP_LIFETIME_MS);
}
