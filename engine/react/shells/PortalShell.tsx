import { Box, Container, Flex, Image, NativeSelect, Field, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslator } from '../app/translation.ts';
import { resolveBindings } from '../../core/bindings.ts';
import type { FrameConfig, NavigationConfig } from '../app/config-types.ts';
import { useInteractive } from '../app/interactive.tsx';
import { useOperationData, useOperationRequest } from '../widgets/DataWidget.tsx';
import { useRuntime } from '../app/runtime.ts';
import { DataScopeProvider, useScope, useSessionStatus } from '../app/scope.tsx';
import { useNodeText } from '../widgets/basic.tsx';
import { Footer, Main, NavList, SkipLink } from './parts.tsx';

interface SelectorGroup { label: string; options: { value: string | number; label: string }[] }

/** The frame's picker (navigation.yaml `selector`): its choice is sent to the session flow. */
function SelectionPicker({ selector }: { selector: NonNullable<NavigationConfig['selector']> }) {
  const { t } = useTranslator();
  const { session } = useRuntime();
  const scope = useScope();
  const groups = resolveBindings<SelectorGroup[] | undefined>(selector.groups, scope) ?? [];
  const selected = resolveBindings<string | number | null>(selector.selected, scope);
  if (groups.length === 0) return null;
  const values = new Map(groups.flatMap((group) => group.options.map((option) => [String(option.value), option.value])));
  return (
    <Field.Root width={{ base: '100%', md: '22rem' }}>
      <Field.Label color="frame.fg" fontSize="sm">{t(selector.label)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          bg="bg" color="fg"
          value={selected === null || selected === undefined ? '' : String(selected)}
          onChange={(event) => session.send({ type: selector.event, [selector.eventField]: values.get(event.currentTarget.value) })}
        >
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => <option key={String(option.value)} value={String(option.value)}>{option.label}</option>)}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Stands in for the picker while the session loads: the same label and control, unseen, inert and
 * out of the accessibility tree, so that the frame has its signed-in height from its first paint.
 */
function SelectionPickerPlaceholder({ selector }: { selector: NonNullable<NavigationConfig['selector']> }) {
  const { t } = useTranslator();
  return (
    <Field.Root width={{ base: '100%', md: '22rem' }} aria-hidden="true" inert visibility="hidden">
      <Field.Label fontSize="sm">{t(selector.label)}</Field.Label>
      <NativeSelect.Root size="sm" disabled>
        <NativeSelect.Field tabIndex={-1}><option /></NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The portal frame as a visitor sees it: no signed-in navigation; navigation.yaml `frames.public`,
 * when given, is its brand and lists (e.g. the organisation the address names).
 */
export function PublicShell({ children }: { children: ReactNode }) {
  return <PortalShell publicView frame="public">{children}</PortalShell>;
}

/**
 * Loads a frame's `data` (a read operation, bound like a `data` widget's) for its bindings as
 * `$data.<as>`. A page rendered ahead of time reads once it is the browser's own; until the answer
 * comes (or when it fails) the frame shows what it shows without it.
 */
function FrameData({ data, children }: { data: NonNullable<FrameConfig['data']>; children: ReactNode }) {
  const request = useOperationRequest(data);
  const interactive = useInteractive();
  const result = useOperationData(data.operation, request, request.ready && interactive);
  const value = useMemo(() => ({ [data.as]: result.data }), [data.as, result.data]);
  return <DataScopeProvider value={value}>{children}</DataScopeProvider>;
}

/** The portal frame: brand, navigation, the picker for signed-in users, and the footer. */
export function PortalShell({ children, publicView = false, frame }: { children: ReactNode; publicView?: boolean; frame?: string }) {
  const { config } = useRuntime();
  const own = frame ? config.navigation.frames?.[frame] : undefined;
  const view = <FrameView own={own} publicView={publicView}>{children}</FrameView>;
  return own?.data ? <FrameData data={own.data}>{view}</FrameData> : view;
}

function FrameView({ children, publicView, own }: { children: ReactNode; publicView: boolean; own: FrameConfig | undefined }) {
  const { t } = useTranslator();
  const { config } = useRuntime();
  const status = useSessionStatus();
  const scope = useScope();
  const navigation = { ...config.navigation, ...(own ?? {}) };
  const signedIn = status === 'signedIn' && !publicView;
  // A stored session is being loaded: the frame is drawn at its signed-in size meanwhile.
  const arriving = status === 'loading' && !publicView;
  // The portal's brand names the signed-in user's own organisation; a frame's own brand binds to its data.
  const bound = signedIn || Boolean(own?.brand);
  const brandName = bound ? resolveBindings<string | undefined>(navigation.brand?.name, scope) : undefined;
  const brandLogo = bound ? resolveBindings<string | null | undefined>(navigation.brand?.logo, scope) : undefined;
  const shownName = brandName || t(navigation.brand?.text ?? 'app.name');
  const greeting = useNodeText(navigation.greeting?.text, navigation.greeting?.values);
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <Box as="header" bg="frame.bg" color="frame.fg" py="3" css={{ "& a": { color: "frame.fg" } }}>
        <Container maxW="6xl">
          <Flex gap="4" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between" wrap="wrap">
            {/* As tall as a logo with or without one: a brand's logo arriving moves nothing. */}
            <Flex align="center" gap="3" minH="8">
              {brandLogo ? <Image src={brandLogo} alt="" height="8" /> : null}
              <Text fontWeight="bold" fontSize="lg" fontFamily="heading">
                {shownName}
              </Text>
            </Flex>
            {signedIn && navigation.selector ? <SelectionPicker selector={navigation.selector} /> : null}
            {arriving && navigation.selector ? <SelectionPickerPlaceholder selector={navigation.selector} /> : null}
          </Flex>
          <Flex mt="3" gap="4" justify="space-between" wrap="wrap" className="frame-nav">
            <NavList items={navigation.primary} label={t('nav.label')} />
            <Flex gap="4" align="center" wrap="wrap">
              {signedIn && greeting ? <Text fontSize="sm">{greeting}</Text> : null}
              {arriving && greeting ? <Text fontSize="sm" aria-hidden="true" visibility="hidden">{greeting}</Text> : null}
              <NavList items={navigation.account} label={t('nav.menu')} />
            </Flex>
          </Flex>
        </Container>
      </Box>
      <Main>{children}</Main>
      <Footer items={navigation.footer} name={shownName} />
    </Flex>
  );
}
