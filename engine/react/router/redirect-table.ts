// The product's redirect table of legacy addresses (schemas/redirects.yaml), compiled: its own chunk,
// fetched with the first address no route matches (LegacyRedirect.tsx).
import redirectsDoc from 'virtual:engine-redirects';
import { compileRedirects, type RedirectTable, type RedirectsDoc } from '../../core/redirects.ts';

export function redirectTable(mirrors: string[]): RedirectTable {
  return compileRedirects(redirectsDoc as unknown as RedirectsDoc, { mirrors });
}
