import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { BIO_MAX } from '@haic/contract';
import { lazyYupResolver } from '../../lib/forms';
import { Alert } from '../../ui/Alert';
import { TextAreaField, TextField } from '../../ui/FormField';
import { Spinner } from '../../ui/Spinner';
import { profileApi, type Profile } from './api';
import { loadUntilCleanup } from '../../lib/load';
import shared from './Profile.module.css';
import styles from './EditProfileForm.module.css';

const SAVE_REDIRECT_MS = 2000;
const EDIT_TEXTS = {
  loadFailed: 'Failed to load profile',
  saveFailed: 'Failed to save profile. Please try again.',
  saved: 'Profile updated successfully!',
};

const profileResolver = lazyYupResolver<Profile>(async () => (await import('./schema')).profileSchema);

export function EditProfileForm() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const timer = useRef<number>();

  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isValid, dirtyFields, touchedFields },
  } = useForm<Profile>({ resolver: profileResolver, mode: 'all', defaultValues: { firstName: '', lastName: '', bio: '' } });

  useEffect(() => {
    const cancel = loadUntilCleanup(
      'the profile',
      (signal) => profileApi.getProfile(signal),
      (profile) => {
        reset({ firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', bio: profile.bio ?? '' });
        setLoading(false);
      },
      () => {
        setLoadError(true);
        setLoading(false);
      },
    );
    return () => {
      cancel();
      window.clearTimeout(timer.current);
    };
  }, [reset]);

  const onSubmit = async (values: Profile) => {
    setSaving(true);
    setSaveError(null);
    try {
      await profileApi.updateProfile(values);
      setSaved(true);
      timer.current = window.setTimeout(() => navigate('/profile'), SAVE_REDIRECT_MS);
    } catch (error) {
      console.error('Could not save the profile', error);
      setSaveError(EDIT_TEXTS.saveFailed);
      setSaving(false);
    }
  };

  if (loading) return <Spinner label="Loading profile..." />;

  const bioLength = watch('bio')?.length ?? 0;
  const shown = (field: keyof Profile) => !!touchedFields[field] || !!dirtyFields[field];
  const disabled = saving || saved;

  return (
    <div className={`card ${shared.formCard}`}>
      {loadError && <Alert kind="error">{EDIT_TEXTS.loadFailed}</Alert>}
      {saveError && <Alert kind="error">{saveError}</Alert>}
      {saved && <Alert kind="success">{EDIT_TEXTS.saved}</Alert>}
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={saving}>
        <fieldset disabled={disabled || loadError} className={styles.fieldset}>
          <div className={styles.nameRow}>
            <TextField
              label="First Name"
              registration={register('firstName')}
              error={errors.firstName}
              touched={shown('firstName')}
              autoComplete="given-name"
            />
            <TextField label="Last Name" registration={register('lastName')} error={errors.lastName} touched={shown('lastName')} autoComplete="family-name" />
          </div>
          <TextAreaField
            label="Bio"
            rows={4}
            registration={register('bio')}
            error={errors.bio}
            touched={shown('bio')}
            placeholder="Tell the community a little about yourself"
            hint={
              <span className={bioLength > BIO_MAX ? `${styles.counter} ${styles.counterOver}` : styles.counter} aria-live="polite" data-testid="bio-counter">
                {bioLength}/{BIO_MAX} characters
              </span>
            }
          />
        </fieldset>
        <div className={shared.formActions}>
          <button type="submit" className="button button-primary" disabled={!isValid || disabled || loadError}>
            {saving ? (
              <>
                <span className={styles.inlineSpinner} aria-hidden="true" /> Saving...
              </>
            ) : (
              'Save Changes'
            )}
          </button>
          <button type="button" className="button button-secondary" onClick={() => navigate('/profile')}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
