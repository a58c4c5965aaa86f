import { describeError } from '../engine/core/flow/builtins.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// The company's content pages in the console (/manage/pages). Screens choose with `when`, which
// takes booleans, so each row's facts are worked out here; the form's "whose page" choice is the
// company (0) or one of its associations, sent as null or the association's id.

type PageList = ResponseOf<'listCustomPages'>;
type Page = ResponseOf<'getCustomPage'>;

/** The company's own pages' place in the form's choice (the API's null). */
export const COMPANY_PLACE = 0;

export function shownPages(list: PageList, isAdmin: unknown) {
  return {
    pages: list.pages.map((page) => ({ ...page, isCompanyPage: page.associationId === null, address: `/custom/${page.key}` })),
    hasPages: list.pages.length > 0,
    places: [
      { value: COMPANY_PLACE, label: 'managePages.companyPlace' },
      ...list.associations.map((association) => ({ value: association.id, label: association.name })),
    ],
    canEdit: isAdmin === true,
  };
}

/** What a save sends: trimmed text as typed, the place as the API names it (new pages only). */
export function pageSaveBody(data: Record<string, unknown>, isNew: boolean) {
  const body = { key: String(data.key ?? '').trim(), title: String(data.title ?? '').trim(), body: String(data.body ?? ''), public: data.public === true };
  if (!isNew) return body;
  const place = Number(data.associationId ?? COMPANY_PLACE);
  return { associationId: place === COMPANY_PLACE ? null : place, ...body };
}

export const managePagesFlow: FlowModule = {
  guards: {},
  assigns: {
    showPages: ({ event }, params) => shownPages(event.output as PageList, params.isAdmin),
    startNewPage: () => ({
      page: null, chosenId: null, isNew: true,
      initial: { associationId: COMPANY_PLACE, public: false },
      draft: { body: '' },
    }),
    /** The row whose button was pressed (`event.page`). */
    choosePage: ({ event }) => {
      const page = (event as { page?: { id?: number } }).page ?? null;
      return { page, chosenId: page?.id ?? null };
    },
    openPage: ({ event }) => {
      const page = event.output as Page;
      return { page, isNew: false, initial: { key: page.key, title: page.title, body: page.body, public: page.public }, draft: { body: page.body } };
    },
    noteDraft: ({ event }) => ({ draft: { body: String((event as { data?: { body?: unknown } }).data?.body ?? '') } }),
    prepareSave: ({ context, event }) => {
      const data = ((event as { data?: Record<string, unknown> }).data ?? {});
      return { saveBody: pageSaveBody(data, context.isNew === true), draft: { body: String(data.body ?? '') } };
    },
    closePage: () => ({ page: null, chosenId: null, isNew: false, initial: null, draft: { body: '' }, saveBody: null }),
    notePageRefusal: ({ event }) => ({ refusal: describeError(event.error), refused: true }),
    forgetPageRefusal: () => ({ refusal: null, refused: false }),
  },
  actors: {},
};
