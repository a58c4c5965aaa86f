import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';

/** What a failed read says: the widget's own text, the server's Error ID when it gave one, and a button to try again. */
export function LoadFailed({ text, error, retry }: { text: unknown; error: unknown; retry: () => void }) {
  const { t } = useTranslator();
  if (!text) return null;
  const body = (error as { body?: { errorId?: unknown } } | null)?.body;
  const errorId = typeof body?.errorId === 'string' ? body.errorId : null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Description>{t(String(text))}</Alert.Description>
        {errorId ? <Text fontSize="sm">{t('errors.errorId', { id: errorId })}</Text> : null}
        <Button size="sm" variant="outline" colorPalette="brand" alignSelf="flex-start" onClick={retry}>{t('errors.tryAgain')}</Button>
      </Stack>
    </Alert.Root>
  );
}
