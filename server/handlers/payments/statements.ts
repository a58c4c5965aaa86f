// POST /Ledger/Statement: makes a statement (PDF) or the ledger export (CSV) of one of the
// caller's accounts for the period asked, stores it for 10 minutes and answers the link that
// downloads it (docs/server.md, "Statements").
import { principalOf, type OperationHandler } from '../types.ts';
import { appDate } from '../../payments/billing.ts';
import { ownedStatementAccount } from '../../statements/account.ts';
import { statementPeriod } from '../../statements/period.ts';
import { loadPeriodLedger } from '../../statements/ledger-lines.ts';
import { STATEMENT_TYPE_NAMES, firstDay, statementSection, type StatementType } from '../../statements/statement.ts';
import { renderStatementPdf } from '../../statements/pdf.ts';
import { ledgerCsv } from '../../statements/csv.ts';
import { downloadUrl, saveStatementFile } from '../../statements/files.ts';

function kebab(type: StatementType): string {
  return STATEMENT_TYPE_NAMES[type].replace(/\s+/g, '-');
}

export const createStatement: OperationHandler<'createStatement'> = async (req, services) => {
  const { userId } = principalOf(req);
  const { accountNumber, duration } = req.body;
  const type = req.body.type ?? 'transactionHistory';
  const format = req.body.format ?? 'pdf';
  const now = services.clock();
  const today = appDate(now);

  // The account is the caller's (x-policy); another's, or one without sub-ledgers: 404 GP002.
  const account = await ownedStatementAccount(services.db, userId, accountNumber, today);
  const period = statementPeriod(duration, today);
  const ledger = await loadPeriodLedger(services.db, account.subLedgers.map((s) => s.id), period);
  const days = `${firstDay(period, ledger)}-to-${period.to}`;

  const file = format === 'csv'
    ? { fileName: `ledger-${account.accountNumber}-${days}.csv`, mediaType: 'text/csv' as const, body: Buffer.from(ledgerCsv(ledger.lines), 'utf8') }
    : {
        fileName: `statement-${account.accountNumber}-${kebab(type)}-${days}.pdf`,
        mediaType: 'application/pdf' as const,
        body: await renderStatementPdf(
          { account, period, statementDate: today, ledger, section: await statementSection(services.db, type, account, ledger, today) },
          now,
        ),
      };
  const stored = await saveStatementFile(services.db, { userId, now, ...file });
  return {
    status: 201,
    body: { url: downloadUrl(stored.id), fileName: stored.fileName, mediaType: stored.mediaType, bytes: stored.bytes, expiresAt: stored.expiresAt.toISOString() },
  };
};
