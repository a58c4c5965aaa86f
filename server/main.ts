// Starts the portal server: `node server/main.ts` (Node 24 runs TypeScript directly).
import { startServer } from './start-server.ts';

await startServer();
