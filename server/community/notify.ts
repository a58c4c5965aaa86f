// E-mail to a homeowner when management answers them (a message or a request reply). Sent after
// the answer is committed: a mail that fails is logged and the answer stays (it is in the portal).
import type { Services } from '../handlers/types.ts';

export interface ManagementAnswer {
  to: string;
  homeownerName: string;
  associationName: string;
  /** What was answered: the thread's or the request's subject. */
  subject: string;
  body: string;
  /** Where the portal shows it: the path of the thread or request (the mail carries it as an absolute link). */
  link: string;
  /** The account it is about, if any: following the link selects its property. */
  accountNumber?: string;
  what: 'message' | 'request';
}

export async function mailManagementAnswer(services: Services, answer: ManagementAnswer): Promise<void> {
  const heading = answer.what === 'message' ? 'replied to your message' : 'replied to your request';
  try {
    await services.mailer.send({
      to: answer.to,
      subject: `${answer.associationName} management ${heading}: ${answer.subject}`,
      text: [
        `Hello ${answer.homeownerName},`,
        '',
        `The management of ${answer.associationName} ${heading} "${answer.subject}":`,
        '',
        answer.body,
        '',
        `Read it and answer in the portal: ${services.mailer.link(answer.link, { accountNumber: answer.accountNumber })}`,
      ].join('\n'),
    });
  } catch (error) {
    services.log.error({ err: error, link: answer.link }, 'management answer e-mail failed');
  }
}
