// The job runner and due-work registration (docs/sandbox-provider.md, "Clock and jobs").
export { registerDueWork, registeredDueWork, type DueWork, type DueWorkContext } from './due-work.ts';
export { startJobs, TICK_QUEUE, SPREAD_QUEUE, DEFAULT_TICK_SECONDS, DEFAULT_HEARTBEAT_SECONDS, DEFAULT_SUPERVISE_SECONDS, type Jobs, type JobsQueueOptions, type StartJobsOptions, type DueWorkReport } from './queue.ts';
export { registerDevClockRoutes } from './dev-routes.ts';
