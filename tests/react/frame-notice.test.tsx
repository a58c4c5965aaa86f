// navigation.yaml `notice`: a band across the top of every frame while its `when` holds. A region
// named by its label; its title and text a status (announced once), the countdown a timer (not
// announced every second), the button an event to the session flow, and another event at zero.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameNoticeConfig } from '../../engine/react/app/config-types.ts';
import type { Runtime } from '../../engine/react/app/runtime.ts';
import { RuntimeContext } from '../../engine/react/app/runtime.ts';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import type { Translator } from '../../engine/react/app/translator.ts';
import { FrameNotice } from '../../engine/react/shells/frame-notice.tsx';
import { clockText, NoticeBanner } from '../../engine/react/shells/NoticeBanner.tsx';
import { fakeApi, makeRuntime, projectConfig } from './support/query-harness.tsx';

afterEach(() => { cleanup(); vi.useRealTimers(); });

const texts = {
  'test.label': 'Test mode', 'test.title': 'You are in test mode', 'test.text': 'Seen as {{who}}.',
  'test.left': 'Time left: {{time}}', 'test.end': 'End',
};
const notice: FrameNoticeConfig = {
  when: '$session.isTest', label: 'test.label', title: 'test.title', text: 'test.text', values: { who: 'Ada' },
  countdownTo: '2026-01-01T00:01:05Z', countdownText: 'test.left', elapsedEvent: 'ELAPSED', action: { text: 'test.end', event: 'END' },
};

function setup(config = projectConfig({}, texts)) {
  fakeApi({});
  const { runtime, translator } = makeRuntime(config);
  const sent: unknown[] = [];
  vi.spyOn(runtime.session, 'send').mockImplementation((event) => { sent.push(event); });
  return { runtime, translator, sent };
}

async function show(runtime: Runtime, translator: Translator, node: React.ReactNode) {
  await act(async () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <TranslatorContext.Provider value={translator}>
          <RuntimeContext.Provider value={runtime}>
            <MemoryRouter>{node}</MemoryRouter>
          </RuntimeContext.Provider>
        </TranslatorContext.Provider>
      </ChakraProvider>,
    );
  });
}

describe('the frame’s notice', () => {
  it('shows the time left as mm:ss', () => {
    expect(clockText(65_000)).toBe('01:05');
    expect(clockText(1_800_000)).toBe('30:00');
    expect(clockText(400)).toBe('00:01');
    expect(clockText(-5)).toBe('00:00');
  });

  it('is a labelled region whose title and text are a status, with a live countdown that is a timer, and a button sending its event', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { runtime, translator, sent } = setup();
    await show(runtime, translator, <NoticeBanner notice={notice} />);
    const region = screen.getByRole('region', { name: 'Test mode' });
    expect(region).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You are in test modeSeen as Ada.');
    expect(screen.getByRole('timer').textContent).toBe('Time left: 01:05');
    // The timer is no live region of its own: only the status is announced.
    expect(screen.getByRole('timer').closest('[role=status]')).toBeNull();
    await act(async () => { vi.advanceTimersByTime(5_000); });
    expect(screen.getByRole('timer').textContent).toBe('Time left: 01:00');
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    expect(sent).toEqual([{ type: 'END' }]);
  });

  it('sends its elapsed event once when the countdown reaches zero', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:01:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { runtime, translator, sent } = setup();
    await show(runtime, translator, <NoticeBanner notice={notice} />);
    await act(async () => { vi.advanceTimersByTime(10_000); });
    expect(screen.getByRole('timer').textContent).toBe('Time left: 00:00');
    expect(sent).toEqual([{ type: 'ELAPSED' }]);
  });

  it('is not there, nor its code fetched, while its `when` is not true', async () => {
    const config = projectConfig({}, texts);
    config.navigation = { ...config.navigation, notice };
    const { runtime, translator } = setup(config);
    await show(runtime, translator, <FrameNotice />);
    expect(screen.queryByRole('region', { name: 'Test mode' })).toBeNull();
  });
});
