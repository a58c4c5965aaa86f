// What the page has to tell whatever hosts it (a site showing it in a frame, an app's web view),
// said by the part that knows it (the session, a flow) without knowing who listens or how the
// message travels. The bridge to the host subscribes; nothing else needs to.
//
// A signal said before anyone listens is held (the last few) and handed to the first listener: the
// session speaks as the page loads, and the bridge may start a moment later.

export interface Signal {
  type: string;
  payload?: object;
}

export type SignalListener = (signal: Signal) => void;

/** Enough for a page load's few signals; older ones matter no more once newer ones exist. */
const HELD_AT_MOST = 10;

const listeners = new Set<SignalListener>();
let held: Signal[] = [];

/** Tells every listener (or holds it for the first one to come). */
export function announce(type: string, payload?: object): void {
  const signal: Signal = payload === undefined ? { type } : { type, payload };
  if (listeners.size === 0) {
    held = [...held, signal].slice(-HELD_AT_MOST);
    return;
  }
  for (const listener of [...listeners]) deliver(listener, signal);
}

/** Listens to every signal from now on (and to those held, for the first listener); the function returned stops. */
export function subscribe(listener: SignalListener): () => void {
  listeners.add(listener);
  const waiting = held;
  held = [];
  for (const signal of waiting) deliver(listener, signal);
  return () => { listeners.delete(listener); };
}

/** One listener failing does not keep the signal from the others, nor the speaker from going on. */
function deliver(listener: SignalListener, signal: Signal): void {
  try {
    listener(signal);
  } catch (error) {
    console.error(error);
  }
}

/** Forgets every listener and every signal held (tests). */
export function resetSignals(): void {
  listeners.clear();
  held = [];
}
