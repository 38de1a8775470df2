import { LogTable } from './LogTable';
import './locale';

/** The api log screen (log_api). */
export default function ApiLogPage() {
  return <LogTable kind="api" code="log_api" />;
}
