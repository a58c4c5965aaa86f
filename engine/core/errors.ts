// Evaluates the HTTP error rules of schemas/errors.yaml for one failed (or suspicious) API call.
// Pure: the fetch layer performs the decision (logout, navigation, toast).
import { hasMessage, isMessageKey, type Catalog } from './messages.ts';

export type ToastStatus = 'error' | 'warning' | 'info';
/** One candidate or a list; the first usable candidate wins (see docs/configuration.md). */
export type TextSource = string | string[];

export interface ErrorRule {
  id?: string;
  description?: string;
  when: {
    status?: number | string;
    /** operationIds of openapi/. */
    operations?: string[];
    exceptOperations?: string[];
    routes?: string[];
    exceptRoutes?: string[];
    noResponse?: boolean;
    cancelled?: boolean;
    /** The server's `errorCode` in the response body is one of these. */
    errorCodes?: string[];
  };
  ignore?: boolean;
  logout?: boolean;
  navigateTo?: string;
  toast?: {
    status: ToastStatus;
    title?: TextSource;
    description?: TextSource;
    errorId?: TextSource;
    errorCode?: TextSource;
    reportLink?: boolean;
    durationMs?: number;
    suppressible?: boolean;
  };
}

export interface ErrorRules {
  durations?: Partial<Record<ToastStatus, number>>;
  labels?: { errorId?: string; errorCode?: string; reportLink?: string };
  rules: ErrorRule[];
}

export interface ErrorInput {
  status?: number;
  noResponse?: boolean;
  cancelled?: boolean;
  /** The operationId of the call, e.g. getHomeSettings. */
  operationId: string;
  currentRoute: string;
  body?: unknown;
  errorMessage?: string;
  suppressToast?: boolean;
}

export interface ErrorToast {
  status: ToastStatus;
  titleKey?: string;
  title?: string;
  descriptionKey?: string;
  description?: string;
  durationMs: number;
  errorId?: string;
  errorCode?: string;
  reportLink?: boolean;
}

export interface ErrorDecision {
  logout: boolean;
  navigateTo?: string;
  toast?: ErrorToast;
  /** The id of the rule that decided, for logs and tests. */
  rule?: string;
}

const DEFAULT_DURATION: Record<ToastStatus, number> = { error: 60_000, warning: 10_000, info: 10_000 };

export function decideErrorHandling(rules: ErrorRules, input: ErrorInput, catalog?: Catalog): ErrorDecision {
  const rule = rules.rules.find((r) => matches(r, input));
  if (!rule || rule.ignore) return { logout: false, ...(rule?.id ? { rule: rule.id } : {}) };
  const decision: ErrorDecision = { logout: rule.logout === true };
  if (rule.id) decision.rule = rule.id;
  if (rule.navigateTo) decision.navigateTo = rule.navigateTo;
  const t = rule.toast;
  if (t && !(t.suppressible && input.suppressToast)) {
    const toast: ErrorToast = {
      status: t.status,
      durationMs: t.durationMs ?? rules.durations?.[t.status] ?? DEFAULT_DURATION[t.status],
    };
    const title = pickText(t.title, input, catalog);
    if (title?.key) toast.titleKey = title.key;
    if (title?.text) toast.title = title.text;
    const description = pickText(t.description, input, catalog);
    if (description?.key) toast.descriptionKey = description.key;
    if (description?.text) toast.description = description.text;
    const errorId = pickValue(t.errorId, input);
    if (errorId) toast.errorId = errorId;
    const errorCode = pickValue(t.errorCode, input);
    if (errorCode) toast.errorCode = errorCode;
    if (t.reportLink) toast.reportLink = true;
    decision.toast = toast;
  }
  return decision;
}

function matches(rule: ErrorRule, input: ErrorInput): boolean {
  const w = rule.when;
  if (w.cancelled !== undefined && (input.cancelled === true) !== w.cancelled) return false;
  if (w.cancelled === undefined && input.cancelled) return false;
  if (w.noResponse !== undefined && (input.noResponse === true) !== w.noResponse) return false;
  if (w.status !== undefined && !statusMatches(w.status, input.status)) return false;
  if (w.operations && !w.operations.includes(input.operationId)) return false;
  if (w.exceptOperations?.includes(input.operationId)) return false;
  if (w.routes && !w.routes.some((p) => underPath(input.currentRoute, p))) return false;
  if (w.exceptRoutes?.some((p) => underPath(input.currentRoute, p))) return false;
  if (w.errorCodes && !w.errorCodes.includes(String((input.body as { errorCode?: unknown } | undefined)?.errorCode ?? ''))) return false;
  return true;
}

function statusMatches(expected: number | string, status: number | undefined): boolean {
  if (status === undefined) return false;
  if (typeof expected === 'number') return status === expected;
  const cls = /^([1-5])xx$/i.exec(expected);
  return cls ? Math.floor(status / 100) === Number(cls[1]) : Number(expected) === status;
}

/** Whether `path` is `prefix` or below it, on whole segments, ignoring case, query and hash. */
export function underPath(path: string, prefix: string): boolean {
  const clean = (s: string) => s.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase() || '/';
  const p = clean(path);
  const x = clean(prefix);
  return p === x || p.startsWith(x === '/' ? '/' : `${x}/`);
}

function candidates(source: TextSource | undefined): string[] {
  return source === undefined ? [] : Array.isArray(source) ? source : [source];
}

function binding(expr: string, input: ErrorInput): string | undefined {
  let v: unknown;
  if (expr === '$errorMessage') v = input.errorMessage;
  else if (expr.startsWith('$body.')) {
    const body = input.body;
    v = body && typeof body === 'object' ? (body as Record<string, unknown>)[expr.slice(6)] : undefined;
  } else return undefined;
  return v === undefined || v === null || v === '' ? undefined : String(v);
}

function pickText(source: TextSource | undefined, input: ErrorInput, catalog?: Catalog): { key?: string; text?: string } | undefined {
  for (const c of candidates(source)) {
    if (c.startsWith('$')) {
      const text = binding(c, input);
      if (text !== undefined) return { text };
      continue;
    }
    if (c.includes('{{')) {
      let missing = false;
      const key = c.replace(/\{\{\s*(\$[A-Za-z0-9_.]+)\s*\}\}/g, (_, expr: string) => {
        const v = binding(expr, input);
        if (v === undefined) missing = true;
        return v ?? '';
      });
      if (!missing && isMessageKey(key) && hasMessage(catalog, key)) return { key };
      continue;
    }
    return { key: c };
  }
  return undefined;
}

function pickValue(source: TextSource | undefined, input: ErrorInput): string | undefined {
  for (const c of candidates(source)) {
    const v = c.startsWith('$') ? binding(c, input) : c;
    if (v !== undefined) return v;
  }
  return undefined;
}
