import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMinutesSeconds, secondsUntil, useSecondsLeft } from './countdown';

describe('formatMinutesSeconds', () => {
  it.each([
    [600, '10 min 00 s'],
    [125, '2 min 05 s'],
    [59, '0 min 59 s'],
    [0, '0 min 00 s'],
    [-3, '0 min 00 s'],
  ])('%i s → %s', (seconds, text) => expect(formatMinutesSeconds(seconds)).toBe(text));
});

describe('secondsUntil', () => {
  it('rounds up, never below zero', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
  });
});

function Probe({ deadline }: { deadline: number }) {
  return <p>{formatMinutesSeconds(useSecondsLeft(deadline))}</p>;
}

describe('useSecondsLeft', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-15T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('counts down every second to zero, and restarts with a new deadline', () => {
    const start = Date.now();
    const { rerender } = render(<Probe deadline={start + 61_000} />);
    expect(screen.getByText('1 min 01 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('1 min 00 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('0 min 01 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByText('0 min 00 s')).toBeInTheDocument();

    rerender(<Probe deadline={Date.now() + 120_000} />);
    expect(screen.getByText('2 min 00 s')).toBeInTheDocument();
  });
});
