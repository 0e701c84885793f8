// The signed contract (or addendum) as a PDF: its exact text, then the record of each signature
// and the SHA-256 of the text, so that the copy the couple keeps proves what they signed. pdfkit
// (a well-kept PDF writer) lays the text out; its built-in Helvetica needs no font file.
import PDFDocument from 'pdfkit';
import type { DocumentRow, SignatureRow } from './store';

const stamp = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

/** Helvetica's encoding (WinAnsi) lacks a few characters the words may hold: said plainly. */
const printable = (text: string) =>
  text
    .replace(/→/g, '->')
    .replace(/[\u202F\u00A0]/g, ' ')
    .replace(/[^\x09\x0A\x0D\x20-\x7E\u00A1-\u00FF‘’“”–—…•€]/g, '?');

export function documentPdf(
  document: DocumentRow,
  signatures: SignatureRow[],
  studio: string,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: document.title, Author: studio, CreationDate: new Date(document.createdAt) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const [title, ...body] = document.text.split('\n');
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(printable(title ?? ''), { paragraphGap: 8 });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(printable(body.join('\n')), { lineGap: 2 });
  pdf.moveDown(2);
  pdf.font('Helvetica-Bold').fontSize(12).text('Signatures');
  pdf.font('Helvetica').fontSize(9);
  for (const signature of signatures) {
    pdf.moveDown(0.5);
    pdf.text(
      printable(
        [
          `${signature.name} <${signature.email}>, signed electronically on ${stamp(signature.at)}`,
          `Address code e-mailed to ${signature.email} and typed back. Consent: "${signature.consent}"`,
          `From ${signature.ip}, ${signature.userAgent}`,
        ].join('\n'),
      ),
    );
  }
  pdf.moveDown();
  pdf.text(`SHA-256 of the text above (UTF-8): ${document.sha256}`);
  pdf.end();
  return done;
}
