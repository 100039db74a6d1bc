import { REGION_ROOT_CODE, type Region, type TreeNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Input } from 'antd';
import { useMemo, useState } from 'react';
import * as regionApi from '../../../api/base/region';

// The hospital's region: a cascader over the region tree (base/region), loaded a level at a time
// as Saber's region page loads it. The form holds one code, the deepest region chosen (a province,
// a city or a district), which is what the hospital stores in regionCode.

/** The cascader goes down to districts; a deeper region already stored still shows. */
const DEEPEST_LEVEL = 3;

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

/** The regions below each loaded one, by its code (REGION_ROOT_CODE: the provinces). */
type Levels = Readonly<Record<string, readonly TreeNode[]>>;

/** The names of a hospital's region, from the province down: 北京市 / 市辖区 / 东城区. */
export function regionNames(row: {
  provinceName: string | null;
  cityName: string | null;
  districtName: string | null;
}): string {
  return [row.provinceName, row.cityName, row.districtName].filter(Boolean).join(' / ');
}

/** The codes from the province down to the region itself. */
export function pathOf(region: Region): string[] {
  const above = [region.provinceCode, region.cityCode, region.districtCode, region.townCode];
  return [
    ...above.slice(0, Math.max(region.level - 1, 0)).filter((code): code is string => !!code),
    region.code,
  ];
}

/** The provinces, and for a stored region the levels down to it, so the cascader can name it. */
async function loadStart(code: string | undefined): Promise<{ levels: Levels; path: string[] }> {
  const path = code ? pathOf(await regionApi.detail(code)) : [];
  const parents = [REGION_ROOT_CODE, ...path.slice(0, -1)];
  const lists = await Promise.all(parents.map((parent) => regionApi.lazyTree(parent)));
  return { levels: Object.fromEntries(parents.map((parent, at) => [parent, lists[at] ?? []])), path };
}

/** The loaded levels as the cascader's options (children only where loaded). */
function optionsOf(levels: Levels, parent: string, depth: number): RegionOption[] {
  return (levels[parent] ?? []).map((node) => {
    const below = levels[node.id];
    return {
      value: node.id,
      label: node.title,
      isLeaf: below ? below.length === 0 : !node.hasChildren || depth >= DEEPEST_LEVEL,
      ...(below ? { children: optionsOf(levels, node.id, depth + 1) } : {}),
    };
  });
}

export interface RegionCascaderProps {
  /** Given by Form.Item: its label names the control. */
  id?: string;
  value?: string | null;
  onChange?: (code: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** Picks a province, a city or a district; the form's value is the code of the deepest one chosen. */
export function RegionCascader({ id, value, onChange, disabled, placeholder }: RegionCascaderProps) {
  // The stored region, named once its levels have loaded; later choices are the cascader's own.
  const [start] = useState(() => value || undefined);
  const initial = useQuery({
    queryKey: ['hospital', 'region-start', start ?? ''],
    queryFn: () => loadStart(start),
    staleTime: Infinity,
    gcTime: 0,
  });
  const [loaded, setLoaded] = useState<Levels>({});
  const [chosen, setChosen] = useState<string[]>([]);
  const levels = useMemo(() => ({ ...initial.data?.levels, ...loaded }), [initial.data, loaded]);
  const options = useMemo(() => optionsOf(levels, REGION_ROOT_CODE, 1), [levels]);

  const path = !value
    ? []
    : chosen.at(-1) === value
      ? chosen
      : value === start && initial.data
        ? initial.data.path
        : [value];

  const loadData = (selected: RegionOption[]) => {
    const code = selected.at(-1)?.value;
    if (code === undefined || levels[code]) return;
    regionApi
      .lazyTree(code)
      .then((nodes) => setLoaded((before) => ({ ...before, [code]: nodes })))
      .catch(() => undefined); // the request layer has said why; the level can be opened again
  };

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={path}
      loadData={loadData}
      changeOnSelect
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      loading={initial.isFetching}
      style={{ width: '100%' }}
      onChange={(codes) => {
        const next = (codes ?? []).map(String);
        setChosen(next);
        onChange?.(next.at(-1) ?? null);
      }}
    />
  );
}

/** The region as the view dialog shows it: its names, as listed (no region calls). */
export function RegionText({ id, names }: { id?: string; names: string }) {
  return <Input id={id} value={names} disabled />;
}
