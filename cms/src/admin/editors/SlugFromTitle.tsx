import { useEffect, useRef } from 'react';
import { useForm } from '@strapi/strapi/admin';
import { BLOG_POSTS } from './constants';

/** The same shape as Strapi's slugs: lower case words joined by '-', accents dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .split('-')
    .filter(Boolean)
    .join('-')
    .slice(0, 120)
    .replace(/-$/, '');
}

// What the panel puts in an empty required slug before any title is typed: 'blog-post', 'blog-post-1'...
const PANEL_DEFAULT = /^blog-post(-\d+)?$/;

interface PanelProps {
  model: string;
  document?: { status?: string } | null;
}

/**
 * An edit-view side panel with no UI of its own: while a blog post has never been published, its slug
 * follows the title as the editor types. Typing in the slug field takes it over for good (the slug no
 * longer matches what was filled in, so it is left alone). Uniqueness: the panel's own availability
 * check marks a taken slug at once, and the server refuses to save one with a clear message.
 */
export function SlugFromTitle({ model, document }: PanelProps) {
  const title = useForm('SlugFromTitle', (state) => state.values.title as unknown);
  const slug = useForm('SlugFromTitle', (state) => state.values.slug as unknown);
  const onChange = useForm('SlugFromTitle', (state) => state.onChange);
  // Every slug this panel filled in; null until the first look at this post. The form's slug can lag a
  // keystroke behind the title, so any value we wrote still counts as ours, not as the editor's own edit.
  const filled = useRef<Set<string> | null>(null);
  const neverPublished = !document?.status || document.status === 'draft';
  const active = model === BLOG_POSTS && neverPublished;

  useEffect(() => {
    if (!active || typeof title !== 'string') return;
    const current = typeof slug === 'string' ? slug : '';
    if (filled.current === null) {
      // First look at this post: follow only if the slug is empty, the panel's default, or already the title's.
      const follows = !current || PANEL_DEFAULT.test(current) || current === slugify(title);
      filled.current = new Set(follows ? [current] : []);
    }
    // The panel's own default can arrive after the first keystrokes (it is fetched): it is never the editor's.
    if (!filled.current.has(current) && !PANEL_DEFAULT.test(current)) return;
    const next = slugify(title);
    if (!next || next === current) return;
    filled.current.add(next);
    onChange('slug', next);
    // The title drives this effect, and the slug only so that a late panel default is replaced; any other
    // change to the slug alone is the editor's own and is left alone (above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title, slug, active]);

  return null;
}
