import { Link } from 'react-router-dom';
import { MarketingPage } from './Blocks';
import m from './Marketing.module.css';
import styles from './Disclaimer.module.css';

const DISCLAIMER_TOPICS = [
  {
    title: 'Independent initiative',
    text: 'HAIC is an independent community initiative. It is not affiliated with, endorsed by or sponsored by Ripple, the XRP Ledger Foundation, any exchange or wallet listed on this site, or any hospital, health system or professional body.',
  },
  {
    title: 'No financial or medical advice',
    text: 'Nothing on this site is financial, investment, tax, legal or medical advice. Content about the HAIC token is general information only. Content about healthcare is not a substitute for a qualified professional: always seek the advice of your doctor or another qualified provider with any question about a medical condition, and in an emergency call your local emergency number.',
  },
  {
    title: 'Risk',
    text: 'Digital assets are highly volatile and speculative. The value of HAIC can go down as well as up, and you may lose all of the money you put in. Only use funds you can afford to lose, do your own research, and consider independent advice before buying or selling any token.',
  },
  {
    title: 'Accuracy',
    text: 'We work to keep the information here accurate and current, but it is provided as is, without warranties of any kind. Plans, roadmap dates and features may change. News items are summaries from third-party sources and may be incomplete or out of date.',
  },
  {
    title: 'External links',
    text: 'This site links to third-party websites, exchanges, wallets and services. We do not control them and are not responsible for their content, security, availability or practices. Visiting them is at your own risk; check every address carefully before connecting a wallet.',
  },
] as const;

export function DisclaimerContent() {
  return (
    <MarketingPage title="Disclaimer" subtitle="Please read this before using the site or trading HAIC.">
      <div className={styles.list}>
        {DISCLAIMER_TOPICS.map((topic) => (
          <section key={topic.title} className={m.card} aria-labelledby={`${topic.title.replace(/\W+/g, '-').toLowerCase()}-title`}>
            <h2 id={`${topic.title.replace(/\W+/g, '-').toLowerCase()}-title`} className={styles.title}>
              {topic.title}
            </h2>
            <p className={styles.text}>{topic.text}</p>
          </section>
        ))}
      </div>
      <p className={`${m.spaced} ${m.prose}`}>
        By using this site you accept this disclaimer. If you have questions about it, please <Link to="/contact">contact us</Link>.
      </p>
    </MarketingPage>
  );
}
