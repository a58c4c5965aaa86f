import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/browser/chromium-args.ts';

// Browser tests run Debian's Chromium against the real server on a fresh embedded database.
// `npm test` builds dist/ first (demo features on); the server serves it.
const port = Number(process.env.E2E_PORT ?? 18480);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;

function server(onPort: number, staticDir: string, data: string, identityProviderPort: number, demoHostPort: number) {
  return {
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${onPort}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(onPort), HOST: '127.0.0.1', DATA_DIR: data, STATIC_DIR: staticDir,
      NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '',
      // The demo identity provider (Summit's single sign-on) beside the first server only.
      DEMO_IDP_PORT: String(identityProviderPort),
      // Maple Grove's own website showing the portal (server/demo/host-site.ts), beside the first
      // server only: on localhost, another site than the tests' 127.0.0.1.
      DEMO_HOST_PORT: String(demoHostPort),
      // The whole suite signs in from one address, the same demo users many times: its speed must
      // not decide whether it meets the sign-in limits (tests/server/ratelimit.test.ts tests them).
      SIGN_IN_ATTEMPTS_PER_EMAIL: '1000', SIGN_IN_ATTEMPTS_PER_IP: '10000',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export const flagsOffBaseUrl = `http://127.0.0.1:${port + 1}`;
/** The demo identity provider's address in the browser tests (server/demo/identity-provider-start.ts). */
export const identityProviderPort = port + 2;
export const identityProviderUrl = `http://127.0.0.1:${identityProviderPort}`;
/** The demo host site's address in the browser tests: a page of another site (localhost) framing the portal (127.0.0.1). */
export const demoHostPort = port + 3;
export const demoHostUrl = `http://localhost:${demoHostPort}`;

export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // Specs that move the server's clock run last, alone, so that codes and sessions of other specs
  // are not aged under them.
  projects: [
    { name: 'portal', testIgnore: /billing\.spec\.ts/ },
    { name: 'clock', testMatch: /billing\.spec\.ts/, dependencies: ['portal'] },
  ],
  webServer: [
    server(port, process.env.E2E_STATIC_DIR ?? 'dist', dataDir, identityProviderPort, demoHostPort),
    // The same portal built with every feature flag off (scripts/test.ts builds it).
    server(port + 1, '.tmp/dist-flags-off', `${dataDir}-flags-off`, 0, 0),
  ],
});
