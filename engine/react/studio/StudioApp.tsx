import { Box, Container, HStack, Link as ChakraLink, Spinner, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link as RouterLink, Route, Routes, useLocation } from 'react-router';
import { DesignFrame } from './DesignFrame.tsx';
import { FlowPage } from './FlowPage.tsx';
import { FlowsPage } from './FlowsPage.tsx';
import { FormFrame } from './FormFrame.tsx';
import { FormPage } from './FormPage.tsx';
import { FormsPage } from './FormsPage.tsx';
import { RoutesPage } from './RoutesPage.tsx';
import { StudioHome } from './StudioHome.tsx';
import { STUDIO, StudioLink } from './studio-parts.tsx';

const sections = [
  { to: STUDIO, text: 'Studio', end: true },
  { to: `${STUDIO}/routes`, text: 'Routes' },
  { to: `${STUDIO}/forms`, text: 'Forms' },
  { to: `${STUDIO}/flows`, text: 'Flows' },
];

function Failed({ error }: { error: unknown }) {
  return <Box role="alert" borderWidth="1px" borderColor="border.error" p="4" borderRadius="l2">{error instanceof Error ? error.message : String(error)}</Box>;
}

function Loading() {
  return <HStack gap="2" role="status"><Spinner size="sm" aria-hidden="true" /><Text>Loading…</Text></HStack>;
}

function StudioFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Another page: the keyboard and screen reader start from its content, as after a page load.
  const main = useRef<HTMLDivElement>(null);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) main.current?.focus();
  }, [pathname]);
  const current = (section: (typeof sections)[number]) => (section.end ? pathname === section.to || pathname === `${section.to}/` : pathname.startsWith(section.to));
  return (
    <>
      <Box as="header" borderBottomWidth="1px" py="3">
        <Container maxW="7xl">
          <nav aria-label="Studio">
            <HStack as="ul" gap="6" listStyleType="none" m="0" p="0" wrap="wrap">
              {sections.map((section) => (
                <li key={section.to}>
                  <ChakraLink asChild color="brand.fg" fontWeight={current(section) ? 'bold' : 'normal'} textDecoration={current(section) ? 'none' : 'underline'}>
                    <RouterLink to={section.to} aria-current={current(section) ? 'page' : undefined}>{section.text}</RouterLink>
                  </ChakraLink>
                </li>
              ))}
            </HStack>
          </nav>
        </Container>
      </Box>
      <Container as="main" ref={main} tabIndex={-1} outline="none" maxW="7xl" py="6">
        <ErrorBoundary FallbackComponent={Failed} resetKeys={[pathname]}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </ErrorBoundary>
      </Container>
    </>
  );
}

export function StudioApp() {
  const framed = (page: ReactNode) => <StudioFrame>{page}</StudioFrame>;
  return (
    <Routes>
      <Route path={STUDIO} element={framed(<StudioHome />)} />
      <Route path={`${STUDIO}/routes`} element={framed(<RoutesPage />)} />
      <Route path={`${STUDIO}/forms`} element={framed(<FormsPage />)} />
      <Route path={`${STUDIO}/forms/:id`} element={framed(<FormPage />)} />
      <Route path={`${STUDIO}/flows`} element={framed(<FlowsPage />)} />
      <Route path={`${STUDIO}/flows/:name`} element={framed(<FlowPage />)} />
      {/* A form alone, without the gallery around it: what the frames of a form's page show. */}
      <Route path={`${STUDIO}/form-frame/:id`} element={<Container as="main" maxW="none" py="4"><ErrorBoundary FallbackComponent={Failed}><Suspense fallback={<Loading />}><FormFrame /></Suspense></ErrorBoundary></Container>} />
      {/* The layout widgets together in one theme, as docs/design.md shows them. */}
      <Route path={`${STUDIO}/design-frame`} element={<Box as="main"><ErrorBoundary FallbackComponent={Failed}><Suspense fallback={<Loading />}><DesignFrame /></Suspense></ErrorBoundary></Box>} />
      <Route path="*" element={framed(<Text>No such page of the studio. <StudioLink to={STUDIO}>Back to the studio</StudioLink>.</Text>)} />
    </Routes>
  );
}
