export { drawGame } from './drawGame';
export { drawGhost, pointsGap } from './ghost';
export { COLORS } from './palette';
export { drawRocket, rocketPosition, ROCKET_HEIGHT, ROCKET_TIMELINE, ROCKET_WIDTH } from './rocket';
export { drawCoin, drawHeart, drawNurse, drawPatient, drawVirus } from './sprites';
