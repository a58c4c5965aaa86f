import { describe, expect, it } from 'vitest';
import { animationStyles, keyframes as chakraKeyframes, layerStyles as chakraLayerStyles, slotRecipes } from '@chakra-ui/react/theme';
import { engineRecipes, engineSlotRecipes } from '../../engine/react/theme/base-config.ts';
import { engineKeyframes, engineLayerStyles } from '../../engine/react/theme/used-styles.ts';
import { lazySlotRecipes } from '../../engine/react/theme/lazy-slot-recipes.ts';

/** Which of `names` a style (a recipe, the animation styles) names anywhere in it. */
function namedIn(styles: unknown, names: string[]): string[] {
  const text = JSON.stringify(styles);
  return names.filter((name) => new RegExp(`(?<![\\w.-])${name.replace('.', '\\.')}(?![\\w.-])`).test(text));
}

const lazy = lazySlotRecipes.map((name) => slotRecipes[name]);
const rendered = [engineRecipes, engineSlotRecipes, lazy, animationStyles];

describe('the engine keyframes', () => {
  // `position` is also a CSS property: a recipe naming it is not animating with it.
  const named = namedIn(rendered, Object.keys(chakraKeyframes)).filter((name) => name !== 'position');

  it('has every keyframe the recipes and animation styles the engine renders with name', () => {
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !(name in engineKeyframes))).toEqual([]);
  });

  it('defines each as Chakra does', () => {
    for (const [name, frames] of Object.entries(engineKeyframes)) {
      expect(frames, name).toEqual((chakraKeyframes as Record<string, unknown>)[name]);
    }
  });

  it('leaves out the ones nothing the engine renders names', () => {
    expect(Object.keys(engineKeyframes).sort()).toEqual(named.sort());
  });
});

describe('the engine layer styles', () => {
  // `none` is every layer style's "no style"; the recipes name the others.
  const named = [...namedIn(rendered, Object.keys(chakraLayerStyles).filter((name) => name !== 'none')), 'none'];

  it('has every layer style the recipes the engine renders name, as Chakra defines it', () => {
    expect(named).toContain('disabled');
    expect(Object.keys(engineLayerStyles).sort()).toEqual(named.sort());
    for (const [name, style] of Object.entries(engineLayerStyles)) expect(style, name).toEqual((chakraLayerStyles as Record<string, unknown>)[name]);
  });
});
