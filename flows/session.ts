import { isUnderPath } from '../engine/core/api/tokens.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import { apiCall, type ResponseOf } from './api.ts';
import {
  chooseBrand, chooseSelection, chooseTheme, displayNameOf, findSelection, isBusinessManagementEnabled, normalizeAssociations, readTokenClaim, selectorGroups,
  type Association, type HomeSettings,
} from './session-rules.ts';

type MimicSession = ResponseOf<'getMimic'>;

/** True for a mimic session's token: it names, besides the owner, the staff member acting (RFC 8693 `act`). */
export function isMimicToken(token: string | null): boolean {
  const act = readTokenClaim(token, 'act');
  return typeof act === 'object' && act !== null;
}

/** The session's mimic fields: the session getMimic answered (none outside mimic mode) and where End returns to, the owner's page in the console. */
export function mimicFields(mimic: MimicSession | null | undefined, ownerId: number) {
  if (!mimic) return { isMimic: false, mimic: null, mimicReturnTo: null };
  return { isMimic: true, mimic, mimicReturnTo: `/manage/people/${ownerId}` };
}

const SIGNED_OUT = {
  token: null, portalToken: null, userId: null, user: null, displayName: null, isManagementStaff: false, isManagementAdmin: false, isLoggedIn: false, refreshing: false, pmbEnabled: false,
  accounts: [], associations: [], selectorGroups: [], selectedPropertyId: null, selectedAssociationId: null, selectedProperty: null,
  selectedAssociation: null, features: null, settings: null, siteSettings: null, customer: null, isMimic: false, mimic: null, mimicReturnTo: null,
  // A renewal belongs to the sign-in it was made for; whether the page is embedded does not change.
  embedRenewal: null,
};

/**
 * The links the server answered (its portal settings): null where it has none, so site.yaml's stay.
 * The help centre and embedded single sign-on addresses are opened with a portal token asked for
 * at that moment (the one-time-link widget), never one asked for on page load. The app link is
 * where a sign-in an app started in the system browser goes back to (flows/embed-handoff.ts).
 */
const siteLinksOf = (settings: HomeSettings) => {
  // Answers recorded before the settings carried links have no configuration: site.yaml's stay.
  const company: Partial<HomeSettings['configuration']['company']> = (settings as Partial<HomeSettings>).configuration?.company ?? {};
  return {
    privacyPolicyUrl: company.privacyPolicyUrl ?? null, termsOfServiceUrl: company.termsOfServiceUrl ?? null, reportProblemUrl: company.reportProblemUrl ?? null,
    helpCentreUrl: company.helpCentreUrl ?? null, embeddedSsoUrl: company.embeddedSsoUrl ?? null,
    nativeAppReturnUrl: company.nativeAppReturnUrl ?? null,
  };
};

/**
 * A session opened through the company's identity provider ends there too: the server names the
 * provider's end-session address, which sends the browser back to the company's sign-in page.
 */
