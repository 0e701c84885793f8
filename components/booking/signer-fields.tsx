'use client';

import { Field } from '@/components/ui/field';
import formStyles from '@/components/ui/form.module.css';
import type { StudioWords } from '@/lib/booking/content';
import { styles } from './booking-styles';

type Signer = { name: string; email: string };

/** Who signs a proposal: each partner's name and e-mail, a group of fields each. */
export function SignerFields({
  words,
  signers,
  onChange,
}: {
  words: StudioWords;
  signers: Signer[];
  onChange(signers: Signer[]): void;
}) {
  const change = (index: number, field: keyof Signer, value: string) =>
    onChange(signers.map((signer, i) => (i === index ? { ...signer, [field]: value } : signer)));
  return signers.map((signer, index) => (
    <fieldset key={index} className={`${styles.group} ${formStyles.wide}`}>
      <legend>
        {words.signers} {index + 1}
      </legend>
      <Field label={words.signerName}>
        <input
          className={formStyles.input}
          required
          value={signer.name}
          onChange={(e) => change(index, 'name', e.target.value)}
        />
      </Field>
      <Field label={words.signerEmail}>
        <input
          className={formStyles.input}
          type="email"
          required
          value={signer.email}
          onChange={(e) => change(index, 'email', e.target.value)}
        />
      </Field>
    </fieldset>
  ));
}
