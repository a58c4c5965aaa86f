export { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
export type { ConditionFn, FormDoc, FormModule, FormRule, RuleEffect, FormData } from './types.ts';
export { compiledRules, fieldStates, type CompiledRule, type FieldStates } from './rules.ts';
export { stripHidden } from './data-paths.ts';
export { errorMessage, makeTransformErrors, renderUiSchema, type Translator } from './messages.ts';
