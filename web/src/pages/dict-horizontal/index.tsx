import { DictLayout } from '../system/dict-shared';

/** Dictionaries, the list beside the chosen dictionary's entries (spec §2). */
export default function DictHorizontalPage() {
  return <DictLayout direction="horizontal" />;
}
