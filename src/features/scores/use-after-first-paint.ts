import { useEffect, useState } from 'react';

/**
 * False until the frame after the first render has been drawn (or, in a tab that draws no frames,
 * a moment later): what waits for it is drawn after what the first render shows.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const done = () => setAfter(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done);
    });
    timer = setTimeout(done, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
