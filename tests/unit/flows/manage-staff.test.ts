import { describe, expect, it } from 'vitest';
import { shownMember } from '../../../flows/manage-staff.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-staff');

// The console's staff page: the list with each member's buttons, invitations and changes.
const admin = { userId: 7, email: 'manager@example.com', firstName: 'Morgan', lastName: 'Lee', role: 'admin', active: true, since: '2026-01-01T00:00:00.000Z', mimic: true, actOnBehalf: false };
const sam = { userId: 8, email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', role: 'staff', active: true, since: '2026-01-02T00:00:00.000Z', mimic: false, actOnBehalf: false };
const list = { staff: [admin, sam], invitations: [{ id: 1, email: 'new.person@example.com', role: 'staff', invitedAt: '2026-11-01T00:00:00.000Z', expiresAt: '2026-11-08T00:00:00.000Z' }] };
const start = (answers = {}, isAdmin = true) => {
  const host = createFakeHost({ answers: { listCompanyStaff: list, ...answers }, session: { userId: 7, isManagementAdmin: isAdmin } });
  return { host, flow: runFlow('manage-staff', host, { coverage }) };
};

describe('shownMember', () => {
  it('gives an admin every change but on their own row, and a staff member none', () => {
    expect(shownMember(admin as never, 7, true)).toMatchObject({ isSelf: true, canMakeAdmin: false, canMakeStaff: false, canDeactivate: false, canReactivate: false });
    expect(shownMember(sam as never, 7, true)).toMatchObject({ name: 'Sam Staff', isSelf: false, canMakeAdmin: true, canMakeStaff: false, canDeactivate: true, canReactivate: false });
    expect(shownMember({ ...sam, active: false } as never, 7, true)).toMatchObject({ isDeactivated: true, canMakeAdmin: false, canDeactivate: false, canReactivate: true });
    expect(shownMember(sam as never, 9, 'admin')).toMatchObject({ canMakeAdmin: false, canDeactivate: false });
  });

  it('says whether each member may use mimic mode; an admin gives or takes it, but not on their own row nor to a deactivated member', () => {
    expect(shownMember(admin as never, 7, true)).toMatchObject({ mimicStatus: 'allowed', canGrantMimic: false, canRevokeMimic: false });
    expect(shownMember(sam as never, 7, true)).toMatchObject({ mimicStatus: 'notAllowed', canGrantMimic: true, canRevokeMimic: false });
    expect(shownMember({ ...sam, mimic: true } as never, 7, true)).toMatchObject({ mimicStatus: 'allowed', canGrantMimic: false, canRevokeMimic: true });
    expect(shownMember({ ...sam, active: false } as never, 7, true)).toMatchObject({ canGrantMimic: false });
    expect(shownMember(sam as never, 9, false)).toMatchObject({ canGrantMimic: false, canRevokeMimic: false });
  });

  it('offers acting for owners only with the mimic grant', () => {
    expect(shownMember(sam as never, 7, true)).toMatchObject({ actsOnBehalf: false, canGrantActOnBehalf: false, canRevokeActOnBehalf: false });
    expect(shownMember({ ...sam, mimic: true } as never, 7, true)).toMatchObject({ canGrantActOnBehalf: true, canRevokeActOnBehalf: false });
    expect(shownMember({ ...sam, mimic: true, actOnBehalf: true } as never, 7, true)).toMatchObject({ actsOnBehalf: true, canGrantActOnBehalf: false, canRevokeActOnBehalf: true });
    expect(shownMember({ ...sam, mimic: true, actOnBehalf: true } as never, 9, false)).toMatchObject({ canRevokeActOnBehalf: false });
  });
});

describe('manage-staff flow', () => {
  it('reads the list, with pending invitations', async () => {
    const { flow } = start();
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ hasInvitations: true, staff: [{ isSelf: true }, { canDeactivate: true }] });
  });

  it('a list that cannot be read waits for a retry', async () => {
    const { host, flow } = start({ listCompanyStaff: fail(500) });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    host.answers.listCompanyStaff = list;
    flow.send({ type: 'RETRY' });
    await flow.settle();
    expect(flow.state()).toBe('ready');
  });

  it('invites, says so and reads the list again; a refusal stays with the form', async () => {
    const { host, flow } = start({ inviteStaffMember: { email: 'new.person@example.com', role: 'staff', expiresAt: '2026-11-08T00:00:00.000Z' } });
    await flow.settle();
    flow.send({ type: 'INVITE', data: { email: 'new.person@example.com', role: 'staff' } });
    await flow.settle();
    expect(host.callsTo('inviteStaffMember')).toEqual([expect.objectContaining({ body: { email: 'new.person@example.com', role: 'staff' } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'manageStaff.invitedToast', description: 'new.person@example.com' })]);
    expect(host.callsTo('listCompanyStaff')).toHaveLength(2);
    expect(flow.context()).toMatchObject({ hasInvited: true, invited: { email: 'new.person@example.com' } });
    flow.send({ type: 'INVITE_ANOTHER' });
    expect(flow.context()).toMatchObject({ hasInvited: false, invited: null });
    host.answers.inviteStaffMember = fail(409, { errorCode: 'STF005' });
    flow.send({ type: 'INVITE', data: { email: 'staff@example.com', role: 'staff' } });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ error: { code: 'STF005' }, refused: false });
  });

  it('deactivates only after the confirmation, then reads the list again', async () => {
    const { host, flow } = start({ updateStaffMember: { ...sam, active: false } });
    await flow.settle();
    flow.send({ type: 'DEACTIVATE', member: shownMember(sam as never, 7, true) });
    expect(flow.state()).toBe('confirmingDeactivation');
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('updateStaffMember')).toEqual([]);
    flow.send({ type: 'DEACTIVATE', member: shownMember(sam as never, 7, true) });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(host.callsTo('updateStaffMember')).toEqual([expect.objectContaining({ params: { userId: 8 }, body: { active: false } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'manageStaff.changedToast', description: 'Sam Staff' })]);
    expect(flow.context()).toMatchObject({ member: null, change: null, confirmingDeactivation: false });
  });

  it('changes roles and reactivates; a refusal is said above the list, which is read again', async () => {
    const { host, flow } = start({ updateStaffMember: sam });
    await flow.settle();
    flow.send({ type: 'MAKE_ADMIN', member: sam });
    await flow.settle();
    flow.send({ type: 'MAKE_STAFF', member: sam });
    await flow.settle();
    flow.send({ type: 'REACTIVATE', member: sam });
    await flow.settle();
    expect(host.callsTo('updateStaffMember').map((call) => call.body)).toEqual([{ role: 'admin' }, { role: 'staff' }, { active: true }]);
    host.answers.updateStaffMember = fail(404, { errorCode: 'STF003' });
    host.answers.listCompanyStaff = fail(500);
    flow.send({ type: 'MAKE_ADMIN', member: sam });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ refused: true, refusal: { code: 'STF003' } });
  });
});

describe('manage-staff flow: the mimic grant', () => {
  it('gives and takes it with updateStaffMember { mimic }, then reads the list again', async () => {
    const { host, flow } = start({ updateStaffMember: {} });
    await flow.settle();
    flow.send({ type: 'GRANT_MIMIC', member: sam });
    await flow.settle();
    flow.send({ type: 'REVOKE_MIMIC', member: sam });
    await flow.settle();
    flow.send({ type: 'GRANT_ACT_ON_BEHALF', member: sam });
    await flow.settle();
    flow.send({ type: 'REVOKE_ACT_ON_BEHALF', member: sam });
    await flow.settle();
    expect(host.callsTo('updateStaffMember')).toEqual([
      expect.objectContaining({ params: { userId: 8 }, body: { mimic: true } }),
      expect.objectContaining({ params: { userId: 8 }, body: { mimic: false } }),
      expect.objectContaining({ params: { userId: 8 }, body: { actOnBehalf: true } }),
      expect.objectContaining({ params: { userId: 8 }, body: { actOnBehalf: false } }),
    ]);
    expect(flow.state()).toBe('ready');
  });
});

it('every state and operation outcome is reached', () => expect(coverage.missing()).toEqual([]));
