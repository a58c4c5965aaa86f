// app.yaml `embedding`: what the engine's bridge to a host needs to know of the product
// (engine/core/config/meta/app.json checks it; docs/configuration.md describes it).

/** A value of the call for the allowed origins: a query parameter of the address the page was first opened at. */
export interface FirstAddressValue { queryParam: string }

export interface EmbeddingSettings {
  /** The read operation that answers the origins allowed to frame the page, and where in its answer they are. */
  allowedOrigins: {
    operation: string;
    params?: Record<string, FirstAddressValue>;
    query?: Record<string, FirstAddressValue>;
    /** The answer's field holding the list of origins. */
    field: string;
  };
  /** How a host's theme reaches the session flow: this event, the theme's name in this field. */
  themeEvent?: { type: string; field: string };
  /** The names a native app's web view shares with the page. */
  native?: { webkitHandler?: string; androidInterface?: string; receiveFunction?: string };
}

export interface NativeNames { webkitHandler: string; androidInterface: string; receiveFunction: string }

export const DEFAULT_NATIVE_NAMES: NativeNames = {
  webkitHandler: 'embedBridge',
  androidInterface: 'EmbedBridge',
  receiveFunction: '__embedBridgeReceive',
};

export function nativeNames(settings: EmbeddingSettings): NativeNames {
  return { ...DEFAULT_NATIVE_NAMES, ...settings.native };
}
