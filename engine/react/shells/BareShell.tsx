import { Box, Container, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslator } from '../app/translation.ts';
import { Footer, Main, SkipLink } from './parts.tsx';
import { FrameNotice } from './frame-notice.tsx';

/** A plain frame for pages outside the portal navigation (not found, server error, sign-in hand-offs). */
export function BareShell({ children }: { children: ReactNode }) {
  const { t } = useTranslator();
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <FrameNotice />
      <Box as="header" bg="frame.bg" color="frame.fg" py="4" css={{ "& a": { color: "frame.fg" } }}>
        <Container maxW="6xl"><Text fontWeight="bold" fontSize="lg">{t('app.name')}</Text></Container>
      </Box>
      <Main>{children}</Main>
      <Footer />
    </Flex>
  );
}
