import { Box, Button, Container, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { resolveBindings } from '../../core/bindings.ts';
import type { FrameNoticeConfig } from '../app/config-types.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useTranslator } from '../app/translation.ts';
import { useNodeText } from '../widgets/basic.tsx';
// The notice's own texts, and all of it but its `when`, come with its code, not with every page.
import { messages, notice as noticeApart } from 'virtual:engine-notice-messages';

/** Milliseconds as "mm:ss" (minutes past 59 stay minutes: "75:00"); nothing left is "00:00". */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/**
 * The time left until `to` (an ISO date-time), redrawn every second; `onElapsed` once it is none.
 * Undefined without a date.
 */
function useTimeLeft(to: unknown, onElapsed: () => void): number | undefined {
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  const [now, setNow] = useState(() => Date.now());
  const elapsed = useRef(onElapsed);
  useEffect(() => { elapsed.current = onElapsed; }, [onElapsed]);
  useEffect(() => {
    if (Number.isNaN(end)) return undefined;
    let told = false;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= end && !told) { told = true; elapsed.current(); }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  return Number.isNaN(end) ? undefined : end - now;
}

/**
 * navigation.yaml `notice` as a band above the frame's header: a region named by `label`; its title
 * and text are a status, announced once when the notice appears; the countdown is a timer, which
 * screen readers read when asked rather than every second; the button sends its event to the session.
 */
export function NoticeBanner({ notice: given }: { notice: FrameNoticeConfig | Pick<FrameNoticeConfig, 'when'> }) {
  // The configuration's own first: the development server's is the one kept up to date.
  const notice = { ...noticeApart, ...given } as FrameNoticeConfig;
  const { t, add } = useTranslator();
  // Before any text is looked up; adding them again is harmless.
  add(messages);
  const { session } = useRuntime();
  const scope = useScope();
  const text = useNodeText(notice.text, notice.values);
  const left = useTimeLeft(notice.countdownTo ? resolveBindings<unknown>(notice.countdownTo, scope) : undefined, () => {
    if (notice.elapsedEvent) session.send({ type: notice.elapsedEvent });
  });
  const countdown = useNodeText(notice.countdownText, { ...(notice.values ?? {}), time: left === undefined ? '' : clockText(left) });
  return (
    <Box as="section" aria-label={t(notice.label)} bg="orange.subtle" color="fg" borderBottomWidth="2px" borderColor="orange.emphasized" className="frame-notice">
      <Container maxW="6xl" py="2">
        <Flex align="center" justify="space-between" columnGap="4" rowGap="2" wrap="wrap">
          <Box role="status" flex="1" minW="min(100%, 16rem)">
            <Text fontWeight="bold">{t(notice.title)}</Text>
            {notice.text ? <Text fontSize="sm">{text}</Text> : null}
          </Box>
          <Flex align="center" gap="3" wrap="wrap">
            {left === undefined ? null : (
              <Text fontSize="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                <span role="timer">{notice.countdownText ? countdown : clockText(left)}</span>
              </Text>
            )}
            {notice.action ? (
              <Button size="sm" variant="outline" bg="bg" onClick={() => session.send({ type: notice.action!.event })}>
                {t(notice.action.text)}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
