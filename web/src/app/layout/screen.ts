import { useSyncExternalStore } from 'react';

/** Screen size classes (spec §2): 3 from 1200 px, 2 from 992, 1 from 768, else 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

/** The screen class of a viewport width in CSS pixels. */
export function screenClass(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current screen class; the component re-renders when a resize changes it. */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(
    subscribe,
    () => screenClass(window.innerWidth),
    () => 3,
  );
}

/**
 * How the sidebar shows:
 * - `expanded` / `collapsed`: beside the content, full width or icons only;
 * - `drawer-closed` / `drawer-open`: hidden behind the collapse toggle, over the content when open.
 */
export type SidebarMode = 'expanded' | 'collapsed' | 'drawer-closed' | 'drawer-open';

export interface SidebarInput {
  screen: ScreenClass;
  /** The saved collapse setting (settings store), used from class 2 up. */
  savedCollapsed: boolean;
  /** Class 1's own state: starts collapsed on entering class 1, collapses again after a menu is chosen. */
  narrowCollapsed: boolean;
  /** Class 0's drawer: closed on entering class 0 and after a menu is chosen. */
  drawerOpen: boolean;
}

/**
 * The collapse rule:
 * - class 0 (below 768 px): no room beside the content, so the sidebar is hidden behind the toggle
 *   and opens over the content as a drawer, which closes once a menu is chosen;
 * - class 1 (768–991 px): starts collapsed to icons whatever the saved setting (the toggle expands
 *   it for the moment, and choosing a menu collapses it again);
 * - classes 2 and 3: the saved collapse setting, which the toggle changes and remembers.
 */
export function sidebarMode({
  screen,
  savedCollapsed,
  narrowCollapsed,
  drawerOpen,
}: SidebarInput): SidebarMode {
  if (screen === 0) return drawerOpen ? 'drawer-open' : 'drawer-closed';
  if (screen === 1) return narrowCollapsed ? 'collapsed' : 'expanded';
  return savedCollapsed ? 'collapsed' : 'expanded';
}
