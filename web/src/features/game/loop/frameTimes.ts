/**
 * What the game loads only when asked: the debug hook (./debugHook.ts, window.__nurseHelpMe) that the browser
 * tests and the frame-time benchmark drive a game through. They ask before the page loads, by setting
 * window.__nurseHelpMeWanted; the hook's module is then fetched beside the game, and never for a visitor.
 */
declare global {
  interface Window {
    __nurseHelpMeWanted?: boolean;
  }
}

/** True where the page was asked for the debug hook. */
export const debugHookWanted = (): boolean => typeof window !== 'undefined' && window.__nurseHelpMeWanted === true;

/** The most frame times kept (the oldest are dropped). */
const FRAME_TIME_LIMIT = 5000;

/** Collects frame times for the hook; pass `record` to the loop as its onFrameTime. */
export function createFrameTimes() {
  const times: number[] = [];
  return {
    record: (ms: number) => {
      if (times.length >= FRAME_TIME_LIMIT) times.shift();
      times.push(ms);
    },
    list: () => times.slice(),
    reset: () => {
      times.length = 0;
    },
  };
}

export type FrameTimes = ReturnType<typeof createFrameTimes>;
