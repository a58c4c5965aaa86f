import type { FlowModule } from '../engine/core/flow/types.ts';

// Accepting an invitation to a management company's staff: an invitation the server no longer
// takes (410: used, withdrawn, expired or unknown) cannot be tried again, so it ends the page.

export const staffInvitationFlow: FlowModule = {
  guards: {
    invitationGone: ({ event }) => (event.error as { status?: number } | undefined)?.status === 410,
  },
  assigns: {},
  actors: {},
};
