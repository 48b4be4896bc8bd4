import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { setWebSession } from '../../lib/auth';
import { useInertBeforeHydration } from '../../lib/hydration';
import { claimGuestRuns } from '../game';
import { STORAGE_KEYS } from '../../lib/storage';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/FormField';
import { userLogin } from './api';
import { safeReturnUrl } from './returnUrl';
import { lazyYupResolver, useValidatedForm } from '../../lib/forms';
import type { SignInValues } from './schemas';
import { AuthCard, AuthSubmit } from './AuthCard';
import { useOutcome } from './useOutcome';
import styles from './Auth.module.css';

const SIGNIN_REDIRECT_MS = 1000;
const SIGNIN_TEXTS = {
  success: 'Sign in successful! Redirecting...',
  invalid: 'Invalid username or password',
  unreachable: 'Unable to connect to server. Please try again later.',
  failed: 'Sign in failed. Please try again.',
  forgot: 'Forgot password functionality coming soon!',
  registered: 'Registration successful! Please sign in with your new account.',
};

const signInResolver = lazyYupResolver<SignInValues>(async () => (await import('./schemas')).signInSchema);

function signInErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SIGNIN_TEXTS.invalid;
    if (error.status === 0) return SIGNIN_TEXTS.unreachable;
    return error.serverMessage || SIGNIN_TEXTS.failed;
  }
  return SIGNIN_TEXTS.failed;
}

export function SignInForm() {
  const inert = useInertBeforeHydration();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registered = params.get('registered') === 'true';
  // No storage on the server: the form is drawn empty there and filled in the browser.
  const remembered = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.rememberedUsername);
  const { outcome, done, succeed, fail, clear } = useOutcome();
  const form = useValidatedForm<SignInValues>(signInResolver, {
    // Undefined when there is nothing to prefill: the form then keeps what was typed before hydration.
    username: (registered && params.get('username')) || remembered || undefined,
    password: undefined,
    // Likewise a tick given before hydration is kept.
    rememberMe: remembered && !registered ? true : undefined,
  });

  const { isValid, isSubmitting } = form.formState;

  const onSubmit = async ({ username, password, rememberMe }: SignInValues) => {
    clear();
    try {
      const { token, user } = await userLogin(username, password);
      if (!token || !user) throw new ApiError(500, 'The sign-in answer had no token');
      if (rememberMe) localStorage.setItem(STORAGE_KEYS.rememberedUsername, username);
      else localStorage.removeItem(STORAGE_KEYS.rememberedUsername);
      setWebSession(token, user);
      // Games this browser played as a guest move to the account.
      void claimGuestRuns();
      succeed(SIGNIN_TEXTS.success, safeReturnUrl(params.get('returnUrl')), SIGNIN_REDIRECT_MS, { replace: true });
    } catch (error) {
      fail(signInErrorText(error));
    }
  };

  return (
    <AuthCard outcome={outcome} notice={registered && <Alert kind="success">{SIGNIN_TEXTS.registered}</Alert>}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <TextField label="Username" {...form.field('username')} autoComplete="username" />
        <TextField label="Password" type="password" revealable {...form.field('password')} autoComplete="current-password" />
        <div className={styles.row}>
          <div className={styles.checkboxRow}>
            <input id="rememberMe" type="checkbox" {...form.register('rememberMe')} />
            <label htmlFor="rememberMe">Remember me</label>
          </div>
          <button type="button" className={styles.linkButton} onClick={() => window.alert(SIGNIN_TEXTS.forgot)} {...inert}>
            Forgot password?
          </button>
        </div>
        <AuthSubmit enabled={isValid && !done} sending={isSubmitting} sendingText="Signing in...">
          Sign In
        </AuthSubmit>
      </form>
      <p className={styles.footer}>
        Don&apos;t have an account? <Link to="/register">Sign up</Link>
      </p>
      <div className={styles.divider}>or</div>
      <button type="button" className={`button button-secondary ${styles.guest}`} onClick={() => navigate('/games/nurse-help-me')} {...inert}>
        Play as Guest
      </button>
    </AuthCard>
  );
}
