import { useEffect, useState } from 'react';
import { useInertBeforeHydration } from '../../lib/hydration';
import { ExternalLink } from './ExternalLink';
import { TOKEN_LINKS } from './links';
import styles from './PriceChart.module.css';

/** How long the reachability check of the chart's host may take before the link is shown instead. */
const CHART_PROBE_TIMEOUT_MS = 5000;

type State = 'idle' | 'checking' | 'embed' | 'fallback';

/**
 * Loads a tiny image from the chart's host to learn whether the embed can load at all,
 * so an offline visitor or a blocked host gets a plain link instead of a broken frame.
 */
function probe(url: string, timeoutMs: number): { result: Promise<boolean>; cancel: () => void } {
  const img = new Image();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const result = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.referrerPolicy = 'no-referrer';
    img.src = url;
  });
  return {
    result: result.finally(() => clearTimeout(timer)),
    cancel: () => {
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
    },
  };
}

/**
 * The DEX Screener chart, framed on demand: nothing is requested from the chart host until the
 * visitor asks for the live chart, and the plain link stays available whenever the frame is not shown.
 */
export function PriceChart() {
  const inert = useInertBeforeHydration();
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    if (state !== 'checking') return;
    const check = probe(TOKEN_LINKS.chartProbe, CHART_PROBE_TIMEOUT_MS);
    let active = true;
    void check.result.then((ok) => {
      if (active) setState(ok ? 'embed' : 'fallback');
    });
    return () => {
      active = false;
      check.cancel();
    };
  }, [state]);

  const chartLink = (
    <ExternalLink href={TOKEN_LINKS.chartPage} className="button button-secondary" data-testid="chart-fallback-link">
      View the HAIC price chart on DEX Screener
    </ExternalLink>
  );

  return (
    <figure className={styles.chart} data-testid="price-chart" data-state={state}>
      {state === 'embed' ? (
        <>
          <iframe
            className={styles.frame}
            src={TOKEN_LINKS.chartEmbed}
            title="HAIC/XRP live price chart from DEX Screener"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
          />
          <figcaption className={styles.caption}>
            Live market data provided by DEX Screener. <ExternalLink href={TOKEN_LINKS.chartPage}>Open the full chart</ExternalLink>
          </figcaption>
        </>
      ) : (
        <div className={styles.placeholder}>
          <svg viewBox="0 0 120 48" width="120" height="48" aria-hidden="true" className={styles.spark}>
            <polyline points="0,40 15,34 30,37 45,22 60,27 75,14 90,19 105,8 120,12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          <div className={styles.message} role="status">
            {state === 'fallback'
              ? 'The live chart cannot be shown here right now.'
              : state === 'checking'
                ? 'Loading the live chart...'
                : 'Live HAIC/XRP price, volume and liquidity from DEX Screener.'}
          </div>
          <div className={styles.buttons}>
            {state === 'idle' && (
              <button type="button" className="button button-primary" onClick={() => setState('checking')} {...inert}>
                Load live chart
              </button>
            )}
            {chartLink}
          </div>
        </div>
      )}
    </figure>
  );
}
