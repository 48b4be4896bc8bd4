import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type CardItem, CardSection, Cta, ExchangesSection, type Fact, Facts, IconCards, LedgerSection, MarketingPage, Section } from './Blocks';
import { ExternalLink } from './ExternalLink';
import { EXTERNAL_LINKS, TOKEN_LINKS, WALLET_LINKS } from './links';
import m from './Marketing.module.css';
import styles from './TokenContent.module.css';
import { PriceChart } from './PriceChart';

const TOKEN_FACTS: Fact[] = [
  { term: 'Symbol', detail: 'HAIC' },
  { term: 'Total supply', detail: '30 billion' },
  { term: 'Network', detail: 'XRP Ledger' },
];

const UTILITY: CardItem[] = [
  {
    icon: 'stethoscope',
    title: 'Pay for care tools',
    text: 'Use HAIC for services on the Nurse Help Me platform as its features go live.',
  },
  {
    icon: 'game',
    title: 'Game rewards',
    text: 'Players of Nurse Help Me will earn HAIC for their scores. Token rewards are coming soon.',
  },
  {
    icon: 'image',
    title: 'NFT access',
    text: 'Holders get early access to the origins NFT collection on the XRP Ledger.',
  },
  {
    icon: 'users',
    title: 'Community programmes',
    text: 'Airdrops, contests and community votes are funded from the community allocation.',
  },
];

const BENEFITS: CardItem[] = [
  {
    icon: 'globe',
    title: 'Built-in exchange',
    text: 'The ledger has its own decentralised exchange and AMM pools, so HAIC trades without a middleman.',
  },
  {
    icon: 'shield',
    title: 'Proven since 2012',
    text: 'The XRP Ledger has been running since 2012 and has closed tens of millions of ledgers.',
  },
  {
    icon: 'heart',
    title: 'Low energy use',
    text: 'Consensus without mining keeps its carbon footprint small, fitting for a healthcare project.',
  },
  {
    icon: 'users',
    title: 'Wallets everywhere',
    text: 'Supported by Xaman, hardware wallets and many exchanges around the world.',
  },
];

/** Setting up Xaman to hold HAIC, in order. */
const WALLET_STEPS: Array<{ title: string; text: ReactNode }> = [
  {
    title: 'Download Xaman',
    text: (
      <>
        Get it from the <ExternalLink href={WALLET_LINKS.appStore}>App Store</ExternalLink> or{' '}
        <ExternalLink href={WALLET_LINKS.googlePlay}>Google Play</ExternalLink>, or via <ExternalLink href={WALLET_LINKS.xaman}>xaman.app</ExternalLink>.
      </>
    ),
  },
  {
    title: 'Create your account',
    text: 'Write down your secret numbers on paper and keep them offline. Nobody from HAIC will ever ask for them.',
  },
  { title: 'Activate with XRP', text: "Send a small amount of XRP to your new address to cover the ledger's account reserve." },
  {
    title: 'Add the HAIC trust line',
    text: 'In Xaman, add a token and search for HAIC. Check the issuer address matches the one we publish in our community chat.',
  },
  { title: 'Buy HAIC', text: 'Use the built-in DEX in Xaman or one of the exchanges above to swap XRP for HAIC.' },
];

export function TokenContent() {
  return (
    <MarketingPage title="HAIC Token" subtitle="The healthcare AI utility token on the XRP Ledger.">
      <Section id="overview" title="Overview">
        <Facts items={TOKEN_FACTS} className={styles.facts3} />
        <div className={`${m.prose} ${m.spaced}`}>
          <p>
            HAIC (Healthcare AI Coin) is a utility token issued on the XRP Ledger. It connects the projects of the HAIC ecosystem: the Nurse Help Me platform
            for nursing professionals, the Nurse Help Me game, the origins NFT collection and the community that supports them.
          </p>
          <p>
            The total supply is fixed at 30 billion HAIC. See the <Link to="/whitepaper">whitepaper</Link> for the full allocation and roadmap.
          </p>
        </div>
      </Section>

      <Section id="trade" title="Trade and research" lead="Check the market before you trade, and always verify the token issuer in your wallet.">
        <div className={m.actions}>
          <ExternalLink href={TOKEN_LINKS.chartPage} className="button button-primary">
            Market data on DEX Screener
          </ExternalLink>
          <ExternalLink href={TOKEN_LINKS.explorer} className="button button-secondary">
            Token explorer on XRPScan
          </ExternalLink>
          <ExternalLink href={TOKEN_LINKS.ledger} className="button button-secondary">
            About the XRP Ledger
          </ExternalLink>
        </div>
      </Section>

      <Section id="chart" title="Price chart">
        <PriceChart />
      </Section>

      <CardSection id="utility" title="What HAIC is for" items={UTILITY} />

      <ExchangesSection title="Exchanges" lead="HAIC is traded on these XRP Ledger exchanges and apps." />

      <Section id="wallet" title="Get a wallet: Xaman" lead="Xaman (formerly XUMM) is a free, non-custodial XRP Ledger wallet for iPhone and Android.">
        <ol className={styles.steps}>
          {WALLET_STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <LedgerSection>
        <div className={m.spaced}>
          <IconCards items={BENEFITS} />
        </div>
      </LedgerSection>

      <Cta title="Questions about HAIC?" text="The community chat is the fastest place to get answers and official announcements.">
        <ExternalLink href={EXTERNAL_LINKS.telegram} className="button button-primary">
          Join the HAIC community
        </ExternalLink>
      </Cta>
    </MarketingPage>
  );
}
