// What boot.tsx fetches for a page under the mirror: the bridge with the product's settings for it
// (app.yaml `embedding`, which no other page carries), or nothing when the product has none.
import embedding from 'virtual:engine-embedding';
import { startEmbedBridge, type EmbedStart } from './embed-bridge.tsx';

export function loadEmbedBridge(start: Omit<EmbedStart, 'settings'>): (() => null) | null {
  return embedding ? startEmbedBridge({ ...start, settings: embedding }) : null;
}
