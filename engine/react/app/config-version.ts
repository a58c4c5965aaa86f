import { useHotVersion } from '../dev/hot-updates.ts';

/**
 * Development mode: how many configuration updates the page has taken (engine/react/dev/hot-updates.ts);
 * a component reading configuration chunks calls it to render again on each. Always 0 in a build,
 * where the development code is left out.
 */
export const useConfigVersion: () => number = import.meta.env.DEV ? useHotVersion : () => 0;
