import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::news-feed.news-feed');
