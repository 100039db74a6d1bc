// The system's "reduce motion" setting (WCAG 2.3.3): with it on, antd's components open, close and
// move without animating. It is read once, when the console loads, and a change applies from the
// next load: antd wraps its tree in a motion provider the first time motion is turned off, and that
// change of the tree would mount every open page afresh (typed text and scroll positions lost).
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the person has asked their system for less motion (false where the browser cannot tell). */
export function systemPrefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}
