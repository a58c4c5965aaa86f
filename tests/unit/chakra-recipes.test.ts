import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { engineRecipes, engineSlotRecipes } from '../../engine/react/theme/base-config.ts';
import { lazySlotRecipes } from '../../engine/react/theme/lazy-slot-recipes.ts';

const engineDir = join(import.meta.dirname, '..', '..', 'engine', 'react');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names imported from '@chakra-ui/react' by one file. */
function componentsOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** Names imported from '@chakra-ui/react' anywhere in the engine's React code. */
function importedComponents(): Set<string> {
  return new Set(sources(engineDir).flatMap((file) => [...componentsOf(readFileSync(file, 'utf8'))]));
}

const recipeKey = (component: string) => (component === 'Toaster' ? 'toast' : component.charAt(0).toLowerCase() + component.slice(1));

describe('the lean Chakra configuration', () => {
  it('has the recipe of every Chakra component the engine uses', () => {
    const missing: string[] = [];
    for (const component of importedComponents()) {
      const key = recipeKey(component);
      if (key in recipes && !(key in engineRecipes)) missing.push(`${component} (recipe "${key}")`);
      const lazy = (lazySlotRecipes as readonly string[]).includes(key);
      if (key in slotRecipes && !(key in engineSlotRecipes) && !lazy) missing.push(`${component} (slot recipe "${key}")`);
    }
    expect(missing).toEqual([]);
  });

  it('has each component whose recipe every page goes without given its recipe where it is rendered', () => {
    const unstyled: string[] = [];
    for (const file of sources(engineDir)) {
      const text = readFileSync(file, 'utf8');
      for (const component of componentsOf(text)) {
        const key = recipeKey(component);
        if (!(lazySlotRecipes as readonly string[]).includes(key) || component === 'Toaster') continue;
        const roots = [...text.matchAll(new RegExp(`<${component}\\.Root\\b[^>]*>`, 'g'))].map((m) => m[0]);
        if (roots.length === 0 || roots.some((root) => !root.includes(`recipe={${key}SlotRecipe}`))) unstyled.push(`${file}: ${component}.Root`);
      }
    }
    expect(unstyled).toEqual([]);
    expect(lazySlotRecipes.some((key) => key in engineSlotRecipes)).toBe(false);
  });

  it('finds the components it guards (the scan is not empty)', () => {
    const used = importedComponents();
    expect(used.has('Button')).toBe(true);
    expect(used.has('NativeSelect')).toBe(true);
  });
});
