import { Center, Spinner } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';
import { useWaitingMark } from '../app/settled.ts';

export function Busy() {
  const { t } = useTranslator();
  useWaitingMark();
  return (
    <Center py="10" role="status" data-busy="">
      <Spinner size="lg" color="brand.solid" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </Center>
  );
}
