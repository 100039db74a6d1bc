import { BIZ_DICT, DictPage } from '../dict-shared';

/** Business dictionaries (/system/dictbiz): the signed-in user's tenant's own. */
export default function BizDictPage() {
  return <DictPage kind={BIZ_DICT} />;
}
