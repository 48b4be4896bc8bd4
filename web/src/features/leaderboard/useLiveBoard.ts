import { useEffect, useRef, useState } from 'react';
import { refetchDelayMs, useLiveEvent } from '../../lib/live';
import { affects, boardChanges, loadBoard, type Board, type View } from './board';

/** A screen reader hears at most one update this often; changes in between are summed up in the next. */
const ANNOUNCE_EVERY_MS = 10_000;
/** How long a row that is new or moved up stays marked. */
const RISEN_MARK_MS = 4000;

/**
 * Keeps the board on screen current: a live `board` event that names the view shown has it read again (a
 * moment later, each page its own moment) and put in place of the old one, with no loading state, so the
 * page does not move. Answers the rows to mark as new or risen, and the polite announcement of the change.
 * A read that fails leaves the board as it was.
 */
export function useLiveBoard(view: View, board: Board | null, show: (board: Board) => void): { risen: ReadonlySet<string>; announcement: string } {
  const [risen, setRisen] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(board);
  shown.current = board;
  const timers = useRef<{ read?: ReturnType<typeof setTimeout>; mark?: ReturnType<typeof setTimeout>; announce?: ReturnType<typeof setTimeout> }>({});
  const pending = useRef<{ version: number | null; reading: AbortController | null; lastAnnounced: number; message: string | null }>({
    version: null,
    reading: null,
    lastAnnounced: -Infinity,
    message: null,
  });
  const viewKey = 'season' in view ? `season:${view.season}` : `period:${view.period}`;

  const announce = (message: string) => {
    const state = pending.current;
    state.message = message;
    const say = () => {
      timers.current.announce = undefined;
      state.lastAnnounced = Date.now();
      setAnnouncement(`Leaderboard updated: ${state.message}`);
    };
    const wait = state.lastAnnounced + ANNOUNCE_EVERY_MS - Date.now();
    if (wait <= 0) say();
    else timers.current.announce ??= setTimeout(say, wait);
  };

  const read = () => {
    timers.current.read = undefined;
    const state = pending.current;
    const version = state.version ?? undefined;
    state.reading?.abort();
    const reading = new AbortController();
    state.reading = reading;
    loadBoard(view, reading.signal, version)
      .then((next) => {
        const before = shown.current?.entries ?? [];
        const { risen: marked, message } = boardChanges(before, next.entries);
        show(next);
        setRisen(marked);
        if (timers.current.mark) clearTimeout(timers.current.mark);
        timers.current.mark = setTimeout(() => setRisen(new Set()), RISEN_MARK_MS);
        if (message) announce(message);
      })
      .catch(() => undefined);
  };

  useLiveEvent('board', (change) => {
    if (!shown.current || !affects(view, change)) return;
    pending.current.version = Math.max(pending.current.version ?? 0, change.version);
    timers.current.read ??= setTimeout(read, refetchDelayMs());
  });

  // Another view: nothing read for the one before is put in place.
  useEffect(() => {
    const current = timers.current;
    const state = pending.current;
    return () => {
      for (const timer of [current.read, current.mark, current.announce]) if (timer) clearTimeout(timer);
      timers.current = {};
      state.reading?.abort();
      state.version = null;
      setRisen(new Set());
    };
  }, [viewKey]);

  return { risen, announcement };
}
