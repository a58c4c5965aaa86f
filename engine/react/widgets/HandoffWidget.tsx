import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslator } from '../app/translation.ts';
import { useLocation } from 'react-router';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { resolveLink } from '../app/route-table.ts';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/** A path on this site: "/…", never "//host", "/\host" or another origin. Null otherwise. */
export function sameOriginPath(value: string, origin: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Fills `{{name}}` placeholders of a path with values, each encoded as one query or path part. */
export function fillPath(template: string, values: Record<string, unknown>): string | null {
  let missing = false;
  const filled = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_all, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? null : filled;
}

/**
 * The address to hand the browser over to: `url` (a path on this site) with `returnParam` set to
 * the return path (also a path on this site). Null when either is missing or not on this site.
 */
export function handoffAddress(url: string, returnParam: string | undefined, returnTo: string | null | undefined, origin: string): string | null {
  const target = sameOriginPath(url, origin);
  if (!target) return null;
  if (!returnParam) return target;
  const back = returnTo ? sameOriginPath(returnTo, origin) : null;
  if (!back) return null;
  const address = new URL(target, origin);
  address.searchParams.set(returnParam, back);
  return `${address.pathname}${address.search}${address.hash}`;
}

/**
 * Hands the whole window over to another page of this site (e.g. a provider's hosted page served
 * here), telling it where to send the browser back: `url` (a binding), `returnParam` (the query
 * parameter carrying the return path), `returnTo` (a path with `{{name}}` placeholders filled from
 * `values`). Shown, it navigates at once; `text` and a visible link (`label`) remain for browsers
 * that block the navigation. Addresses that are not relative paths on this site are never followed
 * (`message` is shown instead).
 */
export function HandoffWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const scope = useScope();
  const runtime = useRuntime();
  const { pathname } = useLocation();
  const url = String(displayValue(node.url, scope, runtime) ?? '');
  const values = Object.fromEntries(Object.entries((node.values ?? {}) as Record<string, unknown>)
    .map(([name, spec]) => [name, displayValue(spec, scope, runtime)]));
  const filled = typeof node.returnTo === 'string' ? fillPath(node.returnTo, values) : null;
  const returnTo = filled ? resolveLink(filled, pathname, runtime.routes) : null;
  const returnParam = typeof node.returnParam === 'string' ? node.returnParam : undefined;
  const address = useMemo(
    () => (url ? handoffAddress(url, returnParam, returnTo, window.location.origin) : null),
    [url, returnParam, returnTo],
  );
  const left = useRef<string | null>(null);

  useEffect(() => {
    if (!address || left.current === address) return;
    left.current = address;
    window.location.assign(address);
  }, [address]);

  if (!address) return node.message ? <Text role="alert">{t(String(node.message))}</Text> : null;
  return (
    <Stack gap="2" role="status">
      {node.text ? <Text>{t(String(node.text))}</Text> : null}
      <ChakraLink href={address} color="brand.fg" textDecoration="underline">{t(String(node.label ?? node.text ?? ''))}</ChakraLink>
    </Stack>
  );
}
