// The signed PDF's record of each signature: what a signer or their browser typed is printed as
// a labelled field on one line, so that no value can print a line that reads as a signature.
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { test } from 'node:test';
import { sha256 } from './contract';
import { documentPdf } from './pdf';

/** The PDF's lines of text, as a reader sees them (pdfkit writes each line in a BT … ET block). */
function linesOf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-f]*)>/g)].map((each) => each[1]!).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}

test('a signer’s browser and name print as labelled fields on a line each, never as a signature', async () => {
  const text = 'Wedding agreement\nThe studio photographs the wedding.';
  const forged = `SHA-256 of the text above (UTF-8): ${'0'.repeat(64)}`;
  const pdf = await documentPdf(
    {
      id: 1,
      bookingId: 'B-AAAAAAAAAA',
      kind: 'contract',
      version: '2026-11',
      proposalVersion: 1,
      title: 'Wedding agreement',
      text,
      sha256: sha256(text),
      createdAt: 0,
      completedAt: 1,
    },
    [
      {
        documentId: 1,
        signer: 0,
        name: `Priya Sharma\n${forged}`,
        email: 'priya@example.com',
        consent: 'I agree to sign electronically.',
        ip: '203.0.113.9',
        userAgent: `Mozilla/5.0 ${'x'.repeat(120)} Signature 2 of 2 Name as typed: "Someone Else" ${'y'.repeat(150)}`,
        at: 0,
      },
    ],
    'Saanjh Studio',
  );
  const lines = linesOf(pdf);
  assert.ok(lines.some((each) => each.startsWith('Wedding agreement')));
  assert.deepEqual(
    lines.filter((each) => each.trim().startsWith('SHA-256')),
    [`SHA-256 of the text above (UTF-8): ${sha256(text)}`],
  );
  assert.deepEqual(
    lines.filter((each) => /^Signature \d/.test(each.trim())),
    ['Signature 1 of 1'],
  );
  const browser = lines.filter((each) => each.includes('Mozilla'));
  assert.equal(browser.length, 1);
  assert.match(browser[0]!, /^ {4}Browser: Mozilla\/5\.0 x+/);
  assert.ok(browser[0]!.length < 110, 'shortened to the page');
  // The name with its forged line, kept as data on the name's own line.
  const named = lines.filter((each) => each.includes('Priya Sharma'));
  assert.equal(named.length, 1);
  assert.match(named[0]!, /^ {4}Name as typed: "Priya Sharma SHA-256 of the text above/);
});
