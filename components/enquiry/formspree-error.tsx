import type { FormspreeErrors } from './use-formspree';

type Props = {
  errors: FormspreeErrors | null;
  /** The field whose errors are shown; without it, the errors about the whole form. */
  field?: string;
  /** The spec's words before Formspree's, e.g. "Email:". */
  prefix?: string;
  id?: string;
  className?: string;
};

/** What Formspree said about a field (or the form), as `@formspree/react`'s ValidationError shows it. */
export function FormspreeError({ errors, field, prefix, ...props }: Props) {
  const said = (field ? errors?.getFieldErrors(field) : errors?.getFormErrors()) ?? [];
  if (said.length === 0) return null;
  return (
    <div {...props}>
      {prefix ? `${prefix} ` : null}
      {said.map((error) => error.message).join(', ')}
    </div>
  );
}
