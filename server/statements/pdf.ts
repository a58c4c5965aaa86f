// A statement as a printable PDF (US Letter), made with pdfkit and its built-in Helvetica (no font
// files to ship). The heading names the statement's type, the association, the account and the
// property, the period and the day it was made; then the period's ledger lines between the
// opening and closing balances; then what the type adds. Every page carries a footer naming the
// account and the page, so loose pages can be put back together.
import PDFDocument from 'pdfkit';
import type { ChargeSummary, Coupon, FutureCharges } from './sections.ts';
import { STATEMENT_TYPE_NAMES, type Statement } from './statement.ts';
import { drawTable, keepTogether, type TableColumn, type TableRow } from './pdf-table.ts';
import { formatLongDate, formatUsd } from './format.ts';

const MARGIN = 54;
const MUTED = '#4a5560';

function periodText(statement: Statement): string {
  const { from, to } = statement.period;
  return from === null ? `Full history through ${formatLongDate(to)}` : `${formatLongDate(from)} – ${formatLongDate(to)}`;
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.8);
  keepTogether(doc, 60);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(text);
  doc.moveDown(0.3);
}

function note(doc: PDFKit.PDFDocument, text: string): void {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text).fillColor('black');
  doc.moveDown(0.4);
}

/** Label/value lines from (x, y) in a column `width` wide; returns the y under the last one. */
function labelledLines(doc: PDFKit.PDFDocument, x: number, y: number, width: number, lines: [string, string][]): number {
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').fontSize(9).text(label, x, y, { width: 95 });
    doc.font('Helvetica').fontSize(9).text(value, x + 95, y, { width: width - 95 });
    y = Math.max(doc.y, y + 12) + 2;
  }
  return y;
}

