// Stands in for @rjsf/utils' omitExtraData module (see rjsf-substitutes-plugin.ts): the engine's
// forms never set rjsf's `omitExtraData` (engine/react/forms/SchemaForm.tsx keeps the data of the
// fields a form shows itself), so rjsf never calls it; its ~1 KB gzip stayed on every form page.
function notUsed(name: string): never {
  throw new Error(`rjsf's ${name} is left out of the engine's build: a form may not set omitExtraData`);
}

export function getUsedFormData(): never { return notUsed('getUsedFormData'); }
export function getFieldNames(): never { return notUsed('getFieldNames'); }
export function isValueEmpty(): never { return notUsed('isValueEmpty'); }
export default function omitExtraData(): never { return notUsed('omitExtraData'); }
