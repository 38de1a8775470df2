import { LogTable } from './LogTable';
import './locale';

/** The usual log screen (log_usual). */
export default function UsualLogPage() {
  return <LogTable kind="usual" code="log_usual" />;
}
