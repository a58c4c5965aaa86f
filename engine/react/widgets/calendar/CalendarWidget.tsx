import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { readPath } from '../../../core/bindings.ts';
import { useTranslator } from '../../app/translation.ts';
import { Busy } from '../Busy.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import { useFlowView } from '../flow-context.ts';
import { useSourceRows, type RowSource } from '../source-rows.ts';
import type { WidgetProps } from '../../component-types.ts';
import { addDays, addMonths, dayDate, dayKey, firstOfMonth, itemsByDay, lastOfMonth, monthGrid, monthOf, type CalendarItem, type DayKey } from './dates.ts';
import { DayAgenda, type ItemLook } from './DayAgenda.tsx';
import { useCalendarFormats } from './formats.ts';

type View = 'month' | 'agenda';

const NO_ITEMS: CalendarItem[] = [];

/**
 * Items with a start and an end shown by month: a grid of days (arrow keys move between days,
 * Home / End to the week's ends, Page Up / Page Down between months, with Shift between years) with the chosen day's items below it, or an agenda of the
 * month's days that have items. The rows come from `source`, asked for the shown month through the
 * query parameters named in `source.range`; choosing an item sends `event` to the flow with the item as
 * `data`.
 */
export function CalendarWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const formats = useCalendarFormats();
  const today = dayKey(new Date());
  const [selected, setSelected] = useState<DayKey>(today);
  const [view, setView] = useState<View>(node.view === 'agenda' ? 'agenda' : 'month');
  const grid = useRef<HTMLTableElement>(null);
  // The day the keyboard moved to, focused once its cell is drawn: a move to another month asks
  // for that month's items, and the cell only exists after the render that follows.
  const focusDay = useRef<DayKey | null>(null);
  const source = node.source as RowSource & { range?: { from: string; to: string } };
  const range = source.range ?? { from: 'from', to: 'to' };
  const shownSource = useMemo<RowSource>(() => ({
    ...source,
    query: { ...(source.query ?? {}), [range.from]: firstOfMonth(selected), [range.to]: lastOfMonth(selected) },
  }), [source, range.from, range.to, selected]);
  const loaded = useSourceRows(shownSource);
  // The rows keep their identity while the answer does, so the days are grouped once per answer.
  const items = loaded.status === 'ready' ? (loaded.rows as CalendarItem[]) : NO_ITEMS;
  const zoneField = typeof node.timeZoneField === 'string' ? node.timeZoneField : null;
  const zone = loaded.status === 'ready' && zoneField ? readPath(loaded.data, zoneField.split('.')) : undefined;
  const byDay = useMemo(() => itemsByDay(items, typeof zone === 'string' ? zone : undefined), [items, zone]);

  const choose = (item: CalendarItem) => flow?.send({ type: String(node.event), data: item });

  function moveTo(day: DayKey, focus: boolean) {
    setSelected(day);
    if (focus) focusDay.current = day;
  }

  useEffect(() => {
    const day = focusDay.current;
    const cell = day ? grid.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`) : null;
    if (!cell) return;
    focusDay.current = null;
    cell.focus();
  });

  function onGridKey(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => DayKey> = {
      ArrowLeft: () => addDays(selected, -1),
      ArrowRight: () => addDays(selected, 1),
      ArrowUp: () => addDays(selected, -7),
      ArrowDown: () => addDays(selected, 7),
      Home: () => addDays(selected, -dayDate(selected).getDay()),
      End: () => addDays(selected, 6 - dayDate(selected).getDay()),
      PageUp: () => addMonths(selected, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(selected, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move(), true);
  }

  const label = t(String(node.label));
  const monthTitle = formats.month.format(dayDate(selected));
  const cellTexts = { count: String(node.itemCount), more: String(node.more) };
  const tones = (node.statusTones ?? {}) as Record<string, string>;
  const look: ItemLook = {
    status: (item) => (node.statusText && typeof item.status === 'string' ? t(`${String(node.statusText)}.${item.status}`) : ''),
    tone: (item) => tones[String(item.status)] ?? 'gray',
    allDay: t(String(node.allDay)),
  };

  return (
    <Stack gap="4" as="section" aria-label={label} width="100%">
      <HStack gap="2" flexWrap="wrap" justifyContent="space-between">
        <Heading as="h2" size="lg" aria-live="polite">{monthTitle}</Heading>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={() => moveTo(addMonths(selected, -1), false)}>{t(String(node.previous))}</Button>
          <Button size="sm" variant="outline" onClick={() => moveTo(today, false)}>{t(String(node.today))}</Button>
          <Button size="sm" variant="outline" onClick={() => moveTo(addMonths(selected, 1), false)}>{t(String(node.next))}</Button>
          <HStack gap="0" role="group" aria-label={t(String(node.viewLabel))}>
            <Button size="sm" variant={view === 'month' ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={view === 'month'} onClick={() => setView('month')}>{t(String(node.monthView))}</Button>
            <Button size="sm" variant={view === 'agenda' ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={view === 'agenda'} onClick={() => setView('agenda')}>{t(String(node.agendaView))}</Button>
          </HStack>
        </HStack>
      </HStack>
      {loaded.status === 'error' ? <LoadFailed text={node.error} error={loaded.error} retry={loaded.retry} /> : null}
      {loaded.status === 'waiting' && view === 'agenda' ? <Busy /> : null}
      {/* The grid stays while another month's items load, so the focused day keeps its place. */}
      {loaded.status !== 'error' && view === 'month' ? (
        <>
          <chakra.table ref={grid} role="grid" aria-label={monthTitle} aria-busy={loaded.status === 'waiting'} width="100%" tableLayout="fixed" borderCollapse="collapse" onKeyDown={onGridKey}>
            <thead>
              <tr>
                {monthGrid(selected)[0].map((day) => (
                  <chakra.th key={day} scope="col" fontSize="sm" fontWeight="medium" py="1" color="fg.muted">
                    <abbr title={formats.weekday.format(dayDate(day))}>{formats.weekdayShort.format(dayDate(day))}</abbr>
                  </chakra.th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(selected).map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => (
                    <DayCell key={day} day={day} items={byDay.get(day) ?? []} selected={day === selected} today={day === today} texts={cellTexts}
                      inMonth={monthOf(day) === monthOf(selected)} onSelect={() => moveTo(day, false)} />
                  ))}
                </tr>
              ))}
            </tbody>
          </chakra.table>
          {loaded.status === 'ready'
            ? <DayAgenda day={selected} items={byDay.get(selected) ?? []} empty={t(String(node.dayEmpty))} look={look} onChoose={choose} />
            : <Busy />}
        </>
      ) : null}
      {loaded.status === 'ready' && view === 'agenda' ? (
        <MonthAgenda month={selected} byDay={byDay} empty={t(String(node.empty))} look={look} onChoose={choose} />
      ) : null}
    </Stack>
  );
}

function DayCell({ day, items, selected, today, inMonth, texts, onSelect }: {
  day: DayKey; items: CalendarItem[]; selected: boolean; today: boolean; inMonth: boolean; texts: { count: string; more: string }; onSelect: () => void;
}) {
  const { t } = useTranslator();
  const formats = useCalendarFormats();
  const count = items.length;
  const name = `${formats.fullDay.format(dayDate(day))}${count ? `, ${t(texts.count, { count })}` : ''}`;
  return (
    <chakra.td role="gridcell" aria-selected={selected} p="0" borderWidth="1px" borderColor="border" verticalAlign="top">
      <chakra.button type="button" data-day={day} tabIndex={selected ? 0 : -1} aria-current={today ? 'date' : undefined}
        onClick={onSelect} width="100%" minHeight={{ base: '12', md: '24' }} p="1" textAlign="start" display="flex" flexDirection="column" gap="1"
        bg={selected ? 'brand.subtle' : undefined} color={inMonth ? 'fg' : 'fg.muted'} cursor="pointer"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}>
        {/* The day is read out in full; what the cell shows is for the eye (its items are read under the grid). */}
        <chakra.span srOnly>{name}</chakra.span>
        <Text as="span" aria-hidden="true" fontWeight={today ? 'bold' : 'normal'} textDecoration={today ? 'underline' : undefined}>{dayDate(day).getDate()}</Text>
        {count ? (
          <Box aria-hidden="true" width="100%">
            <Box display={{ base: 'block', md: 'none' }} fontSize="xs" fontWeight="bold">{`• ${count}`}</Box>
            <Stack display={{ base: 'none', md: 'flex' }} gap="0.5">
              {items.slice(0, 2).map((item, index) => (
                <Text key={index} as="span" fontSize="xs" truncate>{String(item.title ?? '')}</Text>
              ))}
              {count > 2 ? <Text as="span" fontSize="xs" color="fg.muted">{t(texts.more, { count: count - 2 })}</Text> : null}
            </Stack>
          </Box>
        ) : null}
      </chakra.button>
    </chakra.td>
  );
}

function MonthAgenda({ month, byDay, empty, look, onChoose }: {
  month: DayKey; byDay: Map<DayKey, CalendarItem[]>; empty: string; look: ItemLook; onChoose: (item: CalendarItem) => void;
}) {
  const days: DayKey[] = [];
  for (let day = firstOfMonth(month); day <= lastOfMonth(month); day = addDays(day, 1)) if (byDay.has(day)) days.push(day);
  if (days.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack gap="4">
      {days.map((day) => <DayAgenda key={day} day={day} items={byDay.get(day) ?? []} empty="" look={look} onChoose={onChoose} />)}
    </Stack>
  );
}
