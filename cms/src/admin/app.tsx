import type { StrapiApp } from '@strapi/strapi/admin';
import { bootstrapNewsFeedTools } from './news-feeds';

// The CMS panel's customisations. Each area keeps its own files and is called from here.
export default {
  config: {
    locales: [],
  },
  bootstrap(app: StrapiApp) {
    bootstrapNewsFeedTools(app);
  },
};
