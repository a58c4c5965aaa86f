// `npm run check` on copies of the project whose schemas/api.yaml names the wrong operations in its
// query settings (always refetched, invalidated by a write), or whose routes send an unknown call early.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'engine/cli/check.ts');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function checkWithApi(edit: (text: string) => string, edited = 'schemas/api.yaml'): { status: number | null; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'check-api-'));
  temps.push(root);
  for (const dir of ['schemas', 'flows', 'themes', 'openapi']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  const file = join(root, edited);
  const before = readFileSync(file, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error('edit did not apply');
  writeFileSync(file, after);
  const run = spawnSync(process.execPath, [CLI, '--root', root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe('api.yaml query settings', { timeout: 30_000 }, () => {
  it('an invalidated operation must be a declared read', () => {
    const { status, out } = checkWithApi((t) => t.replace('confirmPayment: [getAccounts,', 'confirmPayment: [getAcounts, setupPayment,'));
    expect(status, out).toBe(1);
    expect(out).toMatch(/^schemas\/api\.yaml:\d+:\d+ queries\.invalidates\.confirmPayment\[0\]: operation "getAcounts" is not declared in openapi\//m);
    expect(out).toMatch(/queries\.invalidates\.confirmPayment\[1\]: operation "setupPayment" is a POST, not a read/);
  });

  it('only a write invalidates, and always-refetched operations are reads', () => {
    const { status, out } = checkWithApi((t) => t.replace('confirmPayment: [', 'getLedger: [listPayments]\n    confirmPayment: [')
      .replace('alwaysRefetch: [getAccounts,', 'alwaysRefetch: [confirmPayment,'));
    expect(status, out).toBe(1);
    expect(out).toMatch(/queries\.invalidates\.getLedger: operation "getLedger" is a read \(GET\): only writes invalidate/);
    expect(out).toMatch(/queries\.alwaysRefetch\[0\]: operation "confirmPayment" is a PUT, not a read/);
  });

  it('the meta-schema refuses an unknown setting and an empty list', () => {
    const { status, out } = checkWithApi((t) => t.replace('staleMinutes: 5', 'staleMinutes: 5\n  staleMinuts: 5').replace('confirmPayment: [getAccounts, listPayments, getLedger, getRecentPayments, getCharges, listFuturePayments]', 'confirmPayment: []'));
    expect(status, out).toBe(1);
    expect(out).toMatch(/staleMinuts/);
    expect(out).toMatch(/queries\.invalidates\.confirmPayment/);
  });

  it('a call a route sends early is an operation of openapi/', () => {
    const { status, out } = checkWithApi((t) => t.replace('earlyRequests: [{ operation: getGuestConfiguration,', 'earlyRequests: [{ operation: getGuestConfig,'), 'schemas/routes.yaml');
    expect(status, out).toBe(1);
    expect(out).toMatch(/^schemas\/routes\.yaml:\d+:\d+ layouts\.root\.routes\[\d+\]\.earlyRequests\[0\]\.operation: operation "getGuestConfig" is not declared in openapi\//m);
  });
});
