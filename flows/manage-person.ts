import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// An owner's page in the console (/manage/people/:userId). Screens choose with `when`, which takes
// booleans, and label with message keys, so the person is shaped here: their name, their e-mails
// and phones apart, and whether each list has anything.

type Person = ResponseOf<'getCompanyPerson'>;

/** The person as the page shows them. */
export function shownPerson(person: Person) {
  const emails = person.contacts.filter((contact) => contact.type === 'email');
  const phones = person.contacts.filter((contact) => contact.type === 'phone');
  return {
    ...person,
    name: `${person.firstName} ${person.lastName}`.trim() || person.email,
    accounts: person.accounts.map((account) => ({ ...account, isPastDue: account.standing === 'pastDue' })),
    emails,
    phones,
  };
}

export const managePersonFlow: FlowModule = {
  guards: {
    /** The server does not know them for the caller's company (404): not a failure to retry. */
    isPersonNotFound: ({ event }) => Number((event.error as { status?: number } | undefined)?.status) === 404,
  },
  assigns: {
    showPerson: ({ event }) => ({ person: shownPerson(event.output as Person) }),
  },
  actors: {},
};
