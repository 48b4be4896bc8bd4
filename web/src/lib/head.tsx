/**
 * One head per page. Pages declare theirs with usePageHead; on the server the renderer collects
 * it (HeadCollector) and writes title, description, canonical, Open Graph and Twitter tags into
 * the HTML; in the browser the title and description follow client-side navigation.
 */
import { createContext, useContext, useEffect } from 'react';

export const PRODUCT_NAME = 'HAIC';

export const SITE_DESCRIPTION = 'HAIC is a healthcare AI utility token on the XRP Ledger. Play Nurse Help Me, read the blog and news, and join the community.';

export const pageTitle = (title: string) => `${title} - ${PRODUCT_NAME}`;

interface HeadImage {
  /** Site-relative or absolute; the server makes it absolute. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface PageHead {
  title: string;
  description?: string;
  image?: HeadImage;
  /** 'article' for a blog post. */
  type?: 'website' | 'article';
  /** ISO date of an article's publication. */
  publishedTime?: string;
  author?: string;
  /** Pages a search engine should not list (account, admin, not found). */
  noindex?: boolean;
  /** Alternate feeds, e.g. the blog's RSS. */
  feeds?: Array<{ title: string; href: string }>;
}

/** A picture the first paint shows (a page's largest): the head asks for it before the body is parsed. */
export interface PreloadImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** Server only: receives the head of the page being rendered (the innermost page wins). */
type HeadCollector = (head: PageHead) => void;

const HeadContext = createContext<HeadCollector | null>(null);

export const HeadCollectorProvider = HeadContext.Provider;

/** Server only: receives the pictures to preload, in the order the page draws them. */
type PreloadCollector = (image: PreloadImage) => void;

const PreloadContext = createContext<PreloadCollector | null>(null);

export const PreloadCollectorProvider = PreloadContext.Provider;

/** Declares the page's main picture (the browser already has the element once it hydrates). */
export function usePreloadImage(image: PreloadImage | null) {
  const collect = useContext(PreloadContext);
  if (collect && image) collect(image);
}

function setMetaDescription(text: string) {
  const meta = document.querySelector('meta[name="description"]');
  if (meta) meta.setAttribute('content', text);
}

export function usePageHead(head: PageHead) {
  const collect = useContext(HeadContext);
  if (collect) collect(head);
  const description = head.description ?? SITE_DESCRIPTION;
  useEffect(() => {
    document.title = pageTitle(head.title);
    setMetaDescription(description);
  }, [head.title, description]);
}
