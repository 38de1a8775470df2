import { DictionaryScreen } from './DictionaryScreen';
import './locale';

/** System dictionaries (blade-system/dict): one copy for the platform. */
export default function DictPage() {
  return <DictionaryScreen kind="dict" />;
}
