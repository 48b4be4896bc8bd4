import { factories } from '@strapi/strapi';

// Stock read routes (/api/blog-posts); the site reads /api/blog and GraphQL.
export default factories.createCoreRouter('api::blog-post.blog-post', { only: ['find', 'findOne'] });
