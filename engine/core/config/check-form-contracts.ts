// A form that submits to an operation may be stricter than the operation's request body schema,
// never looser: whatever the form lets through, the operation must accept. Compared per field
// mapped to a body property: type, format, enum, minLength, maxLength, pattern (identical: whether
// one pattern implies another is not decidable in general) and requiredness.
import { isObject, type CheckContext } from './context.ts';
import { bodyPropertyPath, contractPlace, objectShape, type OperationContract } from './operation-contracts.ts';
import { formSubmissions } from './form-submissions.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

type Obj = Record<string, unknown>;

/** The shortest value each format accepts: an e-mail address is at least `a@b`. */
const IMPLIED_MIN_LENGTH: Record<string, number> = { email: 3 };

export function checkFormContracts(ctx: CheckContext, contracts: Map<string, OperationContract>): void {
  const forms = ctx.project.collections.forms ?? {};
  const reported = new Set<string>();
  const report = (doc: SourceDoc, path: PathSegment[], message: string) => {
    const key = `${doc.file}|${path.join('.')}|${message}`;
    if (reported.has(key)) return;
    reported.add(key);
    ctx.report(doc, path, message);
  };

  for (const submission of formSubmissions(ctx.project)) {
    const contract = contracts.get(submission.operation);
    const form = forms[submission.form];
    if (!contract?.body || !form || !isObject(form.data) || !isObject(form.data.schema)) continue;
    const schema = form.data.schema;
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
    const shape = objectShape(contract.body.schema, contract.resolve);

    const pairs = new Map(submission.fields);
    if (submission.wholeForm) for (const field of Object.keys(properties)) pairs.set(field, field);

    for (const [property, field] of pairs) {
      const wanted = shape.properties.get(property);
      // Unknown body properties are reported with the binding.
      if (!wanted) continue;
      const where = `body property "${property}" of operation ${contract.id} (${contractPlace(contract, bodyPropertyPath(contract, property))})`;
      const own = properties[field];
      if (!isObject(own)) {
        report(submission.flow, [...submission.inputAt, 'body', ...(submission.wholeForm ? [] : [property])],
          `form "${submission.form}" has no field "${field}" for ${where}`);
        continue;
      }
      for (const reason of looser(own, wanted, contract)) {
        report(form, ['schema', 'properties', field, ...reason.at], `field "${field}" is looser than ${where}: ${reason.text}`);
      }
    }

    for (const property of shape.required) {
      if (submission.supplied.has(property)) continue;
      const field = pairs.get(property);
      // Not mapped at all: the binding check reports the missing body property.
      if (field === undefined || !isObject(properties[field]) || required.has(field)) continue;
      report(form, Array.isArray(schema.required) ? ['schema', 'required'] : ['schema'],
        `field "${field}" must be required: it fills required body property "${property}" of operation ${contract.id} (${contractPlace(contract, bodyPropertyPath(contract, property))})`);
    }
  }
}

interface Reason { at: PathSegment[]; text: string }

/** How the form's field schema lets through values the contract's schema refuses. */
function looser(own: Obj, raw: Obj, contract: OperationContract): Reason[] {
  const wanted = contract.resolve(raw);
  const out: Reason[] = [];
  const ownTypes = types(own.type);
  const wantedTypes = types(wanted.type);
  if (wantedTypes.length > 0) {
    if (ownTypes.length === 0) out.push({ at: [], text: `it has no type, the operation takes ${wantedTypes.join(' or ')}` });
    else {
      const extra = ownTypes.filter((t) => !wantedTypes.includes(t) && !(t === 'integer' && wantedTypes.includes('number')));
      if (extra.length > 0) out.push({ at: ['type'], text: `type ${extra.join(', ')} is not accepted (the operation takes ${wantedTypes.join(' or ')})` });
    }
  }
  if (typeof wanted.format === 'string' && own.format !== wanted.format) {
    out.push({ at: own.format === undefined ? [] : ['format'], text: `format must be "${wanted.format}"${own.format === undefined ? ' (it has none)' : `, not "${String(own.format)}"`}` });
  }
  const allowed = enumOf(wanted);
  if (allowed) {
    const offered = enumOf(own);
    if (!offered) out.push({ at: [], text: `it has no enum, the operation takes only ${allowed.map(show).join(', ')}` });
    else {
      const extra = offered.filter((v) => !allowed.some((a) => JSON.stringify(a) === JSON.stringify(v)));
      if (extra.length > 0) out.push({ at: ['enum' in own ? 'enum' : 'const'], text: `enum value${extra.length > 1 ? 's' : ''} ${extra.map(show).join(', ')} not accepted (the operation takes ${allowed.map(show).join(', ')})` });
    }
  }
  if (typeof wanted.maxLength === 'number') {
    if (typeof own.maxLength !== 'number') out.push({ at: [], text: `it has no maxLength, the operation's is ${wanted.maxLength}` });
    else if (own.maxLength > wanted.maxLength) out.push({ at: ['maxLength'], text: `maxLength ${own.maxLength} is more than the operation's ${wanted.maxLength}` });
  }
  if (typeof wanted.minLength === 'number') {
    const declared = typeof own.minLength === 'number' ? own.minLength : 0;
    // An emptied text field is left out of the submitted data, never sent as "": one character is
    // implied. A format implies the length of its shortest valid value.
    const implied = Math.max(ownTypes.includes('string') ? 1 : 0, IMPLIED_MIN_LENGTH[String(own.format)] ?? 0);
    const effective = Math.max(declared, implied);
    if (effective < wanted.minLength) {
      out.push({ at: typeof own.minLength === 'number' ? ['minLength'] : [], text: typeof own.minLength === 'number'
        ? `minLength ${own.minLength} is less than the operation's ${wanted.minLength}`
        : `it has no minLength, the operation's is ${wanted.minLength}` });
    }
  }
  if (typeof wanted.pattern === 'string' && own.pattern !== wanted.pattern) {
    out.push({ at: own.pattern === undefined ? [] : ['pattern'], text: own.pattern === undefined
      ? `it has no pattern, the operation's is "${wanted.pattern}"`
      : `pattern "${String(own.pattern)}" is not the operation's "${wanted.pattern}" (patterns must be identical)` });
  }
  return out;
}

function types(value: unknown): string[] {
  return typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

function enumOf(schema: Obj): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return undefined;
}

function show(value: unknown): string {
  return JSON.stringify(value);
}
