// A page rendered ahead of time as a signed-in frame (routes.yaml `prerender: frame`) is the same for
// everyone: the server cannot tell whose it is (the session is in the browser's storage, not in a
// cookie). Without help it would paint in the default look and change to the user's theme and
// colours once the portal's code has run. This small script, inlined in the frame's head (allowed
// by its hash in the Content-Security-Policy: server/security-headers.ts), runs before the first
// paint and shows the look the session last stored: its theme, its colour overrides and its icon,
// on the same attributes the portal sets (themed-page.ts), so that the session starts in that look.
// Framework-free; the values it reads come from storage, so each is checked as the portal checks it.
import { SESSION_FIELDS } from './session-contract.ts';
import { ICON_DEFAULT_ATTRIBUTE, OVERRIDE_SAFE_VALUE, OVERRIDE_TOKEN_PATH, THEME_ATTRIBUTE, THEME_OVERRIDES_ATTRIBUTE } from './themed-page.ts';

/** Beside index.html in a build: the script's text, whose hash the server allows (server/app.ts). */
export const EARLY_LOOK_FILE = 'early-look.js';

export interface EarlyLookOptions {
  /** Where the session flow keeps its persisted fields (its `persist`). */
  storage: 'local' | 'session';
  key: string;
  /** The themes a page may show; the default one needs no attribute. */
  themes: string[];
  defaultTheme: string;
}

const ICON_ADDRESS = /^(\/[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/;

/** The script's text (an expression statement; nothing is left in the page's global scope). */
export function earlyLookScript(options: EarlyLookOptions): string {
  const json = JSON.stringify;
  const store = options.storage === 'local' ? 'localStorage' : 'sessionStorage';
  const others = options.themes.filter((name) => name !== options.defaultTheme);
  return `(function(){try{var d=document.documentElement,s=JSON.parse(window.${store}.getItem(${json(options.key)})||"null");`
    + 'if(!s||typeof s!=="object")return;'
    + `var t=s[${json(SESSION_FIELDS.theme)}];if(${json(others)}.indexOf(t)>=0)d.setAttribute(${json(THEME_ATTRIBUTE)},t);`
    + `var o=s[${json(SESSION_FIELDS.themeOverrides)}],k={},n=0;`
    + `if(o&&typeof o==="object")for(var p in o){var v=o[p];if(${OVERRIDE_TOKEN_PATH}.test(p)&&typeof v==="string"&&${OVERRIDE_SAFE_VALUE}.test(v)){`
    + 'd.style.setProperty("--chakra-"+p.split(".").map(function(x){return x.replace(/[A-Z]/g,function(c){return "-"+c.toLowerCase()})}).join("-"),v);k[p]=v;n++}}'
    + `if(n)d.setAttribute(${json(THEME_OVERRIDES_ATTRIBUTE)},JSON.stringify(k));`
    + `var i=s[${json(SESSION_FIELDS.pageIcon)}],l=document.querySelector('link[rel="icon"]');`
    + `if(l&&typeof i==="string"&&${ICON_ADDRESS}.test(i)){l.setAttribute(${json(ICON_DEFAULT_ATTRIBUTE)},l.getAttribute("href")||"");l.setAttribute("href",i)}`
    + '}catch(e){}})();';
}
