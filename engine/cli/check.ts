// `npm run check [-- --root DIR]`: loads the configuration of a project, validates every file
// against the engine's meta-schemas and cross-checks references. Exit 1 on any problem.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  builtinFlowActions, builtinFlowActors, builtinFlowGuards, builtinShellNames, builtinWidgetNames,
} from '../core/builtin-names.ts';
import { checkProject, type CheckNames } from '../core/config/check.ts';
import { loadProject } from '../core/config/load.ts';
import { formatProblem, sortProblems, type Problem } from '../core/config/problem.ts';
import { validateProject } from '../core/config/validate.ts';

const REGISTRY = 'flows/registry.ts';

export interface CheckResult {
  problems: Problem[];
  /** One formatted line per problem (formatProblem). */
  lines: string[];
  files: number;
}

/** The names configuration may use: the engine's built-ins plus the project's flow registry. */
export async function loadNames(root: string): Promise<{ names: CheckNames; problems: Problem[] }> {
  const problems: Problem[] = [];
  let registry: Record<string, unknown> = {};
  const file = join(root, REGISTRY);
  if (!existsSync(file)) {
    problems.push({ file: REGISTRY, path: '', message: 'file is missing (it exports flowRegistry)' });
  } else {
    try {
      const mod = await import(pathToFileURL(file).href);
      if (mod.flowRegistry && typeof mod.flowRegistry === 'object') registry = mod.flowRegistry;
      else problems.push({ file: REGISTRY, path: '', message: 'does not export flowRegistry' });
    } catch (e) {
      problems.push({ file: REGISTRY, path: '', message: `cannot be loaded: ${(e as Error).message.split('\n')[0]}` });
    }
  }
  const keys = (name: string) => {
    const group = registry[name];
    return group && typeof group === 'object' ? Object.keys(group) : [];
  };
  return {
    names: {
      widgets: [...builtinWidgetNames],
      shells: [...builtinShellNames],
      guards: [...builtinFlowGuards, ...keys('guards')],
      actions: [...builtinFlowActions, ...keys('actions')],
      actors: [...builtinFlowActors, ...keys('actors')],
      formatters: keys('formatters'),
    },
    problems,
  };
}

export async function runCheck(root: string): Promise<CheckResult> {
  const { project, problems } = loadProject(root);
  const names = await loadNames(root);
  problems.push(...names.problems, ...validateProject(project));
  try {
    problems.push(...checkProject(project, names.names));
  } catch (e) {
    // A document too broken for the cross-checks: its meta-schema problems above say why.
    if (problems.length === 0) throw e;
    problems.push({ file: '(cross-checks)', path: '', message: `stopped early: ${(e as Error).message}` });
  }
  const sorted = sortProblems(problems);
  return { problems: sorted, lines: sorted.map(formatProblem), files: project.files.length };
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--root');
  const root = resolve(at >= 0 && argv[at + 1] ? argv[at + 1] : process.cwd());
  const { problems, lines, files } = await runCheck(root);
  for (const line of lines) console.log(line);
  if (problems.length > 0) {
    console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`configuration ok (${files} files)`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
