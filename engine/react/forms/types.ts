// The shape of a form document (schemas/forms/<id>.yaml) as the engine sees it.
// Pure types: imported by the Vite plugin (Node) and the React renderer alike.
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

/** A condition on another field's value. Exactly one of equals / in / notEmpty is expected. */
export interface RuleCondition {
  /** Dotted path of the controlling field, e.g. `method` or `address.country`. */
  field: string;
  equals?: unknown;
  in?: unknown[];
  notEmpty?: boolean;
}

/**
 * A conditional-field rule. `show`: hidden unless the condition holds; `hide`: hidden while it holds;
 * `enable`: disabled unless it holds; `require`: required exactly while it holds.
 * A hidden field is not rendered, not validated, not submitted, and cleared when its controller changes.
 */
export interface FormRule {
  /** Dotted path of the field the rule applies to. */
  field: string;
  show?: RuleCondition;
  hide?: RuleCondition;
  enable?: RuleCondition;
  require?: RuleCondition;
}

/**
 * A check the schema cannot express. `sameAs`: `field` must equal `other` (keyword `sameAs`).
 * `maximum` / `minimum`: a limit known only at run time — `limit` is a binding (`$context.balance`)
 * that the screen resolves to a number before the form sees it (keyword `maximum` / `minimum`,
 * params `{ limit }`).
 */
export type FormCheck =
  | { type: 'sameAs'; field: string; other: string }
  | { type: 'maximum' | 'minimum'; field: string; limit: number | string };

export const CHECK_TYPES = ['sameAs', 'maximum', 'minimum'] as const;

export interface FormDoc {
  /** The form id: the file name without `.yaml`. */
  id: string;
  schema: RJSFSchema;
  ui?: UiSchema;
  /** `<field path>.<keyword>` -> message key. */
  messages?: Record<string, string>;
  rules?: FormRule[];
  /** Message key of the submit button's text. */
  submit?: string;
  /** Message keys the screen may show around the form (the renderer itself does not). */
  title?: string;
  description?: string;
  cancel?: string;
  /** Initial values, under `initialData` and over schema defaults. */
  defaults?: Record<string, unknown>;
  checks?: FormCheck[];
}

export type FormData = Record<string, unknown>;

/** What `virtual:engine-form/<id>` exports. */
export interface FormModule {
  form: FormDoc;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  validator: ValidatorType<any, RJSFSchema, any>;
}
