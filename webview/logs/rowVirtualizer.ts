// The list's virtualizer (@tanstack/virtual-core): fixed-height rows, only those in view (and an
// overscan) drawn; `onChange` asks the page to draw again.
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';

export function rowVirtualizer(viewport: () => HTMLElement | null, rowHeight: number, onChange: () => void): Virtualizer<HTMLElement, HTMLElement> {
  return new Virtualizer<HTMLElement, HTMLElement>({
    count: 0,
    getScrollElement: viewport,
    estimateSize: () => rowHeight,
    overscan: 15,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    onChange,
  });
}
