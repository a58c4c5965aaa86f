// Types of the virtual modules served by engine/build/forms-plugin.ts.
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
