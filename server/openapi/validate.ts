// Request and response validation with the operations' own JSON Schemas (2020-12), configured on
// purpose: nothing is removed or defaulted, bodies are never coerced, only path and query strings
// are coerced to their declared types, and the first error is reported.
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDoc, OperationDef } from './load.ts';

// ajv-formats is CommonJS with a default export.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

export interface CompiledOperation {
  params: ValidateFunction | null;
  query: ValidateFunction | null;
  body: ValidateFunction | null;
  responses: Record<string, ValidateFunction | null>;
}

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: false,
    removeAdditional: false,
    useDefaults: false,
    coerceTypes: coerce,
    allowUnionTypes: true,
    validateFormats: true,
  });
  addFormats(ajv);
  // OpenAPI annotations that are not JSON Schema keywords.
  ajv.addVocabulary(['example', 'xml', 'discriminator', 'externalDocs']);
  return ajv;
}

export interface Validators {
  compile(op: OperationDef): CompiledOperation;
}

export function createValidators(docs: OpenApiDoc[]): Validators {
  const strictAjv = makeAjv(false);
  const coercingAjv = makeAjv(true);
  for (const doc of docs) {
    const schema = { $id: doc.id, $defs: doc.components };
    strictAjv.addSchema(schema);
    coercingAjv.addSchema(structuredClone(schema));
  }
  const objectOf = (params: OperationDef['parameters'], additional: boolean) => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: additional,
  });
  return {
    compile(op) {
      const where = `${op.file} ${op.operationId}`;
      const wrap = <T>(fn: () => T): T => {
        try {
          return fn();
        } catch (error) {
          throw new Error(`OpenAPI ${where}: schema does not compile: ${(error as Error).message}`, { cause: error });
        }
      };
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      return {
        params: pathParams.length ? wrap(() => coercingAjv.compile(objectOf(pathParams, false))) : null,
        // Unknown query parameters (cache busters and the like) are ignored; declared ones are checked.
        query: queryParams.length ? wrap(() => coercingAjv.compile(objectOf(queryParams, true))) : null,
        // An upload's parts are read and checked by server/uploads/multipart.ts, not as JSON.
        body: op.body && !op.body.multipart ? wrap(() => strictAjv.compile(op.body!.schema)) : null,
        responses: Object.fromEntries(
          Object.entries(op.responses).map(([status, schema]) => [status, schema ? wrap(() => strictAjv.compile(schema)) : null]),
        ),
      };
    },
  };
}

/** One readable sentence for the first validation error, e.g. "email must match format "email"". */
export function describeError(part: string, error: ErrorObject | undefined): string {
  if (!error) return `The ${part} is invalid.`;
  const field = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const subject = field || `The ${part}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${subject} has an unknown field '${String((error.params as { additionalProperty: string }).additionalProperty)}'.`;
    case 'required':
      return `${field ? `${field}.` : ''}${String((error.params as { missingProperty: string }).missingProperty)} is required.`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}.`;
  }
}
