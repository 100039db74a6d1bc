import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StyleWarmupModule from './style-warmup';

// The warm-up's phase is module state: each test loads a fresh copy of the module.
let warmup: typeof StyleWarmupModule;
beforeEach(async () => {
  vi.resetModules();
  warmup = await import('./style-warmup');
});
afterEach(cleanup);

const Hidden = () => <div data-testid="warm">hidden antd parts</div>;

describe('the style warm-up', () => {
  it('renders its parts from the start until the shell has rendered', () => {
    const { StyleWarmupSlot, startStyleWarmup, endStyleWarmup } = warmup;
    const view = render(<StyleWarmupSlot />);
    expect(view.queryByTestId('warm')).toBeNull();
    act(() => startStyleWarmup(Hidden));
    expect(view.getByTestId('warm')).toBeTruthy();
    act(() => endStyleWarmup());
    expect(view.queryByTestId('warm')).toBeNull();
    // Once over, it never starts again (a second sign-in in the same page).
    act(() => startStyleWarmup(Hidden));
    expect(view.queryByTestId('warm')).toBeNull();
  });

  it('does not start once the form has been sent, but one already running stays', () => {
    const { StyleWarmupSlot, startStyleWarmup, closeStyleWarmup } = warmup;
    const view = render(<StyleWarmupSlot />);
    act(() => closeStyleWarmup());
    act(() => startStyleWarmup(Hidden));
    expect(view.queryByTestId('warm')).toBeNull();
  });

  it('keeps a running warm-up when the form is sent', () => {
    const { StyleWarmupSlot, startStyleWarmup, closeStyleWarmup } = warmup;
    const view = render(<StyleWarmupSlot />);
    act(() => startStyleWarmup(Hidden));
    act(() => closeStyleWarmup());
    expect(view.getByTestId('warm')).toBeTruthy();
  });
});
