declare module 'virtual:engine-config' {
  import type { EngineConfig } from '../react/app/config-types.ts';
  const config: EngineConfig;
  export default config;
}
declare module 'virtual:engine-screens' {
  export const screenLoaders: Record<string, () => Promise<{ default: unknown; messages?: Record<string, string> }>>;
}
declare module 'virtual:engine-content' {
  export const contentLoaders: Record<string, () => Promise<{ default: string }>>;
}
declare module 'virtual:engine-grids' {
  export const gridLoaders: Record<string, () => Promise<{ default: unknown }>>;
}
declare module 'virtual:engine-flows' {
  export const flowLoaders: Record<string, () => Promise<{ default: import('../core/flow/types.ts').FlowDocument }>>;
}
declare module 'virtual:engine-early-requests' {
  export const earlyRequests: import('../core/api/early-requests.ts').EarlyRequest[];
}
declare module 'virtual:engine-operations' {
  export const operations: Record<string, import('../core/api/client.ts').OperationDescriptor>;
}
declare module 'virtual:engine-redirects' {
  const redirectsDoc: Record<string, unknown>;
  export default redirectsDoc;
}
declare module 'virtual:engine-failure-handling' {
  /** schemas/errors.yaml */
  export const rules: Record<string, unknown>;
  /** The texts of app.yaml `failureMessages`. */
  export const messages: Record<string, string>;
}
declare module 'virtual:engine-notice-messages' {
  /** The texts navigation.yaml `notice` names that no page carries anyway (they come with the notice). */
  export const messages: Record<string, string>;
  /** navigation.yaml `notice` whole (a build's configuration keeps only its `when`). */
  export const notice: import('../react/app/config-types.ts').FrameNoticeConfig | null;
}
declare module 'virtual:engine-all-messages' {
  /** Every text of schemas/messages/en.json by its dotted key (development tools only). */
  const messages: Record<string, string>;
  export default messages;
}

// The icons the screens name, by lucide name (engine/build/icons-plugin.ts).
declare module 'virtual:engine-icons' {
  import type { LucideIcon } from 'lucide-react';
  const icons: Record<string, LucideIcon>;
  export default icons;
}

// Which props of which widgets name icons (engine/build/icons-plugin.ts).
declare module 'virtual:engine-icon-props' {
  export const iconProps: import('../core/icons-used.ts').WidgetIconProps;
}

// The loader entries only gated areas use, and their operations (engine/build/apart.ts): loading
// it adds its operations to virtual:engine-operations' index.
declare module 'virtual:engine-apart' {
  type Loaders<Module> = Record<string, () => Promise<Module>>;
  export const screens: Loaders<{ default: unknown; messages?: Record<string, string> }>;
  export const flows: Loaders<{ default: import('../core/flow/types.ts').FlowDocument }>;
  export const forms: Loaders<import('../react/forms/types.ts').FormModule>;
  export const grids: Loaders<{ default: unknown }>;
  export const content: Loaders<{ default: string }>;
}
