import { createContext, use } from 'react';
import type { EngineConfig } from '../app/config-types.ts';

export const StudioConfigContext = createContext<EngineConfig | null>(null);

/** The portal's configuration (virtual:engine-config) the gallery shows. */
export function useStudioConfig(): EngineConfig {
  const config = use(StudioConfigContext);
  if (!config) throw new Error('useStudioConfig needs a StudioConfigContext provider above it');
  return config;
}
