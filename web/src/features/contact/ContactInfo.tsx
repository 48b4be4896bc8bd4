import { EXTERNAL_LINKS } from '../../lib/links';
import { CompanyAddress } from '../../ui/CompanyAddress';
import styles from './Contact.module.css';

export function ContactInfo() {
  return (
    <aside className={styles.info} aria-label="Contact details">
      <section className="card">
        <h2>Join the conversation</h2>
        <p>The quickest way to reach the team and the community.</p>
        <ul className={styles.links}>
          <li>
            <a href={EXTERNAL_LINKS.telegram} target="_blank" rel="noopener noreferrer">
              Telegram chat group
            </a>
          </li>
          <li>
            <a href={EXTERNAL_LINKS.x} target="_blank" rel="noopener noreferrer">
              HAIC on X
            </a>
          </li>
        </ul>
      </section>
      <section className="card">
        <h2>Company</h2>
        <CompanyAddress className={styles.address} withName />
      </section>
      <section className="card">
        <h2>Business hours</h2>
        <dl className={styles.hours}>
          <dt>Monday - Friday</dt>
          <dd>9:00 - 17:00 PST</dd>
          <dt>Saturday - Sunday</dt>
          <dd>Closed</dd>
        </dl>
        <p>24/7 support is available through our community channels.</p>
      </section>
      <section className="card">
        <h2>Project information</h2>
        <p>Detailed project information is shared under NDA. Tell us about your interest in the form and we will follow up.</p>
      </section>
    </aside>
  );
}
