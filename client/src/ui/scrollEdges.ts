import { useEffect, useRef, useState } from 'react';

/** Which sides of a horizontally scrolling element hide more of its content. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/** Fades the sides that hide more content, so a row cut by the screen shows that it scrolls. */
export function scrollEdgesMask({ before, after }: ScrollEdges): string | undefined {
  if (!before && !after) return undefined;
  return `linear-gradient(to right, ${before ? 'transparent, black 2rem' : 'black'}, ${after ? 'black calc(100% - 2rem), transparent' : 'black'})`;
}

/**
 * Follows a horizontally scrolling element's hidden sides (on scroll and resize); `selected` names what
 * should stay in view when it changes (the selected tab), which is scrolled to.
 */
export function useScrollEdges<Element extends HTMLElement>(selected: string) {
  const ref = useRef<Element>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setEdges({
        before: element.scrollLeft > 1,
        after: element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resizes?.disconnect();
    };
  }, []);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[aria-selected=true]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return { ref, edges };
}
