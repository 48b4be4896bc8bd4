/** @jest-environment node */
import { computeScore, finalResult, maxCoinsThroughLevel, secondsFromSteps, timeBonus } from '../src/game/score';

describe('score formulas', () => {
  it('score = level * 100 + coins * 10', () => {
    expect(computeScore(1, 0)).toBe(100);
    expect(computeScore(3, 12)).toBe(420);
    expect(computeScore(10, 261)).toBe(3610);
  });

  it('time bonus = max(0, 1000 - seconds)', () => {
    expect(timeBonus(0)).toBe(1000);
    expect(timeBonus(250)).toBe(750);
    expect(timeBonus(1000)).toBe(0);
    expect(timeBonus(1500)).toBe(0);
  });

  it('whole seconds from steps at 60 Hz', () => {
    expect(secondsFromSteps(0)).toBe(0);
    expect(secondsFromSteps(59)).toBe(0);
    expect(secondsFromSteps(60)).toBe(1);
    expect(secondsFromSteps(60 * 125 + 59)).toBe(125);
  });

  it('finalResult gives the score submission numbers', () => {
    expect(finalResult({ level: 4, totalCoins: 37, steps: 60 * 125 + 59 })).toEqual({
      score: 770,
      level: 4,
      timeElapsed: 125,
      bonusPoints: 875,
      totalPoints: 1645,
    });
    expect(finalResult({ level: 10, totalCoins: 0, steps: 60 * 2000 })).toEqual({
      score: 1000,
      level: 10,
      timeElapsed: 2000,
      bonusPoints: 0,
      totalPoints: 1000,
    });
  });

  it('maxCoinsThroughLevel sums the coins of levels 1..level', () => {
    const levels = [
      {
        coins: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
      },
      { coins: [{ x: 0, y: 0 }] },
      { coins: [] },
    ];
    expect(maxCoinsThroughLevel(levels, 0)).toBe(0);
    expect(maxCoinsThroughLevel(levels, 1)).toBe(2);
    expect(maxCoinsThroughLevel(levels, 2)).toBe(3);
    expect(maxCoinsThroughLevel(levels, 3)).toBe(3);
    expect(maxCoinsThroughLevel(levels, 99)).toBe(3);
    expect(maxCoinsThroughLevel(levels, -1)).toBe(0);
  });
});
