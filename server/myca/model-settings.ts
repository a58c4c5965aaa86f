// Where MyCA's language model is, as the management company's settings describe it
// (schemas/settings.schema.yaml mycaModelEndpoint, mycaModelName), read at the company level. No
// endpoint (or no model name) is no model: MyCA then answers extractively. The API key is never a
// setting, so no console, answer or audit entry can show it: the server reads it from
// MYCA_MODEL_API_KEY_<CODE>, one per company (as single sign-on's client secrets), because the key
// goes to whichever endpoint the company's admin sets: one company's admin can never have another
// company's key sent to an address of their choosing.
import type { SettingsService } from '../settings/index.ts';

/** The environment variable holding a company's key: MYCA_MODEL_API_KEY_SUMMIT for code "summit". */
export function modelKeyVariable(companyCode: string): string {
  return `MYCA_MODEL_API_KEY_${companyCode.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface ModelSettings {
  endpoint: string;
  model: string;
  /** Not enumerable: a logged or serialized ModelSettings never shows it. */
  readonly apiKey: string | null;
}

/** The company's model, or null when it has none configured. */
export async function modelSettings(
  settings: Pick<SettingsService, 'valuesFor'>, company: { id: number; code: string }, env: Record<string, string | undefined> = process.env,
): Promise<ModelSettings | null> {
  const values = await settings.valuesFor(company.id, null);
  const endpoint = values.mycaModelEndpoint;
  const model = values.mycaModelName;
  if (typeof endpoint !== 'string' || endpoint === '' || typeof model !== 'string' || model === '') return null;
  const found = { endpoint: endpoint.replace(/\/+$/, ''), model } as ModelSettings;
  Object.defineProperty(found, 'apiKey', { value: env[modelKeyVariable(company.code)] || null, enumerable: false });
  return found;
}
