// Demo PDFs made with pdfkit at seed time. Each entry of `pages` starts a new page, so a passage of
// the demo material is known to stand on page 1, 2, 3… of its file, which is what an answer cites.
import PDFDocument from 'pdfkit';

/** The title on the first page, then each page's paragraphs; a fixed date keeps the bytes the same on every seed. */
export function pagedPdf(title: string, pages: string[][], author = 'Maple Grove HOA'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title, Author: author, CreationDate: new Date(Date.UTC(2026, 0, 5)) } });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(title).moveDown();
  doc.font('Helvetica').fontSize(11);
  pages.forEach((paragraphs, index) => {
    if (index > 0) doc.addPage();
    for (const paragraph of paragraphs) doc.text(paragraph).moveDown(0.5);
  });
  doc.end();
  return done;
}
