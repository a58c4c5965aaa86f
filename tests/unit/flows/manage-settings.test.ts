import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-settings');

// Grid rows as getCompanySettings / getAssociationSettings answer them; a row's Edit sends the row itself.
const privacy = {
  key: 'privacyPolicyUrl', title: 'Privacy policy link', description: "The footer's privacy link.", group: 'links',
  schema: { type: ['string', 'null'], pattern: '^https?://[^\\s]+$' },
  value: null, valueText: '', source: 'global', lockedBy: null, readOnly: false, editable: true, companyLocked: false,
};
const cards = {
  key: 'cardPayments', title: 'Card payments', description: 'Residents may pay by card.', group: 'features',
  schema: { type: 'boolean' },
  value: false, valueText: 'false', source: 'company', lockedBy: 'company', readOnly: false, editable: true,
  companyValue: false, companyLocked: true, ownValue: false,
};
const origins = {
  key: 'embeddingOrigins', title: 'Embedding parent origins', description: 'The origins that may frame the portal.', group: 'embedding',
  schema: { type: 'array', items: { type: 'string' } },
  value: ['https://a.example', 'https://b.example'], valueText: '["https://a.example","https://b.example"]', source: 'association',
  lockedBy: null, readOnly: false, editable: true, companyLocked: false, ownValue: ['https://a.example', 'https://b.example'],
};

// The changes answer the level's settings as they now are; the flow leaves them to the grid, which reads them again.
const settings = { level: 'company', company: { code: 'SUM', name: 'Summit Management' }, association: null, associations: [], canEdit: true, settings: [] };
const answers = { putCompanySetting: settings, deleteCompanySetting: settings, putAssociationSetting: settings, deleteAssociationSetting: settings };
const session = { userId: 9001 };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('manage-settings', host, { coverage }) };
};
const atAssociation = { query: { association: '7' } };

const closed = { setting: null, editing: false, ownValue: false, value: null, locked: null, initial: null, valueRefused: false, error: null, imageKey: false, companyImageKey: false, form: null, look: false, draft: null, draftContrast: null, choices: null };
const saved = { status: 'success', titleKey: 'manageSettings.saved' };
const inherited = { status: 'success', titleKey: 'manageSettings.inherited' };
const refusedValue = fail(400, { errorCode: 'SET001', detail: 'The value does not fit the key.', fields: { value: 'Must be an https:// link' } });
const refusedValueError = { code: 'SET001', text: 'The value does not fit the key.', status: 400, fields: ['Must be an https:// link'], fieldErrors: { value: 'Must be an https:// link' } };
const locked = fail(409, { errorCode: 'SET002', detail: 'The company has locked this key.' });
const lockedError = { code: 'SET002', text: 'The company has locked this key.', status: 409 };

async function browsing(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('browsing');
  expect(flow.context()).toEqual(closed);
}

describe('manage settings flow: images', () => {
  const logo = { ...privacy, key: 'logo', title: 'Logo', group: 'look', schema: { type: ['string', 'null'] } };

  it('offers an upload for an image key at the level shown, and closes with a toast once it is uploaded', async () => {
    const company = start();
    company.flow.send({ type: 'EDIT', data: logo });
    expect(company.flow.context()).toMatchObject({ imageKey: false, companyImageKey: true });
    company.flow.send({ type: 'CANCEL' });
    company.flow.send({ type: 'EDIT', data: privacy });
    expect(company.flow.context()).toMatchObject({ imageKey: false, companyImageKey: false });

    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: logo });
    expect(flow.context()).toMatchObject({ imageKey: true, companyImageKey: false });
    flow.send({ type: 'UPLOADED', data: settings });
    await browsing(flow);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'manageSettings.imageSaved' }]);
  });
});

