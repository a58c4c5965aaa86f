import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// Messages (/my/messages, /my/messages/:id): the associations a homeowner may write to (those where
// they own a property), the path of a thread just started, and a thread shaped for the page.

type Thread = ResponseOf<'getMessageThread'>;
interface SessionAssociation { id: number; name: string; properties: { propertyId: number }[] }

/** Associations where the homeowner owns a property (a placeholder property has a negative id). */
export function writableAssociations(session: Record<string, unknown>) {
  return ((session.associations as SessionAssociation[] | undefined) ?? [])
    .filter((association) => association.properties.some((property) => property.propertyId > 0))
    .map((association) => ({ value: association.id, label: association.name }));
}

export function shownThread(thread: Thread) {
  return { ...thread, messages: thread.messages.map((message) => ({ ...message, fromHomeowner: !message.fromManagement })) };
}

export const messagesFlow: FlowModule = {
  guards: {},
  assigns: {
    prepareThreadChoices: (_args, params) => {
      const session = (params.session ?? {}) as Record<string, unknown>;
      const selected = (session.selectedAssociation as { id?: number } | null)?.id;
      const associationOptions = writableAssociations(session);
      const associationId = associationOptions.some((option) => option.value === selected) ? selected : associationOptions[0]?.value;
      // Words the address brought (?subject, ?message), each within its field's limit.
      const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? { value: value.slice(0, max) } : null);
      const subject = text(params.subject, 120);
      const body = text(params.message, 5000);
      const words = { ...(subject ? { subject: subject.value } : {}), ...(body ? { body: body.value } : {}) };
      return { associationOptions, draft: associationId ? { associationId, ...words } : null };
    },
    rememberThreadPath: ({ event }) => ({ threadPath: `/my/messages/${(event.output as Thread).id}` }),
  },
  actors: {},
};

export const messageThreadFlow: FlowModule = {
  guards: {},
  assigns: {
    showThread: ({ event }) => ({ thread: shownThread(event.output as Thread) }),
  },
  actors: {},
};
