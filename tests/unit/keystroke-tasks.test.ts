// The keystroke bench's breakdown of main-thread time by task kind (tests/bench/lib/keystroke-tasks.ts).
import { describe, expect, it } from 'vitest';

import { formatBreakdown, keystrokeTaskBreakdown, taskKind, type TraceEventLike } from '../bench/lib/keystroke-tasks.ts';

const RENDERER = { pid: 7, tid: 1 };
const threadName = (pid: number, tid: number, name: string): TraceEventLike => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (src_file: string, src_func: string, durMs: number, where = RENDERER): TraceEventLike => ({
  name: 'ThreadControllerImpl::RunTask', ph: 'X', ...where, ts: 1, dur: durMs * 1000, args: { src_file, src_func },
});

describe('taskKind', () => {
  it('sorts tasks by the Chromium file that posted them', () => {
    expect(taskKind('third_party/blink/renderer/platform/widget/input/main_thread_event_queue.cc', 'PostTaskToMainThread')).toBe('input');
    expect(taskKind('components/autofill/content/renderer/form_submission_tracker.cc', 'FormControlDidChange')).toBe('autofill');
    expect(taskKind('components/password_manager/content/renderer/x.cc', 'Y')).toBe('autofill');
    expect(taskKind('cc/trees/proxy_impl.cc', 'ScheduledActionSendBeginMainFrame')).toBe('frame');
    expect(taskKind('cc/trees/proxy_impl.cc', 'DidPresentCompositorFrameOnImplThread')).toBe('other');
    expect(taskKind(undefined, undefined)).toBe('other');
  });
});

describe('keystrokeTaskBreakdown', () => {
  it('sums the renderer main thread top-level tasks by kind, per keystroke', () => {
    const events = [
      threadName(7, 1, 'CrRendererMain'),
      threadName(7, 2, 'Compositor'),
      task('third_party/blink/renderer/platform/widget/input/main_thread_event_queue.cc', 'PostTaskToMainThread', 6),
      task('third_party/blink/renderer/platform/widget/input/main_thread_event_queue.cc', 'PostTaskToMainThread', 5),
      task('components/autofill/content/renderer/form_submission_tracker.cc', 'FormControlDidChange', 22.8),
      task('cc/trees/proxy_impl.cc', 'ScheduledActionSendBeginMainFrame', 8),
      task('v8/src/heap/incremental-marking-job.cc', 'ScheduleTask', 1.2),
      // Another thread's tasks, and events that are not top-level tasks, do not count.
      task('components/autofill/content/renderer/form_submission_tracker.cc', 'FormControlDidChange', 50, { pid: 7, tid: 2 }),
      { name: 'Document::UpdateStyleAndLayout', ph: 'X', ...RENDERER, ts: 2, dur: 9000 },
    ];
    expect(keystrokeTaskBreakdown(events, 2)).toEqual({ input: 5.5, autofill: 11.4, frame: 4, other: 0.6 });
    expect(formatBreakdown(keystrokeTaskBreakdown(events, 2))).toBe('input 5.5, autofill 11.4, frame 4.0, other 0.6');
  });

  it('refuses a trace without a renderer main thread, and no keystrokes', () => {
    expect(() => keystrokeTaskBreakdown([task('a', 'b', 1)], 1)).toThrow(/no renderer main thread/);
    expect(() => keystrokeTaskBreakdown([threadName(7, 1, 'CrRendererMain')], 0)).toThrow(/over 0 keystrokes/);
  });
});
