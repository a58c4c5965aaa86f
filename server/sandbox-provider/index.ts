// The built-in sandbox payment provider (docs/sandbox-provider.md).
export { createSandboxProvider, type SandboxProviderDeps } from './adapter.ts';
export { registerSandboxProvider, type SandboxRoutesDeps } from './routes.ts';
export { settleDue, isConnectedMerchant, SandboxProviderError } from './service.ts';
export * from './test-numbers.ts';
