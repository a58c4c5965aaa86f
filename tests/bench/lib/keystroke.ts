// The keystroke figures: a fixture form (tests/bench/keystroke/) rendered by the engine's SchemaForm in
// Chromium, typed into key by key; each keystroke is timed from its keydown to the next paint.
import type { Browser, Page } from 'playwright-core';
import { percentile } from './keystroke-budget.ts';
import { keystrokeTaskBreakdown, type TaskKind, type TraceEventLike } from './keystroke-tasks.ts';
import { sleep } from './procs.ts';

/**
 * `BENCH_KEYSTROKE_CPU=4` types with the page's CPU slowed 4× (DevTools' throttling, as Lighthouse's
 * mobile preset does), for a look at a phone; the budgets are for the unslowed figures.
 */
const KEYSTROKE_CPU_SLOWDOWN = Number(process.env.BENCH_KEYSTROKE_CPU ?? 1);

/** One frame at 60 Hz, ms. */
const FRAME_MS = 1000 / 60;

/**
 * Pauses before each keystroke, spread evenly over one frame (a fixed seed: the same pauses every
 * run). A person's keystrokes fall anywhere between two frames; typing each key right after the
 * previous one's frame would always leave most of a frame to wait and hide up to that much work.
 */
function framePhases(seed = 0x6b657973): () => number {
  let state = seed;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * FRAME_MS;
  };
}

/** What one typing run measured: one time per keystroke, ms, in the order typed. */
export interface KeystrokeRun {
  form: string;
  field: string;
  times: number[];
  p50: number;
  p95: number;
  /** Event Timing's view of the same keystrokes (Chrome's INP source), for comparison: see docs/bench.md. */
  eventTiming: { atOrOver16: number; longest: number };
}

export interface KeystrokeSpec {
  /** Fixture form id (`forms/<id>.yaml`) and the field typed into. */
  form: string;
  field: string;
  /** Keystrokes typed and thrown away first (JIT, first layout of the field), then the measured ones. */
  warmup: number;
  count: number;
}

interface EventEntry { name: string; startTime: number; duration: number; interactionId: number }
interface Probe {
  next: () => Promise<number>;
  pending: () => number;
  /** The timeStamp of the last keydown. */
  lastKeydown: () => number;
  eventTiming: () => EventEntry[];
}
type ProbeWindow = Window & { __keystroke: Probe };

/**
 * Installed in the page before its scripts run. For each `input` event, the time from the keydown
 * that caused it (`event.timeStamp`: when the browser received the key) to the first task after the
 * next frame's rendering: a requestAnimationFrame callback runs just before the frame's style, layout
 * and paint, and a message posted from it is handled right after them. This is the span Chrome's INP
 * counts (input delay + the handlers' work + the wait for and the rendering of the next frame), minus
 * the compositor's last step, at the timer's sub-millisecond resolution.
 */
