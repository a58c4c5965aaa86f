// The messages between a page shown inside another site or app (the route tree's mirror, such as
// /embed) and that host: `{ v: 1, type, id, payload }`, the same over every transport
// (docs/embedding.md). messages.schema.json is their contract; this is its TypeScript face.

export const PROTOCOL_VERSION = 1;

/** What the page tells its host. */
export interface ToHostPayloads {
  /** The page has started and shows its first screen. */
  ready: { path: string; title: string };
  /** The document's full content height in CSS pixels: the host sizes its frame to it. */
  resize: { height: number };
  /** The page moved to another address (its path without the mirror prefix). */
  navigate: { path: string };
  /** The visitor's session ended. */
  'signed-out': Record<string, never>;
  /** The page needs the visitor to sign in first. */
  'sign-in-needed': Record<string, never>;
  /**
   * Open this address of the page's own site in the system browser, outside the app (an absolute
   * http(s) address). Sent to an app's web view only: a site showing the page in a frame never
   * receives it.
   */
  'open-browser': { url: string };
}

/** What a host may ask of the page. */
export interface FromHostPayloads {
  /** Go to this path of the site (without the mirror prefix). */
  navigate: { path: string };
  /** Show the page in this theme, as if the visitor had chosen it. */
  theme: { name: string };
  /**
   * The single-use code a page opened with `open-browser` handed back to the app (through the app's
   * own link). Taken from an app's web view only.
   */
  handoff: { code: string };
}

export type ToHostType = keyof ToHostPayloads;
export type FromHostType = keyof FromHostPayloads;

export interface Message<Type extends string, Payload> {
  v: typeof PROTOCOL_VERSION;
  type: Type;
  id: string;
  payload: Payload;
}

export type ToHostMessage = { [T in ToHostType]: Message<T, ToHostPayloads[T]> }[ToHostType];
export type FromHostMessage = { [T in FromHostType]: Message<T, FromHostPayloads[T]> }[FromHostType];

let sequence = 0;

/** A string no other message of this page has, nor (all but surely) any of another page. */
export function messageId(): string {
  sequence += 1;
  const random = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${random}-${sequence}`;
}

export function toHostMessage<T extends ToHostType>(type: T, payload: ToHostPayloads[T]): Message<T, ToHostPayloads[T]> {
  return { v: PROTOCOL_VERSION, type, id: messageId(), payload };
}
