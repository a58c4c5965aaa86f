// Feature flags: defaults from schemas/features.yaml, overridden by a build-time string
// (PORTAL_FEATURES=publicLayout,expressLayout | none | all).

export interface FeaturesDoc {
  flags?: Record<string, { default?: boolean; description?: string }>;
}

/**
 * The enabled flags. `override` empty/undefined keeps the defaults; `none` turns all off; `all`
 * turns all on; otherwise a comma-separated list of exactly the flags to enable.
 * Throws when the list names a flag that features.yaml does not declare.
 */
export function resolveFeatures(doc: FeaturesDoc, override?: string | null): Set<string> {
  const flags = doc.flags ?? {};
  const names = Object.keys(flags);
  const text = (override ?? '').trim();
  if (text === '') return new Set(names.filter((n) => flags[n]?.default === true));
  if (text.toLowerCase() === 'none') return new Set();
  if (text.toLowerCase() === 'all') return new Set(names);
  const wanted = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    throw new Error(`unknown feature flag${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (declared: ${names.join(', ') || 'none'})`);
  }
  return new Set(wanted);
}
