/**
 * The game's panels state its rules in words. They do not import the numbers: the rulebook's game modules
 * would then be shared by the page's chunk and the lazily loaded game, the bundler would merge them into the
 * page's chunk, and the server would no longer find that chunk (and the page's styles) by its source path.
 * So the words are checked against the rulebook here.
 */
import { render } from '@testing-library/react';
import { COINS_PER_EXTRA_LIFE, LEVELS, MAX_LIVES, SCORE_PER_COIN, STARTING_LIVES } from '@haic/contract';
import { GameInfo } from './GameInfo';
import { WelcomePanel } from './WelcomePanel';

const NUMBER_WORDS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];

test("the welcome panel and the feature cards say the rulebook's numbers", () => {
  const { container } = render(
    <>
      <WelcomePanel onStart={() => {}} />
      <GameInfo highScore={0} gamesPlayed={0} />
    </>,
  );
  const text = container.textContent?.replace(/\s+/g, ' ');
  expect(text).toContain(`through ${LEVELS.length} levels`);
  expect(text).toContain(`${LEVELS.length} Levels`);
  expect(text).toContain(`Collect coins: ${SCORE_PER_COIN} points each, and every ${COINS_PER_EXTRA_LIFE} coins gives an extra life (up to ${MAX_LIVES})`);
  expect(text).toContain(`${NUMBER_WORDS[STARTING_LIVES]} lives, and extra lives for coins`);
});
