import type { ComponentProps, ReactNode } from 'react';
import { PageShell } from '../../ui/PageShell';
import { ExternalLink } from './ExternalLink';
import { Icon, type IconName } from './Icon';
import { EXCHANGES, EXTERNAL_LINKS } from './links';
import m from './Marketing.module.css';
import styles from './Blocks.module.css';

/** The XRP Ledger's three headline figures, as the site states them. */
const LEDGER_CLAIMS = [
  { value: '3-5 seconds', label: 'Transactions settle in 3-5 seconds' },
  { value: '1,500+', label: 'Transactions per second' },
  { value: 'Under $0.01', label: 'Fees under $0.01 per transaction' },
] as const;

function LedgerClaims() {
  return (
    <dl className={styles.claims} data-testid="ledger-claims">
      {LEDGER_CLAIMS.map((c) => (
        <div className={styles.claim} key={c.value}>
          <dt>{c.label}</dt>
          <dd>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExchangeLinks() {
  return (
    <ul className={styles.exchanges} data-testid="exchange-links">
      {EXCHANGES.map((e) => (
        <li key={e.name}>
          <ExternalLink href={e.url} className={styles.exchange}>
            <span className={styles.exchangeName}>{e.name}</span>
            <span className={styles.exchangeDesc}>{e.description}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

interface SectionProps {
  id?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** A titled block of a page; its heading is an h2 under the page's h1. */
export function Section({ id, title, lead, children }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId} id={id}>
      <h2 className={m.sectionTitle} id={headingId}>
        {title}
      </h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}

/** Why HAIC lives on the XRP Ledger: its headline figures, then whatever the page adds. */
export function LedgerSection({ lead, children }: { lead?: string; children?: ReactNode }) {
  return (
    <Section id="ledger" title="Why the XRP Ledger" lead={lead}>
      <LedgerClaims />
      {children}
    </Section>
  );
}

/** The exchanges and apps HAIC trades on, each a link out. */
export function ExchangesSection({ title, lead }: { title: string; lead: string }) {
  return (
    <Section id="exchanges" title={title} lead={lead}>
      <ExchangeLinks />
    </Section>
  );
}

export interface CardItem {
  icon: IconName;
  title: string;
  text: ReactNode;
  link?: ReactNode;
}

export function IconCards({ items, wide = false }: { items: CardItem[]; wide?: boolean }) {
  return (
    <ul className={wide ? `${m.cards} ${styles.cards3}` : m.cards}>
      {items.map((item) => (
        <li className={m.card} key={item.title}>
          <span className={styles.cardIcon}>
            <Icon name={item.icon} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {item.link && <span className={styles.cardLink}>{item.link}</span>}
        </li>
      ))}
    </ul>
  );
}

interface CtaProps {
  title: string;
  text: ReactNode;
  /** The region's accessible name, where it is not the heading. */
  label?: string;
  children: ReactNode;
}

/** The dark call-to-action band that ends a page: a heading, a line of text and its buttons. */
/** A titled section whose whole body is a grid of icon cards. */
export function CardSection({ items, wide, ...section }: Omit<SectionProps, 'children'> & { items: CardItem[]; wide?: boolean }) {
  return (
    <Section {...section}>
      <IconCards items={items} wide={wide} />
    </Section>
  );
}

export function Cta({ title, text, label = title, children }: CtaProps) {
  return (
    <section className={`${styles.section} ${styles.cta}`} aria-label={label}>
      <div>
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
      <div className={m.actions}>{children}</div>
    </section>
  );
}

/** The two community buttons, drawn on a dark band. */
export function CommunityButtons() {
  return (
    <>
      <ExternalLink href={EXTERNAL_LINKS.telegram} className="button button-primary">
        Join on Telegram
      </ExternalLink>
      <ExternalLink href={EXTERNAL_LINKS.x} className={`button button-secondary ${m.buttonLight}`}>
        Follow on X
      </ExternalLink>
    </>
  );
}

export interface Fact {
  term: string;
  detail: ReactNode;
}

/** Headline figures as a definition list, each term over its value in a box of its own. */
export function Facts({ items, className, testId }: { items: Fact[]; className?: string; testId?: string }) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts} data-testid={testId}>
      {items.map(({ term, detail }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A marketing page: the content page's frame around the column its sections stand in. */
export function MarketingPage({ children, ...shell }: ComponentProps<typeof PageShell>) {
  return (
    <PageShell {...shell}>
      <div className={m.root}>{children}</div>
    </PageShell>
  );
}
