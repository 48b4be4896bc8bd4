import type { ReactNode } from 'react';
import { Alert } from '../../ui/Alert';
import type { Outcome } from './useOutcome';
import styles from './Auth.module.css';

/** The sign-in and sign-up card: the attempt's outcome (or a notice before one), then the form. */
export function AuthCard({ outcome, notice, children }: { outcome: Outcome | null; notice?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <div className={`card ${styles.card}`}>
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : notice}
        {children}
      </div>
    </div>
  );
}

/** The form's submit button: off until the form is valid, and while it is sent or once it has succeeded. */
export function AuthSubmit({ enabled, sending, sendingText, children }: { enabled: boolean; sending: boolean; sendingText: string; children: ReactNode }) {
  return (
    <button type="submit" className={`button button-primary ${styles.submit}`} disabled={!enabled || sending}>
      {sending ? sendingText : children}
    </button>
  );
}
