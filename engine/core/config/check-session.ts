// The session contract (engine/core/session-contract.ts) against the product's session machine:
// the states, events and context fields the engine relies on, and every event configuration sends
// to the session flow.
import { sessionRequirements, type SessionRequirement } from '../session-contract.ts';
import { isObject, walk, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

export const APP_FILE = 'schemas/app.yaml';

/** Every event some `on` of the machine handles, at any depth. */
function handledEvents(machine: unknown): Set<string> {
  const events = new Set<string>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.on)) for (const event of Object.keys(node.on)) events.add(event);
    if (isObject(node.states)) for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine);
  return events;
}

/** Where a missing part of the machine would go: the key when it exists, else the document. */
function placeOf(machine: Record<string, unknown>, key: string): PathSegment[] {
  return key in machine ? [key] : [];
}

function checkRequirement(ctx: CheckContext, doc: SourceDoc, machine: Record<string, unknown>, requirement: SessionRequirement): void {
  const { kind, name, why } = requirement;
  if (kind === 'state') {
    if (isObject(machine.states) && Object.hasOwn(machine.states, name)) return;
    ctx.report(doc, placeOf(machine, 'states'), `the session contract needs a top-level state "${name}": ${why}`);
  } else if (kind === 'event') {
    if (isObject(machine.on) && Object.hasOwn(machine.on, name)) return;
    ctx.report(doc, placeOf(machine, 'on'), `the session contract needs event "${name}" handled at the machine's top level (on:): ${why}`);
  } else {
    if (isObject(machine.context) && Object.hasOwn(machine.context, name)) return;
    ctx.report(doc, placeOf(machine, 'context'), `the session contract needs context field "${name}" (declared in context:, null if it has no value yet): ${why}`);
  }
}

/** Events configuration sends to the session flow, each with where it is written. */
function sentEvents(ctx: CheckContext): { doc: SourceDoc; path: PathSegment[]; event: string }[] {
  const sent: { doc: SourceDoc; path: PathSegment[]; event: string }[] = [];
  for (const doc of Object.values(ctx.project.flows)) {
    walk(doc.data, (value, path) => {
      if (isObject(value) && value.type === 'notifySession' && isObject(value.params) && typeof value.params.type === 'string') {
        sent.push({ doc, path: [...path, 'params', 'type'], event: value.params.type });
      }
    });
  }
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    walk(doc.data, (value, path, key) => {
      if (key === 'sessionEvent' && typeof value === 'string') sent.push({ doc, path, event: value });
    });
  }
  const navigation = ctx.project.schemas.navigation;
  const selector = isObject(navigation?.data) ? navigation.data.selector : undefined;
  if (navigation && isObject(selector) && typeof selector.event === 'string') sent.push({ doc: navigation, path: ['selector', 'event'], event: selector.event });
  // The frame's notice: its button's event, and the one its countdown sends at zero.
  const notice = isObject(navigation?.data) ? navigation.data.notice : undefined;
  if (navigation && isObject(notice)) {
    if (isObject(notice.action) && typeof notice.action.event === 'string') sent.push({ doc: navigation, path: ['notice', 'action', 'event'], event: notice.action.event });
    if (typeof notice.elapsedEvent === 'string') sent.push({ doc: navigation, path: ['notice', 'elapsedEvent'], event: notice.elapsedEvent });
  }
  // A theme a host of an embedded page names (app.yaml embedding.themeEvent).
  const app = ctx.project.schemas.app;
  const embedding = isObject(app?.data) ? app.data.embedding : undefined;
  if (app && isObject(embedding) && isObject(embedding.themeEvent) && typeof embedding.themeEvent.type === 'string') {
    sent.push({ doc: app, path: ['embedding', 'themeEvent', 'type'], event: embedding.themeEvent.type });
  }
  return sent;
}

export function checkSession(ctx: CheckContext): void {
  const app = ctx.project.schemas.app;
  if (!app) {
    ctx.problems.push({ file: APP_FILE, path: '', message: 'file is missing: it names the session flow (sessionFlow), the default theme and the sign-in and home paths' });
    return;
  }
  if (!isObject(app.data) || typeof app.data.sessionFlow !== 'string') return; // the meta-schema says why
  const flow = app.data.sessionFlow;
  const doc = ctx.project.flows[flow];
  if (!doc) {
    ctx.report(app, ['sessionFlow'], `flow "${flow}" has no flows/${flow}.machine.yaml`);
    return;
  }
  if (!isObject(doc.data)) return;
  const tenant = typeof app.data.sessionTenant === 'string' ? app.data.sessionTenant : undefined;
  const sessionSite = typeof app.data.sessionSite === 'string' ? app.data.sessionSite : undefined;
  for (const requirement of sessionRequirements({ sessionTenant: tenant, sessionSite })) checkRequirement(ctx, doc, doc.data, requirement);

  const handled = handledEvents(doc.data);
  for (const { doc: sender, path, event } of sentEvents(ctx)) {
    if (!event.startsWith('$') && !handled.has(event)) {
      ctx.report(sender, path, `event "${event}" is sent to the session flow, but ${doc.file} handles no such event`);
    }
  }

  const site = ctx.project.schemas.site;
  if (site && isObject(site.data) && site.data.byTenant !== undefined && !tenant) {
    ctx.report(site, ['byTenant'], `settings by tenant need ${APP_FILE} sessionTenant: the session context field naming the signed-in user's tenant`);
  }
}
