import { useMemo } from 'react';

/** Date and time formats in the page's language (`<html lang>`) and the reader's time zone. */
export function useCalendarFormats() {
  return useMemo(() => {
    const locale = (typeof document !== 'undefined' && document.documentElement.lang) || 'en-US';
    return {
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'long' }),
      weekdayShort: new Intl.DateTimeFormat(locale, { weekday: 'short' }),
      fullDay: new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
    };
  }, []);
}
