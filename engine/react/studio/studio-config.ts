import { createContext, use } from 'react';
import type { AppParts } from '../app/assemble.ts';
import type { EngineConfig } from '../app/config-types.ts';

export const StudioConfigContext = createContext<EngineConfig | null>(null);

/** The portal's configuration (virtual:engine-config) the gallery shows. */
export function useStudioConfig(): EngineConfig {
  const config = use(StudioConfigContext);
  if (!config) throw new Error('useStudioConfig needs a StudioConfigContext provider above it');
  return config;
}

export const StudioPortalContext = createContext<Pick<AppParts, 'runtime' | 'components'> | null>(null);

/** The portal's runtime and widgets, for pages of the studio that render widget nodes. */
export function useStudioPortal(): Pick<AppParts, 'runtime' | 'components'> {
  const portal = use(StudioPortalContext);
  if (!portal) throw new Error('useStudioPortal needs a StudioPortalContext provider above it');
  return portal;
}
