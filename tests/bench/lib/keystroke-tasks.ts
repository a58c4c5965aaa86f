// Where a keystroke's main-thread time goes, from a Chromium trace of the page being typed into: the
// page's tasks sorted by what posted them. Kept pure so it is unit-tested
// (tests/unit/keystroke-tasks.test.ts); tests/bench/lib/keystroke.ts records the trace.

/** The kinds of main-thread task a keystroke costs, by the Chromium source that posted the task. */
export const TASK_KINDS = ['input', 'autofill', 'frame', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The parts of a trace event (Chrome's Trace Event Format) the breakdown reads. */
export interface TraceEventLike {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; src_file?: string; src_func?: string };
}

/**
 * The kind of a top-level task by the file that posted it:
 * - `input`: the key's events and every handler they run (the page's JavaScript among them);
 * - `autofill`: Chromium's autofill and password manager reading the form after a field changed;
 * - `frame`: the frame's style, layout, paint and commit;
 * - `other`: anything else (timers, messages, idle callbacks, garbage collection).
 */
export function taskKind(srcFile: string | undefined, srcFunc: string | undefined): TaskKind {
  const file = srcFile ?? '';
  if (file.includes('/widget/input/')) return 'input';
  if (file.startsWith('components/autofill/') || file.startsWith('components/password_manager/')) return 'autofill';
  if (file.startsWith('cc/') && (srcFunc ?? '').includes('BeginMainFrame')) return 'frame';
  return 'other';
}

/** The name Chromium gives each top-level task it runs, with the file and function that posted it in `args`. */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

/**
 * Milliseconds per keystroke of each kind, over the renderer main threads of `events` (traced while
 * `keystrokes` keys were typed), to 0.1 ms. Throws when the trace holds no renderer main thread.
 */
export function keystrokeTaskBreakdown(events: readonly TraceEventLike[], keystrokes: number): Record<TaskKind, number> {
  if (!(keystrokes > 0)) throw new Error(`a breakdown over ${keystrokes} keystrokes`);
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  if (mainThreads.size === 0) throw new Error('the trace holds no renderer main thread');
  const totals: Record<TaskKind, number> = { input: 0, autofill: 0, frame: 0, other: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== TASK_EVENT || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    totals[taskKind(event.args?.src_file, event.args?.src_func)] += (event.dur ?? 0) / 1000;
  }
  const perKeystroke = (ms: number) => Math.round((ms / keystrokes) * 10) / 10;
  return { input: perKeystroke(totals.input), autofill: perKeystroke(totals.autofill), frame: perKeystroke(totals.frame), other: perKeystroke(totals.other) };
}

/** `input 5.5, autofill 11.4, frame 4.0, other 0.6`: a breakdown as the bench prints it. */
export function formatBreakdown(breakdown: Record<TaskKind, number>): string {
  return TASK_KINDS.map((kind) => `${kind} ${breakdown[kind].toFixed(1)}`).join(', ');
}
