import { DictionaryScreen } from '../dict/DictionaryScreen';

/** Business dictionaries (blade-system/dict-biz): the tenant's own copy. */
export default function DictBizPage() {
  return <DictionaryScreen kind="dict-biz" />;
}
