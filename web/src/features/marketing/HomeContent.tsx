import { Link } from 'react-router-dom';
import { SITE_DESCRIPTION, usePageHead, usePreloadImage } from '../../lib/head';
import { BackgroundVideo } from './BackgroundVideo';
import { CardSection, CommunityButtons, Cta, ExchangesSection, LedgerSection, type CardItem } from './Blocks';
import { ExternalLink } from './ExternalLink';
import { EXTERNAL_LINKS, MEDIA } from './links';
import styles from './Home.module.css';
import m from './Marketing.module.css';

const FEATURES: CardItem[] = [
  {
    icon: 'heart',
    title: 'AI for everyday care',
    text: 'HAIC funds practical AI tools that take routine work off nurses and carers so they can spend more time with patients.',
  },
  {
    icon: 'coin',
    title: 'A token with a job',
    text: 'HAIC is a utility token: it pays for services, rewards players and community members, and gives access to new tools as they launch.',
  },
  {
    icon: 'bolt',
    title: 'Fast and cheap to use',
    text: 'Built on the XRP Ledger, so payments settle in seconds and cost a fraction of a cent.',
  },
  {
    icon: 'users',
    title: 'Community first',
    text: 'Nearly half of all tokens are set aside for the community: rewards, prizes and programmes decided together.',
  },
];

const ECOSYSTEM: CardItem[] = [
  {
    icon: 'stethoscope',
    title: 'Nurse Help Me platform',
    text: 'Our flagship platform, in development: on-demand help and AI-assisted tools for nursing professionals.',
    link: <ExternalLink href={EXTERNAL_LINKS.nurseHelpMeSite}>Visit the platform site</ExternalLink>,
  },
  {
    icon: 'game',
    title: 'Nurse Help Me game',
    text: 'A browser platform game across the hospital: dodge viruses, collect coins and set a high score.',
    link: <Link to="/games/nurse-help-me">Play the game</Link>,
  },
  {
    icon: 'coin',
    title: 'HAIC Token',
    text: 'The utility token at the centre of it all, on the XRP Ledger.',
    link: <Link to="/haic-token">Token details</Link>,
  },
  {
    icon: 'image',
    title: 'Origins NFT collection',
    text: 'Our first digital art collection, expected on the XRP Ledger in Q4 2025.',
    link: <Link to="/nft-art">See the preview</Link>,
  },
  {
    icon: 'chat',
    title: 'Blog and news',
    text: 'Project updates plus healthcare, finance and crypto headlines in one place.',
    link: <Link to="/blog">Read the blog</Link>,
  },
  {
    icon: 'users',
    title: 'Community',
    text: 'Members share ideas, game scores and news in our chat every day.',
    link: <ExternalLink href={EXTERNAL_LINKS.telegram}>Join the chat</ExternalLink>,
  },
];

export function HomeContent() {
  usePageHead({ title: 'Home', description: SITE_DESCRIPTION });
  // The hero's poster is the first paint's largest picture.
  usePreloadImage({ src: MEDIA.hero.poster });
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <BackgroundVideo
          className={styles.heroVideo}
          files={MEDIA.hero}
          label="Animated heartbeat line crossing a network of ledger nodes"
          testId="hero-video"
        />
        <div className={styles.heroShade} aria-hidden="true" />
        <div className={`container ${styles.heroContent}`}>
          <p className={styles.eyebrow}>Healthcare AI Coin</p>
          <h1 id="home-title" className={styles.heroTitle}>
            Healthcare AI on the XRP Ledger
          </h1>
          <p className={styles.heroLead}>
            HAIC is a utility token that powers AI tools for nurses and carers, starting with Nurse Help Me, our flagship platform now in development.
          </p>
          <div className={m.actions}>
            <ExternalLink href={EXTERNAL_LINKS.nurseHelpMeSite} className="button button-primary">
              Visit Nurse Help Me
            </ExternalLink>
            <ExternalLink href={EXTERNAL_LINKS.telegram} className={`button button-secondary ${m.buttonLight}`}>
              Join the Community
            </ExternalLink>
            <Link to="/whitepaper" className={`button button-secondary ${m.buttonLight}`}>
              Read the Whitepaper
            </Link>
          </div>
        </div>
      </section>

      <div className={`container page ${m.root}`}>
        <LedgerSection lead="HAIC lives on one of the longest-running public ledgers, chosen for speed, low cost and low energy use." />

        <CardSection id="features" title="What HAIC brings to healthcare" items={FEATURES} />

        <CardSection
          id="ecosystem"
          title="The HAIC ecosystem"
          lead="One token connecting a care platform, a game, digital art and a growing community."
          items={ECOSYSTEM}
          wide
        />

        <ExchangesSection title="Where to trade HAIC" lead="HAIC trades on the XRP Ledger's decentralised exchange. Use any of these to buy, sell or swap." />

        <Cta title="Join the HAIC community" text="Ask questions, follow the roadmap and meet the team in our Telegram chat.">
          <CommunityButtons />
        </Cta>
      </div>
    </>
  );
}
