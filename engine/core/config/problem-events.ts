// Development mode: how the development server and the open pages talk about the configuration's
// problems (engine/build/problems-plugin.ts, engine/react/dev/ProblemsOverlay.tsx), over Vite's
// hot-update connection.
import type { Problem } from './problem.ts';

/** Server → page: the problems the latest check found (none: the overlay goes). */
export const PROBLEMS_EVENT = 'engine:problems';
/** Page → server: a page that opens asks for the problems known now. */
export const PROBLEMS_REQUEST_EVENT = 'engine:problems-request';

export interface ProblemsPayload { problems: Problem[] }
