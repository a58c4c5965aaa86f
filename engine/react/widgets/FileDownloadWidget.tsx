import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { describeError } from '../../core/flow/builtins.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useOperationRequest } from './DataWidget.tsx';
import { useNodeText } from './basic.tsx';
import { useErrorText } from './error-text.ts';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/**
 * A button that saves a file read through an operation with the caller's token (a link cannot
 * carry it), under the name the server gives it (else `fileName`). A failure is said beside it.
 */
export function FileDownloadWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const scope = useScope();
  const request = useOperationRequest(node);
  const text = useNodeText(node.text, node.values);
  const label = useNodeText(node.label, node.values);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof describeError> | null>(null);
  const errorText = useErrorText(failure);
  const fallbackName = displayValue(node.fileName, scope, runtime);

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      const { blob, name } = await runtime.files.download(String(node.operation), { params: request.params, query: request.query, suppressToast: true });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name ?? (typeof fallbackName === 'string' ? fallbackName : '');
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The browser has taken the file once the click is handled; the address is freed a little later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="1" alignItems="flex-start">
      <Button size="sm" variant="outline" colorPalette="brand" aria-label={label || undefined} onClick={() => void save()} loading={busy} disabled={!request.ready}>{text}</Button>
      {errorText ? <Text role="alert" color="fg.error" fontSize="sm">{errorText}</Text> : null}
    </Stack>
  );
}
