// The markdown widget: a text from the data shown safely. Raw HTML is text (a script never runs, an
// inline handler never becomes an attribute), links and images keep only the allowed schemes, and
// headings move down by `headingOffset`. Also the scheme check it shares its rule with.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { allowedUrl } from '../../engine/react/widgets/safe-url.ts';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

async function show(node: Partial<WidgetNodeConfig>) {
  fakeApi({});
  const { runtime, translator } = makeRuntime(projectConfig({}, { 'test.preview': 'Preview of the page' }));
  const result = await renderNodes(runtime, translator, [{ widget: 'markdown', ...node } as WidgetNodeConfig]);
  // The widget's chunk loads on first use (its own, with react-markdown).
  await waitFor(() => expect(result.container.textContent).not.toContain('Loading'), { timeout: 20_000 });
  return result;
}

afterEach(cleanup);

describe('allowedUrl', () => {
  it('allows http, https and mailto only, however the scheme is written', () => {
    expect(['https://example.com', 'http://example.com/a?b', 'mailto:office@example.com', 'HTTPS://EXAMPLE.COM'].map((u) => allowedUrl(u))).toEqual([true, true, true, true]);
    expect(['javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '/dashboard', '#top', ''].map((u) => allowedUrl(u))).toEqual(
      [false, false, false, false, false, false, false, false, false],
    );
    expect(allowedUrl('ftp://example.com', ['ftp'])).toBe(true);
  });
});

describe('markdown widget', () => {
  it('shows raw HTML as text and builds no element from it', async () => {
    const { container } = await show({ text: 'Before <script>alert(1)</script> and <img src=x onerror="alert(2)"> after' });
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('keeps links and images to allowed addresses; any other link is its text alone, any other image nothing', async () => {
    const { container } = await show({
      text: '[Site](https://example.com) [Mail](mailto:office@example.com) [Bad](javascript:alert(1)) [Rel](/dashboard)\n\n![ok](https://example.com/a.png) ![bad](data:image/png;base64,AAAA)',
    });
    expect(screen.getByRole('link', { name: 'Site' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:office@example.com');
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Rel' })).toBeNull();
    expect(container.textContent).toContain('Bad');
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://example.com/a.png']);
    expect(container.innerHTML).not.toMatch(/javascript:|data:/);
  });

  it('moves headings down by headingOffset, names a region by label, and shows nothing for no text', async () => {
    await show({ text: '# One\n\n## Two', headingOffset: 1, label: 'test.preview' });
    expect(screen.getByRole('heading', { name: 'One' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Two' }).tagName).toBe('H3');
    expect(screen.getByRole('region', { name: 'Preview of the page' })).toBeTruthy();
    cleanup();
    const { container } = await show({ text: '   ' });
    expect(container.textContent).toBe('');
  });
});
