import { usePreloadImage } from '../../lib/head';
import type { BlogImage as Image } from './api';

interface Props {
  image: Image;
  /** The `sizes` of the layout the picture sits in. */
  sizes: string;
  /** The page's main picture (LCP): loaded at once and first. */
  priority?: boolean;
  className?: string;
}

/** A post picture at the size the layout needs, with its dimensions reserved before it loads. */
export function BlogImage({ image, sizes, priority = false, className }: Props) {
  // React 18 passes the lowercase attribute through as it is.
  const fetchPriority = priority ? { fetchpriority: 'high' } : {};
  usePreloadImage(priority ? { src: image.src, srcSet: image.srcSet, sizes: image.srcSet ? sizes : undefined } : null);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...fetchPriority}
    />
  );
}
