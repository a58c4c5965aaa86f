// The shape of a form document (schemas/forms/<id>.yaml) as the engine sees it.
// Pure types: imported by the Vite plugin (Node) and the React renderer alike.
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

/** What a rule does to its field while its condition holds (JSON Forms' effects, plus REQUIRE). */
export const RULE_EFFECTS = ['SHOW', 'HIDE', 'ENABLE', 'DISABLE', 'REQUIRE'] as const;
export type RuleEffect = (typeof RULE_EFFECTS)[number];

/**
 * A conditional-field rule, as JSON Forms writes one: `condition` is a JSON Schema that the whole form
 * data is matched against (JSON Forms' `scope: "#"`). SHOW: hidden unless it matches; HIDE: hidden while
 * it matches; ENABLE: disabled unless it matches; DISABLE: disabled while it matches; REQUIRE: required
 * exactly while it matches. The build compiles every condition into the form's precompiled validator
 * module, so the browser only calls functions. A hidden field is not rendered, not validated, not
 * submitted, and holds no value.
 */
export interface FormRule {
  /** Dotted path of the field the rule applies to. */
  field: string;
  effect: RuleEffect;
  condition: RJSFSchema;
}

/** A compiled rule condition: true when the form data matches the condition's JSON Schema. */
export type ConditionFn = (data: unknown) => boolean;

/**
 * A check the schema cannot express. `sameAs`: `field` must equal `other` (keyword `sameAs`).
 * `maximum` / `minimum`: a limit known only at run time — `limit` is a binding (`$context.balance`)
 * that the screen resolves to a number before the form sees it (keyword `maximum` / `minimum`,
 * params `{ limit }`). `digitChecksum`: a string of as many digits as `weights` whose digits, each
 * times its weight, add up to a multiple of `modulus` (keyword `digitChecksum`); a value of another
 * length is left to the schema's own pattern.
 */
export type FormCheck =
  | { type: 'sameAs'; field: string; other: string }
  | { type: 'maximum' | 'minimum'; field: string; limit: number | string }
  | { type: 'digitChecksum'; field: string; weights: number[]; modulus: number };

export const CHECK_TYPES = ['sameAs', 'maximum', 'minimum', 'digitChecksum'] as const;

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
  /**
   * Where a server's refusal of a field (`fields` of its error, named as in the request body) is
   * shown: request field -> form field. A request field with the name of a form field needs no entry.
   */
  serverFields?: Record<string, string>;
}

export type FormData = Record<string, unknown>;

/** What `virtual:engine-form/<id>` exports. */
export interface FormModule {
  form: FormDoc;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  validator: ValidatorType<any, RJSFSchema, any>;
  /** `conditions[i]` is the compiled `form.rules[i].condition`. */
  conditions: ConditionFn[];
}
