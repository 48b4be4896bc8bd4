/** Below the game: the player's stat cards, what the game is, and its features. */
import { CoinIcon, GamepadIcon, HospitalIcon, PhoneIcon, StarIcon, TrophyIcon, VirusIcon } from './Icons';
import styles from './GameInfo.module.css';

const FEATURES = [
  { icon: <HospitalIcon />, title: '10 Levels', text: 'From the ward to the rooftop: faster viruses and trickier jumps at every level.' },
  { icon: <VirusIcon />, title: 'Dodge the Viruses', text: 'Time your jumps over patrolling viruses. Three lives, and extra lives for coins.' },
  { icon: <PhoneIcon />, title: 'Play Anywhere', text: 'Keyboard on a computer, on-screen buttons on a phone or tablet.' },
  { icon: <StarIcon />, title: 'Track Your Scores', text: 'Level, coins and a time bonus for finishing fast. Sign in to keep your history.' },
];

export function GameInfo({ highScore, gamesPlayed }: { highScore: number; gamesPlayed: number }) {
  return (
    <>
      <section className={styles.stats} aria-label="Your stats">
        {[
          { icon: <TrophyIcon />, title: 'High Score', value: highScore, testId: 'stat-high-score' },
          { icon: <GamepadIcon />, title: 'Games Played', value: gamesPlayed, testId: 'stat-games-played' },
        ].map(({ icon, title, value, testId }) => (
          <div key={title} className={`card ${styles.stat}`}>
            <span className={styles.statIcon}>{icon}</span>
            <h3>{title}</h3>
            <p className={styles.statValue} data-testid={testId}>
              {value}
            </p>
          </div>
        ))}
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <CoinIcon />
          </span>
          <h3>HAIC Rewards</h3>
          <p className={`${styles.statValue} ${styles.soon}`}>Coming Soon</p>
        </div>
      </section>

      <section className={`card ${styles.about}`} aria-labelledby="about-game">
        <h2 id="about-game">About Nurse Help Me</h2>
        <p>
          Nurse Help Me is a platform game from the HAIC community. It celebrates the nurses and carers who keep patients safe, and it previews the Nurse Help
          Me platform in development: a place where patients can find nursing help quickly.
        </p>
        <p>
          Anyone can play. Sign in to keep every score on your account and in your game history; guest scores are saved under a temporary guest id. Token
          rewards for players are coming soon.
        </p>
      </section>

      <section aria-labelledby="game-features">
        <h2 id="game-features" className={styles.sectionTitle}>
          Game Features
        </h2>
        <div className={styles.features}>
          {FEATURES.map(({ icon, title, text }) => (
            <div key={title} className={`card ${styles.feature}`}>
              <span className={styles.featureIcon}>{icon}</span>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
