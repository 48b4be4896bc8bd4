import { Link } from 'react-router-dom';
import { AllocationChart } from './AllocationChart';
import { Cta, type Fact, Facts, MarketingPage, Section } from './Blocks';
import m from './Marketing.module.css';
import styles from './Whitepaper.module.css';

const TOKEN_FACTS: Fact[] = [
  { term: 'Total supply', detail: '30 billion' },
  { term: 'Symbol', detail: 'HAIC' },
  { term: 'Built on', detail: 'XRP Ledger' },
];

const ROADMAP = [
  {
    quarter: 'Q2 2025',
    title: 'Launch',
    items: ['HAIC issued on the XRP Ledger', 'Liquidity pool opened on the XRPL DEX', 'Community chat and website launched'],
  },
  {
    quarter: 'Q3 2025',
    title: 'Play and grow',
    items: ['Nurse Help Me browser game released', 'Listings on XRPL exchanges and wallets', 'First community rewards programme'],
  },
  {
    quarter: 'Q4 2025',
    title: 'Art and partners',
    items: ['Origins NFT collection on the XRP Ledger', 'Nurse Help Me platform pilot with partner clinics', 'Game token rewards go live'],
  },
  {
    quarter: 'Q1 2026',
    title: 'Platform',
    items: ['Nurse Help Me platform public launch', 'HAIC payments for platform services', 'First AI assistant tools for nurses'],
  },
];

export function WhitepaperContent() {
  return (
    <MarketingPage title="Whitepaper" subtitle="HAIC token economics, allocation and roadmap.">
      <Section id="token" title="Token information">
        <Facts items={TOKEN_FACTS} testId="token-facts" />
        <p className={`${m.prose} ${m.spaced}`}>
          HAIC is a fixed-supply utility token. No new tokens will ever be issued: the 30 billion created at launch are all there will be. The XRP Ledger was
          chosen because transactions settle in 3-5 seconds, it handles 1,500+ transactions per second and fees are under $0.01.
        </p>
      </Section>

      <Section id="allocation" title="Token allocation">
        <AllocationChart />
      </Section>

      <Section id="reserve" title="Future projects reserve">
        <div className={`${m.card} ${m.prose}`} data-testid="reserve-rule">
          <p>
            The 4 billion HAIC future projects reserve is locked away from the market. It is released 0.5% at a time when liquidity allows, so new tokens never
            flood the market. Every release is announced in the community chat in advance.
          </p>
        </div>
      </Section>

      <Section id="roadmap" title="Roadmap" lead="From launch in Q2 2025 to the platform in Q1 2026.">
        <ol className={styles.roadmap} data-testid="roadmap">
          {ROADMAP.map((step) => (
            <li key={step.quarter} className={styles.step}>
              <p className={styles.quarter}>{step.quarter}</p>
              <h3>{step.title}</h3>
              <ul className={m.checks}>
                {step.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Section>

      <Cta label="Token details" title="See the token in action" text="Live chart, exchanges and a step-by-step wallet guide.">
        <Link to="/haic-token" className="button button-primary">
          HAIC Token page
        </Link>
      </Cta>
    </MarketingPage>
  );
}
