export { drawGame, drawGhost, pointsGap, rocketPosition, ROCKET_TIMELINE } from './drawGame';
export {
  COLORS,
  ROCKET_HEIGHT,
  ROCKET_WIDTH,
  drawCoin,
  drawHeart,
  drawNurse,
  drawPatient,
  drawRocket,
  drawVirus,
} from './sprites';
