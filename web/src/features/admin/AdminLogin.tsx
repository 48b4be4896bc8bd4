import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { isAdminLoggedIn, setAdminSession, useAuth } from '../../lib/auth';
import { usePageHead } from '../../lib/head';
import { lazyYupResolver } from '../../lib/forms';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/FormField';
import { login } from './api';
import styles from './AdminLogin.module.css';

interface FormValues {
  username: string;
  password: string;
}

const adminLoginResolver = lazyYupResolver<FormValues>(async () => (await import('./schema')).adminLoginSchema);

/** What the admin sign-in says when it fails: the server unreachable, its own message, or a generic one. */
function adminLoginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 404) return 'API not available';
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Invalid username or password';
}

export function AdminLogin() {
  usePageHead({ title: 'Admin Login', noindex: true });
  const auth = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isValid },
  } = useForm<FormValues>({ resolver: adminLoginResolver, mode: 'onTouched' });

  if (isAdminLoggedIn(auth)) return <Navigate to="/admin" replace />;

  const onSubmit = async ({ username, password }: FormValues) => {
    setError(null);
    try {
      const session = await login(username, password);
      const name = session.username || username;
      setAdminSession(session.token, { id: '0', email: name, name, role: session.role });
      navigate('/admin', { replace: true });
    } catch (caught) {
      setError(adminLoginErrorMessage(caught));
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.card}`} aria-labelledby="admin-login-heading">
        <div className={styles.badge} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </div>
        <h1 id="admin-login-heading" className={styles.heading}>
          Admin Login
        </h1>
        <p className={styles.lead}>Sign in to manage the HAIC site.</p>

        {error && <Alert kind="error">{error}</Alert>}

        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <TextField
            label="Username"
            autoComplete="username"
            registration={register('username')}
            error={errors.username}
            touched={touchedFields.username || isSubmitted}
          />
          <TextField
            label="Password"
            type="password"
            revealable
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
            touched={touchedFields.password || isSubmitted}
          />
          <button type="submit" className={`button button-primary ${styles.submit}`} disabled={isSubmitting || !isValid}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>

        <div className={styles.notice}>
          <p>This area is restricted to authorized administrators only.</p>
          <p>All activities are logged for security purposes.</p>
        </div>

        <p className={styles.back}>
          <Link to="/">&larr; Back to Home</Link>
        </p>
      </section>
    </div>
  );
}
