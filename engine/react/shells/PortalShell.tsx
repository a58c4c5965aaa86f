import { Box, Container, Flex, Image, NativeSelect, Field, Text } from '@chakra-ui/react';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslator } from '../app/translation.ts';
import { resolveBindings } from '../../core/bindings.ts';
import type { FrameConfig, FrameDataConfig, NavigationConfig } from '../app/config-types.ts';
import { useInteractive } from '../app/interactive.tsx';
import { useOperationData, useOperationRequest } from '../widgets/DataWidget.tsx';
import { useRuntime } from '../app/runtime.ts';
import { useFirstScreenSettled } from '../app/settled.ts';
import { DataScopeProvider, useDataScope, useScope, useSessionStatus } from '../app/scope.tsx';
import { Footer, Main, SkipLink, useFrameItems, type FrameItem } from './parts.tsx';
import { useCurrentLink } from './current-link.ts';
import { NavGroup } from './NavGroup.tsx';
import { NavPanel } from './NavPanel.tsx';
import { FramePanel } from './FramePanel.tsx';
import { NavLink, NavText } from './nav-link.tsx';
import { frameStyles } from './frame-styles.ts';
import { FrameNotice } from './frame-notice.tsx';

interface SelectorGroup { label: string; options: { value: string | number; label: string }[] }

/** The frame's picker (navigation.yaml `selector`): its choice is sent to the session flow. */
function SelectionPicker({ selector }: { selector: NonNullable<NavigationConfig['selector']> }) {
  const { t } = useTranslator();
  const { session } = useRuntime();
  const scope = useScope();
  const groups = resolveBindings<SelectorGroup[] | undefined>(selector.groups, scope) ?? [];
  const selected = resolveBindings<string | number | null>(selector.selected, scope);
  // The same element while the same choices show: a change of scope elsewhere redraws none of it.
  const choices = JSON.stringify(groups);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- kept by the choices' content, not identity
  return useMemo(() => pickerOf(selector, groups, selected, t(selector.label), (value) => session.send({ type: selector.event, [selector.eventField]: value })), [selector, choices, selected, t, session]);
}

