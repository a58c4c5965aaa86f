import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { createHomeownerRequest, getHomeownerRequest, getHomeownerRequestOptions, listHomeownerRequests, replyToHomeownerRequest } from './requests.ts';
import { downloadHomeownerRequestAttachment, listHomeownerRequestAttachments, uploadHomeownerRequestAttachment } from './attachments.ts';
import {
  decideArcRequest,
  downloadBoardArcAttachment,
  getBoardArcRequest,
  getBoardTaskOverview,
  listBoardArcMessages,
  listBoardArcRequests,
  postBoardArcMessage,
  retractArcVote,
  voteOnArcRequest,
} from './arc-review.ts';

export const actionItemsHandlers: OperationHandlers<GroupOperationId<'action-items'>> = {
  listHomeownerRequests,
  getHomeownerRequest,
  getHomeownerRequestOptions,
  createHomeownerRequest,
  replyToHomeownerRequest,
  listHomeownerRequestAttachments,
  uploadHomeownerRequestAttachment,
  downloadHomeownerRequestAttachment,
  listBoardArcRequests,
  getBoardArcRequest,
  listBoardArcMessages,
  postBoardArcMessage,
  voteOnArcRequest,
  retractArcVote,
  decideArcRequest,
  downloadBoardArcAttachment,
  getBoardTaskOverview,
};
