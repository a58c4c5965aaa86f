import type { FlowModule } from '../engine/core/flow/types.ts';

// The console's people (/manage/people): the search the owners are read with. A search box left
// empty is no filter (an empty value), never a missing one (which would keep the list waiting).

export const managePeopleFlow: FlowModule = {
  guards: {},
  assigns: {
    rememberPeopleSearch: ({ event }) => {
      const data = (event.data ?? {}) as { search?: string };
      return { search: (data.search ?? '').trim() };
    },
  },
  actors: {},
};
