// The build's stand-in for rjsf's getDecimalSeparator must answer what rjsf's own answers.
import { describe, expect, it } from 'vitest';
import rjsfGetDecimalSeparator from '../../node_modules/@rjsf/utils/lib/getDecimalSeparator.js';
import getDecimalSeparator, { POINT_DECIMAL_LANGUAGE } from '../../engine/build/rjsf-defaults/decimal-separator.ts';

describe('getDecimalSeparator stand-in', () => {
  it('answers as rjsf does for any languages, and again the same', () => {
    const cases: Array<string | string[] | undefined> = ['en-US', 'de-DE', 'fr', ['en-US', 'en'], ['de-DE', 'en'], ['fr-CH'], [], 'not a locale!', '', undefined];
    for (const languages of cases) {
      const expected = rjsfGetDecimalSeparator(languages as string[]);
      expect(getDecimalSeparator(languages), JSON.stringify(languages)).toBe(expected);
      expect(getDecimalSeparator(languages), JSON.stringify(languages)).toBe(expected);
    }
    expect(getDecimalSeparator('de-DE')).toBe(',');
    expect(getDecimalSeparator(['en-US'])).toBe('.');
  });

  it('answers from its table only what Intl answers for each language it matches, first or alone', () => {
    // Every language and region Intl knows of the table's languages, and a few of others.
    const regions = ['', 'US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'IN', 'ZA', 'DE', 'CH', 'MX', 'ES', 'AR', 'JP', 'KR', 'CN', 'TW', 'HK', 'SG', 'IL', 'TH', 'BE', 'FR', 'BR', 'PT'];
    const candidates = ['en', 'es', 'ja', 'ko', 'zh', 'he', 'th', 'de', 'fr', 'pt'].flatMap((language) => regions.map((region) => (region ? `${language}-${region}` : language)));
    const matched = candidates.filter((language) => POINT_DECIMAL_LANGUAGE.test(language));
    expect(matched).toEqual(expect.arrayContaining(['en', 'en-US', 'en-GB', 'es-US', 'ja', 'zh-TW']));
    expect(matched).not.toContain('en-ZA');
    for (const language of matched) {
      expect(Intl.NumberFormat.supportedLocalesOf([language]), language).toEqual([language]);
      expect(rjsfGetDecimalSeparator([language, 'de-DE']), language).toBe('.');
      expect(getDecimalSeparator([language, 'de-DE']), language).toBe('.');
    }
  });

  it('asks Intl for a language outside its table, wherever one of the table follows', () => {
    expect(getDecimalSeparator(['de-DE', 'en-US'])).toBe(',');
    expect(getDecimalSeparator(['en-ZA'])).toBe(rjsfGetDecimalSeparator(['en-ZA']));
    expect(getDecimalSeparator('pt-BR')).toBe(',');
  });
});
