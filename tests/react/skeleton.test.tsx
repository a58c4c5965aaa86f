// The skeleton: grey blocks of the size of what loads, hidden from screen readers, which hear the
// loading status instead; on a `data` widget in place of the busy text, then the children.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const TEXTS = { 'test.loaded': 'Loaded: {{count}}' };

/** Holds every request until `release` answers it with `body`. */
function heldApi() {
  let answer: (response: Response) => void = () => {};
  const pending = new Promise<Response>((resolve) => { answer = resolve; });
  vi.stubGlobal('fetch', vi.fn(() => pending));
  return (body: unknown) => answer(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

async function show(nodes: WidgetNodeConfig[]) {
  const { runtime, translator } = makeRuntime(projectConfig({}, TEXTS));
  return renderNodes(runtime, translator, nodes);
}

/** The skeleton's status, once its code is there (the busy text stands in for a widget whose code loads). */
async function skeletonStatus(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('[data-skeleton]')).not.toBeNull());
  const status = screen.getByRole('status');
  expect(status.hasAttribute('data-skeleton')).toBe(true);
  return status;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('skeleton', () => {
  it('draws so many lines, hidden from screen readers, which hear that the place is loading', async () => {
    heldApi();
    const { container } = await show([{ widget: 'skeleton', lines: 3, gap: 2 }]);
    const status = await skeletonStatus();
    expect(status.textContent).toBe('Loading…');
    const blocks = status.querySelector('[aria-hidden="true"]')!;
    expect(blocks).not.toBeNull();
    // Each line is one line of text tall, so the lines take the room of the text they stand for.
    const lines = [...blocks.querySelectorAll('[data-skeleton-line]')] as HTMLElement[];
    expect(lines).toHaveLength(3);
    expect(container.querySelector('.visually-hidden')!.textContent).toBe('Loading…');
    expect(status.hasAttribute('data-busy')).toBe(true);
  });

  it('takes the height declared', async () => {
    heldApi();
    await show([{ widget: 'skeleton', height: '12rem' }]);
    const status = await skeletonStatus();
    expect(getComputedStyle(status).height).toBe('192px');
    expect(status.querySelectorAll('[data-skeleton-line]')).toHaveLength(0);
  });
});

describe('data with a skeleton', () => {
  it('shows the skeleton of the declared lines while it loads, then its children in its place', async () => {
    const release = heldApi();
    await show([{
      widget: 'data', operation: 'getBoardTaskOverview', query: { associationId: 7 }, as: 'tasks', skeleton: { lines: 4 },
      children: [{ widget: 'text', text: 'test.loaded', values: { count: '$data.tasks.toDosOpen' } }],
    }]);
    const status = await skeletonStatus();
    expect(status.querySelectorAll('[data-skeleton-line]')).toHaveLength(4);
    expect(screen.queryByText(/Loaded/)).toBeNull();

    await act(async () => { release({ arcAwaitingMyVote: 0, invoicesAwaitingApproval: 0, violationsOpen: 0, toDosOpen: 3 }); });
    expect(await screen.findByText('Loaded: 3')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
