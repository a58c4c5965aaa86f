// Keeps the user from losing what they typed: while a guarded form holds changes not yet submitted,
// following a link inside the site or the browser's Back button first asks whether to leave (the
// dialog is LeaveGuardDialog), and closing or reloading the tab makes the browser ask. Links are
// caught on the document, before the router sees them, so every link of every shell and screen is
// covered without knowing about it.
//
// Back cannot be held: when the browser says so (popstate) it has already moved. So a page with
// changes gets a copy of its own history entry on top (a "guard entry", same address, marked in its
// state): Back then only leaves the guard entry, which moves nothing on screen, and the question is
// asked with the guard entry put back. "Leave and Discard" goes back past both. A guard entry left
// behind once the changes are saved is skipped when Back or Forward reaches it.
//
// "Leave and Discard" also tells each form with changes to go back to its saved values: the router
// may keep the page on screen while the next one loads, and Forward may then return to that same
// page, which must not show what was discarded.

type Listener = () => void;

interface State {
  /** Guarded forms with changes, by form key. */
  dirty: Set<string>;
  /** Mounted guards, first mounted first: the first shows the dialog. */
  hosts: string[];
  /** Where a caught link was going (path, query and hash), or BACK, while the question is open. */
  pending: string | null;
}

/** `pending` when the question is about the browser's Back button. */
export const BACK = 'back';
const GUARD_MARK = 'leaveGuard';

const state: State = { dirty: new Set(), hosts: [], pending: null };
/** What each guarded form does when its changes are discarded, by form key. */
const discarders = new Map<string, () => void>();
const listeners = new Set<Listener>();
let snapshot = { dirty: false, pending: null as string | null, host: null as string | null };

function publish(): void {
  snapshot = { dirty: state.dirty.size > 0, pending: state.pending, host: state.hosts[0] ?? null };
  installListeners(snapshot.dirty);
  for (const listener of listeners) listener();
}

export const leaveGuard = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => snapshot,
  /** `onDiscard` puts the form back to its saved values when "Leave and Discard" is chosen. */
  mount(key: string, onDiscard?: () => void): () => void {
    state.hosts.push(key);
    if (onDiscard) discarders.set(key, onDiscard);
    publish();
    return () => {
      discarders.delete(key);
      state.hosts = state.hosts.filter((k) => k !== key);
      state.dirty.delete(key);
      if (state.dirty.size === 0) state.pending = null;
      publish();
    };
  },
  setDirty(key: string, dirty: boolean): void {
    if (state.dirty.has(key) === dirty) return;
    if (dirty) state.dirty.add(key);
    else state.dirty.delete(key);
    if (state.dirty.size === 0) state.pending = null;
    publish();
  },
  /** Stay: the question closes, the changes stay. */
  stay(): void {
    state.pending = null;
    publish();
  },
  /**
   * Leave and discard: forgets every change and answers where the caught link was going, to be
   * followed in place of the guard entry (`replace`). After Back, goes back itself and answers null.
   */
  leave(): string | null {
    const to = state.pending;
    const discarded = [...state.dirty];
    state.pending = null;
    state.dirty.clear();
    publish();
    for (const key of discarded) discarders.get(key)?.();
    if (to === BACK) {
      // Past the guard entry put back and the page's own entry.
      window.history.go(-2);
      return null;
    }
    return to;
  },
  /** Whether the page's current history entry is a guard entry (a link then replaces it). */
  onGuardEntry: () => typeof window !== 'undefined' && isGuardEntry(window.history.state),
};

function isGuardEntry(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && (entry as Record<string, unknown>)[GUARD_MARK] === true;
}

/** Puts a guard entry on top of the page's entry, unless it is already there. */
function pushGuardEntry(): void {
  if (isGuardEntry(window.history.state)) return;
  window.history.pushState({ ...(window.history.state ?? {}), [GUARD_MARK]: true }, '', window.location.href);
}

function onHistoryMove(): void {
  if (isGuardEntry(window.history.state)) {
    // Reached a guard entry (Forward, or Back from a later page) with nothing to keep: it stands
    // for the page below it, so step past it.
    if (state.dirty.size === 0) window.history.back();
    return;
  }
  if (state.dirty.size === 0 || state.pending !== null) return;
  // Back from the guard entry: the screen has not changed; put the entry back and ask.
  pushGuardEntry();
  state.pending = BACK;
  publish();
}

let installed = false;
let watchingHistory = false;

function installListeners(on: boolean): void {
  if (typeof document === 'undefined' || on === installed) return;
  installed = on;
  if (!watchingHistory) {
    // Kept for the life of the page: a guard entry outlives the changes it guarded.
    watchingHistory = true;
    window.addEventListener('popstate', onHistoryMove);
  }
  if (on) {
    document.addEventListener('click', catchLink, true);
    window.addEventListener('beforeunload', askBeforeUnload);
    pushGuardEntry();
  } else {
    document.removeEventListener('click', catchLink, true);
    window.removeEventListener('beforeunload', askBeforeUnload);
  }
}

function askBeforeUnload(event: BeforeUnloadEvent): void {
  // Browsers show their own words; these two lines make every browser ask.
  event.preventDefault();
  event.returnValue = '';
}

/** A plain click on a link to another page of this site (not a new tab, not a download). */
export function leavingTarget(event: MouseEvent, location: { origin: string; pathname: string; search: string }): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, location.origin);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url.pathname + url.search + url.hash;
}

function catchLink(event: MouseEvent): void {
  const to = leavingTarget(event, window.location);
  if (!to) return;
  event.preventDefault();
  event.stopPropagation();
  state.pending = to;
  publish();
}
