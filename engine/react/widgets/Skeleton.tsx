import { Box, Skeleton, Stack } from '@chakra-ui/react';
import { useWaitingMark } from '../app/settled.ts';
import { useTranslator } from '../app/translation.ts';
import type { WidgetProps } from '../component-types.ts';

/** The size of what is loading: so many lines of text, a height, or both (the lines within the height). */
export interface SkeletonSize { lines?: number; height?: string; gap?: string | number }

/**
 * Grey blocks of the size of what is loading, in its place: what arrives takes the room they took,
 * so nothing moves. Hidden from screen readers, which hear the loading status instead.
 */
export function SkeletonBlocks({ size }: { size: SkeletonSize }) {
  const { t } = useTranslator();
  // The blocks are only as tall as declared: the frame still waits for what comes (settled.ts).
  useWaitingMark();
  const lines = Math.max(0, Math.floor(size.lines ?? 0));
  return (
    <Box role="status" data-busy="" data-skeleton="" height={size.height} width="100%">
      <Stack aria-hidden="true" gap={String(size.gap ?? '0')} height="100%">
        {lines === 0 ? <Skeleton height={size.height ? '100%' : '1lh'} borderRadius="card" /> : Array.from({ length: lines }, (_, index) => (
          // A line of text is 1lh tall; its bar is as tall as its letters, the last one shorter as a paragraph's.
          <Box key={index} height="1lh" display="flex" alignItems="center" data-skeleton-line="">
            <Skeleton height="0.8em" width={lines > 1 && index === lines - 1 ? '60%' : '100%'} />
          </Box>
        ))}
      </Stack>
      <span className="visually-hidden">{t('app.loading')}</span>
    </Box>
  );
}

/** `{ widget: skeleton, lines, height, gap }`: the placeholder of a view that loads, as a flow's busy view. */
export function SkeletonWidget({ node }: WidgetProps) {
  return <SkeletonBlocks size={node as SkeletonSize} />;
}
