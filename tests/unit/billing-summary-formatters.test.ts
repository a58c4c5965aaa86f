import { describe, expect, it } from 'vitest';
import { formatters } from '../../flows/formatters.ts';

// The billing pages' cards: whether anything pays the account automatically, and when next.
describe('billing summary formatters', () => {
  const recurring = (status: string) => ({ recurringPayments: [{ status, nextPaymentDate: '2030-02-01' }] });
  const autoDraft = (status: string) => ({ autoDraftEnrollments: [{ status, nextPullDate: '2030-02-05' }] });

  it('says checking until both lists are read, then on when one schedule is active, else off', () => {
    expect(formatters.autopayStatus(undefined)).toBe('checking');
    expect(formatters.autopayStatus({ recurring: recurring('active') })).toBe('checking');
    expect(formatters.autopayStatus({ recurring: recurring('paused'), autoDraft: autoDraft('active') })).toBe('on');
    expect(formatters.autopayStatus({ recurring: recurring('setup'), autoDraft: { autoDraftEnrollments: [] } })).toBe('off');
  });

  it('gives the next date of the active schedule, and nothing without one', () => {
    expect(formatters.nextRecurringDate(recurring('active').recurringPayments)).toBe('February 1, 2030');
    expect(formatters.nextDraftDate(autoDraft('active').autoDraftEnrollments)).toBe('February 5, 2030');
    expect(formatters.nextRecurringDate(recurring('paused').recurringPayments)).toBe('');
    expect(formatters.nextDraftDate(undefined)).toBe('');
  });
});
