import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { setWebSession } from '../../lib/auth';
import { claimGuestRuns } from '../game';
import { TextField } from '../../ui/FormField';
import { register as registerUser } from './api';
import { lazyYupResolver, useValidatedForm } from '../../lib/forms';
import type { RegisterValues } from './schemas';
import { AuthCard, AuthSubmit } from './AuthCard';
import { useOutcome } from './useOutcome';
import styles from './Auth.module.css';

const REGISTER_REDIRECT_MS = 2000;
const REGISTER_SUCCESS = 'Registration successful! Redirecting to your profile...';
const REGISTER_FAILED = 'Registration failed. Please try again.';

const registerResolver = lazyYupResolver<RegisterValues>(async () => (await import('./schemas')).registerSchema);

export function RegisterForm() {
  const { outcome, done, succeed, fail, clear } = useOutcome();
  // No default values: the form takes what is in the fields when it hydrates (typed before the script ran).
  const form = useValidatedForm<RegisterValues>(registerResolver);
  const { errors, isValid, isSubmitting } = form.formState;
  const { field, shown } = form;

  const onSubmit = async ({ username, email, password }: RegisterValues) => {
    clear();
    try {
      const response = await registerUser(username, email, password);
      const query = `registered=true&username=${encodeURIComponent(username)}`;
      // Logged in only when the answer carries both; otherwise sign-in shows the note and the name.
      const loggedIn = !!(response?.token && response.user);
      if (loggedIn) {
        setWebSession(response.token!, response.user!);
        // Games this browser played as a guest move to the new account.
        void claimGuestRuns();
      }
      succeed(REGISTER_SUCCESS, loggedIn ? `/profile?${query}` : `/signin?${query}`, REGISTER_REDIRECT_MS);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : null;
      fail(message || REGISTER_FAILED);
    }
  };

  return (
    <AuthCard outcome={outcome}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <TextField label="Username" {...field('username')} autoComplete="username" />
        <TextField label="Email" type="email" {...field('email')} autoComplete="email" />
        <TextField label="Password" type="password" revealable {...field('password')} autoComplete="new-password" />
        <TextField label="Confirm Password" type="password" {...field('confirmPassword')} autoComplete="new-password" />
        <div className={styles.checkboxRow}>
          <input
            id="agreeToTerms"
            type="checkbox"
            aria-invalid={!!errors.agreeToTerms && shown('agreeToTerms')}
            aria-describedby={errors.agreeToTerms && shown('agreeToTerms') ? 'agreeToTerms-error' : undefined}
            {...form.register('agreeToTerms')}
          />
          <label htmlFor="agreeToTerms">
            I agree to the <Link to="/disclaimer">Terms and Disclaimer</Link>
          </label>
        </div>
        {errors.agreeToTerms && shown('agreeToTerms') && (
          <p id="agreeToTerms-error" className="field-error" role="alert" style={{ marginTop: '-0.6rem' }}>
            {errors.agreeToTerms.message}
          </p>
        )}
        <AuthSubmit enabled={isValid && !done} sending={isSubmitting} sendingText="Creating account...">
          Sign Up
        </AuthSubmit>
      </form>
      <p className={styles.footer}>
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthCard>
  );
}
