// How a widget or shell finds the registry it renders with. The registry itself (built-ins merged
// with the product's modules) is made once by whoever starts the app and handed down here, so no
// widget's import reaches the list of built-in widgets, which in turn loads the widgets.
import { createContext, useContext } from 'react';
import type { ComponentRegistry } from './component-types.ts';

export const ComponentRegistryContext = createContext<ComponentRegistry | null>(null);

export function useComponentRegistry(): ComponentRegistry {
  const components = useContext(ComponentRegistryContext);
  if (!components) {
    throw new Error('No component registry: render widgets and shells inside <ComponentRegistryContext.Provider value={createComponentRegistry(...)}> (the app tree gives one)');
  }
  return components;
}
