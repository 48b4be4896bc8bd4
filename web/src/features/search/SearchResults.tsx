import type { SearchResponse } from '@haic/contract';
import { longDate } from '../../lib/format';
import { ResultLink, RESULT_TYPE_LABELS } from './ResultLink';
import { Snippet, snippetText } from './Snippet';
import styles from './Search.module.css';

/** The results of one page: kind, date, title (linked), and the text around the match. */
export function SearchResults({ response, start }: { response: SearchResponse; start: number }) {
  return (
    <ol className={styles.results} start={start}>
      {response.results.map((result) => {
        // When only the title matched, the snippet is the title with its words marked: shown as the title.
        const titleMarked = snippetText(result.snippet) === result.title;
        return (
          <li key={`${result.type} ${result.url}`} className={styles.result}>
            <p className={styles.meta}>
              <span className={`${styles.badge} ${styles[result.type]}`}>{RESULT_TYPE_LABELS[result.type]}</span>
              <span>
                {result.type === 'players' ? 'Best run, ' : ''}
                <time dateTime={result.publishedAt}>{longDate(result.publishedAt.slice(0, 10))}</time>
              </span>
            </p>
            <h2 className={styles.resultTitle}>
              <ResultLink result={result}>{titleMarked ? <Snippet snippet={result.snippet} /> : result.title}</ResultLink>
            </h2>
            {!titleMarked && result.snippet && (
              <p className={styles.snippet}>
                <Snippet snippet={result.snippet} />
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
