// The Chakra slot recipes every page goes without: only lazily loaded code renders these components
// (dialogs, the toast region), and it passes the recipe itself (`recipe` prop). A module of its own
// so that the build's configuration (vite.config.ts) reads the list without loading Chakra.
export const lazySlotRecipes = ['dialog', 'toast'] as const;
