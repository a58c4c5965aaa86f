// The shapes of the renderer's components and of the registry that holds them. Kept apart from the
// list of built-in widgets so that a widget can name these types without reaching that list.
import type { ReactNode } from 'react';
import type { Registry } from '../core/registry.ts';
import type { WidgetNodeConfig } from './app/config-types.ts';

export interface WidgetProps { node: WidgetNodeConfig }
export type WidgetComponent = (props: WidgetProps) => ReactNode;

export type ShellComponent = (props: { children: ReactNode }) => ReactNode;

export interface ComponentRegistry {
  registry: Registry;
  widgets: Record<string, WidgetComponent>;
  shells: Record<string, ShellComponent>;
  /** Loads the eager widgets and shells (already in the first chunk); rendering after it never waits for them. */
  preload(): Promise<void>;
  /** Loads the named widgets (unknown names are left to the renderer to report). */
  preloadWidgets(names: Iterable<string>): Promise<void>;
  /** Loads the named shells (unknown names are left to the renderer to report). */
  preloadShells(names: Iterable<string>): Promise<void>;
}
