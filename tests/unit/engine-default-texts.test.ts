// The engine's own texts stand under the product's: in the translator, and in what the build hands
// every page (an override of an engine text reaches every page, whatever its namespace).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../../engine/build/message-split.ts';
import { ENGINE_MESSAGES, overriddenEngineMessages, PRODUCT_MESSAGES } from '../../engine/core/default-messages.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';

describe("the engine's default texts", () => {
  it('answers an engine key the catalogue lacks with the default, and a product key with the key itself', () => {
    const translator = createTranslator({ 'home.title': 'Home' });
    expect(translator.t('grid.save')).toBe(ENGINE_MESSAGES['grid.save']);
    expect(translator.t('errors.errorId', { id: 'E1' })).toBe('Error ID: E1');
    expect(translator.exists('validation.default')).toBe(true);
    expect(translator.t('home.missing')).toBe('home.missing');
  });

  it("lets the product's text win", () => {
    expect(createTranslator({ 'grid.save': 'Keep columns' }).t('grid.save')).toBe('Keep columns');
  });

  it('sends the product\'s engine-key texts with every page, shared namespace or not', () => {
    const shared = sharedMessages({ grid: { save: 'Keep columns' }, 'board.title': 'Board', 'app.name': 'Portal' }, ['app']);
    expect(shared).toEqual({ 'grid.save': 'Keep columns', 'app.name': 'Portal' });
  });

  it('names the engine keys a catalogue overrides, flat or nested', () => {
    expect(overriddenEngineMessages({ grid: { save: 'x' }, 'errors.report': 'y', 'home.title': 'z' })).toEqual(['grid.save', 'errors.report']);
  });

  it('has a text for every key the engine reads by name, or asks the product for it', () => {
    const root = join(import.meta.dirname, '..', '..');
    const sources = execSync("grep -rhoE \"\\bt\\(['\\\"][a-z][A-Za-z0-9]*\\.[A-Za-z0-9_.-]+['\\\"]\" engine/react", { cwd: root, encoding: 'utf8' });
    const read = new Set([...sources.matchAll(/t\(['"]([^'"]+)['"]/g)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(20);
    const missing = [...read].filter((key) => !Object.hasOwn(ENGINE_MESSAGES, key) && !PRODUCT_MESSAGES.includes(key));
    expect(missing).toEqual([]);
  });
});
