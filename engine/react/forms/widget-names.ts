// The names `ui:widget` may give the engine's own form widgets (widgets.tsx registers each under
// its name and its `<Name>Widget` form). Kept apart from the components, so that `npm run check`
// reads them without React.
export const ENGINE_FORM_WIDGETS = ['money', 'choice', 'password', 'code', 'email', 'textarea', 'select', 'radio', 'checkbox', 'colour'] as const;

export type EngineFormWidget = (typeof ENGINE_FORM_WIDGETS)[number];

/** Each name and its `<Name>Widget` form. */
export function engineFormWidgetNames(): string[] {
  return ENGINE_FORM_WIDGETS.flatMap((name) => [name, `${name[0].toUpperCase()}${name.slice(1)}Widget`]);
}
