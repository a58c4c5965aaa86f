import { describeError } from '../engine/core/flow/builtins.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// The company's staff in the console (/manage/staff). Screens choose their lines and buttons with
// `when`, which takes booleans, so each member's are worked out here: an admin changes anyone's
// role, activity and mimic grant but their own; a staff member changes nothing (the server refuses
// it anyway).

type StaffList = ResponseOf<'listCompanyStaff'>;
type Member = StaffList['staff'][number];

/** One member as the page shows them, for the signed-in user `userId` (an admin when `isAdmin` is exactly true). */
export function shownMember(member: Member, userId: unknown, isAdmin: unknown) {
  const isSelf = member.userId === Number(userId);
  const mayChange = isAdmin === true && !isSelf;
  return {
    ...member,
    name: `${member.firstName} ${member.lastName}`.trim() || member.email,
    isSelf,
    isDeactivated: !member.active,
    canMakeAdmin: mayChange && member.active && member.role === 'staff',
    canMakeStaff: mayChange && member.active && member.role === 'admin',
    canDeactivate: mayChange && member.active,
    canReactivate: mayChange && !member.active,
    // Mimic mode (viewing the portal as an owner) is a grant an admin gives or takes, as the role.
    mimicStatus: member.mimic ? 'allowed' : 'notAllowed',
    canGrantMimic: mayChange && member.active && !member.mimic,
    canRevokeMimic: mayChange && member.mimic,
    // With the grant, the admin may also let them change what the owner could (but what mimic mode
    // always refuses: payments, sign-in details, votes...); without it, that second grant means nothing.
    actsOnBehalf: member.mimic && member.actOnBehalf,
    canGrantActOnBehalf: mayChange && member.active && member.mimic && !member.actOnBehalf,
    canRevokeActOnBehalf: mayChange && member.mimic && member.actOnBehalf,
  };
}

export function shownStaff(list: StaffList, userId: unknown, isAdmin: unknown) {
  return {
    staff: list.staff.map((member) => shownMember(member, userId, isAdmin)),
    invitations: list.invitations,
    hasInvitations: list.invitations.length > 0,
  };
}

export const manageStaffFlow: FlowModule = {
  guards: {},
  assigns: {
    showStaff: ({ event }, params) => shownStaff(event.output as StaffList, params.userId, params.isAdmin),
    /** The member the button was pressed for (`event.member`) and what is sent for them (the params: `role` or `active`). */
    chooseStaffChange: ({ event }, params) => ({ member: (event as { member?: unknown }).member ?? null, change: { ...params } }),
    forgetStaffChange: () => ({ member: null, change: null }),
    noteStaffRefusal: ({ event }) => ({ refusal: describeError(event.error), refused: true }),
    forgetStaffRefusal: () => ({ refusal: null, refused: false }),
  },
  actors: {},
};