function drawHeading(doc: PDFKit.PDFDocument, statement: Statement): void {
  const { account } = statement;
  doc.font('Helvetica-Bold').fontSize(18).text(`Statement — ${STATEMENT_TYPE_NAMES[statement.section.type]}`);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(12).text(account.associationName);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Managed by ${account.managementCompanyName}`).fillColor('black');
  doc.moveDown(0.8);
  const top = doc.y;
  const half = (doc.page.width - 2 * MARGIN) / 2;
  const leftEnd = labelledLines(doc, MARGIN, top, half - 12, [
    ['Account number', account.accountNumber],
    ['Owner', account.ownerName],
    ['Property', account.propertyAddress.join('\n')],
  ]);
  const rightEnd = labelledLines(doc, MARGIN + half, top, half, [
    ['Statement date', formatLongDate(statement.statementDate)],
    ['Period', periodText(statement)],
    ['Opening balance', formatUsd(statement.ledger.openingCents)],
    ['Closing balance', formatUsd(statement.ledger.closingCents)],
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(leftEnd, rightEnd);
}

const LEDGER_COLUMNS: TableColumn[] = [
  { header: 'Date', width: 96 },
  { header: 'Kind', width: 88 },
  { header: 'Description', width: 160 },
  { header: 'Amount', width: 80, align: 'right' },
  { header: 'Balance', width: 80, align: 'right' },
];

function drawLedger(doc: PDFKit.PDFDocument, statement: Statement): void {
  const { ledger, period } = statement;
  heading(doc, 'Account activity');
  const rows: TableRow[] = [
    { cells: [period.from ? formatLongDate(period.from) : '', '', 'Opening balance', '', formatUsd(ledger.openingCents)], emphasis: true },
    ...ledger.lines.map((line) => ({
      cells: [formatLongDate(line.date), line.kind, line.description, formatUsd(line.amountCents), formatUsd(line.balanceCents)],
    })),
    ...(ledger.lines.length === 0 ? [{ cells: ['', '', 'No activity in this period.', '', ''] }] : []),
    { cells: [formatLongDate(period.to), '', 'Closing balance', '', formatUsd(ledger.closingCents)], emphasis: true },
  ];
  drawTable(doc, LEDGER_COLUMNS, rows);
}

const COUPON_HEIGHT = 118;

function drawCoupons(doc: PDFKit.PDFDocument, statement: Statement, coupons: Coupon[]): void {
  const { account } = statement;
  heading(doc, 'Payment coupons');
  if (coupons.length === 0) {
    note(doc, 'Nothing is due on this account, so there is no coupon to return.');
    return;
  }
  note(doc, `Cut along the dashed line and return one coupon with each payment. Make checks payable to ${account.associationName}.`);
  const width = doc.page.width - 2 * MARGIN;
  for (const coupon of coupons) {
    keepTogether(doc, COUPON_HEIGHT + 16);
    const top = doc.y + 6;
    doc.save().dash(4, { space: 3 }).moveTo(MARGIN, top).lineTo(MARGIN + width, top).strokeColor(MUTED).stroke().undash().restore();
    const box = top + 8;
    doc.save().rect(MARGIN, box, width, COUPON_HEIGHT - 14).lineWidth(1).strokeColor('black').stroke().restore();
    doc.font('Helvetica-Bold').fontSize(11).text('PAYMENT COUPON', MARGIN + 10, box + 8);
    const half = (width - 20) / 2;
    const leftEnd = labelledLines(doc, MARGIN + 10, box + 26, half, [
      ['Remit to', account.associationName],
      ['Account number', account.accountNumber],
      ['Sub-ledger', coupon.subLedgerName],
      ['Property', account.propertyAddress.join(', ')],
    ]);
    doc.font('Helvetica-Bold').fontSize(11).text(`Amount due: ${formatUsd(coupon.amountDueCents)}`, MARGIN + 10 + half, box + 30, { width: half });
    doc.font('Helvetica').fontSize(11).text('Amount enclosed: $______________', MARGIN + 10 + half, box + 56, { width: half });
    doc.x = MARGIN;
    doc.y = Math.max(leftEnd, box + COUPON_HEIGHT - 14) + 8;
  }
}

function drawFutureCharges(doc: PDFKit.PDFDocument, statement: Statement, future: FutureCharges): void {
  heading(doc, `Charges scheduled after ${formatLongDate(statement.statementDate)} through ${formatLongDate(future.throughDate)}`);
  if (future.charges.length === 0) {
    note(doc, 'No charges are scheduled on this account.');
    return;
  }
  drawTable(
    doc,
    [
      { header: 'Due date', width: 96 },
      { header: 'Description', width: 208 },
      { header: 'Sub-ledger', width: 120 },
      { header: 'Amount', width: 80, align: 'right' },
    ],
    [
      ...future.charges.map((c) => ({ cells: [formatLongDate(c.dueDate), c.description, c.subLedgerName, formatUsd(c.amountCents)] })),
      { cells: ['', 'Total scheduled', '', formatUsd(future.totalCents)], emphasis: true },
    ],
  );
}

function drawChargeSummary(doc: PDFKit.PDFDocument, statement: Statement, summary: ChargeSummary): void {
  heading(doc, 'Summary of the period');
  drawTable(
    doc,
    [
      { header: 'Kind', width: 264 },
      { header: 'Lines', width: 80, align: 'right' },
      { header: 'Total', width: 160, align: 'right' },
    ],
    [
      { cells: ['Opening balance', '', formatUsd(statement.ledger.openingCents)] },
      ...summary.byKind.map((k) => ({ cells: [k.kind, String(k.lines), formatUsd(k.totalCents)] })),
      { cells: ['Net change', String(statement.ledger.lines.length), formatUsd(summary.netChangeCents)], emphasis: true },
      { cells: ['Closing balance', '', formatUsd(statement.ledger.closingCents)], emphasis: true },
    ],
  );
}

/** "Page n of N" with the account on every page, drawn last, when the number of pages is known. */
function drawFooters(doc: PDFKit.PDFDocument, statement: Statement): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without lifting the margin pdfkit would start a page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(
      `${statement.account.associationName} · Account ${statement.account.accountNumber} · Page ${i - range.start + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - bottomMargin + 18,
      { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = bottomMargin;
  }
  doc.fillColor('black');
}

export function renderStatementPdf(statement: Statement, madeAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Statement — ${STATEMENT_TYPE_NAMES[statement.section.type]} — account ${statement.account.accountNumber}`,
      Author: statement.account.associationName,
      CreationDate: madeAt,
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeading(doc, statement);
  drawLedger(doc, statement);
  const { section } = statement;
  if (section.type === 'coupons') drawCoupons(doc, statement, section.coupons);
  if (section.type === 'futureCharges') drawFutureCharges(doc, statement, section.future);
  if (section.type === 'chargeSummary') drawChargeSummary(doc, statement, section.summary);
  drawFooters(doc, statement);
  doc.end();
  return done;
}
