import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { createElement, type ReactElement } from 'react';

// The kit's own row-button icons as plain elements, made once and shared by every row: a 200-row
// page would otherwise hold 600 icon components, each with its context, its effect that checks the
// icon stylesheet, and its wrapper. Same drawing as @ant-design/icons (its SVG data, its class).

type IconNode = { tag: string; attrs: Record<string, string>; children?: IconNode[] };

function toElement(node: IconNode, key?: number): ReactElement {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(toElement));
}

function staticIcon(definition: IconDefinition): ReactElement {
  const svg = definition.icon as IconNode;
  return (
    <span role="img" aria-hidden className={`anticon anticon-${definition.name}`}>
      {createElement(
        'svg',
        { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
        svg.children?.map(toElement),
      )}
    </span>
  );
}

export const VIEW_ICON = staticIcon(EyeOutlined);
export const EDIT_ICON = staticIcon(EditOutlined);
export const DELETE_ICON = staticIcon(DeleteOutlined);
export const MORE_ICON = staticIcon(DownOutlined);
