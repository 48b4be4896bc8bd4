export { drawGame, drawGhost, pointsGap, rocketPosition, ROCKET_TIMELINE } from './drawGame';
export * from './sprites';
