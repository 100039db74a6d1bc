import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { antdIconOf } from '@console/contract/menu-icons';
import { MenuIcon } from './icons';
import { leafCodes } from './permission-store';
import { menuNode } from '../../test/menus';

// Issue 20 items 6 and 8: menus as BladeX answers them, and as its console (Saber) writes them.

afterEach(cleanup);

const iconOf = (name: string | null) => {
  const { container } = render(<MenuIcon name={name} />);
  return container.querySelector('[role="img"]')?.getAttribute('aria-label');
};

describe('MenuIcon', () => {
  it('shows an antd name and its BladeX icon-font class as the same icon', () => {
    expect(iconOf('SettingOutlined')).toBe('setting');
    expect(iconOf('iconfont iconicon_setting')).toBe('setting');
    expect(iconOf(' iconfont  iconicon_setting ')).toBe('setting');
    expect(iconOf('iconicon_setting')).toBe('setting');
    expect(iconOf('iconfont icon-biaodan')).toBe('table');
  });

  it('shows the default icon for a class or a name it does not know, and for none', () => {
    expect(iconOf('iconfont icon-zhongyingwen')).toBe('file');
    expect(iconOf('NoSuchOutlined')).toBe('file');
    expect(iconOf(null)).toBe('file');
    expect(antdIconOf('')).toBeUndefined();
  });
});

describe('leafCodes', () => {
  it('takes a node without `children` (as the server answers a leaf) for a leaf', () => {
    const page = menuNode('param', '参数管理', '/system/param', [
      { ...menuNode('param_add', '新增', '/system/param/add'), category: 2 },
      { ...menuNode('param_edit', '修改', '/system/param/edit'), category: 2 },
    ]);
    expect(page.children![0]).not.toHaveProperty('children');
    expect(leafCodes([page])).toEqual(['param_add', 'param_edit']);
    // An empty list (as before) is a leaf too.
    expect(leafCodes([{ ...menuNode('lone', 'x', '/x'), children: [] }])).toEqual(['lone']);
  });
});
