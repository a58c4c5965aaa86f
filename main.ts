// The portal's entry: its base styles, then the portal itself (start.ts), fetched once a page
// rendered ahead of time has been painted (see engine/react/first-paint.ts). The build hints the
// portal's chunks in index.html for every other page (engine/build/entry-preload-plugin.ts).
import './engine/react/theme/base.css';
import { earlyRequests } from 'virtual:engine-early-requests';
import { startEarlyRequests } from './engine/core/api/early-requests.ts';
import { afterFirstPaint } from './engine/react/first-paint.ts';

// A signed-in page's session asks for these first thing; asking now, while the portal's code is
// still on its way, lets the answers arrive meanwhile (the API client takes them up).
startEarlyRequests(earlyRequests);

void afterFirstPaint(document.getElementById('root')).then(() => {
  // Both are fetched at once; the libraries, a part of what start.ts needs, are evaluated first.
  void import('./engine/react/libraries.ts');
  return import('./start.ts');
});
