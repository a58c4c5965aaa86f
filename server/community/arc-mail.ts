// E-mail to the applicant of an architectural request: the chair's decision, and a board member's
// message. Sent after the write is committed: a mail that fails is logged and the write stays (the
// applicant sees it on the request's page, /community/requests/:id, which the mail links to).
import type { Services } from '../handlers/types.ts';
import type { ArcOutcome } from './arc-review-store.ts';

export interface Applicant {
  to: string;
  requestId: number;
  accountNumber: string;
  homeownerName: string;
  associationName: string;
  subject: string;
}

const OUTCOME_TEXT: Record<ArcOutcome, string> = {
  approved: 'approved',
  approvedWithConditions: 'approved with conditions',
  declined: 'declined',
};

/** The request's own page; following it selects the request's property. */
function requestLink(services: Services, applicant: Applicant): string {
  return services.mailer.link(`/community/requests/${applicant.requestId}`, { accountNumber: applicant.accountNumber });
}

export async function mailArcDecision(
  services: Services,
  applicant: Applicant,
  decision: { outcome: ArcOutcome; conditions: string | null; comment: string | null },
): Promise<void> {
  const outcome = OUTCOME_TEXT[decision.outcome];
  try {
    await services.mailer.send({
      to: applicant.to,
      subject: `Your architectural request was ${outcome}: ${applicant.subject}`,
      text: [
        `Hello ${applicant.homeownerName},`,
        '',
        `The board of ${applicant.associationName} ${outcome} your architectural request "${applicant.subject}".`,
        ...(decision.conditions ? ['', 'Conditions:', decision.conditions] : []),
        ...(decision.comment ? ['', 'Note from the board:', decision.comment] : []),
        '',
        `See it in the portal: ${requestLink(services, applicant)}`,
      ].join('\n'),
    });
  } catch (error) {
    services.log.error({ err: error, subject: applicant.subject }, 'architectural decision e-mail failed');
  }
}

export async function mailBoardMessage(services: Services, applicant: Applicant, body: string): Promise<void> {
  try {
    await services.mailer.send({
      to: applicant.to,
      subject: `${applicant.associationName} board wrote about your request: ${applicant.subject}`,
      text: [
        `Hello ${applicant.homeownerName},`,
        '',
        `The board of ${applicant.associationName} wrote about your architectural request "${applicant.subject}":`,
        '',
        body,
        '',
        `Read it and answer in the portal: ${requestLink(services, applicant)}`,
      ].join('\n'),
    });
  } catch (error) {
    services.log.error({ err: error, subject: applicant.subject }, 'board message e-mail failed');
  }
}
