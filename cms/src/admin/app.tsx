import type { StrapiApp } from '@strapi/strapi/admin';
import { bootstrapNewsFeedTools } from './news-feeds';
import { bootstrapEditorTools, registerEditorTools } from './editors';

// The CMS panel's customisations. Each area keeps its own files and is called from here.
export default {
  config: {
    locales: [],
  },
  register(app: StrapiApp) {
    registerEditorTools(app);
  },
  bootstrap(app: StrapiApp) {
    bootstrapNewsFeedTools(app);
    bootstrapEditorTools(app);
  },
};
