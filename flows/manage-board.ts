import { describeError } from '../engine/core/flow/builtins.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// An association's board in the console (/manage/associations/:associationId/board). Screens choose
// their lines and buttons with `when`, which takes booleans, so each member's are worked out here:
// an admin removes anyone and makes a member chair while the board has none (the server refuses a
// second chair anyway); staff see the board only.

type Board = ResponseOf<'getAssociationBoard'>;
type Member = Board['members'][number];
type Candidate = ResponseOf<'listBoardCandidates'>['candidates'][number];

const nameOf = (p: { firstName: string; lastName: string; email: string }) => `${p.firstName} ${p.lastName}`.trim() || p.email;

/** One member as the page shows them (an admin's buttons when `isAdmin` is exactly true). */
export function shownMember(member: Member, hasChair: boolean, isAdmin: unknown) {
  const admin = isAdmin === true;
  return {
    ...member,
    name: nameOf(member),
    noHome: !member.ownsHome,
    canMakeChair: admin && !member.chair && !hasChair,
    canEndChair: admin && member.chair,
    canRemove: admin,
  };
}

export function shownBoard(board: Board, isAdmin: unknown) {
  const hasChair = board.members.some((m) => m.chair);
  return {
    association: board.association,
    members: board.members.map((m) => shownMember(m, hasChair, isAdmin)),
    hasChair,
    noChair: !hasChair && board.members.length > 0,
  };
}

/** The candidates found, less anyone who is on the board by now. */
export function shownCandidates(candidates: readonly Candidate[], members: readonly { userId: number }[]) {
  const onBoard = new Set(members.map((m) => m.userId));
  return candidates.filter((c) => !onBoard.has(c.userId)).map((c) => ({ ...c, name: nameOf(c), noHome: !c.ownsHome }));
}

export const manageBoardFlow: FlowModule = {
  guards: {},
  assigns: {
    showBoard: ({ context, event }, params) => {
      const board = shownBoard(event.output as Board, params.isAdmin);
      return { ...board, candidates: shownCandidates((context.candidates ?? []) as Candidate[], board.members) };
    },
    showCandidates: ({ context, event }) => {
      const found = (event.output as ResponseOf<'listBoardCandidates'>).candidates;
      return { candidates: shownCandidates(found, (context.members ?? []) as Member[]), hasSearched: true };
    },
    rememberCandidateSearch: ({ event }) => ({ search: String(((event as { data?: { search?: unknown } }).data?.search ?? '')).trim() }),
    /** The member or candidate a button was pressed for, and what is sent for them (the params: `chair`). */
    chooseBoardChange: ({ event }, params) => {
      const e = event as { member?: { userId: number; name: string }; candidate?: { userId: number; name: string } };
      return { member: e.member ?? e.candidate ?? null, change: { ...params } };
    },
    forgetBoardChange: () => ({ member: null, change: null }),
    noteBoardRefusal: ({ event }) => ({ refusal: describeError(event.error), refused: true }),
    forgetBoardRefusal: () => ({ refusal: null, refused: false }),
  },
  actors: {},
};
