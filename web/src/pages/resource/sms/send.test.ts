import { describe, expect, it } from 'vitest';
import { paramsJson, phonesProblem, splitPhones } from './send';

describe('the SMS test send', () => {
  it('reads several numbers, separated any way people type them, once each', () => {
    expect(splitPhones(' 13800000000，13900000000; 13800000000\n13700000000 ')).toEqual([
      '13800000000',
      '13900000000',
      '13700000000',
    ]);
    expect(splitPhones(undefined)).toEqual([]);
  });

  it('checks each number with the console’s phone rule, naming the first bad one', () => {
    expect(phonesProblem([])).toEqual({ key: 'shell.validate.phoneEmpty' });
    expect(phonesProblem(['13800000000', '123'])).toEqual({
      key: 'shell.validate.phoneLength',
      phone: '123',
    });
    expect(phonesProblem(['12345678901'])).toEqual({
      key: 'shell.validate.phoneFormat',
      phone: '12345678901',
    });
    expect(phonesProblem(['13800000000'])).toBeUndefined();
  });

  it('sends the parameters as the JSON object the server takes', () => {
    expect(
      paramsJson([{ key: ' code ', value: '1234' }, { key: '', value: 'dropped' }, { key: 'name' }]),
    ).toBe('{"code":"1234","name":""}');
    expect(paramsJson([])).toBe('');
  });
});
