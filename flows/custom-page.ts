import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// A content page (/custom/<key>): which association it is read for, and when the answer means
// "no such page" rather than "try again".

type GuestConfiguration = ResponseOf<'getGuestConfiguration'>;

/** 404: no page for the key (or none this reader may see); 400: the address's key cannot be one. */
export function isMissingPage(error: unknown): boolean {
  const status = (error as { status?: number } | undefined)?.status;
  return status === 404 || status === 400;
}

export const customPageFlow: FlowModule = {
  guards: {
    pageNotFound: ({ event }) => isMissingPage((event as { error?: unknown }).error),
  },
  assigns: {
    chooseCustomPageAssociation: ({ event }) => ({ associationId: (event.output as GuestConfiguration).association.id }),
  },
  actors: {},
};
