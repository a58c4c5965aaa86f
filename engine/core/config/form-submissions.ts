// Which forms submit to which operations: a screen shows a form in a view of a flow widget; the
// form's event (SUBMIT unless `event:` says otherwise) takes the flow from a state of that view to a
// state that invokes an operation with `body: { property: $event.data.field }` (or the whole form
// data, `body: $event.data`). Only these direct mappings are followed: values carried through the
// flow's context first are the flow's own business.
import { isObject, walk } from './context.ts';
import type { Project } from './load.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

type Obj = Record<string, unknown>;

export interface FormSubmission {
  form: string;
  /** The screen and the path of the form node in it. */
  screen: SourceDoc;
  formAt: PathSegment[];
  flow: SourceDoc;
  operation: string;
  /** Path of the invoke's `input` in the flow. */
  inputAt: PathSegment[];
  /** Body property -> form field, for the properties taken straight from the submitted data. */
  fields: Map<string, string>;
  /** Body properties the binding fills from elsewhere (context, route, literals). */
  supplied: Set<string>;
  /** `body: $event.data`: every form field is a body property of the same name. */
  wholeForm: boolean;
}

const FIELD = /^\$event\.data\.([A-Za-z0-9_-]+)$/;
const WHOLE = '$event.data';

export function formSubmissions(project: Project): FormSubmission[] {
  const byName = new Map<string, SourceDoc>(Object.entries(project.flows));
  for (const doc of Object.values(project.flows)) if (isObject(doc.data) && typeof doc.data.id === 'string') byName.set(doc.data.id, doc);
  const out: FormSubmission[] = [];
  const seen = new Set<string>();
  for (const screen of Object.values(project.collections.screens ?? {})) {
    walk(screen.data, (value, path) => {
      if (!isObject(value) || typeof value.flow !== 'string' || !Array.isArray(value.views)) return;
      const flow = byName.get(value.flow);
      if (!flow || !isObject(flow.data)) return;
      const machine = new Machine(flow.data);
      value.views.forEach((view: unknown, v: number) => {
        if (!isObject(view) || !Array.isArray(view.states)) return;
        walk(view, (node, inner) => {
          if (!isObject(node) || typeof node.form !== 'string' || inner.includes('views')) return;
          const event = typeof node.event === 'string' ? node.event : 'SUBMIT';
          for (const state of view.states as unknown[]) {
            if (typeof state !== 'string') continue;
            for (const target of machine.targetsOf(state, event)) {
              for (const { input, at } of machine.invokesEntering(target)) {
                if (typeof input.operationId !== 'string') continue;
                const key = `${screen.file}|${path.join('.')}|${v}|${inner.join('.')}|${flow.file}|${at.join('.')}`;
                if (seen.has(key)) continue;
                seen.add(key);
                out.push({ form: node.form, screen, formAt: [...path, 'views', v, ...inner], flow, operation: input.operationId, inputAt: at, ...bodyMap(input.body) });
              }
            }
          }
        });
      });
    });
  }
  return out;
}

function bodyMap(body: unknown): Pick<FormSubmission, 'fields' | 'supplied' | 'wholeForm'> {
  const fields = new Map<string, string>();
  const supplied = new Set<string>();
  if (isObject(body)) {
    for (const [property, value] of Object.entries(body)) {
      const m = typeof value === 'string' ? FIELD.exec(value) : null;
      if (m) fields.set(property, m[1]);
      else supplied.add(property);
    }
  }
  return { fields, supplied, wholeForm: body === WHOLE };
}

/** Just enough of a state machine's structure to follow one event from a state. */
class Machine {
  private readonly nodes = new Map<string, { node: Obj; at: PathSegment[] }>();
  private readonly ids = new Map<string, string>();

  constructor(root: Obj) {
    const visit = (node: Obj, name: string, at: PathSegment[]) => {
      this.nodes.set(name, { node, at });
      if (typeof node.id === 'string') this.ids.set(node.id, name);
      if (isObject(node.states)) {
        for (const [k, child] of Object.entries(node.states)) if (isObject(child)) visit(child, name ? `${name}.${k}` : k, [...at, 'states', k]);
      }
    };
    visit(root, '', []);
  }

  /** States entered when `event` is sent in `state` (a dotted path from the root, as views name them). */
  targetsOf(state: string, event: string): string[] {
    const targets: string[] = [];
    // The state itself, the states inside it and the states around it may all handle the event.
    const sources = [...this.nodes.keys()].filter((name) => name === state || name.startsWith(`${state}.`) || state.startsWith(`${name}.`) || name === '');
    for (const source of sources) {
      const on = this.nodes.get(source)?.node.on;
      if (!isObject(on)) continue;
      for (const transition of list(on[event])) {
        const target = typeof transition === 'string' ? transition : isObject(transition) ? transition.target : undefined;
        for (const t of list(target)) {
          const resolved = typeof t === 'string' ? this.resolve(source, t) : undefined;
          if (resolved !== undefined) targets.push(resolved);
        }
      }
    }
    return targets;
  }

  /** Invokes of `state` and of the initial states it enters, with their `input` and its path. */
  invokesEntering(state: string): { input: Obj; at: PathSegment[] }[] {
    const out: { input: Obj; at: PathSegment[] }[] = [];
    let name: string | undefined = state;
    for (let depth = 0; name !== undefined && depth < 20; depth++) {
      const entry = this.nodes.get(name);
      if (!entry) break;
      const invokes = list(entry.node.invoke);
      invokes.forEach((inv, i) => {
        if (!isObject(inv) || !isObject(inv.input)) return;
        const at = Array.isArray(entry.node.invoke) ? [...entry.at, 'invoke', i, 'input'] : [...entry.at, 'invoke', 'input'];
        out.push({ input: inv.input, at });
      });
      name = typeof entry.node.initial === 'string' ? (name ? `${name}.${entry.node.initial}` : entry.node.initial) : undefined;
    }
    return out;
  }

  /** A transition target as written in `source`: `#id.child`, `.child` or a sibling `name.child`. */
  private resolve(source: string, target: string): string | undefined {
    let name: string | undefined;
    if (target.startsWith('#')) {
      const [id, ...rest] = target.slice(1).split('.');
      const base = this.ids.get(id);
      name = base === undefined ? undefined : [base, ...rest].filter(Boolean).join('.');
    } else if (target.startsWith('.')) {
      name = [source, target.slice(1)].filter(Boolean).join('.');
    } else {
      const parent = source.includes('.') ? source.slice(0, source.lastIndexOf('.')) : '';
      name = source === '' ? target : [parent, target].filter(Boolean).join('.');
    }
    return name !== undefined && this.nodes.has(name) ? name : undefined;
  }
}

function list(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