function installProbe() {
  const times: number[] = [];
  const waiting: Array<(ms: number) => void> = [];
  const entries: EventEntry[] = [];
  let keydownAt: number | null = null;
  let lastKeydown = 0;
  document.addEventListener('keydown', (event) => {
    keydownAt = event.timeStamp;
    lastKeydown = event.timeStamp;
  }, true);
  window.addEventListener('input', () => {
    const start = keydownAt;
    keydownAt = null;
    if (start === null) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const ms = performance.now() - start;
        const waiter = waiting.shift();
        if (waiter) waiter(ms);
        else times.push(ms);
      };
      channel.port2.postMessage(null);
    });
  });
  new PerformanceObserver((list) => {
    // interactionId: Chrome's grouping of one keystroke's events (not yet in TypeScript's DOM types).
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId: number }>) {
      entries.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  (window as unknown as ProbeWindow).__keystroke = {
    next: () => (times.length > 0 ? Promise.resolve(times.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    pending: () => times.length,
    lastKeydown: () => lastKeydown,
    eventTiming: () => entries.slice(),
  };
}

/** One form open in its own browser context, its field focused, ready to be typed into. */
interface Typist {
  spec: KeystrokeSpec;
  page: Page;
  /** Types the next digit and returns its time, ms. */
  type: () => Promise<number>;
  finish: () => Promise<KeystrokeRun>;
}

async function openForm(browser: Browser, url: string, spec: KeystrokeSpec): Promise<Typist> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const close = () => context.close();
  try {
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    if (KEYSTROKE_CPU_SLOWDOWN > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: KEYSTROKE_CPU_SLOWDOWN });
    }
    const errors: string[] = [];
    page.on('pageerror', (error) => { errors.push(error.message); });
    await page.goto(`${url}/?form=${encodeURIComponent(spec.form)}`, { waitUntil: 'load', timeout: 30_000 });
    const input = page.locator(`#${spec.form}_${spec.field}`);
    try {
      await input.waitFor({ state: 'visible', timeout: 30_000 });
    } catch (error) {
      throw new Error(`${spec.form}: field ${spec.field} did not show (${(error as Error).message.split('\n')[0]})${errors.length ? `; ${errors.join('; ')}` : ''}`, { cause: error });
    }
    await input.click();
    let typed = '';
    let measuredFrom = Number.POSITIVE_INFINITY;
    const times: number[] = [];
    return {
      spec,
      page,
      type: async () => {
        const key = String(typed.length % 10);
        await page.keyboard.press(key);
        typed += key;
        const ms = await page.evaluate(() => (window as unknown as ProbeWindow).__keystroke.next());
        if (typed.length === spec.warmup + 1) measuredFrom = await page.evaluate(() => (window as unknown as ProbeWindow).__keystroke.lastKeydown());
        if (typed.length > spec.warmup) times.push(ms);
        return ms;
      },
      finish: async () => {
        try {
          // Every keystroke must have reached the field and been timed once: nothing lost, nothing extra.
          const value = await input.inputValue();
          if (value !== typed) throw new Error(`${spec.form}: ${spec.field} holds "${value}" after typing "${typed}"`);
          const extra = await page.evaluate(() => (window as unknown as ProbeWindow).__keystroke.pending());
          if (extra > 0) throw new Error(`${spec.form}: ${extra} input event(s) more than keystrokes`);
          if (errors.length > 0) throw new Error(`${spec.form}: page errors: ${errors.join('; ')}`);
          // Event Timing entries arrive after their frame: give the last ones two more frames.
          const entries = await page.evaluate(() => new Promise<EventEntry[]>((resolve) => {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as ProbeWindow).__keystroke.eventTiming())));
          }));
          const byInteraction = new Map<number, number>();
          for (const entry of entries) {
            if (entry.interactionId > 0 && entry.startTime >= measuredFrom) {
              byInteraction.set(entry.interactionId, Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration));
            }
          }
          const slow = [...byInteraction.values()];
          return {
            form: spec.form, field: spec.field, times,
            p50: percentile(times, 50), p95: percentile(times, 95),
            eventTiming: { atOrOver16: slow.length, longest: slow.length ? Math.max(...slow) : 0 },
          };
        } finally {
          await close();
        }
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Opens each form in its own browser context, clicks into its field, then types `warmup + count`
 * digits into each, one keystroke at a time taking turns between the forms, so that whatever else
 * the machine does weighs on all of them alike. Each keystroke waits for the previous one's frame.
 */
export async function measureKeystrokes(browser: Browser, url: string, specs: KeystrokeSpec[]): Promise<KeystrokeRun[]> {
  const typists: Typist[] = [];
  try {
    for (const spec of specs) typists.push(await openForm(browser, url, spec));
    const pause = framePhases();
    const rounds = Math.max(...specs.map((spec) => spec.warmup + spec.count));
    for (let round = 0; round < rounds; round++) {
      for (const typist of typists) {
        if (round >= typist.spec.warmup + typist.spec.count) continue;
        await sleep(pause());
        await typist.type();
      }
    }
    const runs: KeystrokeRun[] = [];
    while (typists.length > 0) runs.push(await typists.shift()!.finish());
    return runs;
  } finally {
    for (const typist of typists) await typist.finish().catch(() => undefined);
  }
}

/**
 * Where one form's keystrokes spend the page's main thread: `warmup` keystrokes typed and thrown
 * away, then `count` typed under a Chromium trace (its top-level tasks only), paced as the measured
 * ones are. Milliseconds per keystroke by task kind (keystroke-tasks.ts). The trace's own cost
 * makes these a little longer than the measured keystrokes; they say where the time goes, not how much.
 */
export async function keystrokeTasks(browser: Browser, url: string, spec: KeystrokeSpec): Promise<Record<TaskKind, number>> {
  const typist = await openForm(browser, url, spec);
  try {
    const pause = framePhases();
    for (let i = 0; i < spec.warmup; i++) {
      await sleep(pause());
      await typist.type();
    }
    await browser.startTracing(typist.page, { categories: ['toplevel', '__metadata'] });
    let trace: Buffer;
    try {
      for (let i = 0; i < spec.count; i++) {
        await sleep(pause());
        await typist.type();
      }
    } finally {
      trace = await browser.stopTracing();
    }
    const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEventLike[] };
    return keystrokeTaskBreakdown(traceEvents, spec.count);
  } finally {
    await typist.finish();
  }
}
