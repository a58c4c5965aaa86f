// The frame widget: a page of the site shown in small as a picture of it. Its address is filled
// from its values, URI-encoded; it is inert (never focused, not a page of its own to a screen
// reader) and captioned.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

afterEach(cleanup);

describe('frame widget', () => {
  it('fills the address from its values, URI-encoded, and shows the page inert and captioned', async () => {
    fakeApi({});
    const { runtime, translator } = makeRuntime(projectConfig({}, { 'test.frame': 'Sign-in page for {{name}}' }));
    const { container } = await renderNodes(runtime, translator, [{
      widget: 'frame', text: 'test.frame', src: '/look-preview/login?key={{key}}&value={{value}}',
      values: { key: 'accentColor', value: '#9a3412 & more', name: 'Maple Grove' }, width: 390, height: 760, scale: 0.5,
    } as WidgetNodeConfig]);
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull(), { timeout: 20_000 });
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/look-preview/login?key=accentColor&value=%239a3412%20%26%20more');
    expect(frame.getAttribute('title')).toBe('Sign-in page for Maple Grove');
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('Sign-in page for Maple Grove');
  });
});
