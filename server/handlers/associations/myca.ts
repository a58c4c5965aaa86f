// MyCA, the association's assistant (docs/server.md, "MyCA"): a question answered as server-sent
// events, the asker's conversations, and feedback on the answers. Who may read what is decided
// here once (documentAccess, the same rule as the document library) and goes into the retrieval
// query itself.
import { PassThrough } from 'node:stream';
import { principalOf, type OperationHandler } from '../types.ts';
import { ApiError } from '../../errors.ts';
import { documentAccess, readablePermissions } from '../../authz/document-access.ts';
import { makeAnswer } from '../../myca/answer.ts';
import { modelSettings } from '../../myca/model-settings.ts';
import { getConversation, listConversations, listFeedback, offersOf, openConversation, rateAnswer, recordAnswer } from '../../myca/conversations.ts';
import type { RateLimiter, RateRuleName } from '../../ratelimit.ts';

const LIMITS: Record<'mycaAsker' | 'mycaAssociation', { code: string; says: string }> = {
  mycaAsker: { code: 'MYC003', says: 'You have asked MyCA 20 questions in the last 10 minutes.' },
  mycaAssociation: { code: 'MYC004', says: 'MyCA has answered as many questions as it can for this association today.' },
};

/** Counts the question against a limit, refused with MyCA's own code and words. */
async function countQuestion(limiter: RateLimiter, rule: RateRuleName & keyof typeof LIMITS, ...key: string[]): Promise<void> {
  try {
    await limiter.consume(rule, ...key);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    const when = minutes >= 60 ? 'tomorrow' : `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
    throw new ApiError(429, `${LIMITS[rule].says} Please try again ${when}.`, { errorCode: LIMITS[rule].code, retryAfterSeconds: error.retryAfterSeconds });
  }
}

/** One server-sent event. */
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export const askMyca: OperationHandler<'askMyca'> = async (req, services) => {
  const associationId = req.params.id;
  const userId = req.caller.kind === 'user' ? req.caller.userId : null;
  await countQuestion(services.rateLimiter, 'mycaAsker', userId === null ? `ip:${req.ip}` : `user:${userId}`);
  await countQuestion(services.rateLimiter, 'mycaAssociation', String(associationId));
  const now = services.realClock();
  const conversation = await openConversation(services.db, { conversationId: req.body.conversationId, associationId, userId, now });
  const { rows: [association] } = await services.db.query<{ name: string; company_id: number; company_code: string }>(
    `SELECT a.name, c.id AS company_id, c.code AS company_code FROM associations a JOIN management_companies c ON c.id = a.management_company_id
      WHERE a.id = $1`, [associationId]);
  const access = await documentAccess(services.db, req.caller, associationId);
  const model = await modelSettings(services.settings, { id: Number(association.company_id), code: association.company_code });
  const question = req.body.question.trim();

  const stream = new PassThrough();
  const gone = new AbortController();
  // The asker left (the answer's connection closed): a model still answering is not waited for.
  stream.on('close', () => gone.abort());
  stream.write(event('conversation', { conversationId: conversation.id, associationName: association.name }));
  void (async () => {
    try {
      const made = await makeAnswer(services.db, {
        associationId, associationName: association.name, permissions: readablePermissions(access.readLevel), userId,
        question, history: conversation.history, model, now, signal: gone.signal,
        onDelta: (text) => { if (!gone.signal.aborted) stream.write(event('delta', { text })); },
      });
      const answerId = await recordAnswer(services.db, { conversationId: conversation.id, question, answer: made.text, refused: made.refused, citations: made.citations, madeBy: made.madeBy, now });
      stream.end(event('done', { answerId, text: made.text, refused: made.refused, citations: made.citations, offers: offersOf(made.refused) }));
    } catch (error) {
      services.log.error({ err: error, operationId: 'askMyca' }, 'MyCA could not answer');
      stream.end(event('failed', { errorCode: 'MYC005', message: 'MyCA could not answer right now. Please try again in a moment.' }));
    }
  })();
  return { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' }, content: stream };
};

export const rateMycaAnswer: OperationHandler<'rateMycaAnswer'> = async (req, services) => {
  const comment = req.body.comment?.trim();
  await rateAnswer(services.db, {
    associationId: req.params.id, answerId: req.params.answerId, userId: req.caller.kind === 'user' ? req.caller.userId : null,
    helpful: req.body.helpful, comment: comment ? comment : null, now: services.realClock(),
  });
  return { status: 204 };
};

export const listMycaFeedback: OperationHandler<'listMycaFeedback'> = async (req, services) =>
  ({ status: 200, body: { feedback: await listFeedback(services.db, req.params.id) } });

export const listMycaConversations: OperationHandler<'listMycaConversations'> = async (req, services) =>
  ({ status: 200, body: { conversations: await listConversations(services.db, principalOf(req).userId, services.realClock()) } });

export const getMycaConversation: OperationHandler<'getMycaConversation'> = async (req, services) =>
  ({ status: 200, body: await getConversation(services.db, principalOf(req).userId, req.params.conversationId, services.realClock()) });
