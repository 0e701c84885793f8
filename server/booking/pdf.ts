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

/** A value someone typed, as data on one line: no line breaks or controls, at most `max` long. */
const field = (value: string, max = 120) => {
  const line = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

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
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  /** The line cut to the page's width: a field never wraps into a line of its own. */
  const oneLine = (line: string) => {
    let cut = line;
    while (pdf.widthOfString(cut) > width) cut = `${cut.slice(0, -2)}…`;
    return cut;
  };
  signatures.forEach((signature, index) => {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').text(`Signature ${index + 1} of ${signatures.length}`);
    pdf.font('Helvetica');
    // Each value is the signer's or their browser's, printed as a labelled field on its line:
    // nothing typed can print a line that reads as another signature or as the hash.
    for (const [label, value] of [
      ['Name as typed', `"${field(signature.name)}"`],
      ['E-mail (code sent and typed back)', field(signature.email)],
      ['Signed', stamp(signature.at)],
      ['Consent', `"${field(signature.consent, 300)}"`],
      ['From address', field(signature.ip, 64)],
      ['Browser', field(signature.userAgent, 90)],
    ] as const) {
      pdf.text(oneLine(printable(`    ${label}: ${value}`)), { lineBreak: false });
    }
  });
  pdf.moveDown();
  pdf.text(`SHA-256 of the text above (UTF-8): ${document.sha256}`);
  pdf.end();
  return done;
}
