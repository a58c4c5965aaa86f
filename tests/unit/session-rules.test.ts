import { describe, expect, it } from 'vitest';
import {
  chooseSelection, chooseTheme, displayNameOf, isBusinessManagementEnabled, normalizeAssociations, readTokenClaim, selectorGroups, type Association,
} from '../../flows/session-rules.ts';

const address = (address1: string) => ({ address1, address2: '', city: 'Atlanta', stateProvince: 'GA', postalCode: '30301' });
// Fields the rules here do not read, as getHomeSettings answers them.
const unread = { code: 'code', logoUrl: null, bannerUrl: null, autoDraftType: 'portal', isBoardMember: false, isBoardChair: false } as const;
const maple: Association = { ...unread, id: 1, name: 'Maple Grove HOA', designTemplate: 'Evergreen', properties: [
  { propertyId: 11, ownerId: 5, accountNumber: '100234', address: address('412 Maple Grove Lane') },
] };
const cedar: Association = { ...unread, id: 2, name: 'Cedar Point Condominiums', designTemplate: 'Harbor', properties: [
  { propertyId: 21, ownerId: 5, accountNumber: '200411', address: address('7 Shore Drive') },
] };
const board: Association = { ...unread, id: 3, name: 'Aspen Board', designTemplate: '', properties: [] };

describe('settings load', () => {
  it('sorts associations by name and gives one without properties a negative placeholder', () => {
    const sorted = normalizeAssociations([maple, cedar, board]);
    expect(sorted.map((a) => a.name)).toEqual(['Aspen Board', 'Cedar Point Condominiums', 'Maple Grove HOA']);
    expect(sorted[0].properties).toEqual([{ propertyId: -3, ownerId: null, accountNumber: null, address: { address1: '', address2: '', city: '', stateProvince: '', postalCode: '' } }]);
    expect(sorted[0].autoDraftType).toBe('off');
  });

  it('selects by account number, else the previous property, else the first', () => {
    const associations = normalizeAssociations([maple, cedar]);
    expect(chooseSelection(associations, [], { accountNumber: '100234', previousPropertyId: 21 })).toEqual({ selectedPropertyId: 11, selectedAssociationId: 1 });
    expect(chooseSelection(associations, [], { accountNumber: '999', previousPropertyId: 11 })).toEqual({ selectedPropertyId: 11, selectedAssociationId: 1 });
    expect(chooseSelection(associations, [], { previousPropertyId: 404 })).toEqual({ selectedPropertyId: 21, selectedAssociationId: 2 });
  });

  it('on an association\'s own website (embedded for its code) selects a home of that association, unless an account is named', () => {
    const twoInMaple: Association = { ...maple, code: 'maplegrove', properties: [...maple.properties, { propertyId: 12, ownerId: 5, accountNumber: '100299', address: address('9 Maple Grove Lane') }] };
    const associations = normalizeAssociations([twoInMaple, { ...cedar, code: 'cedarpoint' }]);
    expect(chooseSelection(associations, [], { previousPropertyId: 21, associationCode: 'MapleGrove' })).toEqual({ selectedPropertyId: 11, selectedAssociationId: 1 });
    expect(chooseSelection(associations, [], { previousPropertyId: 12, associationCode: 'maplegrove' })).toEqual({ selectedPropertyId: 12, selectedAssociationId: 1 });
    expect(chooseSelection(associations, [], { accountNumber: '200411', associationCode: 'maplegrove' })).toEqual({ selectedPropertyId: 21, selectedAssociationId: 2 });
    // No home there: the usual choice.
    expect(chooseSelection(associations, [], { previousPropertyId: 21, associationCode: 'lakeside' })).toEqual({ selectedPropertyId: 21, selectedAssociationId: 2 });
  });

  it("with no property at all, selects the first page's association", () => {
    expect(chooseSelection([], [{ associationId: 9, name: 'home' }], {})).toEqual({ selectedPropertyId: null, selectedAssociationId: 9 });
    expect(chooseSelection([], [], {})).toEqual({ selectedPropertyId: null, selectedAssociationId: null });
  });

  it('follows the design template unless the user overrode the theme', () => {
    expect(chooseTheme({ theme: 'Default', themeOverride: false }, maple, 'Default')).toBe('Evergreen');
    expect(chooseTheme({ theme: 'Harbor', themeOverride: true }, maple, 'Default')).toBe('Harbor');
    expect(chooseTheme({ theme: 'Default', themeOverride: false }, board, null)).toBe('Default');
  });

  it('enables business management as the server answered for the company, and off in an answer without it', () => {
    const answer = (company: Record<string, unknown> | undefined) => ({ userSettings: { associations: [], pages: [] }, ...(company ? { configuration: { company } } : {}) }) as never;
    expect(isBusinessManagementEnabled(answer({ code: 'summit', name: 'Summit', pmbEnabled: true }))).toBe(true);
    expect(isBusinessManagementEnabled(answer({ code: 'other', name: 'Other', pmbEnabled: false }))).toBe(false);
    expect(isBusinessManagementEnabled(answer(undefined))).toBe(false);
  });

  it("offers the frame's picker one group per association and one option per property", () => {
    expect(selectorGroups(normalizeAssociations([maple, board]))).toEqual([
      { label: 'Aspen Board', options: [{ value: -3, label: 'Aspen Board' }] },
      { label: 'Maple Grove HOA', options: [{ value: 11, label: 'Maple Grove HOA — 412 Maple Grove Lane' }] },
    ]);
  });

  it('reads token claims for display and tolerates garbage', () => {
    const payload = Buffer.from(JSON.stringify({ UserId: 7, Customer: 'summit' })).toString('base64url');
    expect(readTokenClaim(`x.${payload}.y`, 'Customer')).toBe('summit');
    expect(readTokenClaim('not-a-token', 'Customer')).toBeUndefined();
    expect(readTokenClaim(null, 'UserId')).toBeUndefined();
  });
});

describe('what the portal calls the user', () => {
  it('is the first name, else the user name, else the e-mail address: never an empty menu button', () => {
    expect(displayNameOf({ firstName: 'Jordan', userName: 'jordan.lee', email: 'j@example.com' })).toBe('Jordan');
    expect(displayNameOf({ firstName: '  ', userName: 'jordan.lee', email: 'j@example.com' })).toBe('jordan.lee');
    expect(displayNameOf({ firstName: '', userName: '', email: 'j@example.com' })).toBe('j@example.com');
  });
});
