'use client';

import { useForm, ValidationError } from '@formspree/react';
import type { ContactField } from '@/lib/content';
import formStyles from '@/components/ui/form.module.css';
import styles from './contact-form.module.css';
import button from '@/components/ui/button.module.css';

type Props = {
  formKey: string;
  fields: ContactField[];
  submitLabel: string;
  success: string;
  networkError: string;
};

/**
 * The enquiry form, sent to Formspree. The inputs keep their own values, so nothing typed is lost
 * when a submission fails; the server's field errors appear under each field.
 */
export function ContactForm({ formKey, fields, submitLabel, success, networkError }: Props) {
  const [state, handleSubmit] = useForm(formKey);

  if (state.succeeded) {
    return (
      <p className={styles.success} role="status">
        {success}
      </p>
    );
  }

  const formErrors = state.errors?.getFormErrors() ?? [];
  const unreachable = formErrors.some((error) => !error.code || error.code === 'UNSPECIFIED');

  return (
    <form className={formStyles.form} onSubmit={handleSubmit} noValidate={false}>
      {fields.map((field) => {
        const id = `contact-${field.name}`;
        const errorId = `${id}-error`;
        const invalid = (state.errors?.getFieldErrors(field.name).length ?? 0) > 0;
        const common = {
          id,
          name: field.name,
          required: field.required,
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? errorId : undefined,
        };
        return (
          <div
            key={field.name}
            className={`${formStyles.field} ${field.type === 'textarea' ? formStyles.wide : ''}`}
          >
            <label htmlFor={id} className={formStyles.label}>
              {field.label}
              {field.required && <span aria-hidden="true"> *</span>}
            </label>
            {field.type === 'textarea' ? (
              <textarea {...common} rows={6} className={formStyles.input} />
            ) : field.type === 'select' ? (
              <select {...common} className={formStyles.input} defaultValue="">
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
                className={formStyles.input}
              />
            )}
            <ValidationError
              id={errorId}
              className={formStyles.error}
              prefix={field.errorPrefix}
              field={field.name}
              errors={state.errors}
            />
          </div>
        );
      })}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="contact-gotcha">Leave this empty</label>
        <input id="contact-gotcha" type="text" name="_gotcha" tabIndex={-1} autoComplete="off" />
      </div>
      <div className={`${formStyles.wide} ${styles.actions}`} role="alert">
        {unreachable ? (
          <p className={formStyles.error}>{networkError}</p>
        ) : (
          <ValidationError className={formStyles.error} errors={state.errors} />
        )}
      </div>
      <button
        type="submit"
        className={`${button.primary} ${styles.send}`}
        disabled={state.submitting}
      >
        {submitLabel}
      </button>
    </form>
  );
}
