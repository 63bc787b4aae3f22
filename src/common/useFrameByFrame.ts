import { type RefObject, useEffect, useState } from 'react';

/**
 * Counts the frames the browser has drawn of an element since it came, up to `steps`: 0 at first, one more after
 * each frame that lays out and paints what the element holds by then. With `wanted` false it is `steps` at once.
 *
 * An IntersectionObserver reports on an element after the first frame that draws it, in a task of its own; a new
 * one each step is the next frame. Not a timer or an animation frame: a test's clock stops those, and a page whose
 * content waited on them would never be whole on a stopped clock.
 */
export function useFrameByFrame(target: RefObject<Element | null>, steps: number, wanted: boolean): number {
  const [drawn, setDrawn] = useState(wanted ? 0 : steps);
  useEffect(() => {
    if (drawn >= steps || !target.current) return;
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      setDrawn(drawn + 1);
    });
    observer.observe(target.current);
    return () => observer.disconnect();
  }, [drawn, steps, target]);
  return drawn;
}