/** The picker for these choices; `choose` sends the one picked. */
function pickerOf(selector: NonNullable<NavigationConfig['selector']>, groups: SelectorGroup[], selected: string | number | null, label: string, choose: (value: string | number | undefined) => void) {
  if (groups.length === 0) return null;
  const values = new Map(groups.flatMap((group) => group.options.map((option) => [String(option.value), option.value])));
  return (
    <Field.Root className="frame-selector" flexDirection="row" alignItems="center" gap="2">
      <Field.Label color="frame.fg" fontSize="sm" flexShrink="0">{label}</Field.Label>
      <NativeSelect.Root size="sm" width={{ base: 'auto', md: '20rem' }} flex={{ base: '1', md: 'none' }}>
        <NativeSelect.Field
          bg="bg" color="fg"
          value={selected === null || selected === undefined ? '' : String(selected)}
          onChange={(event) => choose(values.get(event.currentTarget.value))}
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
    <Field.Root className="frame-selector" flexDirection="row" alignItems="center" gap="2" aria-hidden="true" inert visibility="hidden">
      <Field.Label fontSize="sm" flexShrink="0">{t(selector.label)}</Field.Label>
      <NativeSelect.Root size="sm" disabled width={{ base: 'auto', md: '20rem' }} flex={{ base: '1', md: 'none' }}>
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
 * comes (or when it fails) the frame shows what it shows without it; `requires: session` reads only
 * while someone is signed in, once the first screen has settled.
 */
function FrameData({ data, children }: { data: FrameDataConfig; children: ReactNode }) {
  const request = useOperationRequest(data);
  const interactive = useInteractive();
  const status = useSessionStatus();
  const settled = useFirstScreenSettled();
  // A signed-in user's frame data waits for the first screen to settle: the screen's own reads go
  // first, and a screen reading the same (a cached answer) does not show it ahead of the rest.
  const allowed = data.requires !== 'session' || (status === 'signedIn' && settled);
  const result = useOperationData(data.operation, request, request.ready && interactive && allowed);
  // The same value until what the frame shows changes: the cache filling in while the read is not
  // allowed yet (a screen reading the same) changes nothing here.
  const shown = allowed ? result.data : undefined;
  const value = useMemo(() => ({ [data.as]: shown }), [data.as, shown]);
  return <DataScopeProvider value={value}>{children}</DataScopeProvider>;
}

/** The portal frame: brand, navigation, the picker for signed-in users, and the footer. */
export function PortalShell({ children, publicView = false, frame }: { children: ReactNode; publicView?: boolean; frame?: string }) {
  const { config } = useRuntime();
  const own = frame ? config.navigation.frames?.[frame] : undefined;
  const data = own ? own.data : config.navigation.data;
  // The frame's data is for the frame's own bindings: the page inside sees the data scope it would
  // see without it. Every widget with a binding reads that scope, so a frame's read arriving (or
  // starting) would otherwise render the whole page again.
  const outer = useDataScope();
  const page = data ? <DataScopeProvider value={outer}>{children}</DataScopeProvider> : children;
  // The tree is the same whatever the session's state: the page inside is never mounted afresh.
  const view = <FrameView own={own} publicView={publicView}>{page}</FrameView>;
  return data ? <FrameData data={data}>{view}</FrameData> : view;
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
  const primary = useFrameItems(navigation.primary);
  const account = useFrameItems(navigation.account);
  const current = useCurrentLink([primary, account]);
  // With groups, a narrow screen has the navigation in a panel; a few plain links stay in a row.
  const grouped = navigation.primary.some((item) => item.children);
  const selector = navigation.selector && (signedIn || arriving) ? navigation.selector : undefined;
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <FrameNotice />
      <FrameHeader brandName={shownName} brandLogo={brandLogo} selector={selector} signedIn={signedIn}
        primary={primary} account={account} current={current} grouped={grouped} />
      <Main>{children}</Main>
      <Footer items={navigation.footer} name={shownName} />
    </Flex>
  );
}

interface FrameHeaderProps {
  brandName: string;
  brandLogo: string | null | undefined;
  selector: NavigationConfig['selector'] | undefined;
  signedIn: boolean;
  primary: FrameItem[];
  account: FrameItem[];
  current: string | undefined;
  grouped: boolean;
}

/** The brand bar and the navigation: drawn again only when what they show changes. */
const FrameHeader = memo(function FrameHeader({ brandName, brandLogo, selector, signedIn, primary, account, current, grouped }: FrameHeaderProps) {
  const { t } = useTranslator();
  return (
    <Box as="header" bg="frame.bg" color="frame.fg" css={frameStyles}>
      <Container maxW="6xl">
        <Flex className="frame-bar" align="center" columnGap="4" wrap="wrap" minH="14">
          {/* As tall as a logo with or without one: a brand's logo arriving moves nothing. */}
          {/* On a narrow screen, two lines' room whatever the name (its box's top never moves): the
              user's organisation's longer name arriving moves nothing. */}
          {/* Never narrower than its longest word: a name wraps between words, not inside one. */}
          <Flex align="center" gap="3" minH={{ base: '4rem', md: '8' }} flex="1" minW="min-content" py="2">
            {brandLogo ? <Image src={brandLogo} alt="" height="8" /> : null}
            <Text fontWeight="bold" fontSize="lg" lineHeight="1.3" fontFamily="heading" lineClamp={{ base: 2, md: 'none' }} minH={{ base: '2.6em', md: 'auto' }}>
              {brandName}
            </Text>
          </Flex>
          {selector ? (
            <Box order={{ base: 3, md: 0 }} width={{ base: '100%', md: 'auto' }} pb={{ base: '2', md: '0' }}>
              {signedIn ? <SelectionPicker selector={selector} /> : <SelectionPickerPlaceholder selector={selector} />}
            </Box>
          ) : null}
          <NavRow items={account} current={current} label={t('nav.account')} align="end" />
          {grouped ? <Box hideFrom="md"><NavPanel items={primary} current={current} label={t('nav.label')} /></Box> : null}
        </Flex>
      </Container>
      <Box className="frame-nav" hideBelow={grouped ? 'md' : undefined}>
        <Container maxW="6xl">
          <NavRow items={primary} current={current} label={t('nav.label')} />
        </Container>
      </Box>
    </Box>
  );
});

/** A row of the frame's links and groups, with places held for those still to come. */
function NavRow({ items, current, label, align = 'start' }: { items: FrameItem[]; current: string | undefined; label: string; align?: 'start' | 'end' }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="frame-row">
        {items.map((entry) => {
          const key = `${entry.item.text}:${entry.item.to ?? ''}`;
          if (entry.children.length > 0 || entry.item.children) return <li key={key}><NavGroup entry={entry} current={current} align={align} /></li>;
          if (entry.item.panel && !entry.placeholder) return <li key={key}><FramePanel entry={entry} /></li>;
          if (entry.placeholder) {
            // Unseen and out of the accessibility tree, but as wide as the link it stands for.
            return <li key={key} aria-hidden="true" style={{ visibility: 'hidden' }}><span className="frame-item"><NavText item={entry.item} /></span></li>;
          }
          return <li key={key}><NavLink item={entry.item} current={entry.item.to === current} className="frame-item" /></li>;
        })}
      </ul>
    </nav>
  );
}
