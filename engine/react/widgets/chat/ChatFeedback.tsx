import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, chakra, Stack, Text, Textarea } from '@chakra-ui/react';
import { resolveBindings } from '../../../core/bindings.ts';
import { describeError } from '../../../core/flow/builtins.ts';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import { useTranslator } from '../../app/translation.ts';
import { useErrorText } from '../error-text.ts';
import type { Turn } from './chat-model.ts';

export interface FeedbackConfig {
  operation: string;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  prompt: string; helpful: string; notHelpful: string; comment: string; send: string; thanks: string;
}

// Its buttons are never disabled while a rating is sent (a press then does nothing): a disabled
// button would drop the keyboard's focus to the page.
/**
 * Helpful / Not helpful on one answer (toggle buttons; a press is sent at once), then an optional
 * comment sent with the same rating, then thanks. The operation's request is bound against `$chat`:
 * `answerId`, `helpful`, `comment` (absent when empty) and `conversationId`.
 */
export function ChatFeedback({ feedback, turn, conversationId, onRated }: {
  feedback: FeedbackConfig; turn: Turn; conversationId?: string; onRated: (helpful: boolean) => void;
}) {
  const runtime = useRuntime();
  const scope = useScope();
  const { t } = useTranslator();
  const id = useId();
  const [phase, setPhase] = useState<'rate' | 'comment' | 'thanks'>('rate');
  const [comment, setComment] = useState('');
  const [sentComment, setSentComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof describeError> | null>(null);
  const errorText = useErrorText(error);
  const thanks = useRef<HTMLParagraphElement>(null);

  // The comment field and its button are gone once it is sent: the focus goes to what replaced them.
  useEffect(() => { if (phase === 'thanks') thanks.current?.focus(); }, [phase]);

  async function send(helpful: boolean, withComment: string): Promise<boolean> {
    const chat = { answerId: turn.answerId, conversationId, helpful, comment: withComment.trim() || undefined };
    const bound = { ...scope, chat };
    setBusy(true);
    setError(null);
    try {
      await runtime.environment().call(feedback.operation, {
        params: resolveBindings(feedback.params ?? {}, bound), query: resolveBindings(feedback.query ?? {}, bound),
        body: resolveBindings(feedback.body ?? {}, bound), suppressToast: true,
      });
      return true;
    } catch (failure) {
      setError(describeError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function rate(helpful: boolean) {
    if (busy) return;
    if (await send(helpful, sentComment)) {
      onRated(helpful);
      if (phase === 'rate') setPhase('comment');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || turn.helpful === null) return;
    if (await send(turn.helpful, comment)) {
      setSentComment(comment);
      setPhase('thanks');
    }
  }

  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  return (
    <Stack gap="2" role="group" aria-labelledby={promptId} mt="2">
      <Text id={promptId} fontSize="sm" color="fg.muted">{t(feedback.prompt)}</Text>
      <Stack direction="row" wrap="wrap" gap="2">
        {([true, false] as const).map((value) => (
          <Button key={String(value)} size="sm" colorPalette="brand" variant={turn.helpful === value ? 'solid' : 'outline'}
            aria-pressed={turn.helpful === value} aria-disabled={busy || undefined} onClick={() => void rate(value)}>
            {t(value ? feedback.helpful : feedback.notHelpful)}
          </Button>
        ))}
      </Stack>
      {phase === 'comment' ? (
        <chakra.form onSubmit={(event) => void submit(event)} display="flex" flexDirection="column" gap="2" alignItems="flex-start" width="100%">
          <chakra.label htmlFor={`${id}-comment`} fontSize="sm" fontWeight="medium">{t(feedback.comment)}</chakra.label>
          <Textarea id={`${id}-comment`} size="sm" rows={2} maxLength={1000} value={comment} readOnly={busy}
            aria-describedby={errorText ? errorId : undefined} onChange={(event) => setComment(event.target.value)} />
          <Button type="submit" size="sm" colorPalette="brand" variant="outline" aria-disabled={busy || undefined}>{t(feedback.send)}</Button>
        </chakra.form>
      ) : null}
      {phase === 'thanks' ? <Text ref={thanks} tabIndex={-1} role="status" fontSize="sm">{t(feedback.thanks)}</Text> : null}
      {errorText ? <Text id={errorId} role="alert" color="fg.error" fontSize="sm">{errorText}</Text> : null}
    </Stack>
  );
}
