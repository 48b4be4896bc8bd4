import { IMAGE_URL_MESSAGE, WEB_URL_MESSAGE, isImageUrl, isWebUrl } from '@haic/contract';
import { urlKey } from '../../url-key';
import { invalid } from '../../../../utils/api-error';

const NEWS = 'api::news-item.news-item';

/**
 * Items written in the panel get their de-duplication key, and an article that is already in the news
 * (the same address up to tracking parameters, scheme, www. and a trailing slash) is refused with a clear
 * message rather than by the database. The aggregator sets the key itself and relies on the unique index.
 */
type Event = { params: { data?: Record<string, unknown>; where?: { id?: unknown } } };

/** A news item links only to http(s) addresses: a javascript: or data: URL on /news would run as the site. */
function assertWebLinks(event: Event) {
  const data = event.params.data ?? {};
  const rules = [
    { field: 'url', label: 'URL', valid: isWebUrl, rule: WEB_URL_MESSAGE },
    { field: 'imageUrl', label: 'Image URL', valid: isImageUrl, rule: IMAGE_URL_MESSAGE },
  ];
  for (const { field, label, valid, rule } of rules) {
    const value = data[field];
    if (value === undefined || value === null || (field === 'imageUrl' && value === '')) continue;
    if (!valid(value)) {
      const message = `${label} ${rule}`;
      throw invalid([{ path: [field], message, name: 'ValidationError' }]);
    }
  }
}

async function withKey(event: Event) {
  const data = event.params.data;
  if (!data || typeof data.url !== 'string' || typeof data.urlKey === 'string') return;
  const key = urlKey(data.url);
  data.urlKey = key;
  if (!key) return;
  const id = event.params.where?.id;
  const other = await strapi.db.query(NEWS).findOne({ select: ['id'], where: { urlKey: key, ...(id ? { id: { $ne: id } } : {}) } });
  if (other) {
    throw invalid([{ path: ['url'], message: 'This article is already in the news: another item has the same URL.', name: 'ValidationError' }]);
  }
}

async function beforeWrite(event: Event) {
  assertWebLinks(event);
  await withKey(event);
}

export default {
  beforeCreate: beforeWrite,
  beforeUpdate: beforeWrite,
};
