import { useId, useRef, useState } from 'react';
import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { describeError } from '../../core/flow/builtins.ts';
import { resolveBindings } from '../../core/bindings.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useTranslator } from '../app/translation.ts';
import { useOperationRequest } from './DataWidget.tsx';
import { useErrorText } from './error-text.ts';
import { useFlowView } from './flow-context.ts';
import type { WidgetProps } from '../component-types.ts';

type Failure = { text: string } | { error: ReturnType<typeof describeError> } | null;

/**
 * A file chosen and sent to an operation as multipart form data (`file` plus the `body` fields), with its
 * progress shown; on success the surrounding flow gets `event` with the answer as `data`. A file
 * over `maxMegabytes` is refused before anything is sent; the server's refusal is shown as it says it.
 */
export function UploadWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const scope = useScope();
  const flow = useFlowView();
  const { t } = useTranslator();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const request = useOperationRequest(node);
  const [share, setShare] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const serverText = useErrorText(failure && 'error' in failure ? failure.error : null);
  const errorText = failure && 'text' in failure ? failure.text : serverText;
  const maxMegabytes = Number(resolveBindings(node.maxMegabytes, scope) ?? 0);
  const errorId = `${id}-error`;

  async function send() {
    const file = input.current?.files?.[0];
    setFailure(null);
    if (!file) { setFailure({ text: t(String(node.required)) }); return; }
    if (maxMegabytes > 0 && file.size > maxMegabytes * 1024 * 1024) {
      setFailure({ text: t(String(node.tooLarge), { megabytes: maxMegabytes }) });
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(resolveBindings<Record<string, unknown>>(node.body ?? {}, scope))) form.append(name, String(value ?? ''));
    form.append(typeof node.fileField === 'string' ? node.fileField : 'file', file, file.name);
    setShare(0);
    try {
      const answer = await runtime.files.upload(String(node.operation), { params: request.params, query: request.query, suppressToast: true }, form, setShare);
      if (input.current) input.current.value = '';
      flow?.send({ type: String(node.event), data: answer });
    } catch (error) {
      setFailure({ error: describeError(error) });
    } finally {
      setShare(null);
    }
  }

  const busy = share !== null;
  return (
    <Stack gap="2" alignItems="flex-start" borderWidth="1px" borderRadius="l2" p="4" width="100%">
      <chakra.label htmlFor={id} fontWeight="medium">{t(String(node.label))}</chakra.label>
      {node.help ? <Text id={`${id}-help`} fontSize="sm" color="fg.muted">{t(String(node.help))}</Text> : null}
      <chakra.input ref={input} id={id} type="file" accept={typeof node.accept === 'string' ? node.accept : undefined} disabled={busy}
        aria-describedby={[node.help ? `${id}-help` : '', errorText ? errorId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={errorText ? true : undefined} onChange={() => setFailure(null)} />
      {errorText ? <Text id={errorId} role="alert" color="fg.error" fontSize="sm" fontWeight="medium">{errorText}</Text> : null}
      {busy ? (
        <>
          <chakra.progress value={share ?? 0} max={1} width="100%" aria-label={t(String(node.label))} />
          <Text role="status" fontSize="sm">{t(String(node.progress), { percent: Math.round((share ?? 0) * 100) })}</Text>
        </>
      ) : null}
      <Button colorPalette="brand" onClick={() => void send()} loading={busy} disabled={!request.ready}>{t(String(node.submit))}</Button>
    </Stack>
  );
}
