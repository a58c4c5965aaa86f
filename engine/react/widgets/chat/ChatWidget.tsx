import { useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, chakra, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { resolveBindings } from '../../../core/bindings.ts';
import { describeError } from '../../../core/flow/builtins.ts';
import { useInteractive } from '../../app/interactive.tsx';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import { useTranslator } from '../../app/translation.ts';
import type { WidgetProps } from '../../component-types.ts';
import { Busy } from '../Busy.tsx';
import { useOperationRequest } from '../DataWidget.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import type { FeedbackConfig } from './ChatFeedback.tsx';
import { ChatTurn, type Offers, type TurnTexts } from './ChatTurn.tsx';
import { chatReducer, conversationOf, conversationText } from './chat-model.ts';

let asked = 0;

/**
 * A conversation with an assistant (docs/widgets.md, `chat`): each question is sent to `operation`
 * with the conversation it follows, and its answer grows as its server-sent events arrive. A question
 * that gets no answer goes back into the field, with the reason said under it.
 */
export function ChatWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const scope = useScope();
  const { t, exists } = useTranslator();
  const interactive = useInteractive();
  const id = useId();
  const request = useOperationRequest(node);
  const [chat, dispatch] = useReducer(chatReducer, { turns: [], ratings: {} });
  const [draft, setDraft] = useState('');
  const [answering, setAnswering] = useState<'waiting' | 'streaming' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const running = useRef<AbortController | null>(null);
  const earlier = useEarlierConversation(node.conversation as ConversationConfig | undefined);
  // The conversation followed: the one this widget's questions began or continued, else the one read back.
  const conversationId = chat.conversationId ?? earlier.conversationId;
  // A question asked here that a later read of the conversation already holds is shown once.
  const known = new Set(earlier.turns.map((turn) => turn.answerId).filter(Boolean));
  const turns = [...earlier.turns, ...chat.turns.filter((turn) => !turn.answerId || !known.has(turn.answerId))]
    .map((turn) => (turn.key in chat.ratings ? { ...turn, helpful: chat.ratings[turn.key] } : turn));

  // A page left while an answer streams stops reading it.
  useEffect(() => () => running.current?.abort(), []);

  const failedText = t(String(node.failed));
  /** What a failure says: the catalogue's text for its error code, a refusal's own words, else the widget's text. */
  const reason = (code: unknown, detail?: unknown): string => {
    if (typeof code === 'string' && exists(`errorCodes.${code}`)) return t(`errorCodes.${code}`);
    return typeof detail === 'string' && detail ? detail : failedText;
  };

  async function ask() {
    const question = draft.trim();
    if (!question || answering || !request.ready || !interactive) return;
    const key = `question-${++asked}`;
    const abort = new AbortController();
    running.current = abort;
    const outcome: { done: boolean; failure: string | null; conversationId?: unknown } = { done: false, failure: null };
    const bound = { ...scope, chat: { question, conversationId } };
    setFailure(null);
    setDraft('');
    setAnswering('waiting');
    dispatch({ type: 'ask', key, question });
    // The field keeps the keyboard (a pressed Send is disabled while the answer comes).
    field.current?.focus();
    try {
      await runtime.stream(String(node.operation), {
        params: request.params, query: request.query, body: resolveBindings(node.body ?? {}, bound), suppressToast: true,
      }, (event) => {
        if (outcome.done || outcome.failure) return;
        if (event.event === 'failed') {
          const data = (event.data ?? {}) as { errorCode?: unknown };
          outcome.failure = reason(data.errorCode);
          return;
        }
        if (event.event === 'conversation') outcome.conversationId = (event.data as { conversationId?: unknown } | null)?.conversationId;
        if (event.event === 'delta') setAnswering('streaming');
        if (event.event === 'done') outcome.done = true;
        dispatch({ type: 'event', key, event });
      }, abort.signal);
      if (!outcome.done) outcome.failure ??= failedText;
      const keepIn = (node.conversation as ConversationConfig | undefined)?.keepIn;
      if (outcome.done && keepIn && typeof outcome.conversationId === 'string') keepInAddress(keepIn, outcome.conversationId);
    } catch (error) {
      // Left while it streamed: nothing to show.
      if (abort.signal.aborted) return;
      // An answer that came whole stays, whatever broke after its end.
      if (!outcome.done) {
        const { code, status } = describeError(error);
        const detail = (error as { body?: { detail?: unknown } }).body?.detail;
        // A refusal before the answer began (too many questions) says why in its own words.
        outcome.failure = reason(code, status !== undefined && status >= 400 && status < 500 ? detail : undefined);
      }
    }
    running.current = null;
    setAnswering(null);
    if (outcome.failure) {
      dispatch({ type: 'drop', key });
      setDraft(question);
      setFailure(outcome.failure);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter is a new line; Enter that ends a composition (an input method) is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void ask();
  }

  const texts = node as unknown as TurnTexts;
  const feedback = node.feedback as FeedbackConfig | undefined;
  const fieldId = `${id}-question`;
  const failureId = `${id}-failure`;
  const maxLength = typeof node.maxLength === 'number' ? node.maxLength : undefined;
  return (
    <Stack gap="4" width="100%" minWidth="0">
      {earlier.failed}
      {/* The log comes with the earlier turns, so that they are not announced as if they were new. */}
      {earlier.loading ? <Busy /> : (
        <Box role="log" aria-live="polite" aria-label={t(String(node.label))}>
          <chakra.ul listStyle="none" ps="0" m="0" display="flex" flexDirection="column" gap="5">
            {turns.map((turn, index) => (
              <ChatTurn key={turn.key} turn={turn} texts={texts} offers={node.offers as Offers | undefined} feedback={feedback}
                conversationId={conversationId} onRated={(helpful) => dispatch({ type: 'rated', key: turn.key, helpful })}
                conversation={() => conversationText(turns, index, { asked: t(texts.asked), answered: t(texts.answered) })} />
            ))}
          </chakra.ul>
        </Box>
      )}
      <Box role="status" minHeight="1lh" fontSize="sm" color="fg.muted">
        {answering === 'waiting' ? (
          <Stack direction="row" gap="2" align="center"><Spinner size="sm" aria-hidden="true" /><span>{t(String(node.typing))}</span></Stack>
        ) : null}
      </Box>
      <Stack gap="2" minWidth="0">
        <chakra.label htmlFor={fieldId} fontWeight="medium">{t(String(node.question))}</chakra.label>
        <Textarea ref={field} id={fieldId} rows={3} value={draft} maxLength={maxLength} readOnly={answering !== null}
          placeholder={node.placeholder ? t(String(node.placeholder)) : undefined}
          aria-describedby={failure ? failureId : undefined}
          onChange={(event) => { setDraft(event.target.value); }} onKeyDown={onKeyDown} />
        {failure ? <Text id={failureId} role="alert" color="fg.error" fontSize="sm" fontWeight="medium">{failure}</Text> : null}
        <Button alignSelf="flex-end" colorPalette="brand" onClick={() => void ask()}
          disabled={answering !== null || !request.ready || !interactive}>
          {t(String(node.send))}
        </Button>
      </Stack>
    </Stack>
  );
}

interface ConversationConfig { operation: string; params?: Record<string, unknown>; query?: Record<string, unknown>; error?: string; keepIn?: string }

/**
 * Records the conversation in the page's address (`?<name>=<id>`), replacing the entry rather than
 * adding one and without a navigation: the page is not rendered again (the log stays as it is), but
 * Back to it and a reload read the conversation again.
 */
function keepInAddress(name: string, id: string): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(name) === id) return;
  url.searchParams.set(name, id);
  // The router's own entry state is kept: it still knows where this entry is in the history.
  window.history.replaceState(window.history.state, '', url);
}

/**
 * An earlier conversation, read afresh each time the widget shows (when its request's values are all
 * there, e.g. `?conversation=`): its id and turns, whether it is loading, and what shows when it failed
 * (new questions can still be asked, beginning a conversation).
 */
function useEarlierConversation(config: ConversationConfig | undefined) {
  const runtime = useRuntime();
  const interactive = useInteractive();
  const request = useOperationRequest((config ?? {}) as Record<string, unknown>);
  const enabled = Boolean(config) && request.ready && interactive;
  const read = config ? runtime.readQuery(config.operation, { params: request.params, query: request.query }) : { queryKey: ['chat', 'none'], queryFn: async () => null };
  const result = useQuery({ ...read, enabled, staleTime: 0, refetchOnWindowFocus: false });
  const earlier = useMemo(() => conversationOf(result.data), [result.data]);
  const failed = enabled && result.isError
    ? <LoadFailed text={config?.error ?? 'errors.unexpected'} error={result.error} retry={() => void result.refetch()} /> : null;
  return { ...earlier, loading: enabled && result.isPending, failed };
}
