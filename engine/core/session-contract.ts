// The session contract: what the engine reads from, and sends to, the machine that runs for the
// whole page (schemas/app.yaml `sessionFlow`). The renderer reads the names below and nothing else
// of that machine; `npm run check` (config/check-session.ts) fails when the machine lacks one of
// them. Words of the product (which context field names the signed-in user's tenant) are settings
// of app.yaml, never names here.

/** What app.yaml says about the session flow. */
export interface SessionSettings {
  /** The machine that runs for the whole page: flows/<sessionFlow>.machine.yaml. */
  sessionFlow: string;
  /** The session context field holding the signed-in user's tenant, which picks site.yaml `byTenant` settings. */
  sessionTenant?: string;
  /** The session context field holding site settings the server answered (an object over site.yaml's). */
  sessionSite?: string;
}

/** Top-level states the engine tests with `matches`; any other state counts as still loading. */
export const SESSION_STATES = { signedIn: 'signedIn', signedOut: 'signedOut' } as const;

/** Events the engine itself sends to the session machine. */
export const SESSION_EVENTS = { signOut: 'LOGOUT' } as const;

/** Context fields the engine reads. */
export const SESSION_FIELDS = { signedIn: 'isLoggedIn', theme: 'theme', themeOverrides: 'themeOverrides', pageIcon: 'pageIcon' } as const;

/** The session context as the engine reads it. */
export interface SessionContext {
  /** True while a user is signed in (also while the session reloads their data). */
  isLoggedIn?: boolean;
  /** The name of the theme the page is shown in (themes/*.json `name`). */
  theme?: string;
  /** Optional: tokens given other values over the theme (token path → CSS value; engine/core/themed-page.ts). */
  themeOverrides?: Record<string, string> | null;
  /** Optional: the address of the tab's icon; null keeps the page's own. */
  pageIcon?: string | null;
  [field: string]: unknown;
}

export interface SessionRequirement {
  kind: 'state' | 'event' | 'context';
  name: string;
  /** Why the engine needs it, for the check's message and the docs. */
  why: string;
}

/** Everything the session machine must have, given app.yaml's settings. */
export function sessionRequirements(settings: Pick<SessionSettings, 'sessionTenant' | 'sessionSite'>): SessionRequirement[] {
  const requirements: SessionRequirement[] = [
    { kind: 'state', name: SESSION_STATES.signedIn, why: 'routes and navigation items with `requires: session` are shown only in it' },
    { kind: 'state', name: SESSION_STATES.signedOut, why: 'routes and navigation items with `requires: anonymous` are shown only in it' },
    { kind: 'event', name: SESSION_EVENTS.signOut, why: 'the engine sends it, whatever the state, when an error rule says `logout: true`' },
    { kind: 'context', name: SESSION_FIELDS.signedIn, why: 'when it turns false the query cache is emptied, so no signed-in data outlives the session' },
    { kind: 'context', name: SESSION_FIELDS.theme, why: 'the page is shown in the theme it names' },
  ];
  if (settings.sessionTenant) {
    requirements.push({ kind: 'context', name: settings.sessionTenant, why: 'app.yaml `sessionTenant` names it: it picks the site.yaml `byTenant` settings' });
  }
  if (settings.sessionSite) {
    requirements.push({ kind: 'context', name: settings.sessionSite, why: 'app.yaml `sessionSite` names it: its values override the site.yaml settings' });
  }
  return requirements;
}
