import { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { parseOverrides, THEME_ATTRIBUTE, THEME_OVERRIDES_ATTRIBUTE } from '../../core/themed-page.ts';
import { createApiClient, retryDelay, shouldRetry, type OperationDescriptor } from '../../core/api/client.ts';
import { takeEarlyResponse } from '../../core/api/early-requests.ts';
import { createTokenStore } from '../../core/api/tokens.ts';
import { createFlowMachine } from '../../core/flow/create-machine.ts';
import { clearStorageKey, keepPersisted } from '../../core/flow/persist.ts';
import type { FlowCatalog, FlowEnvironment, Formatter, OperationRequest, ToastRequest } from '../../core/flow/types.ts';
import { compileRoutes, type CompiledRoute } from '../../core/routes.ts';
import { SESSION_EVENTS, SESSION_FIELDS } from '../../core/session-contract.ts';
import { withEngineMessages } from '../../core/default-messages.ts';
import type { EngineConfig } from './config-types.ts';
import { invalidateAfter, loadInvalidates, operationQueryKey, operationStaleTime } from './operation-queries.ts';
import { resolveLink } from './route-table.ts';
import type { Navigator, ReadQuery, Runtime } from './runtime.ts';
import { toaster } from './toast-queue.ts';
import type { Translator } from './translator.ts';
import { fetchWhenSettled, lazyFailureHandling } from './failure-handling.ts';

export interface RuntimeInput {
  config: EngineConfig;
  flows: FlowCatalog;
  formatters: Record<string, Formatter>;
  operations: Record<string, OperationDescriptor>;
  translator: Translator;
  navigator: Navigator;
  /** The routes already compiled from `config` (compileRoutes), when the caller has them. */
  routes?: CompiledRoute[];
}

interface ShownToast extends ToastRequest { title?: string; lines?: string[]; reportUrl?: string }

function showToast({ t }: Translator, request: ShownToast) {
  const title = request.titleKey ? t(request.titleKey) : request.title;
  const description = [request.descriptionKey ? t(request.descriptionKey) : request.description, ...(request.lines ?? [])]
    .filter(Boolean).join(' ');
  const reportUrl = request.reportUrl;
  toaster.create({
    type: request.status, title, description, duration: request.durationMs ?? 6000, closable: true,
    ...(reportUrl ? { action: { label: t('errors.report'), onClick: () => { window.open(reportUrl, '_blank', 'noopener'); } } } : {}),
  });
}

export function createRuntime({ config, flows, formatters, operations, translator, navigator, routes: compiled }: RuntimeInput): Runtime {
  const tokens = createTokenStore(config.api.tokens);
  const routes = compiled ?? compileRoutes(config.routesDoc as never, new Set(config.enabledFeatures));
  let sendToSession: (event: { type: string }) => void = () => {};

  const navigate = (to: string, options?: { reload?: boolean }) => {
    const here = navigator.location();
    const target = resolveLink(to, here.pathname, routes, here.search);
    // A page loaded afresh: nothing this page holds in memory (a session, cached answers) goes with it.
    if (options?.reload) { window.location.assign(target); return; }
    return navigator.navigate(target);
  };

  // The error rules and the texts only failures are told in come with the first failed answer (or
  // once the page has settled); the rules look texts up in this catalogue.
  const failures = lazyFailureHandling(translator, withEngineMessages(config.messages));
  fetchWhenSettled(failures.load);
  const api = createApiClient({
    operations,
    groupTokens: config.api.groups,
    tokens,
    early: takeEarlyResponse,
    beforeFailure: failures.load,
    onResponseProblem(event) {
      const { pathname } = navigator.location();
      const decision = failures.decide({ ...event, currentRoute: pathname });
      if (!decision) return false;
      if (decision.toast) {
        const toast = decision.toast;
        const lines = [
          toast.errorId ? translator.t('errors.errorId', { id: toast.errorId }) : '',
          toast.errorCode ? translator.t('errors.errorCode', { code: toast.errorCode }) : '',
        ];
        const site = siteFor(sessionContext());
        const reportUrl = toast.reportLink && typeof site.reportProblemUrl === 'string' ? site.reportProblemUrl : undefined;
        showToast(translator, { ...toast, lines, reportUrl });
      }
      if (decision.logout) sendToSession({ type: SESSION_EVENTS.signOut });
      if (decision.navigateTo) {
        const target = resolveLink(decision.navigateTo, pathname, routes);
        if (target.toLowerCase() !== pathname.toLowerCase()) navigator.navigate(target);
      }
      return Boolean(decision.logout);
    },
  });

  const q = config.api.queries;
  // A build's table of invalidations arrives before the visitor's first write, as a rule.
  if (!q.invalidates) fetchWhenSettled(loadInvalidates);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: q.staleMinutes * 60_000,
        retry: (count, error) => shouldRetry(count, error, q.retries),
        retryDelay: (attempt) => retryDelay(attempt, q.retryDelayFirstMs, q.retryDelayMaxMs),
      },
      mutations: { retry: false },
    },
  });

  // Site settings seen as `$site`: the shared ones, then the defaults, then those of the signed-in
  // user's tenant (the session context field app.yaml `sessionTenant` names), then the non-null
  // ones the server answered for the signed-in user (the session context field `sessionSite`).
  const { default: siteDefaults, byTenant, ...sharedSite } = config.site;
  const tenantField = config.app.sessionTenant;
  const siteField = config.app.sessionSite;
  const answered = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) : {};
  const siteFor = (session: Record<string, unknown>): Record<string, unknown> => ({
    ...sharedSite,
    ...siteDefaults,
    ...(tenantField ? byTenant?.[String(session[tenantField] ?? '')] ?? {} : {}),
    ...(siteField ? answered(session[siteField]) : {}),
  });

  // Every widget with a binding asks for `$site` as it renders: one answer per session context.
  const siteBySession = new WeakMap<Record<string, unknown>, Record<string, unknown>>();
  const site = (session: Record<string, unknown>): Record<string, unknown> => {
    let known = siteBySession.get(session);
    if (!known) siteBySession.set(session, (known = siteFor(session)));
    return known;
  };

  let sessionContext = (): Record<string, unknown> => ({});

  /** A read as the query cache knows it: the same key and freshness for widgets and flows. */
  const readQuery = (operationId: string, request: OperationRequest, byFlow?: boolean): ReadQuery => {
    const operation = api.operation(operationId);
    const staleTime = operationStaleTime(operationId, q, byFlow);
    return {
      queryKey: operationQueryKey(operationId, request, tokens.get(config.api.groups[operation.group]?.token ?? '')),
      queryFn: ({ signal }) => api.call(operationId, request, signal),
      // Left out unless set: an explicit undefined would replace the client's default cache time.
      ...(staleTime === undefined ? {} : { staleTime }),
    };
  };

  const environment = (extraScope?: () => Record<string, unknown>): FlowEnvironment => ({
    // Reads go through the query cache (retries, staleness); writes are sent once and, when they
    // succeed, make the reads they declare stale. A write refused as a conflict (409: someone else
    // changed the thing first) does too: what the page shows is no longer what the server holds.
    async call(operationId, request) {
      const operation = api.operation(operationId);
      // A flow reads an `alwaysRefetch` operation afresh every time, however recent the widgets' answer:
      // what it reads decides what it does next (and some answers are good once, a portal token).
      if (operation.method.toUpperCase() === 'GET') return queryClient.fetchQuery(readQuery(operationId, request, true));
      try {
        const result = await api.call(operationId, request);
        await invalidateAfter(queryClient, operationId, q);
        return result;
      } catch (error) {
        if ((error as { status?: number } | null)?.status === 409) await invalidateAfter(queryClient, operationId, q);
        throw error;
      }
    },
    navigate,
    toast: (request) => showToast(translator, request),
    sendToSession: (event) => sendToSession(event),
    scope: () => {
      const { search } = navigator.location();
      const session = sessionContext();
      return {
        query: Object.fromEntries(new URLSearchParams(search)),
        session,
        site: siteFor(session),
        ...(extraScope ? extraScope() : {}),
      };
    },
    setToken: (slot, value, options) => tokens.set(slot, value, options),
    getToken: (slot) => tokens.get(slot),
    clearStored: (storage, key) => clearStorageKey(storage, key),
    now: () => Date.now(),
  });

  const sessionDoc = config.flows[config.app.sessionFlow];
  // A page the server sent in a theme (server/themed-pages.ts) starts its session in that theme,
  // so that the first render keeps the look of the page as it arrived.
  const arrivedTheme = typeof document === 'undefined' ? null : document.documentElement.getAttribute(THEME_ATTRIBUTE);
  const arrivedOverrides = typeof document === 'undefined' ? {} : parseOverrides(document.documentElement.getAttribute(THEME_OVERRIDES_ATTRIBUTE));
  const arrivedIcon = typeof document === 'undefined' ? null : document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null;
  const arrived = arrivedTheme ? {
    [SESSION_FIELDS.theme]: arrivedTheme,
    // The overrides and icon it came with too (none when it came without), when the session holds them.
    ...(SESSION_FIELDS.themeOverrides in (sessionDoc.context ?? {}) ? { [SESSION_FIELDS.themeOverrides]: arrivedOverrides } : {}),
    ...(SESSION_FIELDS.pageIcon in (sessionDoc.context ?? {}) ? { [SESSION_FIELDS.pageIcon]: arrivedIcon && !arrivedIcon.startsWith('data:') ? arrivedIcon : null } : {}),
  } : {};
  const session = createActor(createFlowMachine(config.app.sessionFlow, sessionDoc, flows, environment(), arrived));
  sessionContext = () => session.getSnapshot().context as Record<string, unknown>;
  sendToSession = (event) => session.send(event);
  // Saved as the page's flows are (the flow widget), for the life of the page.
  keepPersisted(session, sessionDoc.persist);
  let wasSignedIn = false;
  session.subscribe((snapshot) => {
    const signedIn = Boolean((snapshot.context as Record<string, unknown>)[SESSION_FIELDS.signedIn]);
    if (wasSignedIn && !signedIn) queryClient.clear();
    wasSignedIn = signedIn;
  });
  session.start();

  const files: Runtime['files'] = {
    download: (operationId, request) => api.download(operationId, request),
    async upload(operationId, request, form, onProgress) {
      const result = await api.upload(operationId, request, form, onProgress);
      await invalidateAfter(queryClient, operationId, q);
      return result;
    },
  };

  const stream: Runtime['stream'] = async (operationId, request, onEvent, signal) => {
    await api.stream(operationId, request, onEvent, signal);
    await invalidateAfter(queryClient, operationId, q);
  };

  return { config, flows, formatters, routes, session, queryClient, site, environment, readQuery, files, stream, navigator };
}
