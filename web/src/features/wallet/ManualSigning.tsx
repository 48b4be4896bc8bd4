import { useState } from 'react';
import type { WalletChallenge, WalletLinkRequest } from '@haic/contract';
import { lazyYupResolver, showServerFieldErrors, useValidatedForm } from '../../lib/forms';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/FormField';
import { failureText, WALLET_TEXTS } from './useWalletLink';
import styles from './Wallet.module.css';

const FIELDS = ['address', 'publicKey', 'signature'] as const;
const EMPTY: WalletLinkRequest = { address: '', publicKey: '', signature: '' };
const COPY_CONFIRM_MS = 3000;
const resolver = lazyYupResolver<WalletLinkRequest>(async () => (await import('./schema')).manualLinkSchema);
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * "Sign with another wallet": the exact text to sign (with a copy button), then the address, public key and
 * signature the wallet gave, by hand. A field the server refuses shows its message by the field.
 */
export function ManualSigning({
  challenge,
  onLink,
  onCancel,
}: {
  challenge: WalletChallenge;
  onLink: (signed: WalletLinkRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useValidatedForm<WalletLinkRequest>(resolver, EMPTY);
  const { isValid, isSubmitting } = form.formState;
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(challenge.message);
      setCopied(true);
      window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      window.alert('Failed to copy. Please select the message and copy it manually.');
    }
  };

  const onSubmit = async (values: WalletLinkRequest) => {
    setError(null);
    try {
      await onLink(values);
    } catch (failure) {
      if (showServerFieldErrors(failure, FIELDS, form.setError)) return;
      setError(failureText(failure, WALLET_TEXTS.linkFailed));
    }
  };

  return (
    <div className={styles.manual}>
      <h3 className={styles.subTitle}>Sign with another wallet</h3>
      <p>
        Sign this exact message in your wallet (its UTF-8 bytes, as message signing does) before {timeOf(challenge.expiresAt)}, then paste the address, public
        key and signature it gives you.
      </p>
      <pre className={styles.message} data-testid="wallet-message" tabIndex={0} aria-label="Message to sign">
        {challenge.message}
      </pre>
      <button type="button" className="button button-secondary" aria-live="polite" onClick={() => void copy()}>
        {copied ? 'Copied!' : 'Copy message'}
      </button>
      {error && <Alert kind="error">{error}</Alert>}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting}>
        <TextField label="XRPL address" {...form.field('address')} autoComplete="off" spellCheck={false} placeholder="r…" />
        <TextField label="Public key" {...form.field('publicKey')} autoComplete="off" spellCheck={false} />
        <TextField label="Signature" {...form.field('signature')} autoComplete="off" spellCheck={false} />
        <div className={styles.actions}>
          <button type="submit" className="button button-primary" disabled={!isValid || isSubmitting}>
            {isSubmitting ? 'Linking...' : 'Link wallet'}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
