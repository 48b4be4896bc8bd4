import type { ReactNode } from 'react';
import { usePageHead, type PageHead } from '../lib/head';

interface Props {
  title: string;
  heading?: string;
  subtitle?: ReactNode;
  /** The meta description; a plain-text subtitle serves when there is none. */
  description?: string;
  /** Keeps the page out of search engines (account pages, not found). */
  noindex?: boolean;
  feeds?: PageHead['feeds'];
  children?: ReactNode;
}

/** The common frame of a content page: sets the page's head and draws the heading. */
export function PageShell({ title, heading = title, subtitle, description, noindex, feeds, children }: Props) {
  usePageHead({ title, description: description ?? (typeof subtitle === 'string' ? subtitle : undefined), noindex, feeds });
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{heading}</h1>
        {subtitle && <p>{subtitle}</p>}
      </header>
      {children}
    </div>
  );
}
