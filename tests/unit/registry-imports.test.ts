// One way in for the registry: widgets and shells find it through its context
// (engine/react/component-registry-context.ts), which imports no widget; only whoever starts the app
// builds it from the list of built-ins (engine/react/builtins.ts). No static import circle joins a
// widget to the registry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const engine = join(root, 'engine');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The engine's files each with the engine files it imports statically for their values (`import type` and `import()` left out). */
function importGraph(): Map<string, string[]> {
  const files = sources(engine);
  const known = new Set(files);
  const statement = /^(?:import|export)\s+(?!type\s)([^'";]*?)\s*from\s*'(\.[^']+)'|^import\s+'(\.[^']+)'/gm;
  return new Map(files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(statement)) {
      const names = match[1] ?? '';
      // `import { type A, type B } from`: only types.
      if (/^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(',').map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith('type '))) continue;
      const target = resolve(dirname(file), match[2] ?? match[3]);
      if (known.has(target)) targets.push(target);
    }
    return [file, targets];
  }));
}

/** The circles of the graph (strongly connected parts of more than one file), as sorted relative paths. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(relative(root, member).split(sep).join('/'));
    } while (member !== file);
    if (part.length > 1) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the registry and the widgets', () => {
  const graph = importGraph();

  it('no import circle joins the engine files', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('widgets and shells reach the registry through its context, never through the list of built-ins', () => {
    const registry = [join(engine, 'react', 'builtins.ts'), join(engine, 'react', 'component-registry.ts')];
    const importers = [...graph].filter(([, targets]) => targets.some((target) => registry.includes(target)))
      .map(([file]) => relative(root, file).split(sep).join('/')).sort();
    // The app's assembly, the registry built from the list, and `npm run check` (which reads the list in Node).
    expect(importers).toEqual(['engine/cli/check.ts', 'engine/react/app/assemble.ts', 'engine/react/component-registry.ts']);
  });
});
