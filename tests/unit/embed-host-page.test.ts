// @vitest-environment jsdom
// The demo host site's page passes axe: landmarks, headings, labels (colours are checked in the browser).
import axe from 'axe-core';
import { expect, it } from 'vitest';
import { hostPage } from '../../server/demo/host-site.ts';

it('has landmarks, headings and labelled controls', async () => {
  const html = hostPage({ portalUrl: 'http://localhost:8080', association: { code: 'maplegrove', name: 'Maple Grove HOA' }, themes: ['Default', 'Evergreen', 'Harbor'] });
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html lang="en">/i, '').replace(/<\/html>\s*$/, '')
    .replace(/<script[\s\S]*?<\/script>/g, '');
  document.documentElement.lang = 'en';
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  expect(document.querySelector('main h1')?.textContent).toBe('Welcome to Maple Grove HOA');
  expect(document.querySelector('nav')?.getAttribute('aria-label')).toBeTruthy();
  expect(document.querySelector('label[for="theme"]')).not.toBeNull();
});
