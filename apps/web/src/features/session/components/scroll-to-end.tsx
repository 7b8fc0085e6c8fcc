import { Text } from '@mantine/core';
import { useCallback, useId, useState, type ReactNode } from 'react';
import classes from './scroll-to-end.module.css';

/** Pixels of tolerance: zoom and sub-pixel layout can stop a scroll just short of the end. */
const SLACK = 4;

export function isScrolledToEnd(el: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - SLACK;
}

/**
 * A text the member must scroll through before going on: `children(reachedEnd, hintId)` renders the
 * buttons, enabled once the end was reached (once reached, it stays so). A text that fits without
 * scrolling counts as read. The region takes keyboard focus, so arrows and Page Down scroll it.
 * Key it by the text shown, so a new text starts unread.
 */
export function ScrollToEnd({ label, content, children }: { label: string; content: ReactNode; children: (reachedEnd: boolean, hintId: string) => ReactNode }) {
  const [reachedEnd, setReachedEnd] = useState(false);
  const hintId = useId();
  const check = useCallback((el: HTMLElement | null) => {
    if (el && isScrolledToEnd(el)) setReachedEnd(true);
  }, []);
  return (
    <>
      <div
        ref={check}
        className={classes.panel}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={(e) => check(e.currentTarget)}
        data-testid="scroll-to-end"
      >
        {content}
      </div>
      <Text size="sm" id={hintId} c={reachedEnd ? 'teal.9' : 'gray.7'} aria-live="polite">
        {reachedEnd ? 'Vous avez lu le document jusqu’au bout.' : 'Faites défiler le document jusqu’en bas pour continuer.'}
      </Text>
      {children(reachedEnd, hintId)}
    </>
  );
}
