import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// Public calendar: the association the address's code names.

type GuestConfiguration = ResponseOf<'getGuestConfiguration'>;

export const publicCalendarFlow: FlowModule = {
  guards: {},
  assigns: {
    choosePublicCalendar: ({ event }) => {
      const { association } = (event.output as GuestConfiguration);
      return { associationId: association.id, associationName: association.name, associationCode: association.code };
    },
  },
  actors: {},
};
