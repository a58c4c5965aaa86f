import type { FlowModule } from '../engine/core/flow/types.ts';

// Directory (/community/directory): the search and the sort the list is read with. A search box
// left empty is no filter (an empty value), never a missing one (which would keep the list waiting).

export const directoryFlow: FlowModule = {
  guards: {},
  assigns: {
    rememberSearch: ({ event }) => {
      const data = (event.data ?? {}) as { search?: string; sort?: string };
      return { search: (data.search ?? '').trim(), sort: data.sort === 'address' ? 'address' : 'name' };
    },
  },
  actors: {},
};
