// Development mode, the page side (engine/react/dev/hot-updates.ts): saved texts and themes are taken
// in place, anything else about the configuration asks for a reload, and a saved chunk reaches the
// caches and has their readers render again.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { EngineConfig } from '../../engine/react/app/config-types.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';
import { chunkReplaced, configReplaced, followConfig, onChunkReplaced, useHotVersion } from '../../engine/react/dev/hot-updates.ts';
import { THEME_STYLES_ID } from '../../engine/react/theme/theme-variables.ts';

afterEach(cleanup);

function runningConfig(): EngineConfig {
  return {
    routesDoc: { routes: [{ path: 'login', screen: 'login' }] }, enabledFeatures: [], navigation: {} as EngineConfig['navigation'],
    site: {} as EngineConfig['site'], api: {} as EngineConfig['api'], messages: { 'login.title': 'Sign in' },
    themes: {}, themeStyles: '', flows: {}, firstVisit: [], app: {} as EngineConfig['app'],
  };
}

it('takes saved texts and themes in place', () => {
  const config = runningConfig();
  const translator = createTranslator(config.messages);
  followConfig(config, translator);
  const saved = { ...runningConfig(), messages: { 'login.title': 'Welcome back' }, themeStyles: ':root { --x: 1px }' };
  expect(configReplaced(saved)).toBe(true);
  expect(translator.t('login.title')).toBe('Welcome back');
  expect(config.themeStyles).toBe(':root { --x: 1px }');
  expect(document.getElementById(THEME_STYLES_ID)?.textContent).toBe(':root { --x: 1px }');
});

it('asks for a reload when the configuration changes otherwise', () => {
  const config = runningConfig();
  followConfig(config, createTranslator(config.messages));
  expect(configReplaced({ ...runningConfig(), routesDoc: { routes: [] } })).toBe(false);
});

it('hands a saved chunk to the caches of its kind and renders their readers again', () => {
  const received: string[] = [];
  onChunkReplaced('grid', (id, module) => { received.push(`${id}:${(module as { default: string }).default}`); });
  function Reader() {
    return <p>updates {useHotVersion()}</p>;
  }
  render(<Reader />);
  const before = Number(screen.getByText(/updates/).textContent?.split(' ')[1]);
  act(() => { chunkReplaced('grid', 'ledger', { default: 'saved' }); });
  expect(received).toEqual(['ledger:saved']);
  expect(screen.getByText(`updates ${before + 1}`)).toBeTruthy();
});
