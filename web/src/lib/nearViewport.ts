import { useEffect, useRef, type RefObject } from 'react';

/**
 * Runs `task` once, when the element comes within `margin` of the viewport: code that only a control
 * further down needs is fetched as the visitor heads for it, not while the first screen is busy.
 */
export function useWhenNearViewport(ref: RefObject<Element>, task: () => void, { enabled = true, margin = '800px' } = {}) {
  const latestTask = useRef(task);
  latestTask.current = task;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      latestTask.current();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        latestTask.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, margin]);
}
