import { useState } from 'react';
import { setWebSession } from '../../lib/auth';
import { lazyYupResolver, showServerFieldErrors, useValidatedForm } from '../../lib/forms';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/FormField';
import { profileApi, type ChangePasswordValues } from './api';
import shared from './Profile.module.css';

export const PASSWORD_TEXTS = {
  changed: 'Password changed. Every other device has been signed out.',
  failed: 'Failed to change password. Please try again.',
};
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const changePasswordResolver = lazyYupResolver<ChangePasswordValues>(async () => (await import('./schema')).changePasswordSchema);

/** Current password, new password and its confirmation; on success this browser keeps going with the fresh token. */
export function ChangePasswordForm() {
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useValidatedForm<ChangePasswordValues>(changePasswordResolver, EMPTY);
  const { isValid, isSubmitting } = form.formState;

  const onSubmit = async (values: ChangePasswordValues) => {
    setStatus(null);
    try {
      const { token, user } = await profileApi.changePassword(values);
      setWebSession(token, user);
      form.reset(EMPTY);
      setStatus({ kind: 'success', text: PASSWORD_TEXTS.changed });
    } catch (error) {
      if (showServerFieldErrors(error, FIELDS, form.setError)) return;
      setStatus({ kind: 'error', text: (error instanceof ApiError && error.status !== 0 && error.serverMessage) || PASSWORD_TEXTS.failed });
    }
  };

  return (
    <section className={`card ${shared.section}`} aria-labelledby="password-heading">
      <h2 id="password-heading" className={shared.sectionTitle}>
        Change Password
      </h2>
      {status && <Alert kind={status.kind}>{status.text}</Alert>}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting} className={shared.formCard}>
        <TextField label="Current Password" type="password" revealable {...form.field('currentPassword')} autoComplete="current-password" />
        <TextField label="New Password" type="password" revealable {...form.field('newPassword')} autoComplete="new-password" />
        <TextField label="Confirm Password" type="password" {...form.field('confirmPassword')} autoComplete="new-password" />
        <button type="submit" className="button button-primary" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
