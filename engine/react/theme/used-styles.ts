// The keyframes and layer styles the engine's components use, as Chakra defines them. Chakra's
// others (bounce, marquee, collapse, …; the fill, outline and indicator layers) would be code on
// every page and rules in every theme's styles; tests/unit/chakra-used-styles.test.ts fails when a
// recipe the engine uses names one missing here, or when one here differs from Chakra's.
const slide = (from: string, to: string) => ({ '0%': { translate: from }, to: { translate: to } });

/** The spinner's (spin), the skeleton's (pulse, bg-position), and the fades, scales and slides of dialogs and toasts. */
export const engineKeyframes = {
  spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
  pulse: { '50%': { opacity: '0.5' } },
  'bg-position': {
    from: { backgroundPosition: 'var(--animate-from, 1rem) 0' },
    to: { backgroundPosition: 'var(--animate-to, 0) 0' },
  },
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
  'scale-in': { from: { scale: '0.95' }, to: { scale: '1' } },
  'scale-out': { from: { scale: '1' }, to: { scale: '0.95' } },
  'slide-from-top': slide('0 calc(var(--slide-from-top-distance, 0.5rem) * -1)', '0'),
  'slide-from-bottom': slide('0 var(--slide-from-bottom-distance, 0.5rem)', '0'),
  'slide-from-left': slide('calc(var(--slide-from-left-distance, 0.5rem) * -1) 0', '0'),
  'slide-from-right': slide('var(--slide-from-right-distance, 0.5rem) 0', '0'),
  'slide-to-top': slide('0', '0 calc(var(--slide-to-top-distance, 0.5rem) * -1)'),
  'slide-to-bottom': slide('0', '0 var(--slide-to-bottom-distance, 0.5rem)'),
  'slide-to-left': slide('0', 'calc(var(--slide-to-left-distance, 0.5rem) * -1) 0'),
  'slide-to-right': slide('0', 'var(--slide-to-right-distance, 0.5rem) 0'),
};

/** What the button, input, textarea and native select recipes name for their disabled state. */
export const engineLayerStyles = {
  disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
  none: { value: {} },
};
