import type { FlowModule } from '../engine/core/flow/types.ts';

// The management console's home (/manage): the search the associations are read with. A search box
// left empty is no filter (an empty value), never a missing one (which would keep the list waiting).

export const manageHomeFlow: FlowModule = {
  guards: {},
  assigns: {
    rememberAssociationSearch: ({ event }) => {
      const data = (event.data ?? {}) as { search?: string };
      return { search: (data.search ?? '').trim() };
    },
  },
  actors: {},
};
