import { selectSlotRecipe } from '@chakra-ui/react/theme';
import type { Plugin } from 'vite';

// Chakra's native select recipe takes three of its field styles and its default variants from the
// recipe of Chakra's other select (`selectSlotRecipe.variants?.variant.outline.trigger`, …), so the
// page that renders a native select carried that whole recipe too, which the engine never renders
// (~0.5 KB gzip on every page). The build writes those values into the native select's recipe
// instead: the same recipe, without the import (tests/unit/native-select-recipe-plugin.test.ts).
const NATIVE_SELECT = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]native-select\.js$/;
const SELECT_IMPORT = /^import \{ selectSlotRecipe \} from '\.\/select\.js';\n/m;
const SELECT_READ = /selectSlotRecipe\.(variants\?\.variant\.(outline|subtle|ghost)\.trigger|defaultVariants)/g;

/** `code` of Chakra's native-select.js with the select recipe's values it reads written in. */
export function inlineSelectValues(code: string, id = 'native-select.js'): string {
  if (!SELECT_IMPORT.test(code)) throw new Error(`${id}: no import of selectSlotRecipe where engine/build/native-select-recipe-plugin.ts expects one`);
  const out = code.replace(SELECT_IMPORT, '').replace(SELECT_READ, (_, read: string, variant?: 'outline' | 'subtle' | 'ghost') =>
    JSON.stringify(variant ? selectSlotRecipe.variants?.variant?.[variant]?.trigger : selectSlotRecipe.defaultVariants));
  if (out.includes('selectSlotRecipe')) throw new Error(`${id}: a read of selectSlotRecipe engine/build/native-select-recipe-plugin.ts does not know`);
  return out;
}

export function nativeSelectRecipePlugin(): Plugin {
  return {
    name: 'engine-native-select-recipe',
    apply: 'build',
    transform(code, id) {
      return NATIVE_SELECT.test(id) ? { code: inlineSelectValues(code, id), map: null } : null;
    },
  };
}
