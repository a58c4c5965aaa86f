import { describe, expect, it } from 'vitest';
import { listedEnrollment, startMonths } from '../../../flows/auto-draft.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('auto-draft');

const paidUp = {
  selectedProperty: { propertyId: 22, accountNumber: '100235' },
  selectedAssociation: { id: 2, name: 'Maple Grove HOA', autoDraftType: 'portal' },
  accounts: [
    { accountNumber: '100235', subLedgerId: 8, subLedgerName: 'Assessments', currentBalanceCents: 0, blocked: false },
    { accountNumber: '100235', subLedgerId: 9, subLedgerName: 'Late fees', currentBalanceCents: -500, blocked: false },
  ],
};
const legacy = { ...paidUp, selectedAssociation: { id: 3, name: 'Cedar Point', autoDraftType: 'legacy' } };
const enrollment = {
  autoDraftId: 'ad_0000000000000001', accountNumber: '100235', associationName: 'Maple Grove HOA', draftedBy: 'portal', status: 'active',
  startMonth: '2030-02', pullDay: 5, nextPullDate: '2030-02-05', bank: { accountType: 'checking', bankName: 'First Bank', routingNumber: '110000000', last4: '6789' },
  signature: 'Morgan Lee', consecutiveFailures: 0, changeableUntil: '2030-02-05T01:00:00.000Z', changeable: true,
  lastDraft: { date: '2030-01-05', amountCents: 20_000, status: 'returned' },
  lastSuccessfulDraft: { date: '2029-12-05', amountCents: 18_000 },
};
const setupAnswer = { autoDraft: { ...enrollment, autoDraftId: 'ad_0000000000000002', status: 'setup' }, authorizationText: 'I authorize…' };
const answers = {
  listAutoDrafts: { autoDraftEnrollments: [] },
  setupAutoDraft: setupAnswer,
  setupLegacyAutoDraft: { ...setupAnswer, autoDraft: { ...setupAnswer.autoDraft, draftedBy: 'managementCompany' } },
  confirmAutoDraft: { ...enrollment, autoDraftId: 'ad_0000000000000002' },
  enrollLegacyAutoDraft: { ...enrollment, autoDraftId: 'ad_0000000000000002', draftedBy: 'managementCompany' },
  updateAutoDraft: enrollment,
  reviewAutoDraftChange: { autoDraft: { ...enrollment, pullDay: 12, nextPullDate: '2030-02-12' }, authorizationText: 'I authorize… on the 12th…' },
  cancelAutoDraft: null,
};
const enrolled = { ...answers, listAutoDrafts: { autoDraftEnrollments: [enrollment] } };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session: paidUp, ...options });
  return { host, flow: runFlow('auto-draft', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const refused = fail(409, { errorCode: 'PAY012', detail: 'Too late to change' });
const form = {
  startMonth: '2030-02', pullDay: 5, accountType: 'checking', routingNumber: '110000000', bankName: ' First Bank ',
  bankAccountNumber: '000123456789', bankAccountNumberConfirmation: '000123456789', signature: 'Morgan Lee ',
};
const setupBody = {
  accountNumber: '100235', startMonth: '2030-02', pullDay: 5,
  bank: { accountType: 'checking', routingNumber: '110000000', bankName: 'First Bank', bankAccountNumber: '000123456789', bankAccountNumberConfirmation: '000123456789', signature: 'Morgan Lee' },
};

describe('startMonths and listedEnrollment', () => {
  it('offer the three months after the current one in New York, across a new year', () => {
    // 03:00 UTC on 1 January is still 31 December in New York.
    expect(startMonths(new Date('2031-01-01T03:00:00Z'))).toEqual([
      { value: '2031-01', label: 'January 2031' },
      { value: '2031-02', label: 'February 2031' },
      { value: '2031-03', label: 'March 2031' },
    ]);
  });

  it('list an enrollment with the texts that apply and the change form\'s fields', () => {
    expect(listedEnrollment(enrollment as never)).toMatchObject({
      id: 'ad_0000000000000001', byPortal: true, byCompany: false, savings: false, bank: 'First Bank •••• 6789',
      lastDraftAmount: '$180.00', lastDraftDate: '2029-12-05', lastFailed: true, paused: false, changeable: true,
      draft: { pullDay: 5, changeBank: false, accountType: 'checking' },
    });
  });

  it('tell as the last draft only one that went through; a returned one after it is the failure\'s own line', () => {
    // None has gone through yet: no "Last draft", only the failure.
    expect(listedEnrollment({ ...enrollment, lastSuccessfulDraft: undefined } as never)).toMatchObject({ lastDraftDate: '', lastDraftAmount: '', lastFailed: true });
    expect(listedEnrollment({ ...enrollment, lastDraft: { date: '2029-12-05', amountCents: 18_000, status: 'succeeded' } } as never)).toMatchObject({
      lastDraftDate: '2029-12-05', lastDraftAmount: '$180.00', lastFailed: false,
    });
  });
});

describe('auto-draft flow', () => {
  it('a member without an account, and an association without auto-draft, load nothing', () => {
    const none = start({ session: { ...paidUp, selectedProperty: { accountNumber: null } } });
    expect(none.flow.state()).toBe('noAccount');
    const off = start({ session: { ...paidUp, selectedAssociation: { id: 4, autoDraftType: 'off' } } });
    expect(off.flow.state()).toBe('notOffered');
    expect([...none.host.calls, ...off.host.calls]).toEqual([]);
  });

  it('offers enrollment to an account with nothing due; an account with a balance must pay first', async () => {
    const { flow } = start();
    await ready(flow);
    expect(flow.context()).toMatchObject({ enrollment: null, canEnroll: true, mustPayFirst: false });
    const owing = start({ session: { ...paidUp, accounts: [{ ...paidUp.accounts[0], currentBalanceCents: 4_500 }] } });
    await ready(owing.flow);
    expect(owing.flow.context()).toMatchObject({ canEnroll: false, mustPayFirst: true, balance: '$45.00' });
  });

  it('leaves a set-up not signed yet (another tab\'s) alone: the page offers enrolling and removes nothing', async () => {
    const leftover = { autoDraftEnrollments: [setupAnswer.autoDraft] };
    const { host, flow } = start({ answers: { ...answers, listAutoDrafts: leftover } });
    await ready(flow);
    expect(host.callsTo('cancelAutoDraft')).toEqual([]);
    expect(flow.context()).toMatchObject({ enrollment: null, canEnroll: true });
    const listDown = start({ answers: { ...answers, listAutoDrafts: fail(500, { detail: 'Down' }) } });
    await ready(listDown.flow);
    expect(listDown.flow.context().error).toMatchObject({ status: 500 });
  });

  it('enrolls through AutoDraft Setup and Confirm where the portal drafts; not now removes the setup', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'ENROLL' });
    expect(flow.state()).toBe('enrolling');
    expect((flow.context().monthOptions as unknown[]).length).toBe(3);
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    expect(flow.state()).toBe('authorizing');
    expect(host.callsTo('setupAutoDraft')).toEqual([{ body: setupBody, suppressToast: true }]);
    flow.send({ type: 'BACK' });
    await flow.settle();
    expect(flow.state()).toBe('enrolling');
    expect(host.callsTo('cancelAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000002' }, suppressToast: true }]);
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    expect(host.callsTo('confirmAutoDraft')).toEqual([{ body: { autoDraftId: 'ad_0000000000000002' }, suppressToast: true }]);
    expect(host.toasts.at(-1)).toMatchObject({ status: 'success', titleKey: 'autoDraft.enrolled' });
    expect(host.callsTo('listAutoDrafts')).toHaveLength(2);
  });

  it('resumes the set-up Manage payments sends back (?resume=): its authorization, then signing enrolls it; Not now keeps it', async () => {
    const open = { ...setupAnswer.autoDraft, authorizationText: 'I authorize Maple Grove HOA…', expiresAt: '2030-01-02T00:00:00.000Z' };
    const listed = { ...answers, listAutoDrafts: { autoDraftEnrollments: [open] } };
    const { host, flow } = start({ answers: listed, query: { resume: open.autoDraftId } });
    await flow.settle();
    expect(flow.state()).toBe('authorizing');
    expect(flow.context()).toMatchObject({ setup: { autoDraftId: open.autoDraftId }, authorizationText: open.authorizationText, resumeId: null, resumed: true });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ setup: null, authorizationText: null, resumed: false, canEnroll: true });
    expect(host.callsTo('cancelAutoDraft')).toEqual([]);

    const again = start({ answers: listed, query: { resume: open.autoDraftId } });
    await again.flow.settle();
    again.host.answers.confirmAutoDraft = fail(409, { errorCode: 'PAY013', detail: 'This account already has a recurring payment or auto-draft.' });
    again.flow.send({ type: 'AUTHORIZE' });
    await again.flow.settle();
    expect(again.flow.state()).toBe('authorizing');
    expect(again.flow.context().error).toMatchObject({ status: 409 });
    again.host.answers.confirmAutoDraft = answers.confirmAutoDraft;
    again.host.answers.listAutoDrafts = enrolled.listAutoDrafts;
    again.flow.send({ type: 'AUTHORIZE' });
    await ready(again.flow);
    expect(again.host.callsTo('confirmAutoDraft')).toEqual([
      { body: { autoDraftId: open.autoDraftId }, suppressToast: true },
      { body: { autoDraftId: open.autoDraftId }, suppressToast: true },
    ]);
    expect(again.flow.context()).toMatchObject({ resumed: false, enrollment: { id: 'ad_0000000000000001' } });

    // One no longer open (signed, discarded or lapsed: not listed as a set-up) leaves the page as it is.
    const gone = start({ query: { resume: open.autoDraftId } });
    await ready(gone.flow);
    expect(gone.flow.context()).toMatchObject({ resumeId: null, setup: null, canEnroll: true });
  });

  it('enrolls through the legacy Setup and Enroll where the management company drafts', async () => {
    const { host, flow } = start({ session: legacy });
    await ready(flow);
    flow.send({ type: 'ENROLL' });
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    expect(host.callsTo('setupLegacyAutoDraft')).toEqual([{ body: setupBody, suppressToast: true }]);
    expect(host.callsTo('enrollLegacyAutoDraft')).toEqual([{ body: { autoDraftId: 'ad_0000000000000002' }, suppressToast: true }]);
    expect(host.callsTo('setupAutoDraft')).toEqual([]);
    expect(host.toasts.at(-1)).toMatchObject({ titleKey: 'autoDraft.enrolledLegacy' });
  });

  it('refused setups, signatures and removals of the setup keep the homeowner where they were, with the error', async () => {
    const balance = fail(409, { errorCode: 'AD003', detail: 'Pay the balance first' });
    const { host, flow } = start({ answers: { ...answers, setupAutoDraft: balance, setupLegacyAutoDraft: balance } });
    await ready(flow);
    flow.send({ type: 'ENROLL' });
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    expect(flow.state()).toBe('enrolling');
    expect(flow.context()).toMatchObject({ error: { code: 'AD003' }, draft: form });
    host.answers.setupAutoDraft = setupAnswer;
    host.answers.confirmAutoDraft = fail(409, { errorCode: 'PAY013', detail: 'Already has one' });
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await flow.settle();
    expect(flow.state()).toBe('authorizing');
    expect(flow.context().error).toMatchObject({ code: 'PAY013' });
    host.answers.cancelAutoDraft = fail(500, { detail: 'Down' });
    flow.send({ type: 'BACK' });
    await flow.settle();
    expect(flow.state()).toBe('enrolling');
    expect(flow.context()).toMatchObject({ setup: null, error: { status: 500 } });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');

    const legacyRun = start({ session: legacy, answers: { ...answers, setupLegacyAutoDraft: balance, enrollLegacyAutoDraft: fail(403, { errorCode: 'PAY004', detail: 'Blocked' }) } });
    await ready(legacyRun.flow);
    legacyRun.flow.send({ type: 'ENROLL' });
    legacyRun.flow.send({ type: 'SUBMIT', data: form });
    await legacyRun.flow.settle();
    expect(legacyRun.flow.context().error).toMatchObject({ code: 'AD003' });
    legacyRun.host.answers.setupLegacyAutoDraft = setupAnswer;
    legacyRun.flow.send({ type: 'SUBMIT', data: form });
    await legacyRun.flow.settle();
    legacyRun.flow.send({ type: 'AUTHORIZE' });
    await legacyRun.flow.settle();
    expect(legacyRun.flow.state()).toBe('authorizing');
    expect(legacyRun.flow.context().error).toMatchObject({ code: 'PAY004' });
  });

  it('changes the pull day alone, then the bank account, each after its new authorization is read and agreed to; an unchanged form asks nothing of the server', async () => {
    const { host, flow } = start({ answers: enrolled });
    await ready(flow);
    const draft = listedEnrollment(enrollment as never).draft;
    const agreed = 'I authorize… on the 12th…';
    flow.send({ type: 'CHANGE' });
    expect(flow.state()).toBe('changing');
    flow.send({ type: 'SUBMIT', data: draft });
    expect(flow.state()).toBe('ready');
    flow.send({ type: 'CHANGE' });
    flow.send({ type: 'SUBMIT', data: { ...draft, pullDay: 12 } });
    await flow.settle();
    // Reviewed, not changed: the text is shown and nothing is saved until it is agreed to.
    expect(flow.state()).toBe('authorizingChange');
    expect(flow.context().changeAuthorization).toMatchObject({ authorizationText: agreed });
    expect(host.callsTo('updateAutoDraft')).toEqual([]);
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    flow.send({ type: 'CHANGE' });
    flow.send({ type: 'SUBMIT', data: { ...draft, ...form, changeBank: true, pullDay: 5 } });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    expect(host.callsTo('reviewAutoDraftChange')).toEqual([
      { params: { id: 'ad_0000000000000001' }, body: { pullDay: 12 }, suppressToast: true },
      { params: { id: 'ad_0000000000000001' }, body: { bank: setupBody.bank }, suppressToast: true },
    ]);
    expect(host.callsTo('updateAutoDraft')).toEqual([
      { params: { id: 'ad_0000000000000001' }, body: { pullDay: 12, agreedAuthorizationText: agreed }, suppressToast: true },
      { params: { id: 'ad_0000000000000001' }, body: { bank: setupBody.bank, agreedAuthorizationText: agreed }, suppressToast: true },
    ]);
    expect(host.toasts.at(-1)).toMatchObject({ titleKey: 'autoDraft.changed' });
  });

  it('a change refused when agreed to stays on its authorization with the error', async () => {
    const { flow } = start({ answers: { ...enrolled, updateAutoDraft: refused } });
    await ready(flow);
    flow.send({ type: 'CHANGE' });
    flow.send({ type: 'SUBMIT', data: { ...listedEnrollment(enrollment as never).draft, pullDay: 12 } });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await flow.settle();
    expect(flow.state()).toBe('authorizingChange');
    expect(flow.context().error).toMatchObject({ code: 'PAY012' });
  });

  it('Not now after reading a change\'s authorization changes nothing', async () => {
    const { host, flow } = start({ answers: enrolled });
    await ready(flow);
    flow.send({ type: 'CHANGE' });
    flow.send({ type: 'SUBMIT', data: { ...listedEnrollment(enrollment as never).draft, pullDay: 12 } });
    await flow.settle();
    expect(flow.state()).toBe('authorizingChange');
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().changeAuthorization).toBeNull();
    expect(host.callsTo('updateAutoDraft')).toEqual([]);
  });

  it('a change refused after the cutoff stays on the form with the error; back leaves it', async () => {
    const { flow } = start({ answers: { ...enrolled, reviewAutoDraftChange: refused } });
    await ready(flow);
    flow.send({ type: 'CHANGE' });
    flow.send({ type: 'SUBMIT', data: { ...listedEnrollment(enrollment as never).draft, pullDay: 20 } });
    await flow.settle();
    expect(flow.state()).toBe('changing');
    expect(flow.context().error).toMatchObject({ code: 'PAY012' });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
  });

  it('skips the next draft and removes the enrollment after asking; keep asks nothing of the server', async () => {
    const { host, flow } = start({ answers: enrolled });
    await ready(flow);
    flow.send({ type: 'SKIP', date: '2030-02-05' });
    expect(flow.state()).toBe('confirmingSkip');
    expect(flow.context().pending).toEqual({ date: '2030-02-05' });
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    flow.send({ type: 'SKIP', date: '2030-02-05' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    flow.send({ type: 'REMOVE' });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context().pendingRemoval).toBe(true);
    flow.send({ type: 'KEEP' });
    expect(flow.context().pendingRemoval).toBe(false);
    flow.send({ type: 'REMOVE' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('updateAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000001' }, body: { skipNext: true }, suppressToast: true }]);
    expect(host.callsTo('cancelAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000001' }, suppressToast: true }]);
    expect(host.toasts.map((toast) => toast.titleKey)).toEqual(['autoDraft.skipped', 'autoDraft.removed']);
  });

  it('resumes a paused enrollment; refusals of skip, removal and resume show the error', async () => {
    const { host, flow } = start({ answers: enrolled });
    await ready(flow);
    flow.send({ type: 'RESUME' });
    await ready(flow);
    expect(host.callsTo('updateAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000001' }, body: { resume: true }, suppressToast: true }]);
    expect(host.toasts.at(-1)).toMatchObject({ titleKey: 'autoDraft.resumed' });
    host.answers.updateAutoDraft = refused;
    host.answers.cancelAutoDraft = refused;
    flow.send({ type: 'RESUME' });
    await ready(flow);
    expect(flow.context().error).toMatchObject({ code: 'PAY012' });
    flow.send({ type: 'SKIP', date: '2030-02-05' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pending: null, error: { code: 'PAY012' } });
    flow.send({ type: 'REMOVE' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: false, error: { code: 'PAY012' } });
  });
});

it('auto-draft flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
