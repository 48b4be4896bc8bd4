import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::game-score.game-score');
