import { describe, expect, it } from 'vitest';
import { HOME_TAB, resetTabs, useTabs } from './tabs-store';

describe('tabs', () => {
  it('starts with the home tab at /wel/index', () => {
    expect(useTabs.getState().tabs).toEqual([{ label: 'home.title', value: '/wel/index' }]);
  });

  it('resetTabs leaves the home tab alone', () => {
    useTabs.setState({ tabs: [HOME_TAB, { label: 'lock.title', value: '/x' }] });
    resetTabs();
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });
});
