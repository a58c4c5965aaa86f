// A table drawn with pdfkit that breaks across pages: each row is measured before it is drawn and
// goes whole to the next page when it does not fit, where the column headings are drawn again, so
// every page of a long statement reads on its own. pdfkit's own page overflow would split a row
// between pages and lose the headings.

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  /** Opening and closing balances, totals: bold, with a rule above. */
  emphasis?: boolean;
}

const PADDING = 4;
const FONT_SIZE = 9;
const HEADER_FILL = '#e8ecef';
const RULE = '#c4cbd1';

function rowHeight(doc: PDFKit.PDFDocument, columns: TableColumn[], cells: string[]): number {
  const heights = columns.map((column, i) => doc.heightOfString(cells[i] || ' ', { width: column.width - 2 * PADDING, align: column.align ?? 'left' }));
  return Math.max(...heights) + 2 * PADDING;
}

function drawCells(doc: PDFKit.PDFDocument, columns: TableColumn[], cells: string[], y: number): void {
  let x = doc.page.margins.left;
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', x + PADDING, y + PADDING, { width: column.width - 2 * PADDING, align: column.align ?? 'left' });
    x += column.width;
  });
}

/** Draws the table from doc.y on, adding pages as needed; leaves doc.y under the last row. */
export function drawTable(doc: PDFKit.PDFDocument, columns: TableColumn[], rows: TableRow[]): void {
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = doc.y;

  const drawHeader = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    const height = rowHeight(doc, columns, columns.map((c) => c.header));
    doc.save().rect(left, y, width, height).fill(HEADER_FILL).restore();
    doc.fillColor('black');
    drawCells(doc, columns, columns.map((c) => c.header), y);
    y += height;
  };

  drawHeader();
  for (const row of rows) {
    doc.font(row.emphasis ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const height = rowHeight(doc, columns, row.cells);
    // A row taller than a whole page is drawn where it is (pdfkit continues it); any other goes whole.
    if (y + height > bottom() && height < bottom() - doc.page.margins.top) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
      doc.font(row.emphasis ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    }
    doc.save().moveTo(left, y).lineTo(left + width, y).lineWidth(row.emphasis ? 0.8 : 0.3).strokeColor(RULE).stroke().restore();
    drawCells(doc, columns, row.cells, y);
    y += height;
  }
  doc.x = left;
  doc.y = y + PADDING * 2;
}

/** Starts a new page unless `height` more points fit on this one (keeps a block, e.g. a coupon, whole). */
export function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  doc.x = doc.page.margins.left;
}
