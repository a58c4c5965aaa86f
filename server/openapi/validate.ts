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

/**
 * An operation's validators, each compiled when first asked for and kept: compiling every schema of
 * the contract is most of the work of starting the server, and a process that answers a few
 * operations (a test file, a development server) needs a few of them.
 */
export interface CompiledOperation {
  params(): ValidateFunction | null;
  query(): ValidateFunction | null;
  body(): ValidateFunction | null;
  /** The validator of a declared status's JSON body (null: nothing to check, or not declared). */
  response(status: string): ValidateFunction | null;
  /** Compiles every one of them now: a schema that does not compile throws here. */
  compileAll(): void;
}

/** `make`'s result, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
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
    // A oneOf with a discriminator is validated against the branch its tag names, so a refusal
    // names a field of that branch (not the first branch's missing field).
    discriminator: true,
  });
  addFormats(ajv);
  // OpenAPI annotations that are not JSON Schema keywords.
  ajv.addVocabulary(['example', 'xml', 'externalDocs']);
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
      const params = once(() => (pathParams.length ? wrap(() => coercingAjv.compile(objectOf(pathParams, false))) : null));
      // Unknown query parameters (cache busters and the like) are ignored; declared ones are checked.
      const query = once(() => (queryParams.length ? wrap(() => coercingAjv.compile(objectOf(queryParams, true))) : null));
      // An upload's parts are read and checked by server/uploads/multipart.ts, not as JSON.
      const body = once(() => (op.body && !op.body.multipart ? wrap(() => strictAjv.compile(op.body!.schema)) : null));
      const responses = new Map(
        Object.entries(op.responses).map(([status, schema]) => [status, once(() => (schema ? wrap(() => strictAjv.compile(schema)) : null))]),
      );
      const response = (status: string) => responses.get(status)?.() ?? null;
      return {
        params,
        query,
        body,
        response,
        compileAll() {
          params();
          query();
          body();
          for (const status of responses.keys()) response(status);
        },
      };
    },
  };
}

/** The dotted request field a validation error is about ('' for the part as a whole). */
export function errorField(error: ErrorObject): string {
  const at = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const join = (name: string) => (at ? `${at}.${name}` : name);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return join(String(params.missingProperty));
    case 'additionalProperties':
      return join(String(params.additionalProperty));
    case 'discriminator':
      return join(String(params.tag));
    default:
      return at;
  }
}

/** The rule a value broke, in words (ajv's own wording for the rarer keywords). */
function ruleOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'maximum': return `must be at most ${String(params.limit)}`;
    case 'minimum': return `must be at least ${String(params.limit)}`;
    case 'exclusiveMaximum': return `must be less than ${String(params.limit)}`;
    case 'exclusiveMinimum': return `must be more than ${String(params.limit)}`;
    case 'maxLength': return `must be at most ${String(params.limit)} characters long`;
    case 'minLength': return `must be at least ${String(params.limit)} characters long`;
    case 'type': return `must be of type ${String(params.type)}`;
    case 'format': return `must be a valid ${String(params.format)}${params.format === 'date' ? ' (YYYY-MM-DD)' : ''}`;
    case 'enum': return `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const': return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'discriminator': return params.error === 'tag' ? 'is required and must be a string' : 'must be one of the kinds this field takes';
    default: return error.message ?? 'is invalid';
  }
}

/** One readable sentence for the first validation error, naming the field and its rule, e.g. "amount.basisPoints must be at most 10000.". */
export function describeError(part: string, error: ErrorObject | undefined): string {
  if (!error) return `The ${part} is invalid.`;
  const field = errorField(error);
  switch (error.keyword) {
    case 'additionalProperties': {
      const at = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
      return `${at || `The ${part}`} has an unknown field '${String((error.params as { additionalProperty: string }).additionalProperty)}'.`;
    }
    case 'required':
      return `${field} is required.`;
    default:
      return `${field || `The ${part}`} ${ruleOf(error)}.`;
  }
}
