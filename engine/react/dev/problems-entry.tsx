// Development mode: the problems overlay, started by its own script in the page (the development
// server adds it: engine/build/problems-plugin.ts) so that it shows even when the portal itself
// cannot start, such as with a file the portal needs at once that does not parse.
import { createRoot } from 'react-dom/client';
import { ProblemsOverlay } from './ProblemsOverlay.tsx';

const host = document.createElement('div');
host.id = 'engine-dev-problems';
document.body.append(host);
createRoot(host).render(<ProblemsOverlay />);
