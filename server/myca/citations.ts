// Whether a model's answer may be shown: every claim must point at a passage the owner was given,
// so an answer citing a passage that does not exist (an invented source) or citing none at all
// falls back to the extractive answer, which cannot invent anything. Only a plain "I don't know"
// may stand without a citation.
import { ModelError } from './model-error.ts';

export interface CitationCheck {
  ok: boolean;
  /** The allowed ids the answer cites, in order of first appearance. */
  cited: string[];
  /** The ids it cites that are not among the passages. */
  unknown: string[];
}

export type AnswerDecision =
  | { use: 'model'; text: string; cited: string[] }
  | { use: 'extractive'; reason: 'unknown-citation' | 'error' | 'timeout' | 'no-citation' };

/** What asking the model came to: its answer, or what it failed with. */
export type ModelOutcome = { text: string } | { error: unknown };

/** A bracketed group not followed by "(" (a markdown link's text is not a citation). */
const BRACKETS = /\[([^[\]\n]{1,200})\](?!\()/g;
/** A passage id: a letter and a digit at least ("p3", "doc-12", "p3.2"); "[sic]", "[2026]" are not citations. */
const ID = /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[A-Za-z0-9][\w.:#-]*$/;
/** A redaction placeholder (redact.ts) is a withheld detail, not a source. */
const PLACEHOLDER = /^(?:EMAIL|PHONE|ACCOUNT|ADDRESS)_\d+$/;

/** Every id cited in square brackets ("[p1]", "[p1, p3]", "[p1; p3]", "[p1 and p3]", "[p1][p3]"), in order, once each. */
export function citedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const [, inside] of text.matchAll(BRACKETS)) {
    const tokens = inside.split(/[\s,;]+/).filter((t) => t !== '' && t.toLowerCase() !== 'and');
    if (tokens.length === 0 || !tokens.every((t) => ID.test(t)) || tokens.some((t) => PLACEHOLDER.test(t))) continue;
    for (const token of tokens) ids.add(token);
  }
  return [...ids];
}

// The refusal the system prompt asks for, and the ways models word it anyway.
const REFUSAL = /\b(?:i\s+(?:do\s+not|don['’]t)\s+know|i\s+(?:could\s+not|couldn['’]t|can\s*not|can['’]t|was\s+unable\s+to|am\s+unable\s+to)\s+find|(?:passages|documents|material)\s+(?:do\s+not|don['’]t)\s+(?:say|answer|mention|cover|contain)|not\s+(?:covered|mentioned|answered)\s+in\s+the\s+(?:passages|documents|material))\b/i;
/** A refusal is short: a long answer that also says "I don't know" somewhere still makes claims. */
const REFUSAL_MAX_LENGTH = 300;

/** A plain "I don't know": nothing claimed, so nothing to cite. */
export function isRefusal(text: string): boolean {
  const plain = text.trim();
  return plain.length > 0 && plain.length <= REFUSAL_MAX_LENGTH && REFUSAL.test(plain);
}

/** Which ids `answerText` cites, which of them are unknown, and whether it may be shown. */
export function checkCitations(answerText: string, allowedIds: Iterable<string>): CitationCheck {
  const allowed = new Set(allowedIds);
  const all = citedIds(answerText);
  const cited = all.filter((id) => allowed.has(id));
  const unknown = all.filter((id) => !allowed.has(id));
  const ok = unknown.length === 0 && (cited.length > 0 || isRefusal(answerText));
  return { ok, cited, unknown };
}

/** askModel's promise as an outcome: what decideAnswer takes, without a try around every call. */
export async function settle(answer: Promise<{ text: string }>): Promise<ModelOutcome> {
  try {
    return { text: (await answer).text };
  } catch (error) {
    return { error };
  }
}

/** The model's answer when it is sound, else the extractive answer with the reason. */
export function decideAnswer(outcome: ModelOutcome, allowedIds: Iterable<string>): AnswerDecision {
  if ('error' in outcome) {
    const timedOut = outcome.error instanceof ModelError && outcome.error.failure === 'timeout';
    return { use: 'extractive', reason: timedOut ? 'timeout' : 'error' };
  }
  const check = checkCitations(outcome.text, allowedIds);
  if (check.unknown.length > 0) return { use: 'extractive', reason: 'unknown-citation' };
  if (!check.ok) return { use: 'extractive', reason: 'no-citation' };
  return { use: 'model', text: outcome.text, cited: check.cited };
}
