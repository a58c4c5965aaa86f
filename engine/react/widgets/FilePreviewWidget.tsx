import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chakra, Image, Text } from '@chakra-ui/react';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useTranslator } from '../app/translation.ts';
import { Busy } from './Busy.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useOperationRequest } from './DataWidget.tsx';
import { useNodeText } from './basic.tsx';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/**
 * A file read through an operation with the caller's token, shown in the page: a picture as an
 * image, a PDF in a frame (the browser's own viewer); anything else says it cannot be shown.
 */
export function FilePreviewWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const scope = useScope();
  const { t } = useTranslator();
  const request = useOperationRequest(node);
  const title = useNodeText(node.title, node.values);
  const operation = String(node.operation);
  const file = useQuery({
    queryKey: ['file', operation, request.params, request.query],
    queryFn: () => runtime.files.download(operation, { params: request.params, query: request.query, suppressToast: true }),
    enabled: request.ready,
    // The bytes are kept only while shown: another visit reads the file again.
    gcTime: 0,
    retry: false,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);

  if (file.isError) return <LoadFailed text={node.error} error={file.error} retry={() => void file.refetch()} />;
  if (!url || !file.data) return <Busy />;
  const type = file.data.blob.type || String(displayValue(node.contentType, scope, runtime) ?? '');
  if (type.startsWith('image/')) {
    return <Image src={url} alt={title} maxWidth="100%" maxHeight="80vh" objectFit="contain" borderWidth="1px" borderRadius="l2" />;
  }
  if (type === 'application/pdf') {
    // Out of the Tab order: the browser's PDF viewer keeps the keyboard once inside it, so Tab could
    // never leave the page's frame again. Its download, beside it, opens the document in full.
    return <chakra.iframe src={url} title={title} tabIndex={-1} width="100%" height="80vh" borderWidth="1px" borderRadius="l2" />;
  }
  return <Text>{t(String(node.unavailable))}</Text>;
}
