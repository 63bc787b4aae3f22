import { type RefObject, useEffect } from 'react';

/** The root element's custom property the stylesheet's scroll padding reads (src/styles/global.css). */
const TOP_BAR_HEIGHT_PROPERTY = '--topbar-height';

/**
 * Keeps `--topbar-height` on the root element equal to the sticky top bar's height, which differs signed in and out
 * and from one width to another (60 to 75 px). The stylesheet pads the page's scrollport by it, so that wherever the
 * browser itself scrolls to an element (an address's fragment typed or followed on the same page, a contents link,
 * focus moving by keyboard) the element stops right under the bar rather than under a fixed guess of its height.
 */
export function useTopBarHeight(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(TOP_BAR_HEIGHT_PROPERTY, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOP_BAR_HEIGHT_PROPERTY);
    };
  }, [bar]);
}