describe('manage settings flow: the preview of a look key', () => {
  const accent = { ...privacy, key: 'accentColor', title: 'Accent colour', group: 'look', schema: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$' }, value: '#1d4ed8', valueText: '#1d4ed8' };

  it('previews the template and colours from the value as it is, then as typed; other keys have no preview; Cancel forgets the draft', () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: accent });
    expect(flow.context()).toMatchObject({ look: true, draft: '#1d4ed8' });
    flow.send({ type: 'CHANGE', data: { value: '#9a3412' } });
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ look: true, draft: '#9a3412', value: null });
    flow.send({ type: 'CHANGE', data: {} });
    expect(flow.context().draft).toBe('');
    flow.send({ type: 'CANCEL' });
    expect(flow.context()).toEqual(closed);

    flow.send({ type: 'EDIT', data: { ...accent, key: 'designTemplate', schema: { type: 'string', enum: ['Default', 'Evergreen'] }, value: 'Evergreen' } });
    expect(flow.context()).toMatchObject({ look: true, draft: 'Evergreen' });
    flow.send({ type: 'CANCEL' });
    flow.send({ type: 'EDIT', data: privacy });
    expect(flow.context()).toMatchObject({ look: false });
    // Typing is never a call: only Save is.
    expect(host.calls).toEqual([]);
  });

  it('a colour too faint to be saved says so, with its ratio, as it is typed; a readable one, a partial one and another key do not', () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: accent });
    expect(flow.context().draftContrast).toBeNull();
    // #ffcc00 on white is 1.6:1: links in it fail 4.5:1.
    flow.send({ type: 'CHANGE', data: { value: ' #FFCC00 ' } });
    expect(flow.context().draftContrast).toMatch(/^gives .+ a contrast of 1\.\d\d:1 in the \w+ template; WCAG 2\.2 AA asks at least 4\.5:1$/);
    flow.send({ type: 'CHANGE', data: { value: '#ffcc0' } });
    expect(flow.context().draftContrast).toBeNull();
    flow.send({ type: 'CHANGE', data: { value: '#1b7042' } });
    expect(flow.context().draftContrast).toBeNull();
    flow.send({ type: 'CHANGE', data: { value: '#ffcc00' } });
    flow.send({ type: 'CANCEL' });
    expect(flow.context()).toEqual(closed);

    flow.send({ type: 'EDIT', data: privacy });
    flow.send({ type: 'CHANGE', data: { value: '#ffcc00' } });
    expect(flow.context().draftContrast).toBeNull();
    expect(host.calls).toEqual([]);
  });

  it('measures a colour against every design template of themes/, as the server does', async () => {
    const { themeSurroundings } = await import('../../../server/branding/contrast.ts');
    const { designTemplates } = await import('../../../flows/manage-settings.ts');
    expect(designTemplates.map((doc) => doc.name).sort()).toEqual(themeSurroundings().map((s) => s.theme).sort());
  });

  it("the colour's words are the server's own: a colour it refuses is described as the window described it", async () => {
    const { contrastFailure, describeFailure } = await import('../../../server/branding/contrast.ts');
    const { draftContrast } = await import('../../../flows/manage-settings.ts');
    for (const [key, colour] of [['accentColor', '#ffcc00'], ['primaryColor', '#9fb8ff'], ['accentColor', '#1b7042'], ['primaryColor', '#0b5cad']] as const) {
      const failure = contrastFailure(key, colour);
      expect(draftContrast(key, colour)).toBe(failure ? describeFailure(failure) : null);
    }
  });
});

