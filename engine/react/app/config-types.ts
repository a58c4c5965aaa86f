import type { FlowDocument } from '../../core/flow/types.ts';
import type { SessionSettings } from '../../core/session-contract.ts';
import type { StorageExpectation } from '../../core/first-visit.ts';
import type { ThemeScales } from '../theme/scales.ts';

/** The configuration the build hands to the browser (see engine/build/config-plugin.ts). */
export interface EngineConfig {
  routesDoc: Record<string, unknown>;
  enabledFeatures: string[];
  navigation: NavigationConfig;
  site: SiteConfig;
  api: ApiConfig;
  messages: Record<string, string>;
  themes: Record<string, ThemeDocument>;
  /** The CSS that shows each theme but the default (engine/react/theme/theme-variables.ts), made by the build. */
  themeStyles: string;
  flows: Record<string, FlowDocument>;
  /** What web storage holds on a first visit (engine/core/first-visit.ts). */
  firstVisit: StorageExpectation[];
  app: SessionSettings & { defaultTheme: string; signInPath: string; homePath: string; breakpoints?: Record<string, string> };
}

export interface NavigationItem {
  text: string;
  /** Placeholders of `text` filled from bindings, e.g. `{ name: $session.displayName }`. */
  values?: Record<string, unknown>;
  /** A link's target; a group (`children`) has none. */
  to?: string;
  requires?: 'session' | 'anonymous';
  siteUrl?: string;
  /** A binding: shown only while it is true. */
  when?: string;
  /** A binding to a number: above zero, the item reads `countText` with it as `{{count}}`. */
  count?: string;
  countText?: string;
  /** A group: a button opening a menu of these links. */
  children?: NavigationItem[];
  /** A button opening this screen (schemas/screens/) in a side panel over the page. */
  panel?: string;
}
/** A read operation whose answer a frame's bindings read as `$data.<as>`; `requires: session` loads it only signed in. */
export type FrameDataConfig = { operation: string; params?: Record<string, unknown>; query?: Record<string, unknown>; as: string; requires?: 'session' };
export interface FrameBrand { text: string; name?: string; logo?: string }
/**
 * The frame of one shell (navigation.yaml `frames.<shell>`), in place of the portal's: its own brand
 * and lists, with bindings that may read `$data.<as>`, the answer of `data` (a read operation).
 */
export interface FrameConfig {
  data?: FrameDataConfig;
  brand?: FrameBrand;
  primary?: NavigationItem[];
  account?: NavigationItem[];
  footer?: NavigationItem[];
}
/**
 * A notice across the top of every page of the frame while `when` is true (navigation.yaml
 * `notice`): a title and a text announced once, a live countdown, a button sending an event to the
 * session flow.
 */
export interface FrameNoticeConfig {
  when: string;
  label: string;
  title: string;
  text?: string;
  values?: Record<string, unknown>;
  countdownTo?: string;
  countdownText?: string;
  elapsedEvent?: string;
  action?: { text: string; event: string };
}
export interface NavigationConfig {
  /** Whole, or (a build's pages) its `when` alone: the banner's code brings the rest. */
  notice?: FrameNoticeConfig | Pick<FrameNoticeConfig, 'when'>;
  brand?: FrameBrand;
  frames?: Record<string, FrameConfig>;
  data?: FrameDataConfig;
  greeting?: { text: string; values?: Record<string, unknown> };
  /** A picker in the frame whose choice is sent to the session flow, e.g. which record the pages are about. */
  selector?: { label: string; groups: string; selected: string; event: string; eventField: string };
  primary: NavigationItem[];
  account: NavigationItem[];
  footer: NavigationItem[];
}
export interface SiteConfig {
  default: Record<string, unknown>;
  /** Settings by the signed-in user's tenant (the session context field app.yaml `sessionTenant` names). */
  byTenant?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
export interface ApiConfig {
  tokens: Record<string, { storage: 'local' | 'session'; key: string; tabKey?: string; memoryUnder?: string }>;
  groups: Record<string, { token: string }>;
  queries: {
    staleMinutes: number; retries: number; retryDelayFirstMs: number; retryDelayMaxMs: number; alwaysRefetch: string[];
    /** How long an answer to an `alwaysRefetch` read is shared by the widgets that start showing it (ms, default 0). */
    alwaysRefetchSharedMs?: number;
    /** Write operationId -> read operationIds its success makes stale. */
    invalidates?: Record<string, string[]>;
  };
}
export interface ThemeDocument { name: string; tokens: Record<string, unknown>; semanticTokens?: Record<string, unknown>; scales?: ThemeScales }

/** A node of a screen: a widget name and its props, possibly with children. */
export interface WidgetNodeConfig { widget: string; when?: string; unless?: string; [prop: string]: unknown }
