import { defineConfig } from 'vitest/config';

// Three suites: framework-free units, React renderers in jsdom, and the server against real databases.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'react', include: ['tests/react/**/*.test.tsx'], environment: 'jsdom' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
