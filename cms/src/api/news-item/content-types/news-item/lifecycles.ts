import { errors } from '@strapi/utils';
import { urlKey } from '../../url-key';

const NEWS = 'api::news-item.news-item';

/**
 * Items written in the panel get their de-duplication key, and an article that is already in the news
 * (the same address up to tracking parameters, scheme, www. and a trailing slash) is refused with a clear
 * message rather than by the database. The aggregator sets the key itself and relies on the unique index.
 */
async function withKey(event: { params: { data?: Record<string, unknown>; where?: { id?: unknown } } }) {
  const data = event.params.data;
  if (!data || typeof data.url !== 'string' || typeof data.urlKey === 'string') return;
  const key = urlKey(data.url);
  data.urlKey = key;
  if (!key) return;
  const id = event.params.where?.id;
  const other = await strapi.db.query(NEWS).findOne({ select: ['id'], where: { urlKey: key, ...(id ? { id: { $ne: id } } : {}) } });
  if (other) {
    throw new errors.ValidationError('This article is already in the news: another item has the same URL.', {
      errors: [{ path: ['url'], message: 'This article is already in the news: another item has the same URL.', name: 'ValidationError' }],
    });
  }
}

export default {
  beforeCreate: withKey,
  beforeUpdate: withKey,
};
