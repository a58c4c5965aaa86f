// "Maple Grove's own website", for the demo and the browser tests: a page of another site that shows
// the portal with the one tag companies use (public/embed.js, docs/embedding.md), steers it from its
// own navigation and theme picker, and says what the portal tells it. Never started in production
// (host-site-start.ts).
import { createServer, type Server } from 'node:http';

export interface HostSiteOptions {
  port: number;
  /** The address the server binds to. */
  host: string;
  /** The portal's address (origin), where /embed.js and the embedded pages are. */
  portalUrl: string;
  association: { code: string; name: string };
  /** The theme names the picker offers. */
  themes: string[];
}

export interface HostSite {
  server: Server;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The host's navigation: each link shows this path of the portal in the frame. */
export const HOST_LINKS = [
  { path: '/paynow', text: 'Pay your dues' },
  { path: '/login', text: 'Sign in' },
  { path: '/dashboard', text: 'My account' },
] as const;

const STYLE = `
body{margin:0;font-family:Georgia,'Times New Roman',serif;color:#1d2a24;background:#f6f3ec;line-height:1.5}
a{color:#1f4d3a}
.wrap{max-width:64rem;margin:0 auto;padding:0 1rem}
header{background:#1f4d3a;color:#fff}
header .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 2rem;padding-top:1rem;padding-bottom:1rem}
.site-name{font-size:1.4rem;font-weight:700;margin:0}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:1rem;margin:0;padding:0}
nav a{color:#fff;text-decoration:none;border-bottom:2px solid transparent;padding:.25rem 0}
nav a[aria-current=page]{border-bottom-color:#f2c14e}
nav a:focus-visible,select:focus-visible{outline:3px solid #f2c14e;outline-offset:2px}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:2rem;padding-top:2rem;padding-bottom:2rem}
@media (min-width:60rem){.layout{grid-template-columns:minmax(0,3fr) minmax(0,1fr)}}
h1{font-size:2rem;margin:0 0 .5rem}
h2{font-size:1.3rem;margin:1.5rem 0 .5rem}
.portal{background:#fff;border:1px solid #c9c2b2;border-radius:6px;padding:1rem}
.picker{display:flex;align-items:center;gap:.5rem;margin:0 0 1rem}
select{font:inherit;padding:.3rem .5rem;border:1px solid #55625b;border-radius:4px;background:#fff;color:#1d2a24}
[role=status]{min-height:1.5em;margin:.75rem 0 0;font-style:italic}
aside{border-left:4px solid #1f4d3a;padding-left:1rem}
aside ul{padding-left:1.2rem}
footer{border-top:1px solid #c9c2b2;padding:1rem 0 2rem;font-size:.95rem}
`;

// Steers the portal through PortalEmbed (there once embed.js has run) and listens to its events,
// which embed.js sends on the portal's element.
const SCRIPT = `
(function () {
  var portal = document.getElementById('portal');
  var status = document.getElementById('portal-status');
  var links = Array.prototype.slice.call(document.querySelectorAll('[data-portal-path]'));
  links.forEach(function (link) {
    link.addEventListener('click', function (event) {
      if (!window.PortalEmbed) return;
      event.preventDefault();
      window.PortalEmbed.navigate(link.getAttribute('data-portal-path'));
      portal.scrollIntoView({ block: 'start' });
    });
  });
  document.getElementById('theme').addEventListener('change', function (event) {
    if (window.PortalEmbed && event.target.value) window.PortalEmbed.setTheme(event.target.value);
  });
  function showPath(path) {
    links.forEach(function (link) {
      if (link.getAttribute('data-portal-path') === path) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
  }
  portal.addEventListener('portal:ready', function (event) { showPath(event.detail.path); });
  portal.addEventListener('portal:navigate', function (event) { showPath(event.detail.path); });
  portal.addEventListener('portal:signed-out', function () { status.textContent = 'You have signed out of the residents\\' portal.'; });
  portal.addEventListener('portal:sign-in-needed', function () { status.textContent = 'Sign in to the residents\\' portal to continue.'; });
})();
`;

export function hostPage(options: Pick<HostSiteOptions, 'portalUrl' | 'association' | 'themes'>): string {
  const name = escape(options.association.name);
  const portal = options.portalUrl.replace(/\/+$/, '');
  const links = HOST_LINKS.map((link) => `<li><a href="#portal" data-portal-path="${escape(link.path)}">${escape(link.text)}</a></li>`).join('');
  const themes = options.themes.map((theme) => `<option value="${escape(theme)}">${escape(theme)}</option>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}: residents</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <div class="wrap">
    <p class="site-name">${name}</p>
    <nav aria-label="Residents' portal">
      <ul>${links}</ul>
    </nav>
  </div>
</header>
<div class="wrap layout">
  <main>
    <h1>Welcome to ${name}</h1>
    <p>Tree-lined streets, a pool that opens on Memorial Day and neighbours who wave. This is the
    association's own website; residents pay their dues and manage their account in the portal below.</p>
    <section class="portal" aria-labelledby="portal-heading">
      <h2 id="portal-heading">Residents' portal</h2>
      <p class="picker"><label for="theme">Portal theme</label>
        <select id="theme"><option value="">As the portal chooses</option>${themes}</select></p>
      <div id="portal"></div>
      <p id="portal-status" role="status"></p>
    </section>
  </main>
  <aside aria-labelledby="news-heading">
    <h2 id="news-heading">Community news</h2>
    <ul>
      <li>The pool opens for the season on the last Monday of May.</li>
      <li>Spring clean-up: yard-waste bins go out on Saturday morning.</li>
      <li>The board meets on the second Tuesday of each month at the clubhouse.</li>
    </ul>
  </aside>
</div>
<footer>
  <div class="wrap"><p>${name} · Clubhouse, 400 Maple Grove Lane · Office hours Monday to Friday, 9 to 5</p></div>
</footer>
<script src="${escape(portal)}/embed.js" data-association="${escape(options.association.code)}" data-path="${escape(HOST_LINKS[0].path)}" data-target="#portal" data-title="${name} residents' portal" async></script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

export function startHostSite(options: HostSiteOptions): Promise<HostSite> {
  const html = hostPage(options);
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    res.writeHead(pathname === '/favicon.ico' ? 204 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(pathname === '/favicon.ico' ? undefined : 'Not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({ server, close: () => new Promise<void>((done) => { server.close(() => done()); server.closeAllConnections(); }) });
    });
  });
}
