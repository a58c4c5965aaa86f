// What a chat holds, without React: its turns (a question and the answer it got) changed by the
// answer's server-sent events, an answer's text cut at its `[n]` markers, and the addresses of the
// links a refused answer offers.
import type { StreamEvent } from '../../../core/api/client.ts';

export interface Citation { ref: number; title: string; page?: number; href: string; kind?: string }

export interface Turn {
  /** The turn's own key in the list (an answer's id once it has one is not known at first). */
  key: string;
  question: string;
  text: string;
  /** waiting: nothing of the answer yet; streaming: its pieces arriving; done: the whole answer. */
  state: 'waiting' | 'streaming' | 'done';
  answerId?: string;
  refused: boolean;
  citations: Citation[];
  offers: string[];
  /** The asker's feedback, when given (or read with the conversation). */
  helpful: boolean | null;
}

/** The questions asked here, the conversation they follow, and the ratings given here (by turn key, earlier turns' too). */
export interface Chat { conversationId?: string; turns: Turn[]; ratings: Record<string, boolean> }

export type ChatAction =
  | { type: 'ask'; key: string; question: string }
  | { type: 'event'; key: string; event: StreamEvent }
  | { type: 'drop'; key: string }
  | { type: 'rated'; key: string; helpful: boolean };

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function citationsOf(value: unknown): Citation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const { ref, title, page, href, kind } = record(item);
    if (typeof ref !== 'number' || typeof title !== 'string' || typeof href !== 'string') return [];
    return [{ ref, title, href, ...(typeof page === 'number' ? { page } : {}), ...(typeof kind === 'string' ? { kind } : {}) }];
  });
}

const namesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : []);

/** A turn of a conversation read back (`turns[]` of the conversation read). */
export function turnOf(value: unknown, index: number): Turn {
  const item = record(value);
  const answerId = text(item.answerId);
  return {
    key: answerId ?? `read-${index}`,
    question: text(item.question) ?? '',
    text: text(item.text) ?? '',
    state: 'done',
    ...(answerId ? { answerId } : {}),
    refused: item.refused === true,
    citations: citationsOf(item.citations),
    offers: namesOf(item.offers),
    helpful: typeof item.helpful === 'boolean' ? item.helpful : null,
  };
}

/** A conversation read back: its id and its turns. */
export function conversationOf(value: unknown): { conversationId?: string; turns: Turn[] } {
  const answer = record(value);
  const turns = Array.isArray(answer.turns) ? answer.turns.map(turnOf) : [];
  return { ...(text(answer.conversationId) ? { conversationId: text(answer.conversationId) } : {}), turns };
}

function change(chat: Chat, key: string, update: (turn: Turn) => Turn): Chat {
  return { ...chat, turns: chat.turns.map((turn) => (turn.key === key ? update(turn) : turn)) };
}

export function chatReducer(chat: Chat, action: ChatAction): Chat {
  switch (action.type) {
    case 'ask':
      return { ...chat, turns: [...chat.turns, { key: action.key, question: action.question, text: '', state: 'waiting', refused: false, citations: [], offers: [], helpful: null }] };
    case 'drop':
      return { ...chat, turns: chat.turns.filter((turn) => turn.key !== action.key) };
    case 'rated':
      return { ...chat, ratings: { ...chat.ratings, [action.key]: action.helpful } };
    case 'event': {
      const data = record(action.event.data);
      switch (action.event.event) {
        case 'conversation':
          return text(data.conversationId) ? { ...chat, conversationId: text(data.conversationId) } : chat;
        case 'delta':
          return change(chat, action.key, (turn) => (turn.state === 'done' ? turn : { ...turn, state: 'streaming', text: turn.text + (text(data.text) ?? '') }));
        case 'done':
          return change(chat, action.key, (turn) => ({
            ...turn,
            state: 'done',
            text: text(data.text) ?? turn.text,
            ...(text(data.answerId) ? { answerId: text(data.answerId) } : {}),
            refused: data.refused === true,
            citations: citationsOf(data.citations),
            offers: namesOf(data.offers),
          }));
        default:
          return chat;
      }
    }
  }
}

export type Piece = string | { ref: number; citation: Citation };

/** An answer's text cut at its `[n]` markers: a marker with a citation of that `ref` becomes one. */
export function markedPieces(answer: string, citations: Citation[]): Piece[] {
  const byRef = new Map(citations.map((citation) => [citation.ref, citation]));
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of answer.matchAll(/\[(\d+)\]/g)) {
    const citation = byRef.get(Number(match[1]));
    if (!citation) continue;
    if (match.index > last) pieces.push(answer.slice(last, match.index));
    pieces.push({ ref: citation.ref, citation });
    last = match.index + match[0].length;
  }
  if (last < answer.length) pieces.push(answer.slice(last));
  return pieces;
}

/** The first `max` characters of a question on one line, cut at a word, with an ellipsis when cut. */
export function shortened(question: string, max = 100): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How much of a conversation an offer's address carries: the forms it fills take 5,000 characters. */
export const CONVERSATION_MAX = 1800;

/**
 * The conversation up to a question, as plain text for a form an offer opens: each earlier
 * question and its answer (citation markers left out) under their labels, then the question. When
 * too long, the earliest turns give way (the question itself is always there, cut if need be).
 */
export function conversationText(turns: readonly Turn[], upTo: number, labels: { asked: string; answered: string }, max = CONVERSATION_MAX): string {
  const question = `${labels.asked} ${turns[upTo].question.trim()}`;
  const earlier = turns.slice(0, upTo).filter((turn) => turn.state === 'done').map((turn) =>
    `${labels.asked} ${turn.question.trim()}\n${labels.answered} ${turn.text.replace(/\s*\[\d+\]/g, '').trim()}`);
  let kept = earlier;
  const length = (parts: string[]) => [...parts, question].join('\n\n').length;
  while (kept.length > 0 && length(kept) > max) kept = kept.slice(1);
  const text = [...kept, question].join('\n\n');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `{{name}}` placeholders of an address filled with the values, URI-encoded (a missing one empty). */
export function filledAddress(to: string, values: Record<string, string | undefined>): string {
  return to.replace(/\{\{(\w+)\}\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
