// Types of the virtual modules served by engine/build/forms-plugin.ts and embed-validators.ts.
declare module 'virtual:engine-forms' {
  import type { FormModule } from '../react/forms/types.ts';
  export const formIds: string[];
  export const formLoaders: Record<string, () => Promise<FormModule>>;
}

declare module 'virtual:engine-form/*' {
  import type { FormDoc } from '../react/forms/types.ts';
  import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
  export const form: FormDoc;
  export const validator: ValidatorType<any, RJSFSchema, any>;
  const mod: { form: FormDoc; validator: ValidatorType<any, RJSFSchema, any> };
  export default mod;
}

declare module 'virtual:engine-embed-validators' {
  interface CompiledValidator {
    (data: unknown): boolean;
    errors?: { instancePath: string; keyword: string }[] | null;
  }
  /** A message a host may send (engine/core/embed/messages.schema.json `fromHost`). */
  export const fromHost: CompiledValidator;
  /** A message the page sends its host (messages.schema.json `toHost`). */
  export const toHost: CompiledValidator;
}

declare module 'virtual:engine-invalidation' {
  /** api.yaml `queries.invalidates`: write operationId -> the reads its success makes stale. */
  const invalidates: Record<string, string[]>;
  export default invalidates;
}

declare module 'virtual:engine-embedding' {
  import type { EmbeddingSettings } from '../core/embed/settings.ts';
  /** app.yaml `embedding`, or null when the product has none. */
  const embedding: EmbeddingSettings | null;
  export default embedding;
}
