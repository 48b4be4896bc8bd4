import { formatCountdown } from './format';
import { useTelegramLinking } from './useTelegramLinking';
import shared from './Profile.module.css';
import styles from './TelegramLinking.module.css';

/** The linking instruction: a fixed command followed by the code. */
export const LINK_COMMAND = '/link';

export const NOTICES_TEXTS = {
  label: 'Message me on Telegram when someone takes my place in this week’s top 10, and when a season ends',
  hint: 'At most one message an hour.',
  needsLink: 'Link your Telegram account to get these messages.',
};

/** The bot's notices: a switch, on for a linked player until turned off, off (and disabled) without a link. */
function NoticesSwitch({ link }: { link: ReturnType<typeof useTelegramLinking> }) {
  return (
    <div className={styles.notices}>
      <label className={styles.noticesLabel}>
        <input
          type="checkbox"
          role="switch"
          checked={link.isLinked && link.notices}
          disabled={!link.isLinked || link.savingNotices}
          onChange={(event) => void link.switchNotices(event.target.checked)}
          aria-describedby="telegram-notices-hint"
        />
        {NOTICES_TEXTS.label}
      </label>
      <p id="telegram-notices-hint" className={`${shared.muted} ${styles.noticesHint}`}>
        {link.isLinked ? NOTICES_TEXTS.hint : NOTICES_TEXTS.needsLink}
      </p>
    </div>
  );
}

export function TelegramLinking({ userId }: { userId: number | string }) {
  const link = useTelegramLinking(userId);
  const { code } = link;

  return (
    <section className={`card ${shared.section}`} aria-labelledby="telegram-heading">
      <h2 id="telegram-heading" className={shared.sectionTitle}>
        Telegram Account
      </h2>
      {link.isLinked ? (
        <div className={styles.linked}>
          <p>
            <span className={styles.linkedBadge}>Linked</span> Your Telegram account
            {link.telegramUsername ? (
              <>
                {' '}
                <strong>@{link.telegramUsername}</strong>
              </>
            ) : null}{' '}
            is linked to this profile.
          </p>
          <button type="button" className="button button-secondary" onClick={link.unlink} disabled={link.unlinking}>
            {link.unlinking ? 'Unlinking...' : 'Unlink Telegram'}
          </button>
        </div>
      ) : (
        <>
          <p className={shared.muted}>Link your Telegram account to chat with the HAIC bot. Generate a one-time code and send it to the bot.</p>
          {code && (
            <div className={styles.codePanel}>
              <div className={styles.codeRow}>
                <span className={styles.code} data-testid="linking-code" aria-label={`Linking code ${code.code.split('').join(' ')}`}>
                  {code.code}
                </span>
                <button type="button" className="button button-secondary" aria-live="polite" onClick={() => void link.copy(code.code)}>
                  {link.copied ? 'Copied!' : 'Copy Code'}
                </button>
              </div>
              <p className={styles.instruction}>
                Send <code className={styles.command}>{`${LINK_COMMAND} ${code.code}`}</code> to{' '}
                <a href={`https://t.me/${code.botName}`} target="_blank" rel="noopener noreferrer">
                  @{code.botName}
                </a>{' '}
                on Telegram.
              </p>
              <p className={styles.countdown}>
                Expires in <span data-testid="linking-countdown">{formatCountdown(link.secondsLeft)}</span>
              </p>
            </div>
          )}
          {link.expired && !code && (
            <p className={styles.expired} role="status">
              <strong>Expired</strong>
              <span className={shared.muted}> Your code has expired. Generate a new one to link your account.</span>
            </p>
          )}
          <button type="button" className="button button-primary" onClick={link.generate} disabled={link.generating}>
            {link.generating ? 'Generating...' : code ? 'Generate New Code' : 'Generate Linking Code'}
          </button>
        </>
      )}
      <NoticesSwitch link={link} />
    </section>
  );
}