describe('manage settings flow: the form a key is edited with', () => {
  it('offers On and Off for a yes/no key and a text for any other, at the level shown', () => {
    const company = start();
    company.flow.send({ type: 'EDIT', data: cards });
    expect(company.flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: false, companyText: false, companySwitch: true, companyChoice: false, associationColour: false, companyColour: false });
    expect(company.flow.context().initial).toEqual({ value: 'false', locked: true });
    company.flow.send({ type: 'CANCEL' });
    expect(company.flow.context().form).toBeNull();
    company.flow.send({ type: 'EDIT', data: privacy });
    expect(company.flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: false, companyText: true, companySwitch: false, companyChoice: false, associationColour: false, companyColour: false });

    const { flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: cards });
    expect(flow.context().form).toEqual({ associationText: false, associationSwitch: true, associationChoice: false, companyText: false, companySwitch: false, companyChoice: false, associationColour: false, companyColour: false });
    flow.send({ type: 'CANCEL' });
    flow.send({ type: 'EDIT', data: origins });
    expect(flow.context().form).toEqual({ associationText: true, associationSwitch: false, associationChoice: false, companyText: false, companySwitch: false, companyChoice: false, associationColour: false, companyColour: false });
  });

  it('offers the values of a key with a fixed list to choose from, at the level shown, and saves the one chosen', async () => {
    const template = { ...privacy, key: 'designTemplate', title: 'Design template', group: 'look', schema: { type: 'string', enum: ['Default', 'Evergreen', 'Harbor'] }, value: 'Evergreen' };
    const company = start();
    company.flow.send({ type: 'EDIT', data: template });
    expect(company.flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: false, companyText: false, companySwitch: false, companyChoice: true, associationColour: false, companyColour: false });
    expect(company.flow.context().choices).toEqual([{ value: 'Default', label: 'Default' }, { value: 'Evergreen', label: 'Evergreen' }, { value: 'Harbor', label: 'Harbor' }]);
    company.flow.send({ type: 'CANCEL' });
    expect(company.flow.context().choices).toBeNull();

    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: template });
    expect(flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: true, companyText: false, companySwitch: false, companyChoice: false, associationColour: false, companyColour: false });
    expect(flow.context().initial).toEqual({ value: 'Evergreen', locked: false });
    flow.send({ type: 'SUBMIT', data: { value: 'Harbor' } });
    await browsing(flow);
    expect(host.calls.at(-1)).toMatchObject({ operationId: 'putAssociationSetting', request: { params: { key: 'designTemplate' }, body: { value: 'Harbor' } } });
  });

  it('offers a colour key as a colour typed or picked, at the level shown, and saves it as typed', async () => {
    const accent = { ...privacy, key: 'accentColor', title: 'Accent colour', group: 'look', schema: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$' }, value: '#1d4ed8', valueText: '#1d4ed8' };
    const company = start();
    company.flow.send({ type: 'EDIT', data: accent });
    expect(company.flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: false, companyText: false, companySwitch: false, companyChoice: false, associationColour: false, companyColour: true });
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: accent });
    expect(flow.context().form).toEqual({ associationText: false, associationSwitch: false, associationChoice: false, companyText: false, companySwitch: false, companyChoice: false, associationColour: true, companyColour: false });
    flow.send({ type: 'SUBMIT', data: { value: '#1b7042' } });
    await browsing(flow);
    expect(host.callsTo('putAssociationSetting')).toEqual([{ params: { id: '7', key: 'accentColor' }, body: { value: '#1b7042' }, suppressToast: true }]);
  });

  it("saves a yes/no key's On or Off as true or false", async () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'SUBMIT', data: { value: 'true' } });
    await browsing(flow);
    expect(host.calls.at(-1)).toMatchObject({ operationId: 'putAssociationSetting', request: { body: { value: true } } });
  });
});

