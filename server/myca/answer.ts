// How MyCA makes one answer: the asker's own account facts when the question is about them; else
// the passages the asker may read (retrieve.ts), answered extractively (extractive.ts) or, where
// the company configured one, by its language model, whose answer is kept only when every citation
// is one of the passages it was given (citations.ts). Citations become numbered markers [1], [2]
// in the text, each with the portal page that shows its source.
import type { Queryable } from '../db/index.ts';
import { accountFacts, type AccountFact } from './account-facts.ts';
import { retrieve, type RatedTerm, type RetrievedPassage } from './retrieve.ts';
import { extractiveAnswer } from './extractive.ts';
import { askModel } from './model.ts';
import { decideAnswer, settle } from './citations.ts';
import type { ModelSettings } from './model-settings.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import type { ShownCitation, Turn } from './conversations.ts';

export interface AnswerRequest {
  associationId: number;
  associationName: string;
  /** The folder permissions the asker may read; ['everyone'] for a signed-out visitor. */
  permissions: DocumentPermission[];
  /** The signed-in asker (their account facts), or null. */
  userId: number | null;
  question: string;
  history: Turn[];
  model: ModelSettings | null;
  now: Date;
  signal?: AbortSignal;
  /** Pieces of the answer as they are made; `done`'s text is the one to keep. */
  onDelta: (text: string) => void;
  /** The model's timeout (tests shorten it). */
  modelTimeoutMs?: number;
}

export interface MadeAnswer {
  text: string;
  refused: boolean;
  citations: ShownCitation[];
  madeBy: 'extractive' | 'model';
}

/** The page that shows a passage's source; public pages for a signed-out asker. */
function sourceHref(passage: RetrievedPassage, associationId: number, signedIn: boolean): string {
  const area = signedIn ? '' : '/public';
  switch (passage.kind) {
    case 'document':
      return `/document/${associationId}/${passage.documentId}/preview${passage.page === null ? '' : `?page=${passage.page}`}`;
    case 'faq':
      return `${area}/community/faq${passage.anchor ? `#${passage.anchor}` : ''}`;
    case 'help':
      return `${area}/community/help${passage.anchor ? `#${passage.anchor}` : ''}`;
    case 'calendar':
      return `${area}/community/calendar`;
  }
}

function citationOf(passage: RetrievedPassage, ref: number, associationId: number, signedIn: boolean): ShownCitation {
  const title = passage.kind === 'document' ? passage.documentName ?? 'Document' : passage.title ?? passage.kind;
  return { ref, kind: passage.kind, title, ...(passage.kind === 'document' && passage.page !== null ? { page: passage.page } : {}), href: sourceHref(passage, associationId, signedIn) };
}

/** Numbers the sources in the order they are first cited. */
function numbering() {
  const refs = new Map<string, number>();
  return { refOf: (id: string) => refs.get(id) ?? (refs.set(id, refs.size + 1), refs.size), ids: () => [...refs.keys()] };
}

const refusal = (associationName: string) =>
  `I could not find anything about that in ${associationName}'s documents, FAQ or calendar. The management company can help: start a new request or send them a message.`;

function fromFacts(request: AnswerRequest, facts: AccountFact[]): MadeAnswer {
  const citations: ShownCitation[] = [];
  const sentences = facts.map((fact) => {
    let citation = citations.find((c) => c.href === fact.href);
    if (!citation) citations.push((citation = { ref: citations.length + 1, kind: 'account', title: fact.title, href: fact.href }));
    return `${fact.text} [${citation.ref}]`;
  });
  return { text: `At ${request.associationName}: ${sentences.join(' ')}`, refused: false, citations, madeBy: 'extractive' };
}

function extractively(request: AnswerRequest, passages: RetrievedPassage[], terms: RatedTerm[]): MadeAnswer {
  const found = extractiveAnswer(request.question, passages.map((p) => ({ id: p.id, body: p.body, title: p.title })), terms);
  if (found.refused) return { text: refusal(request.associationName), refused: true, citations: [], madeBy: 'extractive' };
  const { refOf, ids } = numbering();
  const sentences = found.sentences.map((s) => `${s.text} [${refOf(s.passageId)}]`);
  const byId = new Map(passages.map((p) => [p.id, p]));
  const citations = ids().map((id, i) => citationOf(byId.get(id) as RetrievedPassage, i + 1, request.associationId, request.userId !== null));
  return { text: `At ${request.associationName}: ${sentences.join(' ')}`, refused: false, citations, madeBy: 'extractive' };
}

/** The model's text with its passage ids ([p2], [p1, p3]) as the owner's numbered markers. */
function renumbered(text: string, modelIds: Map<string, RetrievedPassage>, request: AnswerRequest): MadeAnswer {
  const { refOf, ids } = numbering();
  const out = text.replace(/\[([^[\]\n]{1,200})\](?!\()/g, (whole, inner: string) => {
    const parts = inner.split(/\s*(?:,|;|\band\b)\s*/).filter(Boolean);
    if (!parts.every((part) => modelIds.has(part))) return whole;
    return parts.map((part) => `[${refOf(part)}]`).join('');
  });
  const citations = ids().map((id, i) => citationOf(modelIds.get(id) as RetrievedPassage, i + 1, request.associationId, request.userId !== null));
  return { text: `At ${request.associationName}: ${out}`, refused: citations.length === 0, citations, madeBy: 'model' };
}

async function withModel(request: AnswerRequest, model: ModelSettings, passages: RetrievedPassage[]): Promise<MadeAnswer | null> {
  const modelIds = new Map(passages.map((p, i) => [`p${i + 1}`, p]));
  const outcome = await settle(askModel({
    endpoint: model.endpoint, model: model.model, apiKey: model.apiKey,
    question: request.question,
    history: request.history.flatMap((turn) => [{ role: 'user' as const, content: turn.question }, { role: 'assistant' as const, content: turn.answer }]),
    passages: [...modelIds].map(([id, p]) => ({ id, title: citationOf(p, 0, request.associationId, true).title, ...(p.page === null ? {} : { page: p.page }), body: p.body })),
    signal: request.signal,
    ...(request.modelTimeoutMs === undefined ? {} : { timeoutMs: request.modelTimeoutMs }),
    onDelta: request.onDelta,
  }));
  const decision = decideAnswer(outcome, modelIds.keys());
  if (decision.use !== 'model') return null;
  const made = renumbered(decision.text, modelIds, request);
  return made.refused ? { text: refusal(request.associationName), refused: true, citations: [], madeBy: 'model' } : made;
}

/** The answer to one question; the deltas are told on the way (the extractive answer sentence by sentence). */
export async function makeAnswer(db: Queryable, request: AnswerRequest): Promise<MadeAnswer> {
  const facts = request.userId === null ? [] : await accountFacts(db, request.userId, request.associationId, request.question);
  if (facts.length > 0) return told(request, fromFacts(request, facts));
  const { passages, terms } = await retrieve(db, {
    associationId: request.associationId, permissions: request.permissions, question: request.question,
    context: request.history.map((turn) => turn.question), now: request.now,
  });
  if (request.model && passages.length > 0) {
    const made = await withModel(request, request.model, passages);
    if (made) return made;
  }
  return told(request, extractively(request, passages, terms));
}

/** Tells an answer made at once as deltas, a sentence at a time, and returns it. */
function told(request: AnswerRequest, made: MadeAnswer): MadeAnswer {
  for (const piece of made.text.match(/[^.!?]+[.!?]+(?:\s*\[\d+\])*\s*|[^.!?]+$/g) ?? [made.text]) request.onDelta(piece);
  return made;
}
