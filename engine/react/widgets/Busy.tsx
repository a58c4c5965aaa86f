import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function Busy() {
  const { t } = useTranslation();
  return (
    <Center py="10" role="status">
      <Spinner size="lg" color="brand.solid" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </Center>
  );
}
