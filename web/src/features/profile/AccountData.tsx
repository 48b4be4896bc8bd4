import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { clearSessions } from '../../lib/auth';
import { lazyYupResolver, showServerFieldErrors, useValidatedForm } from '../../lib/forms';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/FormField';
import { profileApi, type DeleteAccountValues } from './api';
import shared from './Profile.module.css';
import styles from './AccountData.module.css';

export const DATA_TEXTS = {
  downloadFailed: 'Failed to download your data. Please try again.',
  deleteFailed: 'Failed to delete your account. Please try again.',
  deleteWarning:
    'This deletes your account, your profile, your game history and your linked chat account and XRPL wallet for good, and takes you off every leaderboard. Messages you sent through the contact form are kept so the team can still answer them.',
};

const deleteResolver = lazyYupResolver<DeleteAccountValues>(async () => (await import('./schema')).deleteAccountSchema);

/** Saves a downloaded file under its own name (the browser's download, from memory). */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is not needed after it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Download my data, and Delete account behind a confirmation that asks for the password. */
export function AccountData() {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const form = useValidatedForm<DeleteAccountValues>(deleteResolver, { password: '' });
  const { isValid, isSubmitting } = form.formState;

  const download = async () => {
    setDownloading(true);
    setErrorText(null);
    try {
      const { blob, fileName } = await profileApi.exportData();
      saveFile(blob, fileName);
    } catch (failure) {
      setErrorText((failure instanceof ApiError && failure.status === 429 && failure.serverMessage) || DATA_TEXTS.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const cancel = () => {
    setConfirming(false);
    form.reset({ password: '' });
  };

  const onDelete = async (values: DeleteAccountValues) => {
    setErrorText(null);
    try {
      await profileApi.deleteAccount(values);
      // The account is gone: this browser signs out, as Sign Out does.
      clearSessions();
      navigate('/', { replace: true });
    } catch (failure) {
      if (showServerFieldErrors(failure, ['password'], form.setError)) return;
      setErrorText((failure instanceof ApiError && failure.status === 429 && failure.serverMessage) || DATA_TEXTS.deleteFailed);
    }
  };

  return (
    <section className={`card ${shared.section}`} aria-labelledby="data-heading">
      <h2 id="data-heading" className={shared.sectionTitle}>
        Your Data
      </h2>
      {error && <Alert kind="error">{error}</Alert>}
      <p className={shared.muted}>
        Take a copy of everything we hold about you: your account, linked chat account and XRPL wallet, every game and the messages you sent us while signed in,
        as a JSON file.
      </p>
      <button type="button" className="button button-secondary" onClick={() => void download()} disabled={downloading}>
        {downloading ? 'Preparing...' : 'Download my data'}
      </button>

      <div className={styles.danger}>
        <h3 className={styles.dangerTitle}>Delete account</h3>
        {confirming ? (
          <div role="alertdialog" aria-labelledby="delete-confirm-heading" aria-describedby="delete-confirm-text" className={styles.confirmPanel}>
            <p id="delete-confirm-heading" className={styles.confirmHeading}>
              Delete your account for good?
            </p>
            <p id="delete-confirm-text">{DATA_TEXTS.deleteWarning}</p>
            <form onSubmit={form.handleSubmit(onDelete)} noValidate aria-busy={isSubmitting}>
              <TextField label="Password" type="password" revealable {...form.field('password')} autoComplete="current-password" autoFocus />
              <div className={shared.formActions}>
                <button type="submit" className={`button ${styles.dangerButton}`} disabled={!isValid || isSubmitting}>
                  {isSubmitting ? 'Deleting...' : 'Delete my account'}
                </button>
                <button type="button" className="button button-secondary" onClick={cancel} disabled={isSubmitting}>
                  Cancel
                </button>
              </div>
            </form>
          </div>
        ) : (
          <>
            <p className={shared.muted}>Remove your account and everything tied to it. This cannot be undone.</p>
            <button type="button" className={`button ${styles.dangerButton}`} onClick={() => setConfirming(true)}>
              Delete account
            </button>
          </>
        )}
      </div>
    </section>
  );
}
