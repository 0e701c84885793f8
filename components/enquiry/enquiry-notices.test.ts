/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { contact } from '@/lib/content';
import { prefillNotice } from './enquiry-notices';

describe('the notice of a link’s pre-fill', () => {
  const filled = { kind: 'ceremony', name: '', venue: '', city: '', from: '' };

  test('names the event as a sentence does: "the Pheras" from content, else "a" or "an"', () => {
    const copy = contact.enquiry;
    expect(
      prefillNotice(
        { ...filled, name: 'Pheras', venue: 'Hindu Sabha Mandir', from: 'Priyanka & Rohan' },
        copy,
      ),
    ).toBe(
      "We've started with the Pheras at Hindu Sabha Mandir, as in Priyanka & Rohan's wedding: change anything.",
    );
    expect(prefillNotice({ ...filled, name: 'Anand Karaj', city: 'Surrey' }, copy)).toBe(
      "We've started with an Anand Karaj at Surrey: change anything.",
    );
    expect(prefillNotice({ ...filled, kind: 'sangeet' }, copy)).toBe(
      "We've started with a Sangeet: change anything.",
    );
  });
});
