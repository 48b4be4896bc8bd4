/** Below the game: the player's stat cards, what the game is, and its features. */
import { CoinIcon, GamepadIcon, HospitalIcon, PhoneIcon, StarIcon, TrophyIcon, VirusIcon } from './Icons';
import styles from './NurseHelpMeGame.module.css';

export function GameInfo({ highScore, gamesPlayed }: { highScore: number; gamesPlayed: number }) {
  return (
    <>
      <section className={styles.stats} aria-label="Your stats">
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <TrophyIcon />
          </span>
          <h3>High Score</h3>
          <p className={styles.statValue} data-testid="stat-high-score">
            {highScore}
          </p>
        </div>
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <GamepadIcon />
          </span>
          <h3>Games Played</h3>
          <p className={styles.statValue} data-testid="stat-games-played">
            {gamesPlayed}
          </p>
        </div>
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
          Nurse Help Me is a platform game from the HAIC community. It celebrates the nurses and carers who keep
          patients safe, and it previews the Nurse Help Me platform in development: a place where patients can find
          nursing help quickly.
        </p>
        <p>
          Anyone can play. Sign in to keep every score on your account and in your game history; guest scores are saved
          under a temporary guest id. Token rewards for players are coming soon.
        </p>
      </section>

      <section aria-labelledby="game-features">
        <h2 id="game-features" className={styles.sectionTitle}>
          Game Features
        </h2>
        <div className={styles.features}>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <HospitalIcon />
            </span>
            <h3>10 Levels</h3>
            <p>From the ward to the rooftop: faster viruses and trickier jumps at every level.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <VirusIcon />
            </span>
            <h3>Dodge the Viruses</h3>
            <p>Time your jumps over patrolling viruses. Three lives, and extra lives for coins.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <PhoneIcon />
            </span>
            <h3>Play Anywhere</h3>
            <p>Keyboard on a computer, on-screen buttons on a phone or tablet.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <StarIcon />
            </span>
            <h3>Track Your Scores</h3>
            <p>Level, coins and a time bonus for finishing fast. Sign in to keep your history.</p>
          </div>
        </div>
      </section>
    </>
  );
}
