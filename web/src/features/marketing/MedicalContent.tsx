import { Link } from 'react-router-dom';
import { type CardItem, CardSection, Cta, MarketingPage, Section } from './Blocks';
import { ExternalLink } from './ExternalLink';
import { EXTERNAL_LINKS } from './links';
import m from './Marketing.module.css';

const BENEFITS: CardItem[] = [
  {
    icon: 'clock',
    title: 'Less admin, more care',
    text: 'AI-assisted charting and shift handover notes that you review and approve, cutting time spent on paperwork.',
  },
  {
    icon: 'chat',
    title: 'Help on demand',
    text: 'Reach an experienced colleague for a second opinion, a skills refresher or cover for a shift.',
  },
  {
    icon: 'calendar',
    title: 'Flexible work',
    text: 'Pick up shifts and short assignments that fit your life, and get paid quickly.',
  },
  {
    icon: 'shield',
    title: 'Privacy first',
    text: 'Designed around healthcare privacy rules: patient data stays out of the blockchain.',
  },
];

export function MedicalContent() {
  return (
    <MarketingPage title="Medical Professionals" subtitle="Nurse Help Me: a platform built with nurses, for nurses.">
      <Section id="pitch" title="Built for the people who care for us">
        <div className={m.split}>
          <div className={m.prose}>
            <p>
              Nurses spend a large part of every shift on documentation and coordination. Nurse Help Me is our flagship platform, in development, that gives
              that time back: smart tools for the routine work, and a network of colleagues for the moments when you need a hand.
            </p>
            <p>
              The platform is shaped by working nurses on our team and advisory board. HAIC, our utility token on the XRP Ledger, pays for services and rewards
              the professionals who contribute.
            </p>
          </div>
          <div className={m.card}>
            <h3>Who it is for</h3>
            <ul className={m.checks}>
              <li>Registered nurses and nurse practitioners</li>
              <li>Nursing assistants and home carers</li>
              <li>Clinics, care homes and staffing agencies</li>
              <li>Nursing students and educators</li>
            </ul>
          </div>
        </div>
      </Section>

      <CardSection id="benefits" title="What Nurse Help Me offers" items={BENEFITS} />

      <Cta
        label="Get involved"
        title="Shape the platform with us"
        text={
          <>
            We are looking for nurses and care organisations for early pilots. Tell us about your work, or read how HAIC funds the project. You can also preview
            the <ExternalLink href={EXTERNAL_LINKS.nurseHelpMeSite}>Nurse Help Me site</ExternalLink>.
          </>
        }
      >
        <Link to="/contact" className="button button-primary">
          Contact Us
        </Link>
        <Link to="/whitepaper" className={`button button-secondary ${m.buttonLight}`}>
          Read the Whitepaper
        </Link>
      </Cta>
    </MarketingPage>
  );
}
