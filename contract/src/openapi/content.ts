/** The content the site shows: the blog (and an editor's preview of a draft), the news, and the contact form. */
import type { BlogImageFormat, BlogListItem, BlogPostRecord } from '../blog';
import { CACHE_TAGS } from '../http';
import { NEWS_CATEGORIES, type NewsListItem } from '../news';
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE } from '../paging';
import { CONTACT_RULES, type ContactAnswer, type ContactInput } from '../rules/contact';
import { EMAIL_PATTERN } from '../rules/common';
import type { Route } from './operations';
import {
  anyJson,
  arrayOf,
  component,
  constant,
  dateTime,
  integer,
  nullable,
  objectOf,
  oneOf,
  optional,
  recordOf,
  requestOf,
  string,
  type Fields,
  type Schema,
} from './schema';

const Post = component<BlogListItem>(
  'BlogListItem',
  objectOf<BlogListItem>({
    id: string({ description: "The post's document id." }),
    title: string(),
    slug: string({ description: 'Its page: /blog/{slug}.' }),
    summary: string(),
    authorName: string(),
    publishedDate: string({ description: 'The day it is dated (YYYY-MM-DD).' }),
    featuredImageUrl: optional(string()),
  }),
);
type Draft = BlogPostRecord;
const Preview = component<Draft>(
  'BlogPostDraft',
  objectOf<Draft>(
    {
      documentId: string(),
      title: string(),
      slug: string(),
      summary: string(),
      authorName: string(),
      publishedDate: string(),
      featuredImage: nullable(
        objectOf<NonNullable<Draft['featuredImage']>>({
          url: string(),
          alternativeText: nullable(string()),
          width: nullable(integer()),
          height: nullable(integer()),
          formats: nullable(recordOf(objectOf<BlogImageFormat>({ url: string(), width: integer(), height: integer() }), 'Smaller sizes, by name.')),
        }),
      ),
      body: optional(nullable(anyJson('The rich-text body, as the editor stores it (blocks).'))),
      publishAt: optional(nullable(dateTime('When it is scheduled to go live.'))),
    },
    "A post's latest draft, with its body.",
  ),
);
const News = component<NewsListItem>(
  'NewsListItem',
  objectOf<NewsListItem>({
    id: string(),
    title: string(),
    description: string(),
    url: string({ pattern: /^https?:\/\//i, description: 'The article.' }),
    source: string(),
    category: oneOf(NEWS_CATEGORIES),
    publishedAt: dateTime("The item's own publication time."),
    imageUrl: optional(string({ description: 'An http(s) address, or a path on this site.' })),
    isActive: constant(true),
  }),
);
const Sent = component<ContactAnswer>(
  'ContactAnswer',
  objectOf<ContactAnswer>({ data: objectOf<ContactAnswer['data']>({ received: constant(true) }), message: string({ description: 'For people.' }) }),
);
export const CONTENT_SCHEMAS = [Post, Preview, News, Sent];

/** The contact form's fields with the rules the form and the server share (lengths counted after trimming). */
const contactFields = Object.fromEntries(
  CONTACT_RULES.map((rule) => [
    rule.field,
    string({ minLength: rule.min ?? 1, maxLength: rule.max, pattern: rule.email ? EMAIL_PATTERN : undefined, description: rule.label }),
  ]),
) as Fields<ContactInput>;

export const CONTENT_ROUTES: Route[] = [
  {
    method: 'get',
    path: '/api/blog',
    summary: 'Published blog posts, a page at a time',
    access: 'public',
    params: {
      page: { in: 'query', schema: integer({ minimum: 1, default: 1 }), description: 'From 1; past the last page the list is empty.' },
      pageSize: { in: 'query', schema: integer({ minimum: 1, maximum: BLOG_MAX_PAGE_SIZE, default: BLOG_PAGE_SIZE }), description: 'Posts per page.' },
    },
    success: { status: 200, description: 'Newest publishedDate first.', body: arrayOf(Post.ref) },
    shared: [CACHE_TAGS.blog],
  },
  {
    method: 'get',
    path: '/api/blog/preview',
    summary: "A draft, for an editor's preview link",
    description: "The panel's Preview opens the site with a signed token valid for an hour; never cached, never indexed.",
    access: 'public',
    params: {
      slug: { in: 'query', required: true, schema: string(), description: "The draft's slug." },
      token: { in: 'query', required: true, schema: string(), description: 'The signed preview token.' },
    },
    success: {
      status: 200,
      description: 'The draft.',
      body: Preview.ref,
      headers: { 'X-Robots-Tag': { description: 'Not for search engines.', schema: constant('noindex') as Schema<string>, required: true } },
    },
    refusals: { 404: 'No draft for this slug and token (or the token expired, or previews are off).' },
  },
  {
    method: 'get',
    path: '/api/news/aggregate',
    summary: 'The news: active items, newest first',
    access: 'public',
    success: { status: 200, description: 'At most 100 items.', body: arrayOf(News.ref) },
    shared: [CACHE_TAGS.news],
  },
  {
    method: 'post',
    path: '/api/contact',
    summary: 'Send a message through the contact form',
    description: "With a token, the message is stored as the account's (it is then in the account's data export).",
    access: 'optional-user',
    body: { description: 'The form, trimmed before the rules are read.', schema: requestOf<ContactInput>(contactFields) },
    success: { status: 201, description: 'Received.', body: Sent.ref },
    refusals: {
      400: "A rule the form shows ('{Field} is required', 'is too short', 'is too long', 'Please enter a valid email address').",
      429: 'Too many messages from this address: wait Retry-After seconds.',
    },
  },
];
