import { useEffect, useRef, useState } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';

export interface Outcome {
  kind: 'success' | 'error';
  text: string;
}

/**
 * What a sign-in or sign-up attempt came to: its message, and after a success a move to the next
 * page a moment later (cancelled when the form goes away first). `done` keeps the form from a second submit.
 */
export function useOutcome() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const succeed = (text: string, to: string, afterMs: number, options?: NavigateOptions) => {
    setOutcome({ kind: 'success', text });
    setDone(true);
    timer.current = window.setTimeout(() => navigate(to, options), afterMs);
  };
  const fail = (text: string) => setOutcome({ kind: 'error', text });
  const clear = () => setOutcome(null);
  return { outcome, done, succeed, fail, clear };
}
