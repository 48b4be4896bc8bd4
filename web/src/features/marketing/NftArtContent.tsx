import { Link } from 'react-router-dom';
import { BackgroundVideo } from './BackgroundVideo';
import { CommunityButtons, Cta, MarketingPage, Section } from './Blocks';
import { MEDIA } from './links';
import m from './Marketing.module.css';
import styles from './NftArt.module.css';

export function NftArtContent() {
  return (
    <MarketingPage title="NFT Art" heading="HAIC Origins NFT Collection" subtitle="Digital art celebrating the people behind healthcare.">
      <div className={m.split}>
        <BackgroundVideo
          className={styles.video}
          files={MEDIA.nft}
          label="Preview animation: a glowing medical cross inside turning hexagons"
          testId="nft-video"
        />
        <div className={m.prose}>
          <h2 className={m.sectionTitle}>The collection</h2>
          <p className={m.badge}>Expected Q4 2025</p>
          <p>
            The Origins collection is HAIC's first series of digital art, minted on the XRP Ledger. Each piece tells part of the story of healthcare workers and
            the technology that supports them, drawn by artists from our community.
          </p>
          <ul className={m.checks}>
            <li>Minted on the XRP Ledger with low fees and fast settlement</li>
            <li>Early access for HAIC holders and community members</li>
            <li>A share of proceeds supports the Nurse Help Me platform</li>
          </ul>
        </div>
      </div>

      <Section id="drop" title="When and how">
        <div className={m.prose}>
          <p>
            The collection is expected in Q4 2025. The exact date, mint price and number of pieces will be announced first in our community channels. HAIC will
            never send you a direct message asking you to mint or to share your wallet secret.
          </p>
        </div>
      </Section>

      <Cta
        label="Stay informed"
        title="Be first to know"
        text={
          <>
            Follow the announcements, or <Link to="/contact">contact us</Link> if you are an artist who would like to contribute.
          </>
        }
      >
        <CommunityButtons />
      </Cta>
    </MarketingPage>
  );
}
