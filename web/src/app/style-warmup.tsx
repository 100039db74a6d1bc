import { useSyncExternalStore, type ComponentType } from 'react';

// antd writes each component's CSS when that component first renders (CSS-in-JS): ≈ 110–130 ms of
// the first signed-in render (docs/decisions/0011). While the sign-in form is filled in, the shell's
// antd components are rendered once, hidden, so that their styles exist when the shell renders.
// They stay mounted until the shell has rendered: antd forgets a style's parsed form when the last
// component using it unmounts.

type Phase = 'waiting' | 'warming' | 'closed' | 'over';

let phase: Phase = 'waiting';
let warmup: ComponentType | null = null;
const listeners = new Set<() => void>();

function set(next: Phase, component: ComponentType | null): void {
  phase = next;
  warmup = component;
  for (const listener of listeners) listener();
}

/** Renders `component` (hidden antd parts) from now until endStyleWarmup, unless it is too late. */
export function startStyleWarmup(component: ComponentType): void {
  if (phase === 'waiting') set('warming', component);
}

/** The form was sent: no warm-up starts now (it would compete with the shell's own render). */
export function closeStyleWarmup(): void {
  if (phase === 'waiting') set('closed', null);
}

/** The shell has rendered: the hidden parts go. */
export function endStyleWarmup(): void {
  if (phase !== 'over') set('over', null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the warm-up renders: inside antd's ConfigProvider, so it uses the theme the shell will. */
export function StyleWarmupSlot() {
  // Nothing at first, rendered at build time (web/src/prerender.tsx) and hydrated alike.
  const Warmup = useSyncExternalStore(
    subscribe,
    () => warmup,
    () => null,
  );
  return Warmup ? <Warmup /> : null;
}
