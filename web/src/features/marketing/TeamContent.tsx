import { Cta, MarketingPage, Section } from './Blocks';
import { ExternalLink } from './ExternalLink';
import { EXTERNAL_LINKS } from './links';
import { MascotSection } from './MascotSection';
import m from './Marketing.module.css';
import styles from './Team.module.css';

interface Person {
  name: string;
  title: string;
  bio: string;
}

const CORE_TEAM: Person[] = [
  {
    name: 'Marcus Bell',
    title: 'Founder and Chief Executive Officer',
    bio: 'Started HAIC after a decade building staffing software for hospitals across California.',
  },
  {
    name: 'Dana Ortiz, RN',
    title: 'Chief Nursing Officer',
    bio: 'Registered nurse with fifteen years on hospital wards; makes sure every tool solves a real bedside problem.',
  },
  {
    name: 'Kevin Nguyen',
    title: 'Chief Technology Officer',
    bio: 'Leads the Nurse Help Me platform and the XRP Ledger integration; previously a payments engineer.',
  },
  {
    name: 'Alicia Grant',
    title: 'Head of Community and Marketing',
    bio: 'Runs the community channels, partnerships and the origins NFT programme.',
  },
];

const ADVISORY_BOARD: Array<{ group: string; members: Person[] }> = [
  {
    group: 'Medical advisors',
    members: [
      {
        name: 'Dr. Priya Raman, MD',
        title: 'Internal medicine physician',
        bio: 'Advises on clinical safety and patient privacy.',
      },
      {
        name: 'Teresa Collins, NP',
        title: 'Family nurse practitioner',
        bio: 'Advises on workflows for nurses in clinics and home care.',
      },
    ],
  },
  {
    group: 'Technology and blockchain advisors',
    members: [
      {
        name: 'Samuel Okafor',
        title: 'XRP Ledger developer',
        bio: 'Advises on token issuance, AMM liquidity and wallet integration.',
      },
      {
        name: 'Lena Fischer',
        title: 'Machine learning engineer',
        bio: 'Advises on responsible AI and model evaluation.',
      },
    ],
  },
  {
    group: 'Business and legal advisors',
    members: [
      {
        name: 'Robert Hayes, JD',
        title: 'Healthcare compliance attorney',
        bio: 'Advises on healthcare regulation and data protection.',
      },
      {
        name: 'Monica Reyes, CPA',
        title: 'Finance and operations',
        bio: 'Advises on treasury management and reporting.',
      },
    ],
  },
];

const initials = (name: string) =>
  name
    .replace(/^Dr\.\s*/, '')
    .split(/[ ,]+/)
    .filter((w) => /^[A-Z][a-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

function PersonCard({ person }: { person: Person }) {
  return (
    <li className={`${m.card} ${styles.person}`}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(person.name)}
      </span>
      <h3 className={styles.name}>{person.name}</h3>
      <p className={styles.title}>{person.title}</p>
      <p>{person.bio}</p>
    </li>
  );
}

export function TeamContent() {
  return (
    <MarketingPage title="Meet the Team" heading="Meet the Team" subtitle="The nurses, engineers and builders behind HAIC.">
      <Section id="core-team" title="Core team">
        <ul className={m.cards} data-testid="core-team">
          {CORE_TEAM.map((p) => (
            <PersonCard key={p.name} person={p} />
          ))}
        </ul>
      </Section>

      <Section id="advisory-board" title="Advisory board" lead="Independent experts who review our plans in medicine, technology and business.">
        <div className={styles.groups}>
          {ADVISORY_BOARD.map((g) => (
            <section key={g.group} className={m.card} data-testid="advisory-group" aria-label={g.group}>
              <h3 className={styles.groupTitle}>{g.group}</h3>
              <ul className={styles.advisors}>
                {g.members.map((p) => (
                  <li key={p.name} className={styles.advisor}>
                    <span className={`${styles.avatar} ${styles.avatarSmall}`} aria-hidden="true">
                      {initials(p.name)}
                    </span>
                    <div>
                      <h4 className={styles.name}>{p.name}</h4>
                      <p className={styles.title}>{p.title}</p>
                      <p>{p.bio}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>

      <MascotSection title="And our mascot" />

      <Cta title="Talk to the team" text="The team answers questions every weekday in the HAIC community chat group.">
        <ExternalLink href={EXTERNAL_LINKS.telegram} className="button button-primary">
          Join the community chat
        </ExternalLink>
      </Cta>
    </MarketingPage>
  );
}
