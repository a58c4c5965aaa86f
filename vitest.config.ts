import { defineConfig } from 'vitest/config';
import { configPlugin } from './engine/build/config-plugin.ts';
import { iconsPlugin } from './engine/build/icons-plugin.ts';
import { formsPlugin } from './engine/build/forms-plugin.ts';
import { embedValidatorsPlugin } from './engine/build/embed-validators.ts';

const root = import.meta.dirname;

// Three suites: framework-free units, React renderers in jsdom, and the server against real databases.
export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one idle): the server suites wait on their databases much
    // of the time, so two files at once take about a fifth less time on the 2-core machines here.
    maxWorkers: 2,
    projects: [
      {
        plugins: [embedValidatorsPlugin()],
        // The files of a worker share its process and modules, as the server suites do (about a third
        // of the suite's time was each file loading them again); a file that stubs a global, the
        // environment or the timers restores them. The React suites keep a process per file: their
        // components keep module state (icons loaded, texts) that their tests start without.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        // The engine's virtual modules resolve against the real project, as in the build.
        plugins: [configPlugin({ root, features: 'all' }), iconsPlugin({ root }), formsPlugin({ formsDir: `${root}/schemas/forms` }), embedValidatorsPlugin()],
        test: { name: 'react', include: ['tests/react/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/react/support/setup.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The files of a worker share its process: the server's modules are loaded and its
          // contract's validators compiled once per worker, not once per file (more than half of
          // the suite's time when each file had a process of its own). Each file opens its own
          // databases and apps and closes them, and restores any environment variable it sets.
          isolate: false,
        },
      },
    ],
  },
});
