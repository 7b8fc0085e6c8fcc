import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { isScrolledToEnd, ScrollToEnd } from './scroll-to-end';

/** jsdom lays nothing out: give the panel a height and a longer content. */
function layout(heights: { clientHeight: number; scrollHeight: number }) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(heights.clientHeight);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(heights.scrollHeight);
}

function Panel({ onNext }: { onNext: () => void }) {
  return (
    <ScrollToEnd label="Conditions générales d’utilisation" content={<p>Un long texte…</p>}>
      {(reachedEnd, hintId) => (
        <button type="button" disabled={!reachedEnd} aria-describedby={hintId} onClick={onNext}>
          Suivant
        </button>
      )}
    </ScrollToEnd>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('isScrolledToEnd', () => {
  it('at the bottom, give or take a few pixels', () => {
    expect(isScrolledToEnd({ scrollTop: 600, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 597, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 500, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
  });
});

describe('ScrollToEnd', () => {
  it('Next stays disabled until the text is scrolled to the bottom, then stays enabled', async () => {
    layout({ clientHeight: 400, scrollHeight: 1000 });
    const onNext = vi.fn();
    renderAt(<Panel onNext={onNext} />);
    const region = screen.getByRole('region', { name: 'Conditions générales d’utilisation' });
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Faites défiler le document jusqu’en bas pour continuer.');

    region.scrollTop = 300;
    fireEvent.scroll(region);
    expect(next).toBeDisabled();

    region.scrollTop = 600;
    fireEvent.scroll(region);
    expect(next).toBeEnabled();
    expect(next).toHaveAccessibleDescription('Vous avez lu le document jusqu’au bout.');

    // Scrolling back up does not take it back.
    region.scrollTop = 0;
    fireEvent.scroll(region);
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('the text can be scrolled with the keyboard: the region takes focus', async () => {
    layout({ clientHeight: 400, scrollHeight: 1000 });
    renderAt(<Panel onNext={() => {}} />);
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Conditions générales d’utilisation' })).toHaveFocus();
  });

  it('a text that fits without scrolling counts as read', () => {
    layout({ clientHeight: 400, scrollHeight: 300 });
    renderAt(<Panel onNext={() => {}} />);
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  });
});
