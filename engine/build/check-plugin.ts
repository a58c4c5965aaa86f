import type { Plugin } from 'vite';
import type * as CheckModule from '../cli/check.ts';

/** Fails the build with the same report as `npm run check` when the configuration is wrong. */
export function checkPlugin({ root }: { root: string }): Plugin {
  return {
    name: 'engine-check',
    // The development server reports problems in the page instead (problems-plugin.ts).
    apply: 'build',
    async buildStart() {
      // Loaded by address, not bundled with the Vite config: the check reads the registry's
      // definitions, whose component loaders must stay unfollowed here.
      const checkModule = new URL('../cli/check.ts', import.meta.url).href;
      const { runCheck } = (await import(/* @vite-ignore */ checkModule)) as typeof CheckModule;
      const { formatProblem } = await import('../core/config/problem.ts');
      const result = await runCheck(root);
      if (result.problems.length > 0) {
        this.error(`configuration has ${result.problems.length} problem(s):\n${result.problems.map(formatProblem).join('\n')}`);
      }
    },
  };
}
