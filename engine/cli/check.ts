// `npm run check [-- --root DIR]`: loads the configuration of a project, validates every file
// against the engine's meta-schemas and cross-checks references. Exit 1 on any problem.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { engineBuiltins } from '../react/builtins.ts';
import { rjsfNames } from '../react/forms/rjsf-names.ts';
import { assignFields } from './assign-fields.ts';
import { checkProject, type CheckNames } from '../core/config/check.ts';
import { CATALOG_FILE, REGISTRY_FILE } from '../core/config/context.ts';
import { overriddenEngineMessages } from '../core/default-messages.ts';
import type { Catalog } from '../core/messages.ts';
import { loadProject } from '../core/config/load.ts';
import { formatProblem, sortProblems, type Problem } from '../core/config/problem.ts';
import { validateProject } from '../core/config/validate.ts';
import { buildRegistry, type EngineExtension, type JsonSchema } from '../core/registry.ts';
import { loadAllFlowModules } from '../core/flow/lazy-modules.ts';
import { widgetIconProps, type WidgetIconProps } from '../core/icons-used.ts';

export interface CheckResult {
  problems: Problem[];
  /** One formatted line per problem (formatProblem). */
  lines: string[];
  files: number;
  /** The engine's texts the product's catalogue gives its own (informational: not a problem). */
  overridden: string[];
}

/** The product's modules (`productModules` of flows/registry.ts), or a problem saying why there are none. */
export async function loadProductModules(root: string): Promise<{ modules: Record<string, EngineExtension>; problems: Problem[] }> {
  const file = join(root, REGISTRY_FILE);
  const problem = (message: string) => ({ modules: {}, problems: [{ file: REGISTRY_FILE, path: '', message }] });
  if (!existsSync(file)) return problem('file is missing (it exports productModules)');
  try {
    const mod = await import(pathToFileURL(file).href);
    const modules = mod.productModules;
    if (!modules || typeof modules !== 'object') return problem('does not export productModules');
    return { modules, problems: [] };
  } catch (e) {
    return problem(`cannot be loaded: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** The line of flows/registry.ts listing a module (`name:` or `'name':`), when it can be found. */
function moduleLine(root: string, module: string): number | undefined {
  const escaped = module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\s*(['"]?)${escaped}\\1\\s*:`);
  const index = readFileSync(join(root, REGISTRY_FILE), 'utf8').split('\n').findIndex((line) => pattern.test(line));
  return index < 0 ? undefined : index + 1;
}

/** The names configuration may use and the widgets' props schemas: the engine's built-ins merged with the product's modules. */
export async function loadNames(root: string): Promise<{ names: CheckNames; problems: Problem[] }> {
  const { modules, problems } = await loadProductModules(root);
  const { registry, conflicts } = buildRegistry(engineBuiltins, modules);
  try {
    await loadAllFlowModules(registry.flows);
  } catch (e) {
    problems.push({ file: REGISTRY_FILE, path: '', message: `a lazy flow module cannot be loaded: ${(e as Error).message.split('\n')[0]}` });
  }
  for (const conflict of conflicts) {
    problems.push({ file: REGISTRY_FILE, line: moduleLine(root, conflict.module), path: `productModules.${conflict.module}`, message: conflict.message });
  }
  const widgetProps: Record<string, JsonSchema> = {};
  for (const [name, definition] of Object.entries(registry.widgets)) {
    try {
      widgetProps[name] = await definition.props();
    } catch (e) {
      problems.push({ file: REGISTRY_FILE, path: '', message: `the props schema of widget "${name}" cannot be loaded: ${(e as Error).message.split('\n')[0]}` });
    }
  }
  return {
    names: {
      widgets: Object.keys(registry.widgets),
      shells: Object.keys(registry.shells),
      formatters: Object.keys(registry.formatters),
      flows: registry.flows,
      widgetProps,
      forms: rjsfNames(),
      assignFields,
    },
    problems,
  };
}

/**
 * The props that name icons, by widget, read from the props schemas of the engine's widgets and the
 * product's (for the build: engine/build/icons-plugin.ts). A schema that cannot be loaded names none
 * here; `npm run check` reports it.
 */
export async function loadWidgetIconProps(root: string): Promise<WidgetIconProps> {
  const { registry } = buildRegistry(engineBuiltins, (await loadProductModules(root)).modules);
  const schemas: Record<string, JsonSchema> = {};
  await Promise.all(Object.entries(registry.widgets).map(async ([name, definition]) => {
    try {
      schemas[name] = await definition.props();
    } catch {
      // Reported by npm run check.
    }
  }));
  return widgetIconProps(schemas);
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
  const catalog = project.collections.messages?.en?.data;
  const overridden = catalog && typeof catalog === 'object' ? overriddenEngineMessages(catalog as Catalog) : [];
  return { problems: sorted, lines: sorted.map(formatProblem), files: project.files.length, overridden };
}

/** The command itself: reports on the project at `--root` (default: the working directory) on stdout; returns the exit code. */
export async function checkCommand(argv: string[]): Promise<number> {
  const at = argv.indexOf('--root');
  const root = resolve(at >= 0 && argv[at + 1] ? argv[at + 1] : process.cwd());
  const { problems, lines, files, overridden } = await runCheck(root);
  if (overridden.length > 0) console.log(`note: ${CATALOG_FILE} overrides ${overridden.length} of the engine's own texts: ${overridden.join(', ')}`);
  for (const line of lines) console.log(line);
  if (problems.length > 0) {
    console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`configuration ok (${files} files)`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await checkCommand(process.argv.slice(2));
}
