import { useEffect } from 'react';

export const PRODUCT_NAME = 'HAIC';

export const pageTitle = (title: string) => `${title} - ${PRODUCT_NAME}`;

/** Sets document.title to '{title} - HAIC' while the page is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
