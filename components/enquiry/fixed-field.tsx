import type { ContactField } from '@/lib/content';
import { inputId } from '@/lib/browser/enquiry/check';
import formStyles from '@/components/ui/form.module.css';
import { FormspreeError } from './formspree-error';
import type { FormspreeErrors } from './use-formspree';
import styles from './enquiry.module.css';

type Props = {
  field: ContactField;
  value: string;
  onChange: (value: string) => void;
  /** What the form's own check found wrong. */
  problem?: string;
  /** Formspree's answer, whose field errors show under the field with its prefix. */
  errors: FormspreeErrors | null;
};

/** One of the enquiry's fixed fields (names, e-mail, phone, how they heard, message), as content describes it. */
export function FixedField({ field, value, onChange, problem, errors }: Props) {
  const id = inputId.field(field.name);
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const refused = (errors?.getFieldErrors(field.name).length ?? 0) > 0;
  const common = {
    id,
    name: field.name,
    value,
    required: field.required,
    className: formStyles.input,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': problem || refused ? true : undefined,
    'aria-describedby':
      [field.hint && hintId, problem && problemId, refused && errorId].filter(Boolean).join(' ') ||
      undefined,
  };
  return (
    <div className={`${formStyles.field} ${field.type === 'textarea' ? formStyles.wide : ''}`}>
      <label htmlFor={id} className={formStyles.label}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {field.hint && (
        <p id={hintId} className={styles.hint}>
          {field.hint}
        </p>
      )}
      {problem && (
        <p id={problemId} className={formStyles.error}>
          {problem}
        </p>
      )}
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} />
      ) : field.type === 'select' ? (
        <select {...common}>
          <option value="" disabled>
            Choose one
          </option>
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete}
        />
      )}
      <FormspreeError
        id={errorId}
        className={formStyles.error}
        prefix={field.errorPrefix}
        field={field.name}
        errors={errors}
      />
    </div>
  );
}
