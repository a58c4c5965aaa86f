import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// Requests (/community/requests) and New request (/community/new-request): a request shaped for
// the page (booleans for the texts it chooses by `when`), the form's choices from the options call,
// the body of a new request, whose reservation times are the homeowner's local times, and the
// request just submitted (to attach files to it).

type Request = ResponseOf<'getHomeownerRequest'>;
type Options = ResponseOf<'getHomeownerRequestOptions'>;

export function shownRequest(request: Request) {
  return {
    ...request,
    isReservation: request.kind === 'reservation',
    isArchitectural: request.kind === 'architectural',
    replies: request.replies.map((reply) => ({ ...reply, fromHomeowner: !reply.fromManagement })),
  };
}

export interface RequestDraft {
  kind?: 'general' | 'architectural' | 'reservation';
  subject?: string;
  description?: string;
  architecturalType?: string;
  commonAreaId?: number;
  /** `YYYY-MM-DD` and `HH:MM`, in the homeowner's time zone. */
  reservationDate?: string;
  startTime?: string;
  endTime?: string;
}

/** A local date and time → an ISO instant (the browser knows the homeowner's time zone). */
function localInstant(date: string, time: string): string {
  return new Date(`${date}T${time}:00`).toISOString();
}

/** The body of createHomeownerRequest from the form's values (only the kind's own fields). */
export function requestBody(draft: RequestDraft, accountNumber: string) {
  const body: Record<string, unknown> = { accountNumber, kind: draft.kind, subject: draft.subject, description: draft.description };
  if (draft.kind === 'architectural') body.architecturalType = draft.architecturalType;
  if (draft.kind === 'reservation' && draft.reservationDate && draft.startTime && draft.endTime) {
    body.reservation = {
      commonAreaId: draft.commonAreaId,
      start: localInstant(draft.reservationDate, draft.startTime),
      end: localInstant(draft.reservationDate, draft.endTime),
    };
  }
  return body;
}

export const requestsFlow: FlowModule = {
  guards: {},
  assigns: {
    showRequest: ({ event }) => ({ request: shownRequest(event.output as Request) }),
  },
  actors: {},
};

export const newRequestFlow: FlowModule = {
  guards: {},
  assigns: {
    prepareRequestChoices: ({ event }) => {
      const options = event.output as Options;
      return {
        options,
        kindOptions: options.kinds.map((kind) => ({ value: kind, label: `requests.kind_${kind}` })),
        areaOptions: options.commonAreas.map((area) => ({ value: area.id, label: area.name })),
        typeOptions: options.architecturalTypes.map((type) => ({ value: type.id, label: type.name })),
      };
    },
    /**
     * A request begun elsewhere with its words (?subject=…&description=…, e.g. MyCA offering to send
     * a question it could not answer): the form starts as a general request holding them.
     */
    draftFromAddress: (_args, params) => {
      const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : undefined);
      const subject = text(params.subject, 120);
      const description = text(params.description, 5000);
      if (subject === undefined && description === undefined) return {};
      return { draft: { kind: 'general', ...(subject === undefined ? {} : { subject }), ...(description === undefined ? {} : { description }) } };
    },
    rememberRequest: ({ event }, params) => {
      const draft = (event.data ?? {}) as RequestDraft;
      const session = (params.session ?? {}) as { selectedProperty?: { accountNumber?: string } | null };
      return { draft, requestBody: requestBody(draft, session.selectedProperty?.accountNumber ?? '') };
    },
    // The submitted request, for the confirmation that offers to attach files to it.
    rememberCreated: ({ event }) => {
      const created = event.output as Request;
      return { created: { id: created.id, subject: created.subject, isArchitectural: created.kind === 'architectural', path: `/community/requests/${created.id}` } };
    },
  },
  actors: {},
};