describe('manage settings flow: the window', () => {
  it('starts on the grid with no window and calls nothing', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toEqual(closed);
    expect(host.calls).toEqual([]);
  });

  it('Edit opens the window for the row, with its value as typed text and the company lock', () => {
    const { flow } = start();
    flow.send({ type: 'EDIT', data: privacy });
    expect(flow.state()).toBe('editing');
    // No own value at this level: nothing to return to inherited.
    expect(flow.context()).toEqual({ ...closed, setting: privacy, editing: true, initial: { value: '', locked: false }, draft: '', form: { associationText: false, associationSwitch: false, associationChoice: false, companyText: true, companySwitch: false, companyChoice: false, associationColour: false, companyColour: false } });
    flow.send({ type: 'CANCEL' });

    flow.send({ type: 'EDIT', data: cards });
    expect(flow.context()).toMatchObject({ setting: cards, editing: true, ownValue: true, initial: { value: 'false', locked: true } });
    flow.send({ type: 'CANCEL' });

    flow.send({ type: 'EDIT', data: origins });
    expect(flow.context()).toMatchObject({ setting: origins, ownValue: true, initial: { value: 'https://a.example\nhttps://b.example', locked: false } });
  });

  it('Cancel closes the window and changes nothing', () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toEqual(closed);
    expect(host.calls).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('a value that does not fit the key stays in the window, refused, without a call; a fitting one is then saved', async () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'SUBMIT', data: { value: 'maybe', locked: true } });
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: cards, editing: true, valueRefused: true, value: null, locked: null, error: null });
    flow.send({ type: 'SUBMIT', data: { value: 'on', locked: false } });
    expect(flow.context().valueRefused).toBe(true);
    expect(host.calls).toEqual([]);

    flow.send({ type: 'SUBMIT', data: { value: ' true ', locked: true } });
    expect(flow.context()).toMatchObject({ valueRefused: false, value: true, locked: true });
    await browsing(flow);
    expect(host.calls).toEqual([{ operationId: 'putCompanySetting', request: { params: { key: 'cardPayments' }, body: { value: true, locked: true }, suppressToast: true } }]);
  });

  it('a list typed as JSON that does not parse is refused; Cancel forgets the refusal', () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: origins });
    flow.send({ type: 'SUBMIT', data: { value: '["https://a.example"', locked: false } });
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: origins, valueRefused: true });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toEqual(closed);
    expect(host.calls).toEqual([]);
  });
});

describe('manage settings flow: the company level (no association in the query)', () => {
  it('Save sets the typed value and the lock at the company level, says so and closes the window', async () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: origins });
    flow.send({ type: 'SUBMIT', data: { value: 'https://a.example\nhttps://c.example, https://d.example', locked: true } });
    expect(flow.state()).toBe('savingCompany');
    expect(flow.context()).toMatchObject({ value: ['https://a.example', 'https://c.example', 'https://d.example'], locked: true });
    await browsing(flow);
    expect(host.calls).toEqual([{
      operationId: 'putCompanySetting',
      request: { params: { key: 'embeddingOrigins' }, body: { value: ['https://a.example', 'https://c.example', 'https://d.example'], locked: true }, suppressToast: true },
    }]);
    expect(host.toasts).toEqual([saved]);
  });

  it('an emptied box saves none where the key allows none, and a lock left out is no lock', async () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: privacy });
    flow.send({ type: 'SUBMIT', data: {} });
    await browsing(flow);
    expect(host.callsTo('putCompanySetting')).toEqual([{ params: { key: 'privacyPolicyUrl' }, body: { value: null, locked: false }, suppressToast: true }]);
    expect(host.toasts).toEqual([saved]);
  });

  it('a value the server refuses stays in the window with its error, no toast; Save again clears it', async () => {
    const { host, flow } = start({ answers: { ...answers, putCompanySetting: refusedValue } });
    flow.send({ type: 'EDIT', data: privacy });
    flow.send({ type: 'SUBMIT', data: { value: 'ftp://summit.example/privacy', locked: false } });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: privacy, editing: true, valueRefused: false, value: 'ftp://summit.example/privacy', error: refusedValueError });
    expect(host.toasts).toEqual([]);

    host.answers.putCompanySetting = settings;
    flow.send({ type: 'SUBMIT', data: { value: 'https://summit.example/privacy', locked: false } });
    expect(flow.context().error).toBeNull();
    await browsing(flow);
    expect(host.callsTo('putCompanySetting').map((request) => request.body)).toEqual([
      { value: 'ftp://summit.example/privacy', locked: false },
      { value: 'https://summit.example/privacy', locked: false },
    ]);
    expect(host.toasts).toEqual([saved]);
  });

  it('Return to inherited removes the company value (and its lock), says so and closes the window', async () => {
    const { host, flow } = start();
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'INHERIT' });
    expect(flow.state()).toBe('clearingCompany');
    await browsing(flow);
    expect(host.calls).toEqual([{ operationId: 'deleteCompanySetting', request: { params: { key: 'cardPayments' }, suppressToast: true } }]);
    expect(host.toasts).toEqual([inherited]);
  });

  it('a refused return to inherited stays in the window with the error, no toast', async () => {
    const { host, flow } = start({ answers: { ...answers, deleteCompanySetting: fail(403, { errorCode: 'SET003', detail: 'This key is read-only.' }) } });
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'INHERIT' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: cards, editing: true, ownValue: true, error: { code: 'SET003', text: 'This key is read-only.', status: 403 } });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.context()).toEqual(closed);
  });
  it('a value refused in the window, then a refused return to inherited: only the server\'s error is shown', async () => {
    const { flow } = start({ answers: { ...answers, deleteCompanySetting: fail(403, { errorCode: 'SET003', detail: 'This key is read-only.' }) } });
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'SUBMIT', data: { value: 'maybe', locked: false } });
    expect(flow.context().valueRefused).toBe(true);
    flow.send({ type: 'INHERIT' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ valueRefused: false, error: { code: 'SET003', text: 'This key is read-only.', status: 403 } });
  });
});

