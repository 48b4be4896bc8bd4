import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/title';

interface Props {
  title: string;
  heading?: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The common frame of a content page: sets the document title and draws the heading. */
export function PageShell({ title, heading = title, subtitle, children }: Props) {
  usePageTitle(title);
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
