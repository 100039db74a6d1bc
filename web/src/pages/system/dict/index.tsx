import { DictPage, SYSTEM_DICT } from '../dict-shared';

/** System dictionaries (/system/dict): platform-wide, written by the platform administrator. */
export default function SystemDictPage() {
  return <DictPage kind={SYSTEM_DICT} />;
}
