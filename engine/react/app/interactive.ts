import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while a page is rendered ahead of time and while the browser hydrates that markup, true
 * from then on (and from the start when there is nothing to hydrate). Controls render inert until
 * the code behind them runs: a click or keystroke before that would be lost, and a form submitted
 * natively would put what was typed into the address.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}

/** Props that keep a button inert until its code runs (see `useInteractive`), without dimming it. */
export function awaitingCode(interactive: boolean): { 'data-awaiting-code'?: '' } {
  return interactive ? {} : { 'data-awaiting-code': '' };
}
