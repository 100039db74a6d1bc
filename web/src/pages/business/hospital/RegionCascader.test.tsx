import type { Region, TreeNode } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as regionApi from '../../../api/base/region';
// The jsdom stand-ins antd needs (matchMedia, ResizeObserver).
import '../../../test/dom';
import { RegionCascader } from './RegionCascader';

const node = (id: string, title: string): TreeNode => ({
  id,
  parentId: '',
  title,
  key: id,
  value: id,
  hasChildren: true,
});
const LEVELS: Record<string, TreeNode[]> = {
  '00': [node('11', '北京市'), node('44', '广东省')],
  '11': [node('1101', '市辖区')],
  '1101': [node('110101', '东城区'), node('110102', '西城区')],
  '44': [node('4401', '广州市')],
};

vi.mock('../../../api/base/region', () => ({
  detail: vi.fn(() =>
    Promise.resolve({ code: '110101', level: 3, provinceCode: '11', cityCode: '1101' } as Partial<Region>),
  ),
  lazyTree: vi.fn((parent: string) => Promise.resolve(LEVELS[parent] ?? [])),
}));

afterEach(cleanup);

describe('region cascader', () => {
  it('names a stored district from its province down, and holds the deepest region picked', async () => {
    const changed = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Form initialValues={{ regionCode: '110101' }} onValuesChange={changed}>
          <Form.Item name="regionCode" label="所在地区">
            <RegionCascader />
          </Form.Item>
        </Form>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.body.textContent).toContain('北京市 / 市辖区 / 东城区'));
    expect(regionApi.detail).toHaveBeenCalledWith('110101');

    // A province alone is a region too; its cities load when it is opened.
    fireEvent.mouseDown(screen.getByLabelText('所在地区'));
    fireEvent.click(await screen.findByTitle('广东省'));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith({ regionCode: '44' }, expect.anything()));
    fireEvent.click(await screen.findByTitle('广州市'));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith({ regionCode: '4401' }, expect.anything()));
    expect(regionApi.lazyTree).toHaveBeenCalledWith('44');
  });
});
