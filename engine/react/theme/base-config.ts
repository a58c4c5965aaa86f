// The Chakra configuration themes build on: Chakra's tokens and styles, but only the component
// recipes and colour palettes (palettes.ts) the engine renders. Chakra's full default config carries ~60 recipes (~25 KB gzip on every
// page); tests/unit/chakra-recipes.test.ts fails when an engine file starts using a Chakra
// component whose recipe is not listed here. Components only lazily loaded code renders (dialogs,
// toasts) take their recipe from that code instead (`recipe` prop, lazy-slot-recipes.ts).
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, badgeRecipe, breakpoints, buttonRecipe, containerRecipe, cssVarsPrefix, cssVarsRoot,
  fieldSlotRecipe, fieldsetSlotRecipe, globalCss, headingRecipe, inputRecipe, linkRecipe,
  listSlotRecipe, nativeSelectSlotRecipe, semanticTokens, skeletonRecipe, spinnerRecipe, textareaRecipe, textStyles, tokens,
} from '@chakra-ui/react/theme';
import { engineColourTokens } from './palettes.ts';
import { engineKeyframes, engineLayerStyles } from './used-styles.ts';

export const engineRecipes = {
  badge: badgeRecipe, button: buttonRecipe, container: containerRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe,
  skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe,
};

export const engineSlotRecipes = {
  alert: alertSlotRecipe, field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
};

export const engineThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints, keyframes: engineKeyframes, textStyles, layerStyles: engineLayerStyles, animationStyles,
    tokens: { ...tokens, colors: engineColourTokens.colors as typeof tokens.colors },
    semanticTokens: { ...semanticTokens, colors: engineColourTokens.semanticColors as typeof semanticTokens.colors },
    recipes: engineRecipes,
    slotRecipes: engineSlotRecipes,
  },
});

export { defaultBaseConfig };
