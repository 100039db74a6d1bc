import { createElement, useMemo, type CSSProperties, type ReactNode } from 'react';
import { cleanHtml, type CleanNode } from './sanitize';
import './rich-text.css';

/** React's names of the HTML attributes the allow-list keeps. */
const PROP_NAMES: Record<string, string> = { class: 'className', colspan: 'colSpan', rowspan: 'rowSpan' };

const camel = (property: string) => property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function styleObject(style: string): CSSProperties {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out[camel(declaration.slice(0, colon).trim())] = declaration.slice(colon + 1).trim();
  }
  return out as CSSProperties;
}

function render(node: CleanNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.attributes)) {
    if (name === 'style') props.style = styleObject(value);
    else props[PROP_NAMES[name] ?? name] = value;
  }
  // A link that opens a new window gets no handle on this one.
  if (node.tag === 'a' && props.target === '_blank') props.rel = 'noopener noreferrer';
  const children = node.children.map(render);
  return createElement(node.tag, props, ...(children.length > 0 ? [children] : []));
}

/**
 * Shows stored rich text (notice content) through the console's allow-list (sanitize.ts): as React
 * elements built from cleaned data, never as an HTML string.
 */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const nodes = useMemo(() => cleanHtml(html), [html]);
  return (
    <div className={['rich-text-content', className].filter(Boolean).join(' ')}>{nodes.map(render)}</div>
  );
}
