import type { InputHTMLAttributes, ReactNode } from 'react';
import formStyles from './form.module.css';

/**
 * A form's field: its words above the control, the label wrapping both (so no id ties them).
 * `wide`: across the form's two columns.
 */
export function Field({
  label,
  wide = false,
  children,
}: {
  label: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={wide ? `${formStyles.field} ${formStyles.wide}` : formStyles.field}>
      <span className={formStyles.label}>{label}</span>
      {children}
    </label>
  );
}

/** A field of one line of text (or a date, a number): `onValue` hears what was typed. */
export function TextField({
  label,
  wide,
  onValue,
  ...input
}: {
  label: ReactNode;
  wide?: boolean;
  onValue(value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'>) {
  return (
    <Field label={label} wide={wide}>
      <input className={formStyles.input} {...input} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}
