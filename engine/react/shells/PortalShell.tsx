import { Box, Container, Flex, Image, NativeSelect, Field, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/runtime.ts';
import { useSessionContext, useSessionStatus } from '../app/scope.tsx';
import { Footer, Main, NavList, SkipLink } from './parts.tsx';

interface SelectableGroup { id: number; name: string; logoUrl?: string | null; properties: { propertyId: number; accountNumber: string | null; address: { address1: string } }[] }

function SelectionPicker() {
  const { t } = useTranslation();
  const { session } = useRuntime();
  const context = useSessionContext();
  const groups = (context.associations as SelectableGroup[]) ?? [];
  const selected = context.selectedPropertyId as number | null;
  if (groups.length === 0) return null;
  return (
    <Field.Root width={{ base: '100%', md: '22rem' }}>
      <Field.Label color="frame.fg" fontSize="sm">{t('frame.propertyLabel')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          bg="bg" color="fg"
          value={selected === null ? '' : String(selected)}
          onChange={(event) => session.send({ type: 'SELECT_PROPERTY', propertyId: Number(event.currentTarget.value) })}
        >
          {groups.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.properties.map((property) => (
                <option key={property.propertyId} value={property.propertyId}>
                  {property.address.address1 ? `${group.name} — ${property.address.address1}` : group.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The portal frame: brand, navigation, the selection picker for signed-in users, and the footer. */
export function PortalShell({ children, publicView = false }: { children: ReactNode; publicView?: boolean }) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const status = useSessionStatus();
  const context = useSessionContext();
  const selected = context.selectedAssociation as { name?: string; logoUrl?: string | null } | null;
  const signedIn = status === 'signedIn' && !publicView;
  const user = context.user as { firstName?: string; userName?: string } | null;
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <Box as="header" bg="frame.bg" color="frame.fg" py="3" css={{ "& a": { color: "frame.fg" } }}>
        <Container maxW="6xl">
          <Flex gap="4" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between" wrap="wrap">
            <Flex align="center" gap="3">
              {signedIn && selected?.logoUrl ? <Image src={selected.logoUrl} alt="" height="8" /> : null}
              <Text fontWeight="bold" fontSize="lg" fontFamily="heading">
                {signedIn && selected?.name ? selected.name : t(config.navigation.brand?.text ?? 'app.name')}
              </Text>
            </Flex>
            {signedIn ? <SelectionPicker /> : null}
          </Flex>
          <Flex mt="3" gap="4" justify="space-between" wrap="wrap" className="frame-nav">
            <NavList items={config.navigation.primary} label={t('nav.label')} />
            <Flex gap="4" align="center" wrap="wrap">
              {signedIn && user ? <Text fontSize="sm">{t('frame.signedInAs', { name: user.firstName ?? user.userName })}</Text> : null}
              <NavList items={config.navigation.account} label={t('nav.menu')} />
            </Flex>
          </Flex>
        </Container>
      </Box>
      <Main>{children}</Main>
      <Footer />
    </Flex>
  );
}
