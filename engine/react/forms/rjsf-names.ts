// What a form's uiSchema and JSON Schema may name, as the browser renders and validates it: the
// widgets, fields and templates of rjsf's registry with the engine's over them, and the formats of
// the validator the build compiles (rjsf's ajv: ajv-formats plus `color` and `data-url`). Read by
// `npm run check` in Node; the React components are not rendered.
import { getDefaultRegistry } from '@rjsf/core';
import { hasWidget, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { FormNames } from '../../core/config/context.ts';
import { engineFormWidgetNames } from './widget-names.ts';

export function rjsfNames(): FormNames {
  const registry = getDefaultRegistry();
  const widgets = [...new Set([...Object.keys(registry.widgets), ...engineFormWidgetNames()])];
  // Stand-ins: rjsf's widget lookup only needs to find a component under each name.
  const registered = Object.fromEntries(widgets.map((name) => [name, () => null]));
  return {
    widgetFits: (schema, widget) => hasWidget(schema as RJSFSchema, widget, registered),
    widgets,
    fields: Object.keys(registry.fields),
    templates: Object.keys(registry.templates),
    formats: Object.keys(createAjvInstance().formats),
  };
}
