// The configuration chunks only gated areas use, listed apart from the tables every page carries.
//
// A route with `gate` (routes.yaml, inherited by its children) is shown to some signed-in people
// only; what is reachable from its screens and from nowhere else need not be named by every page's
// loader tables (virtual:engine-screens, -flows, -forms, -grids) nor by its operation index. Those
// entries go to one table of their own (virtual:engine-apart), fetched the first time one of its
// ids is asked for (engine/react/app/apart.ts).
//
// Decided from the route tree and the references between documents alone: a screen is open when a
// route outside every gated subtree shows it (or routes.yaml names it outside its layouts: the
// not-found and server-error screens); a screen, machine, form, grid, text or operation is open
// when an open document or one every page has (navigation.yaml, app.yaml, site.yaml) names it, and
// an operation also when the product's code (its flow modules) names it. Anything a gated screen reaches that nothing open
// reaches is apart; any other screen, machine, form, grid or text no route reaches stays with every
// page, as before, but an operation nothing names at all (one other clients call: a redeeming
// server, a browser following a redirect) is in no page's index.
import { compileRoutes, type RoutesDoc } from '../core/routes.ts';

/**
 * A file of a build naming the address of the table apart's chunk: the pages of gated routes
 * rendered ahead of time hint it (scripts/prerender.ts), so that a page of a gated area opened cold
 * fetches it beside the portal's code rather than after it.
 */
export const APART_CHUNK_FILE = 'apart-chunk.txt';

/** The ids of each kind of configuration chunk, and the documents they name others in. */
export interface ApartInput {
  routesDoc: RoutesDoc;
  enabledFeatures: Set<string>;
  screens: Record<string, unknown>;
  flows: Record<string, unknown>;
  forms: Record<string, unknown>;
  grids: Record<string, unknown>;
  /** Texts (schemas/content): they name nothing. */
  content: string[];
  /** Operation ids of the operation index. */
  operations: string[];
  /** Documents every page has (navigation.yaml, app.yaml, site.yaml): whatever they name is open. */
  always: unknown[];
  /** The text of the product's source files (its flow modules): an operation quoted in one is open. */
  sources: string[];
}

export interface ApartParts {
  screens: string[];
  flows: string[];
  forms: string[];
  grids: string[];
  content: string[];
  operations: string[];
  /** Operations nothing of the portal names (called by other clients only): in no page's index. */
  unnamedOperations: string[];
}

type Kind = Exclude<keyof ApartParts, 'unnamedOperations'>;
const KINDS: Kind[] = ['screens', 'flows', 'forms', 'grids', 'content', 'operations'];

/** Every string value in a document (keys too: a map may be keyed by an operation). */
function stringsIn(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      stringsIn(item, out);
    }
  }
  return out;
}

/** The screens, machines, forms, grids, texts and operations only gated routes reach. */
export function apartParts(input: ApartInput): ApartParts {
  const ids: Record<Kind, Set<string>> = {
    screens: new Set(Object.keys(input.screens)),
    flows: new Set(Object.keys(input.flows)),
    forms: new Set(Object.keys(input.forms)),
    grids: new Set(Object.keys(input.grids)),
    content: new Set(input.content),
    operations: new Set(input.operations),
  };
  const docs: Partial<Record<Kind, Record<string, unknown>>> = {
    screens: input.screens, flows: input.flows, forms: input.forms, grids: input.grids,
  };

  /** Everything the given strings name, and what that names in turn. */
  const reach = (start: Iterable<string>): Record<Kind, Set<string>> => {
    const found = Object.fromEntries(KINDS.map((kind) => [kind, new Set<string>()])) as Record<Kind, Set<string>>;
    const queue = [...start];
    while (queue.length > 0) {
      const name = queue.pop()!;
      for (const kind of KINDS) {
        if (!ids[kind].has(name) || found[kind].has(name)) continue;
        found[kind].add(name);
        const doc = docs[kind]?.[name];
        if (doc !== undefined) queue.push(...stringsIn(doc, new Set()));
      }
    }
    return found;
  };

  const routes = compileRoutes(input.routesDoc, input.enabledFeatures);
  const open = new Set<string>();
  const gated = new Set<string>();
  for (const route of routes) {
    // A route's own strings (its screen, its early requests' operations), minus how it is found.
    const { id: _id, path: _path, source: _source, gate, ...own } = route;
    stringsIn(own, gate ? gated : open);
    if (gate) gated.add(gate.screen);
  }
  // routes.yaml outside its layouts (the not-found and server-error screens).
  const { layouts: _layouts, ...outside } = input.routesDoc as RoutesDoc & Record<string, unknown>;
  stringsIn(outside, open);
  for (const doc of input.always) stringsIn(doc, open);
  const reachedOpen = reach(open);
  // An operation quoted in the product's code (`call('getUser')`): its flow modules are fetched by
  // the registry, not through these tables, so what they call stays in every page's index. (The
  // registry's keys are flow names; they name no chunk to fetch.)
  for (const source of input.sources) {
    for (const match of source.matchAll(/(['"`])([\w.-]+)\1/g)) {
      if (ids.operations.has(match[2])) reachedOpen.operations.add(match[2]);
    }
  }
  const reachedGated = reach(gated);
  const parts = Object.fromEntries(KINDS.map((kind) => [kind,
    [...reachedGated[kind]].filter((id) => !reachedOpen[kind].has(id)).sort()])) as unknown as ApartParts;
  parts.unnamedOperations = [...ids.operations].filter((id) => !reachedOpen.operations.has(id) && !reachedGated.operations.has(id)).sort();
  return parts;
}
