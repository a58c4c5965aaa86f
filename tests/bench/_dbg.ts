import { chromium } from 'playwright-core';
import { CHROMIUM } from './lib/bundle.ts';
import { startNode, waitForHttp, cleanupAll } from './lib/procs.ts';
const root = '/work/main';
const s = startNode('srv', ['server/main.ts'], { PORT: '19556', HOST: '127.0.0.1', STATIC_DIR: root + '/.tmp/bench-dist', DATA_DIR: '/tmp/bench-dbg-data', NODE_ENV: 'test', DATABASE_URL: '' }, root);
try {
  await waitForHttp('http://127.0.0.1:19556/login', s, 60000);
  const r = await fetch('http://127.0.0.1:19556/api/users/Users/Authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'homeowner@example.com', password: 'Homeowner#2026' }) });
  const { token } = await r.json() as { token: string };
  const b = await chromium.launch({ ...CHROMIUM });
  const c = await b.newContext();
  await c.addInitScript((t: string) => localStorage.setItem('portal.token', t), token);
  const p = await c.newPage();
  p.on('pageerror', (e) => console.log('pageerror', String(e.stack).slice(0, 600)));
  p.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText));
  p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  p.on('response', (r) => { if (r.url().includes('/api/') || r.status() >= 400) console.log('api', r.status(), r.url()); });
  await p.goto('http://127.0.0.1:19556/dashboard');
  await p.waitForTimeout(8000);
  console.log(p.url());
  console.log((await p.locator('body').innerText()).slice(0, 800));
  console.log(await p.locator('h1').allInnerTexts());
  await b.close();
} finally { await cleanupAll(); }
