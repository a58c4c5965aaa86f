// Every message a host sends is checked against the contract (messages.schema.json, compiled while
// the site is built, engine/build/embed-validators.ts) before anything reads it: an unknown type or a wrong shape is dropped without a word, as
// a host on another version may send what this page does not know.
import { fromHost } from 'virtual:engine-embed-validators';
import type { FromHostMessage } from './protocol.ts';

/** Longer than any message of the contract: such text is not even parsed. */
const MAX_TEXT = 16_384;

/** The host's message, or null. A native app may hand it over as JSON text, a frame as an object. */
export function readHostMessage(data: unknown): FromHostMessage | null {
  let value = data;
  if (typeof data === 'string') {
    if (data.length > MAX_TEXT) return null;
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return fromHost(value) ? (value as FromHostMessage) : null;
}
