import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isWebUrl, type SearchResult } from '@haic/contract';

/** A result's link: a page of the site in the site, a news article in a new tab. */
export function ResultLink({
  result,
  className,
  onChoose,
  children,
}: {
  result: SearchResult;
  className?: string;
  onChoose?: () => void;
  children: ReactNode;
}) {
  if (result.url.startsWith('/') && !result.url.startsWith('//')) {
    return (
      <Link to={result.url} className={className} onClick={onChoose}>
        {children}
      </Link>
    );
  }
  if (!isWebUrl(result.url)) return <span className={className}>{children}</span>;
  return (
    <a href={result.url} target="_blank" rel="noopener noreferrer" className={className} onClick={onChoose}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export const RESULT_TYPE_LABELS: Record<SearchResult['type'], string> = { blog: 'Blog post', news: 'News', players: 'Player' };
