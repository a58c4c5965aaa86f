import { chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { dayDate, type CalendarItem, type DayKey } from './dates.ts';
import { useCalendarFormats } from './formats.ts';

/** One day's items as buttons (time, title, status), under the day's name. */
export interface ItemLook {
  /** The item's status in words ('' when it has none). */
  status: (item: CalendarItem) => string;
  /** The color palette of its status badge. */
  tone: (item: CalendarItem) => string;
  allDay: string;
}

export function DayAgenda({ day, items, empty, look, onChoose }: {
  day: DayKey; items: CalendarItem[]; empty: string; look: ItemLook; onChoose: (item: CalendarItem) => void;
}) {
  const formats = useCalendarFormats();
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">{formats.fullDay.format(dayDate(day))}</Heading>
      {items.length === 0 ? <Text color="fg.muted">{empty}</Text> : (
        <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
          {items.map((item, index) => {
            const state = look.status(item);
            const when = item.allDay || !item.end
              ? look.allDay
              : `${formats.time.format(new Date(item.start))} – ${formats.time.format(new Date(item.end))}`;
            return (
              <li key={String(item.id ?? index)}>
                <chakra.button type="button" onClick={() => onChoose(item)} width="100%" textAlign="start" p="3" borderWidth="1px" borderRadius="l2"
                  cursor="pointer" display="flex" flexWrap="wrap" gap="2" alignItems="center"
                  _hover={{ bg: 'bg.muted' }} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}>
                  <Text as="span" fontWeight="medium" minWidth="10rem">{when}</Text>
                  <Text as="span" flex="1">{String(item.title ?? '')}</Text>
                  {state ? (
                    <chakra.span colorPalette={look.tone(item)} bg="colorPalette.subtle" color="colorPalette.fg" px="2" py="0.5" borderRadius="full" fontSize="sm" fontWeight="medium">{state}</chakra.span>
                  ) : null}
                </chakra.button>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
