// Production is safe by default (NODE_ENV=production): a configured signing secret is required,
// and demo data, the sandbox payment provider and the /dev routes are off unless switched on
// explicitly (DEMO_DATA=1, SANDBOX_PROVIDER=1, DEV_ROUTES=1), each with a warning at start.
export interface StartupSafety {
  /** Load the demo data into an empty database. */
  seedDemo(dbKind: 'pglite' | 'postgres'): boolean;
  /** The development routes (/dev/*) and the adjustable app clock they move. */
  devRoutes: boolean;
  /** Lines to log loudly at start. */
  warnings: string[];
}

export interface SafetyInput {
  production: boolean;
  jwtSecret?: string;
  demoData?: boolean;
  devRoutes?: boolean;
  sandboxInUse: boolean;
}

/** Throws when production would start without its own signing secret. */
export function startupSafety(input: SafetyInput): StartupSafety {
  if (!input.production) {
    return { seedDemo: (kind) => input.demoData ?? kind === 'pglite', devRoutes: input.devRoutes ?? true, warnings: [] };
  }
  if (!input.jwtSecret) {
    throw new Error('Cannot start in production without JWT_SECRET: set it to a random secret of at least 32 characters, the same on every instance');
  }
  const warnings: string[] = [];
  const warn = (what: string, variable: string) => warnings.push(`PRODUCTION WARNING: ${what} is switched on (${variable}); never do this on a live portal`);
  if (input.demoData === true) warn('demo data with known passwords', 'DEMO_DATA=1');
  if (input.sandboxInUse) warn('the sandbox payment provider (no real money moves)', 'SANDBOX_PROVIDER=1');
  if (input.devRoutes === true) warn('the development routes /dev/* (mailbox, movable clock)', 'DEV_ROUTES=1');
  return { seedDemo: () => input.demoData === true, devRoutes: input.devRoutes === true, warnings };
}
