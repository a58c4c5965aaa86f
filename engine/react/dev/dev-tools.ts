// Development mode's part of the portal (engine/react/boot.tsx loads it only when import.meta.env.DEV):
// configuration updates taken in place. The problems overlay starts apart from the portal
// (problems-entry.tsx); the gallery at /studio is an application of its own (engine/react/studio).
import type { EngineConfig } from '../app/config-types.ts';
import type { Translator } from '../app/translator.ts';
import { followConfig } from './hot-updates.ts';

/** Follows the running configuration: a saved file reaches the open page in place. */
export function startDevTools({ config, translator }: { config: EngineConfig; translator: Translator }): void {
  followConfig(config, translator);
}
