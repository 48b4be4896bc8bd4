import { Link } from 'react-router-dom';
import { type CardItem, CardSection, type Fact, Facts, MarketingPage, Section } from './Blocks';
import { COMPANY } from '../../lib/company';
import { MascotSection } from './MascotSection';
import { CompanyAddress } from '../../ui/CompanyAddress';
import m from './Marketing.module.css';
import styles from './AboutHaicContent.module.css';

const FEATURES: CardItem[] = [
  {
    icon: 'stethoscope',
    title: 'Nurse Help Me platform',
    text: 'Our flagship platform, in development, connecting nurses with on-demand help and AI-assisted tools.',
  },
  {
    icon: 'game',
    title: 'Play and learn',
    text: 'The Nurse Help Me browser game brings healthcare themes to a wider audience, with token rewards coming soon.',
  },
  {
    icon: 'bolt',
    title: 'Fast, low-cost payments',
    text: 'On the XRP Ledger, transactions settle in 3-5 seconds for fees under $0.01.',
  },
  {
    icon: 'shield',
    title: 'Transparent by design',
    text: 'A fixed 30 billion supply, a published allocation and a reserve released only 0.5% at a time.',
  },
  {
    icon: 'image',
    title: 'Digital art',
    text: 'The origins NFT collection celebrates the people behind healthcare.',
  },
  {
    icon: 'users',
    title: 'Community driven',
    text: 'Nearly half of the supply is set aside for the community that builds HAIC with us.',
  },
];

const COMPANY_FACTS: Fact[] = [
  { term: 'Company', detail: COMPANY.name },
  { term: 'Address', detail: <CompanyAddress className={styles.address} /> },
  {
    term: 'Hours',
    detail: (
      <>
        9:00 am-5:00 pm PST
        <span className={styles.ddNote}>Monday to Friday</span>
      </>
    ),
  },
  { term: 'Founded', detail: COMPANY.founded },
];

export function AboutHaicContent() {
  return (
    <MarketingPage title="About HAIC" subtitle="Healthcare AI Coin: technology that gives carers time back.">
      <div className={styles.pair}>
        <section className={m.card} aria-labelledby="mission-title">
          <h2 className={m.sectionTitle} id="mission-title">
            Our mission
          </h2>
          <p>
            To put practical artificial intelligence in the hands of nurses, carers and the people they look after, and to fund it through a token that rewards
            everyone who takes part.
          </p>
        </section>
        <section className={m.card} aria-labelledby="vision-title">
          <h2 className={m.sectionTitle} id="vision-title">
            Our vision
          </h2>
          <p>
            A healthcare system where routine paperwork and scheduling are handled by smart tools, help is one tap away for every nurse, and the community that
            makes it possible shares in its success.
          </p>
        </section>
      </div>

      <CardSection id="features" title="What we are building" items={FEATURES} wide />

      <MascotSection title="Meet our mascot" />

      <Section id="company" title="Company information">
        <div className={m.card} data-testid="company-info">
          <Facts items={COMPANY_FACTS} className={styles.factsCompact} />
          <p className={m.spaced}>
            Questions for the team? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </Section>
    </MarketingPage>
  );
}
