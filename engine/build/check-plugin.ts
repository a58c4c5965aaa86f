import type { Plugin } from 'vite';

/** Fails the build with the same report as `npm run check` when the configuration is wrong. */
export function checkPlugin({ root }: { root: string }): Plugin {
  return {
    name: 'engine-check',
    async buildStart() {
      const { runCheck } = await import('../cli/check.ts');
      const { formatProblem } = await import('../core/config/problem.ts');
      const result = await runCheck(root);
      if (result.problems.length > 0) {
        this.error(`configuration has ${result.problems.length} problem(s):\n${result.problems.map(formatProblem).join('\n')}`);
      }
    },
  };
}
