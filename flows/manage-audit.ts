import type { FlowEvent, FlowModule } from '../engine/core/flow/types.ts';

// The audit trail's filters (/manage/audit), as the form sends them: text trimmed, the kind `all`
// and anything left empty sent as '' (not sent at all), days as YYYY-MM-DD.

interface FilterData {
  association?: string;
  person?: string;
  kind?: string;
  from?: string;
  to?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const dataOf = (event: FlowEvent) => (event.data ?? {}) as FilterData;

export const manageAuditFlow: FlowModule = {
  guards: {
    rangeBackwards: ({ event }) => {
      const { from, to } = dataOf(event);
      return text(from) !== '' && text(to) !== '' && text(to) < text(from);
    },
  },
  assigns: {
    rememberAuditFilters: ({ event }) => {
      const data = dataOf(event);
      const kind = text(data.kind);
      return {
        association: text(data.association),
        person: text(data.person),
        kind: kind === 'all' ? '' : kind,
        from: text(data.from),
        to: text(data.to),
        rangeBackwards: false,
      };
    },
    refuseBackwardsRange: () => ({ rangeBackwards: true }),
  },
  actors: {},
};