function leaveForProviderSignOut(address: unknown): void {
  if (typeof address !== 'string' || !/^https?:\/\//.test(address)) return;
  window.location.assign(address);
}

/** The page's address as the browser shows it; none where there is no browser (rendering ahead of time). */
const pagePath = (): string | null => (typeof window === 'undefined' ? null : window.location.pathname);

/** What only framed pages do (flows/session-embedding.ts): fetched the first time one does it. */
const embedding = () => import('./session-embedding.ts');

/** Session behaviour: page load, login, logout and settings load (spec section 4). */
export const sessionFlow: FlowModule = {
  guards: {
    hasStoredToken: (_args, _params, env) => Boolean(env.getToken('user')),
    /** The server refused the stored token (401): the session is over. */
    tokenRefused: ({ event }) => (event.error as { status?: number } | undefined)?.status === 401,
    isMimicSession: ({ context }) => context.isMimic === true,
    /** The server refused a mimic session's token (ended, expired, the grant taken away). */
    mimicTokenRefused: ({ event }, _params, env) => (event.error as { status?: number } | undefined)?.status === 401 && isMimicToken(env.getToken('user')),
    /** The frame's renewal cookie brought a sign-in back (a 204 answers none: no cookie came). */
    renewedSession: ({ event }) => typeof (event.output as { token?: unknown } | undefined)?.token === 'string',
    /** The page is one other sites show in a frame (noteEmbedding). */
    isEmbedded: ({ context }) => context.embedded === true,
    /** The renewal answered is for the token the session still holds (not one signed out of since). */
    renewalOfThisSession: ({ event }, _params, env) => typeof event.token === 'string' && event.token === env.getToken('user'),
  },
  assigns: {
    /**
     * Whether the page is under `params.mirror` (routes.yaml's mirror, the pages other sites frame),
     * and the association it was first opened for (`params.association`, from ?association=).
     */
    noteEmbedding: (_args, params) => {
      const path = pagePath();
      const embedded = path !== null && typeof params.mirror === 'string' && isUnderPath(path, params.mirror);
      const association = embedded && typeof params.association === 'string' && params.association !== '' ? params.association : null;
      return { embedded, embedAssociation: association };
    },
    /** A frame reloaded without ?association= (back from a provider's page) takes the one its renewal was made for. */
    takeRenewedAssociation: ({ context, event }) =>
      (context.embedAssociation ? {} : { embedAssociation: (event.output as { associationCode?: string }).associationCode ?? null }),
    clearSession: () => ({ ...SIGNED_OUT }),
    /** Where a mimic tab whose session is over returns to: the owner's page in the console (the token's subject). */
    returnFromMimicToken: (_args, _params, env) => ({ ...SIGNED_OUT, mimicReturnTo: `/manage/people/${Number(readTokenClaim(env.getToken('user'), 'UserId'))}` }),
    beginRefresh: (_args, _params, env) => ({ token: env.getToken('user'), refreshing: true }),
    applyUser: ({ event }) => {
      const output = event.output as { user: ResponseOf<'getUser'>; token: string; mimic: MimicSession | null };
      const customer = readTokenClaim(output.token, 'Customer') as string | undefined;
      return {
        user: output.user, userId: output.user.userId, displayName: displayNameOf(output.user), isManagementStaff: output.user.managementRole !== null, isManagementAdmin: output.user.managementRole === 'admin', customer: customer ?? null,
        ...mimicFields(output.mimic, output.user.userId),
      };
    },
    /** The settings the server answered (`params.settings`). */
    applySettings: ({ context }, params) => {
      const settings = params.settings as HomeSettings;
      const associations = normalizeAssociations(settings.userSettings.associations);
      const selection = chooseSelection(associations, settings.userSettings.pages, {
        accountNumber: (params.accountNumber as string | undefined) ?? null,
        previousPropertyId: context.selectedPropertyId as number | null,
        associationCode: context.embedAssociation as string | null | undefined,
      });
      const found = findSelection(associations, selection);
      const theme = chooseTheme(context as never, found.selectedAssociation, settings.userSettings.designTemplate);
      return { settings, siteSettings: siteLinksOf(settings), pmbEnabled: isBusinessManagementEnabled(settings), associations, selectorGroups: selectorGroups(associations), ...selection, ...found, theme, ...chooseBrand(found.selectedAssociation) };
    },
    /** The accounts the server answered (`params.accounts`; null when they failed to load, keeping those held): signed in either way. */
    applyAccounts: (_args, params) => {
      const answer = params.accounts as ResponseOf<'getAccounts'> | null | undefined;
      return { ...(answer ? { accounts: answer.accounts } : {}), isLoggedIn: true, refreshing: false };
    },
    selectProperty: ({ context, event }) => {
      const associations = context.associations as Association[];
      const propertyId = Number(event.propertyId);
      const association = associations.find((item) => item.properties.some((p) => p.propertyId === propertyId));
      if (!association) return {};
      const selection = { selectedPropertyId: propertyId, selectedAssociationId: association.id };
      const found = findSelection(associations, selection);
      const settings = context.settings as HomeSettings | null;
      const theme = chooseTheme(context as never, found.selectedAssociation, settings?.userSettings.designTemplate);
      return { ...selection, ...found, theme, ...chooseBrand(found.selectedAssociation) };
    },
    /** A page about one association (e.g. guest payment) shows its theme to visitors who are not signed in. */
    brandTheme: ({ context, event }) => {
      if (context.isLoggedIn) return {};
      // The association's colours and icon (event.overrides, event.icon) even over a theme the visitor chose.
      const brand = { themeOverrides: (event.overrides as Record<string, string> | undefined) ?? {}, pageIcon: (event.icon as string | null | undefined) ?? null };
      return context.themeOverride || !event.theme ? brand : { theme: String(event.theme), ...brand };
    },
    /** Such a page about no known association shows the default theme: no brand outlives the account it was for. */
    unbrandTheme: ({ context }) => {
      if (context.isLoggedIn) return {};
      const brand = chooseBrand(null);
      return context.themeOverride ? brand : { theme: chooseTheme({ theme: String(context.theme), themeOverride: false }, null), ...brand };
    },
    overrideTheme: ({ event }) => ({ theme: String(event.theme), themeOverride: true }),
    followTheme: ({ context }) => {
      const settings = context.settings as HomeSettings | null;
      return { themeOverride: false, theme: chooseTheme({ theme: String(context.theme), themeOverride: false }, context.selectedAssociation as Association | null, settings?.userSettings.designTemplate) };
    },
  },
  effects: {
    /**
     * Ends the session on the server too (its token is refused from then on). The call reads the
     * token before the next actions clear it; nobody waits for the answer, and a signed-out
     * portal makes no call.
     */
    endServerSession: (_args, _params, env) => {
      if (!env.getToken('user')) return;
      void apiCall(env)('logout', { suppressToast: true })
        .then((answer) => leaveForProviderSignOut((answer as { endSessionUrl?: unknown } | undefined)?.endSessionUrl))
        .catch(() => undefined);
    },
    /** In a frame, a sign-in just stored is kept across reloads when the browser allows it. */
    startEmbeddedRenewal: ({ context }, _params, env) => {
      const token = env.getToken('user');
      if (context.embedded === true && token) void embedding().then(({ startRenewal }) => startRenewal(env, token, context.embedAssociation));
    },
    /** The host of a frame learns that the session there has ended (signed out, or refused by the server). */
    announceSignedOut: ({ context }, _params, env) => {
      if (context.embedded === true && env.getToken('user')) void embedding().then(({ announceToHost }) => announceToHost('signed-out'));
    },
    /** The host of a frame learns that its page asks the visitor to sign in first. */
    announceSignInNeeded: () => { void embedding().then(({ announceToHost }) => announceToHost('sign-in-needed')); },
  },
  actors: {
    /**
     * Signs the stored token in: the user, the settings and the accounts are asked for at once (each
     * needs only the stored token), so a signed-in page waits for one round trip instead of three.
     * Accounts that fail to load do not end the session: it starts without them. No portal token is
     * asked for: it is good once for 5 minutes, so the address that needs one asks for it as it opens
     * (`portalToken` stays null).
     */
    loadSession: async (_input, env) => {
      const token = env.getToken('user');
      const userId = Number(readTokenClaim(token, 'UserId'));
      // A token that names no user is refused here as the server would refuse it.
      if (!token || !Number.isSafeInteger(userId)) throw Object.assign(new Error('No session'), { status: 401 });
      const call = apiCall(env);
      const accounts = call('getAccounts', { suppressToast: true }).catch(() => null);
      // A mimic session's token names the staff member acting (`act`): whom, by whom and until when, for the notice.
      const mimic = isMimicToken(token) ? call('getMimic', { suppressToast: true }) : Promise.resolve(null);
      const [user, settings, session] = await Promise.all([
        call('getUser', { params: { id: userId }, suppressToast: true }),
        call('getHomeSettings'),
        mimic,
      ]);
      return { user, token, settings, accounts: await accounts, mimic: session };
    },
    loadSettings: (_input, env) => apiCall(env)('getHomeSettings'),
    loadAccounts: (_input, env) => apiCall(env)('getAccounts', { suppressToast: true }),
  },
};
