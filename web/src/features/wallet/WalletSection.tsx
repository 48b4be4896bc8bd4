import type { WalletStatus } from '@haic/contract';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { ManualSigning } from './ManualSigning';
import type { BrowserWallet } from './providers';
import { badgesOfStatus, type WalletLink } from './useWalletLink';
import { WalletBadges } from './WalletBadges';
import styles from './Wallet.module.css';

export const NEVER_ASKED =
  'We never ask for your secret key, seed or recovery phrase, and no website should: signing this message only proves the account is yours. It sends no transaction and costs nothing.';

const WALLETS: BrowserWallet[] = ['GemWallet', 'Crossmark'];
const dateOf = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** '125000.5' -> '125,000.5 HAIC' (the ledger's own text when it is not a plain number). */
const balanceOf = (balance: string) => {
  const amount = Number(balance);
  return `${Number.isFinite(amount) ? amount.toLocaleString('en-US', { maximumFractionDigits: 6 }) : balance} HAIC`;
};

function Linked({ status, link }: { status: WalletStatus; link: WalletLink }) {
  return (
    <>
      <dl className={styles.linked}>
        <dt>Address</dt>
        <dd>
          <code data-testid="wallet-address">{status.address}</code>
        </dd>
        <dt>Verified</dt>
        <dd>{status.verifiedAt && dateOf(status.verifiedAt)}</dd>
        <dt>Badges</dt>
        <dd>
          <WalletBadges {...badgesOfStatus(status)} walletAddress={undefined} />
        </dd>
        {status.holderBalance !== undefined && (
          <>
            <dt>HAIC balance</dt>
            <dd>
              {balanceOf(status.holderBalance)}
              {status.holderCheckedAt && ` (read from the ledger ${dateOf(status.holderCheckedAt)})`}
            </dd>
          </>
        )}
      </dl>
      <label className={styles.switch}>
        <input type="checkbox" checked={status.addressPublic} disabled={link.busy !== null} onChange={(event) => void link.setPublic(event.target.checked)} />
        Show my address beside my name (leaderboard and runs)
      </label>
      <button type="button" className="button button-secondary" onClick={() => void link.unlink()} disabled={link.busy !== null}>
        {link.busy === 'unlink' ? 'Unlinking...' : 'Unlink wallet'}
      </button>
    </>
  );
}

/** The ways to link (or to link another wallet in place of the one linked). */
function Choices({ link }: { link: WalletLink }) {
  return (
    <div className={styles.choices}>
      {WALLETS.map((wallet) => (
        <button key={wallet} type="button" className="button button-primary" onClick={() => void link.linkWith(wallet)} disabled={link.busy !== null}>
          {link.busy === wallet ? `Waiting for ${wallet}...` : `Sign with ${wallet}`}
        </button>
      ))}
      <button type="button" className="button button-secondary" onClick={() => void link.startManual()} disabled={link.busy !== null}>
        Sign with another wallet
      </button>
    </div>
  );
}

/** /profile's "XRPL wallet": link an XRP Ledger account by its signature, show it, unlink it. */
export function WalletSection({ link }: { link: WalletLink }) {
  const { status, manual } = link;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="wallet-heading">
      <h2 id="wallet-heading" className={styles.title}>
        XRPL wallet
      </h2>
      <p>Link your XRP Ledger account by signing a short message in your wallet: it proves the account is yours, the first step toward token rewards.</p>
      <p className={styles.safety}>
        <strong>Never share your secret key or seed.</strong> {NEVER_ASKED}
      </p>
      {link.error && <Alert kind="error">{link.error}</Alert>}
      {status === null ? (
        <Spinner label="Loading your wallet link" />
      ) : (
        <>
          {status.address && <Linked status={status} link={link} />}
          {status.address && <h3 className={styles.subTitle}>Link a different wallet</h3>}
          {!manual && <Choices link={link} />}
          {manual && <ManualSigning key={manual.message} challenge={manual} onLink={link.linkByHand} onCancel={link.cancelManual} />}
        </>
      )}
    </section>
  );
}
