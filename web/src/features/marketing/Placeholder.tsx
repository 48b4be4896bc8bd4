import type { ReactNode } from 'react';
import { PageShell } from '../../ui/PageShell';
import { Icon, type IconName } from './Icon';
import styles from './Placeholder.module.css';

interface Props {
  title: string;
  icon: IconName;
  text: string;
  children?: ReactNode;
}

/** A page that is not built yet: its one line of text and where to go meanwhile. */
export function Placeholder({ title, icon, text, children }: Props) {
  return (
    <PageShell title={title} description={text}>
      <div className={`card ${styles.box}`}>
        <span className={styles.icon}>
          <Icon name={icon} size={36} />
        </span>
        <p className={styles.text}>{text}</p>
        {children && <div className={styles.links}>{children}</div>}
      </div>
    </PageShell>
  );
}
