// The ASCII path of compareNames must order names exactly as Intl.Collator('en') does: the same list
// of associations must not come out in another order on another page or after another sign-in.
import { describe, expect, it } from 'vitest';
import { compareNames, plainNameOrder } from '../../flows/name-order.ts';
import { normalizeAssociations } from '../../flows/session-rules.ts';

const english = new Intl.Collator('en');
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const PLAIN = PRINTABLE.replace(/[^A-Za-z0-9 ]/g, '');
const NAME_LIKE = 'aAbBeEmMnNoOsSzZ  09';

/** A repeatable spread of strings (a linear congruential sequence): the same cases on every run. */
function* strings(count: number, alphabet: string, longest: number) {
  let seed = 424242;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
  for (let i = 0; i < count; i += 1) {
    const length = Math.floor(next() * (longest + 1));
    yield Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  }
}

const sign = (value: number) => Math.sign(value);

describe('plainNameOrder', () => {
  it('orders every pair of letters, digits and spaces as the collator does', () => {
    for (const a of PLAIN) for (const b of PLAIN) expect(sign(plainNameOrder(a, b)!), `${a} ${b}`).toBe(sign(english.compare(a, b)));
  });

  it('orders names of letters, digits and spaces as the collator does, case and prefixes included', () => {
    const names = [...strings(1500, NAME_LIKE, 6), ...strings(1500, PLAIN, 12), 'Cedar Point', 'cedar point', 'Cedar point', 'Cedar Point Condominiums',
      'Maple Grove HOA', 'St Johns', 'Oak Hill', 'OakHill', 'Oak', '12 Oaks', 'Twelve Oaks', ''];
    for (let i = 0; i + 1 < names.length; i += 1) {
      const [a, b] = [names[i], names[i + 1]];
      expect(sign(plainNameOrder(a, b)!), JSON.stringify([a, b])).toBe(sign(english.compare(a, b)));
      expect(sign(plainNameOrder(b, a)!), JSON.stringify([b, a])).toBe(sign(english.compare(b, a)));
    }
    expect([...names].sort(compareNames)).toEqual([...names].sort(english.compare));
  });

  it('leaves any other character to the collator', () => {
    const punctuated = [...strings(500, 'aAbB .,-&\'_09', 6)];
    expect([...punctuated, 'St. John\'s', 'St Johns', 'Oak-Hill', 'Oak Hill'].sort(compareNames)).toEqual([...punctuated, 'St. John\'s', 'St Johns', 'Oak-Hill', 'Oak Hill'].sort(english.compare));
    for (const [a, b] of [['Åsa', 'Zoe'], ['Cedar', 'Cédar'], ['tab\there', 'tab here'], ['Maple', 'Maple\u00a0Grove'], ['日本', 'Nihon'], ['Oak-Hill', 'Oak Hill']]) {
      expect(plainNameOrder(a, b)).toBeNull();
      expect(sign(compareNames(a, b))).toBe(sign(english.compare(a, b)));
    }
  });
});

describe('normalizeAssociations', () => {
  it('lists associations by name in English order, accented names among the others', () => {
    const association = (id: number, name: string) => ({ id, name, properties: [] }) as never;
    const sorted = normalizeAssociations([association(1, 'Oak Hill'), association(2, 'Élan Towers'), association(3, 'cedar Point'), association(4, 'Cedar Point'), association(5, 'Zephyr')]);
    expect(sorted.map((a) => a.name)).toEqual(['cedar Point', 'Cedar Point', 'Élan Towers', 'Oak Hill', 'Zephyr']);
  });
});
