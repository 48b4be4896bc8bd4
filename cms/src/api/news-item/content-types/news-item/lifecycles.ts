import { urlKey } from '../../url-key';

/** Items written in the panel get their de-duplication key too (the aggregator sets it itself). */
const withKey = (event: { params: { data?: Record<string, unknown> } }) => {
  const data = event.params.data;
  if (data && typeof data.url === 'string') data.urlKey = urlKey(data.url);
};

export default {
  beforeCreate: withKey,
  beforeUpdate: withKey,
};