describe('manage settings flow: the association level (?association=ID)', () => {
  it('Save sets the typed value for the association only, without a lock, says so and closes the window', async () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: privacy });
    // The association's form has no lock; what it carries over from the window's initial data is not sent.
    flow.send({ type: 'SUBMIT', data: { value: ' https://maplegrove.example/privacy ', locked: false } });
    expect(flow.state()).toBe('savingAssociation');
    await browsing(flow);
    expect(host.calls).toEqual([{
      operationId: 'putAssociationSetting',
      request: { params: { id: '7', key: 'privacyPolicyUrl' }, body: { value: 'https://maplegrove.example/privacy' }, suppressToast: true },
    }]);
    expect(host.toasts).toEqual([saved]);
  });

  it('a value that does not fit stays in the window, refused, without a call', () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: cards });
    flow.send({ type: 'SUBMIT', data: { value: 'yes' } });
    expect(flow.state()).toBe('editing');
    expect(flow.context().valueRefused).toBe(true);
    expect(host.calls).toEqual([]);
  });

  it('a change the server refuses (the company locked the key meanwhile) stays in the window with the error, no toast', async () => {
    const { host, flow } = start({ ...atAssociation, answers: { ...answers, putAssociationSetting: locked } });
    flow.send({ type: 'EDIT', data: privacy });
    flow.send({ type: 'SUBMIT', data: { value: 'https://maplegrove.example/privacy' } });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: privacy, editing: true, value: 'https://maplegrove.example/privacy', error: lockedError });
    expect(host.callsTo('putAssociationSetting')).toEqual([{ params: { id: '7', key: 'privacyPolicyUrl' }, body: { value: 'https://maplegrove.example/privacy' }, suppressToast: true }]);
    expect(host.callsTo('putCompanySetting')).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('Return to inherited removes the association value, says so and closes the window', async () => {
    const { host, flow } = start(atAssociation);
    flow.send({ type: 'EDIT', data: origins });
    flow.send({ type: 'INHERIT' });
    expect(flow.state()).toBe('clearingAssociation');
    await browsing(flow);
    expect(host.calls).toEqual([{ operationId: 'deleteAssociationSetting', request: { params: { id: '7', key: 'embeddingOrigins' }, suppressToast: true } }]);
    expect(host.toasts).toEqual([inherited]);
  });

  it('a refused return to inherited stays in the window with the error; Return to inherited again clears it', async () => {
    const { host, flow } = start({ ...atAssociation, answers: { ...answers, deleteAssociationSetting: locked } });
    flow.send({ type: 'EDIT', data: origins });
    flow.send({ type: 'INHERIT' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setting: origins, editing: true, error: lockedError });
    expect(host.toasts).toEqual([]);

    host.answers.deleteAssociationSetting = settings;
    flow.send({ type: 'INHERIT' });
    expect(flow.context().error).toBeNull();
    await browsing(flow);
    expect(host.callsTo('deleteAssociationSetting')).toHaveLength(2);
    expect(host.callsTo('deleteCompanySetting')).toEqual([]);
    expect(host.toasts).toEqual([inherited]);
  });
});

it('manage settings flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
