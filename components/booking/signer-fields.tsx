'use client';

import { TextField } from '@/components/ui/field';
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
      <TextField
        label={words.signerName}
        required
        value={signer.name}
        onValue={(value) => change(index, 'name', value)}
      />
      <TextField
        label={words.signerEmail}
        type="email"
        required
        value={signer.email}
        onValue={(value) => change(index, 'email', value)}
      />
    </fieldset>
  ));
}
