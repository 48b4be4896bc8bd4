import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::game-score.game-score');
