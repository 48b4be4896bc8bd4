import { Section } from './Blocks';
import { MEDIA } from './links';
import { MASCOT } from './mascot';
import m from './Marketing.module.css';
import styles from './MascotSection.module.css';

/** The mascot's section, as shown on About HAIC and Team (each page titles it its own way). */
export function MascotSection({ title }: { title: string }) {
  return (
    <Section id="mascot" title={title}>
      <div className={`${m.card} ${styles.mascot}`}>
        <img src={MEDIA.mascot} alt={`${MASCOT.name}, the HAIC nurse robot mascot`} width="160" height="160" loading="lazy" />
        <div>
          <h3>{MASCOT.name}</h3>
          <p className={`${m.badge} ${styles.role}`}>{MASCOT.role}</p>
          <p>{MASCOT.text}</p>
        </div>
      </div>
    </Section>
  );
}
