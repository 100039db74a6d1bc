import { describe, expect, it } from 'vitest';
import { activityType, formatDuration, formatHistoryTime } from './format';
import { diagramEn, diagramZh } from './locales';

describe('the history table formatting', () => {
  it('writes a duration in its largest units, zero units left out', () => {
    expect(formatDuration(125_000, diagramZh.units)).toBe('2 分 5 秒');
    expect(formatDuration(125_000, diagramEn.units)).toBe('2 min 5 s');
    expect(formatDuration(86_400_000 + 3 * 3_600_000 + 5_999, diagramZh.units)).toBe('1 天 3 小时 5 秒');
    expect(formatDuration(3_600_000, diagramEn.units)).toBe('1 h');
    expect(formatDuration(999, diagramZh.units)).toBe('0 秒');
    expect(formatDuration(0, diagramEn.units)).toBe('0 s');
  });

  it('writes nothing for an open activity', () => {
    expect(formatDuration(null, diagramZh.units)).toBe('');
    expect(formatDuration(undefined, diagramZh.units)).toBe('');
  });

  it('writes ISO instants in local time and keeps console-formatted times', () => {
    const instant = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatHistoryTime(instant.toISOString())).toBe('2026-01-02 03:04:05');
    expect(formatHistoryTime('2026-01-02 11:06:10')).toBe('2026-01-02 11:06:10');
    expect(formatHistoryTime('2026-13-45Tnonsense')).toBe('2026-13-45Tnonsense');
    expect(formatHistoryTime(null)).toBe('');
  });

  it('knows activity types however the engine spells them', () => {
    expect(activityType('userTask')).toBe('userTask');
    expect(activityType('bpmn:UserTask')).toBe('userTask');
    expect(activityType('ExclusiveGateway')).toBe('exclusiveGateway');
    expect(activityType('bpmn:ServiceTask')).toBeUndefined();
  });
});
