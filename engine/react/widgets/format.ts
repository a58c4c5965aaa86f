import { resolveBindings } from '../../core/bindings.ts';
import type { Runtime } from '../app/runtime.ts';

/** A value for display: `$binding` or `{ value: $binding, format: <formatter name> }`. */
export function displayValue(spec: unknown, scope: Record<string, unknown>, runtime: Runtime): unknown {
  if (spec && typeof spec === 'object' && !Array.isArray(spec) && 'value' in spec) {
    const { value, format } = spec as { value: unknown; format?: string };
    const resolved = resolveBindings(value, scope);
    const formatter = format ? runtime.formatters[format] : undefined;
    if (format && !formatter) throw new Error(`Unknown formatter "${format}"`);
    return formatter ? formatter(resolved) : resolved;
  }
  return resolveBindings(spec, scope);
}
