'use client';

import { useForm, ValidationError } from '@formspree/react';
import type { ContactField } from '@/lib/content';
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
    <form className={styles.form} onSubmit={handleSubmit} noValidate={false}>
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
            className={`${styles.field} ${field.type === 'textarea' ? styles.wide : ''}`}
          >
            <label htmlFor={id} className={styles.label}>
              {field.label}
              {field.required && <span aria-hidden="true"> *</span>}
            </label>
            {field.type === 'textarea' ? (
              <textarea {...common} rows={6} className={styles.input} />
            ) : field.type === 'select' ? (
              <select {...common} className={styles.input} defaultValue="">
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
                className={styles.input}
              />
            )}
            <ValidationError
              id={errorId}
              className={styles.error}
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
      <div className={`${styles.wide} ${styles.actions}`} role="alert">
        {unreachable ? (
          <p className={styles.error}>{networkError}</p>
        ) : (
          <ValidationError className={styles.error} errors={state.errors} />
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
