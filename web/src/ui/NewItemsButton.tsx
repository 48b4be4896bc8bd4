import styles from './NewItems.module.css';

interface Props {
  count: number;
  /** What an item is called, one and several: ['article', 'articles']. */
  noun: readonly [string, string];
  onShow: () => void;
}

/**
 * "3 new articles": items that came while the reader was on the page, offered over it (never inserted under
 * the reader) and announced politely; choosing it shows them.
 */
export function NewItemsButton({ count, noun, onShow }: Props) {
  return (
    <div className={styles.slot} aria-live="polite">
      {count > 0 && (
        <button type="button" className={`button button-primary ${styles.button}`} onClick={onShow}>
          {count} new {count === 1 ? noun[0] : noun[1]}
        </button>
      )}
    </div>
  );
}
