import type { FlowEvent, FlowModule } from '../engine/core/flow/types.ts';
import type { BodyOf, ResponseOf } from './api.ts';

// The board dashboard's votes: the request an Approve or Decline button chose (with booleans for
// the window, as `when` takes booleans) and the vote sent for it.

type ArcRow = ResponseOf<'listBoardArcRequests'>['rows'][number];
type ArcVoteBody = BodyOf<'voteOnArcRequest'>;

function chosen(event: FlowEvent, vote: ArcVoteBody['vote']) {
  return { arcRequest: (event as { arc?: ArcRow }).arc ?? null, arcVote: null, approvingArc: vote === 'approve', decliningArc: vote === 'decline' };
}

/** The vote as the server takes it: a comment of spaces is none, and none is left out. */
export function arcVoteBody(vote: ArcVoteBody['vote'], data: unknown): ArcVoteBody {
  const comment = (data as { comment?: unknown } | undefined)?.comment;
  return typeof comment === 'string' && comment.trim() ? { vote, comment: comment.trim() } : { vote };
}

export const dashboardArcVoteFlow: FlowModule = {
  assigns: {
    chooseArcToApprove: ({ event }) => chosen(event, 'approve'),
    chooseArcToDecline: ({ event }) => chosen(event, 'decline'),
    keepArcVote: ({ context, event }) => ({ arcVote: arcVoteBody(context.approvingArc ? 'approve' : 'decline', event.data) }),
    forgetArcVote: () => ({ arcRequest: null, arcVote: null, approvingArc: false, decliningArc: false }),
  },
};
