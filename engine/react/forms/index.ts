export { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
export type { FormDoc, FormModule, FormRule, RuleCondition, FormData } from './types.ts';
export { fieldStates, stripHidden, clearDependants } from './rules.ts';
export { errorMessage, makeTransformErrors, renderUiSchema, type Translator } from './messages.ts';
