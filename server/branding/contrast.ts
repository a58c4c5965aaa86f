// The contrast rules (flows/brand-contrast.ts) against every design template of themes/, read once.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { contrastFailure as failureAmong, surroundingsOf, type ContrastFailure, type Surroundings, type ThemeDoc } from '../../flows/brand-contrast.ts';

export { COLOUR_USES, describeFailure, surroundingsOf, type ContrastFailure, type Surroundings } from '../../flows/brand-contrast.ts';

const THEMES_DIR = fileURLToPath(new URL('../../themes/', import.meta.url));

let themes: Surroundings[] | null = null;
/** Every design template's surroundings (themes/*.json), read once. */
export function themeSurroundings(): Surroundings[] {
  themes ??= readdirSync(THEMES_DIR).filter((file) => file.endsWith('.json')).sort()
    .map((file) => surroundingsOf(JSON.parse(readFileSync(path.join(THEMES_DIR, file), 'utf8')) as ThemeDoc));
  return themes;
}

/** The worst use of `colour` as setting `key` that fails its minimum in any template, or null when every use passes. */
export function contrastFailure(key: string, colour: unknown, surroundings: readonly Surroundings[] = themeSurroundings()): ContrastFailure | null {
  return failureAmong(key, colour, surroundings);
}
