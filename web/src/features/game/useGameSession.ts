/**
 * One page's games: starting and restarting them on run tickets, the player's figures kept in this
 * browser (high score, games played) or read from their account, and saving each finished game's score.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildSubmission, flushPendingScores, submitScore } from './api/scores';
import { newGameRun, type GameRun } from './api/tickets';
import { useAccountGames } from './api/useAccountStats';
import type { GameSummary } from './components/GameCanvas';
import type { SaveMessage } from './components/GameOverPanel';
import { readGamesPlayed, readHighScore, recordGamePlayed, recordHighScore } from './localStats';

export function useGameSession() {
  const { accountGames, refresh: refreshAccountStats } = useAccountGames();
  const [started, setStarted] = useState(false);
  // The game being played; null while Start Game or Play Again waits for the run ticket.
  const [run, setRun] = useState<GameRun | null>(null);
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [message, setMessage] = useState<SaveMessage>(null);
  // The finished game's stored run (its page), once the server has it.
  const [savedRunId, setSavedRunId] = useState<string | null>(null);
  // Browser storage is read after the first render: the server draws the page with zeros.
  const [highScore, setHighScore] = useState(0);
  const [gamesPlayed, setGamesPlayed] = useState(0);
  const runRef = useRef<GameRun | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    setHighScore(readHighScore());
    setGamesPlayed(readGamesPlayed());
    // Scores that could not be sent earlier go now.
    void flushPendingScores();
    return () => {
      mounted.current = false;
    };
  }, []);

  // Each game asks for its run ticket first; without one (offline, refused, slow) it plays all the same
  // and its score is saved, just not ranked.
  const begin = async () => {
    const next = await newGameRun();
    if (!mounted.current) return;
    runRef.current = next;
    setRun(next);
    setSummary(null);
    setMessage(null);
    setSavedRunId(null);
  };

  const start = () => {
    setRun(null);
    setStarted(true);
    void begin();
  };

  const playAgain = () => {
    void begin();
  };

  const fail = useCallback((error: unknown) => {
    console.error('Nurse Help Me: the game could not start', error);
    setStarted(false);
    setRun(null);
    setSummary(null);
  }, []);

  const finish = useCallback(
    async (finished: GameSummary) => {
      setSummary(finished);
      setHighScore(recordHighScore(finished.result.score));
      setGamesPlayed(recordGamePlayed());
      setMessage({ kind: 'pending', text: 'Saving your score...' });
      const outcome = await submitScore(buildSubmission(finished.result, runRef.current!, finished.inputLog));
      if (!mounted.current) return;
      setMessage({
        kind: outcome.saved ? 'success' : 'error',
        text: outcome.message,
      });
      if (outcome.saved && outcome.runId) setSavedRunId(outcome.runId);
      if (outcome.saved) {
        await flushPendingScores();
        refreshAccountStats();
      }
    },
    [refreshAccountStats],
  );

  return {
    started,
    run,
    summary,
    message,
    savedRunId,
    highScore,
    /** The account's count when signed in, else this browser's. */
    gamesPlayed: accountGames ?? gamesPlayed,
    start,
    playAgain,
    fail,
    finish,
  };
}
