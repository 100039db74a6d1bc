import { DictLayout } from '../system/dict-shared';

/** Dictionaries, the list above the chosen dictionary's entries (spec §2). */
export default function DictVerticalPage() {
  return <DictLayout direction="vertical" />;
}
