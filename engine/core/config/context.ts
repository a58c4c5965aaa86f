// Shared helpers for the cross-checks: reporting at a located path, walking documents.
import { isEngineMessage } from '../default-messages.ts';
import { hasMessage, isMessageKey, type Catalog } from '../messages.ts';
import type { FlowAssign, FlowCatalog } from '../flow/types.ts';
import type { JsonSchema } from '../registry.ts';
import type { Project } from './load.ts';
import { formatPath, type PathSegment, type Problem } from './problem.ts';
import type { SourceDoc } from './source.ts';

/** The fields a flow module's assign returns, or undefined when they cannot be told. */
export type AssignFields = (assign: FlowAssign) => readonly string[] | undefined;

/** Names the engine and the product's registry provide to configuration. */
export interface CheckNames {
  widgets: readonly string[];
  shells: readonly string[];
  formatters: readonly string[];
  /** Every flow module, where each machine looks its guards, actions and actors up (engine/core/flow/lookup.ts). */
  flows: FlowCatalog;
  /** Each widget's props JSON Schema, by widget name. */
  widgetProps: Readonly<Record<string, JsonSchema>>;
  /** What forms may name for rjsf; without it the forms' widgets, fields, templates and formats are not checked. */
  forms?: FormNames;
  /** The fields a flow module's assign returns, when its source tells; without it only machines using built-in assigns alone have their `$context` fields checked. */
  assignFields?: AssignFields;
}

/** The names a form's uiSchema and JSON Schema may use (engine/react/forms/rjsf-names.ts). */
export interface FormNames {
  /** Whether `ui:widget: widget` can render a field of this schema (rjsf's lookup by name, then by the schema's type). */
  widgetFits(schema: Record<string, unknown>, widget: string): boolean;
  widgets: readonly string[];
  fields: readonly string[];
  templates: readonly string[];
  /** The `format`s the forms' validators know. */
  formats: readonly string[];
}

/** The product's registry modules (`productModules`). */
export const REGISTRY_FILE = 'flows/registry.ts';

export const CATALOG_FILE = 'schemas/messages/en.json';

export class CheckContext {
  readonly problems: Problem[] = [];
  private readonly reported = new Set<string>();
  readonly catalog: Catalog | undefined;
  readonly project: Project;
  readonly names: CheckNames;

  constructor(project: Project, names: CheckNames) {
    this.project = project;
    this.names = names;
    const en = project.collections.messages?.en?.data;
    this.catalog = en && typeof en === 'object' ? (en as Catalog) : undefined;
  }

  /** Once per place and reason: two checks that reach the same mistake report it once. */
  report(doc: SourceDoc, path: readonly PathSegment[], message: string): void {
    const key = `${doc.file}\0${formatPath(path)}\0${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const at = doc.locate(path);
    this.problems.push({ file: doc.file, line: at?.line, column: at?.column, path: formatPath(path), message });
  }

  /**
   * Reports `value` when it looks like a message key that neither the catalog nor the engine's own
   * texts (engine/core/default-messages.ts) have.
   */
  messageKey(doc: SourceDoc, path: readonly PathSegment[], value: unknown): void {
    if (!this.catalog || !isMessageKey(value) || hasMessage(this.catalog, value) || isEngineMessage(value)) return;
    this.report(doc, path, `message "${value}" is not in ${CATALOG_FILE}`);
  }
}

export type Visitor = (value: unknown, path: PathSegment[], key: PathSegment | undefined) => void;

/** Depth-first walk over every value of a parsed document. */
export function walk(value: unknown, visit: Visitor, path: PathSegment[] = []): void {
  visit(value, path, path[path.length - 1]);
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, visit, [...path, i]));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, visit, [...path, k]);
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
