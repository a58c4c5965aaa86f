import { describeError } from '../engine/core/flow/builtins.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import { apiCall, type ResponseOf } from './api.ts';

// The board's page of one architectural request (/board/arcs/:id): the request and its
// conversation shaped for the page. Screens choose their lines with `when`, which takes booleans,
// so those are worked out here.

type Detail = ResponseOf<'getBoardArcRequest'>;
type Message = ResponseOf<'listBoardArcMessages'>['messages'][number];
type HistoryEntry = Detail['history'][number];

function shownHistoryEntry(entry: HistoryEntry) {
  const approves = entry.vote === 'approve';
  const declines = entry.vote === 'decline';
  return {
    ...entry,
    votedApprove: entry.action === 'vote' && approves,
    votedDecline: entry.action === 'vote' && declines,
    editedApprove: entry.action === 'edit' && approves,
    editedDecline: entry.action === 'edit' && declines,
    retracted: entry.action === 'retract',
    decidedApproved: entry.action === 'decision' && entry.outcome === 'approved',
    decidedWithConditions: entry.action === 'decision' && entry.outcome === 'approvedWithConditions',
    decidedDeclined: entry.action === 'decision' && entry.outcome === 'declined',
    hasComment: Boolean(entry.comment),
    hasConditions: Boolean(entry.conditions),
  };
}

/** The request as the page shows it, with the signed-in member's own vote for the vote form. */
export function shownArc(arc: Detail, userId: unknown) {
  const mine = arc.members.find((member) => member.userId === Number(userId));
  const waiting = arc.members.filter((member) => member.vote === null);
  const hasMyVote = arc.myVote !== null;
  return {
    ...arc,
    isDecided: arc.decision !== null,
    awaitingDecision: arc.decision === null && !arc.canDecide,
    decision: arc.decision && {
      ...arc.decision,
      hasConditions: Boolean(arc.decision.conditions),
      hasComment: Boolean(arc.decision.comment),
    },
    attachments: arc.attachments.map((file) => ({ ...file, isImage: file.contentType.startsWith('image/') })),
    hasAttachments: arc.attachments.length > 0,
    members: arc.members.map((member) => ({
      ...member,
      approves: member.vote === 'approve',
      declines: member.vote === 'decline',
      notVoted: member.vote === null,
      hasComment: member.vote !== null && Boolean(member.comment),
    })),
    notVotedCount: waiting.length,
    notVotedNames: waiting.map((member) => member.name).join(', '),
    someNotVoted: waiting.length > 0,
    everyoneVoted: waiting.length === 0,
    history: arc.history.map(shownHistoryEntry),
    hasMyVote,
    noVoteYet: !hasMyVote,
    // The vote form starts from the member's current vote, so that changing it is an edit.
    myVoteForm: hasMyVote ? { vote: arc.myVote, comment: mine?.comment ?? '' } : null,
    canRetract: arc.canVote && hasMyVote,
    votingClosed: !arc.canVote,
  };
}

export function shownMessages(messages: Message[]) {
  return messages.map((message) => ({
    ...message,
    fromBoard: message.from === 'board',
    fromApplicant: message.from === 'homeowner',
    fromManagement: message.from === 'management',
  }));
}

type Section = 'vote' | 'decision' | 'message';

/**
 * A refusal is said in the section it belongs to. The page's forms show the flow's `error` as their
 * own, so it is kept apart from it: one refusal would otherwise show in every form of the page.
 */
function refusalIn(section: Section | null, error: unknown) {
  return {
    refusal: section ? describeError(error) : null,
    voteRefused: section === 'vote',
    decisionRefused: section === 'decision',
    messageRefused: section === 'message',
  };
}

export const boardArcFlow: FlowModule = {
  guards: {},
  assigns: {
    showBoardArcPage: ({ event }, params) => {
      const page = event.output as { arc: Detail; messages: Message[] };
      return { arc: shownArc(page.arc, params.userId), messages: shownMessages(page.messages) };
    },
    showBoardArc: ({ event }, params) => ({ arc: shownArc(event.output as Detail, params.userId) }),
    showBoardArcMessages: ({ event }) => ({ messages: shownMessages((event.output as ResponseOf<'postBoardArcMessage'>).messages) }),
    noteBoardArcRefusal: ({ event }, params) => refusalIn(params.section as Section, event.error),
    clearBoardArcRefusal: () => refusalIn(null, null),
  },
  actors: {
    /** The request and its conversation, read side by side. */
    loadBoardArc: async (input, env) => {
      const call = apiCall(env);
      const id = Number(input.id);
      const [arc, conversation] = await Promise.all([
        call('getBoardArcRequest', { params: { id }, suppressToast: true }),
        call('listBoardArcMessages', { params: { id }, suppressToast: true }),
      ]);
      return { arc, messages: conversation.messages };
    },
  },
};
