import { LogTable } from './LogTable';
import './locale';

/** The error log screen (log_error). */
export default function ErrorLogPage() {
  return <LogTable kind="error" code="log_error" />;
}
