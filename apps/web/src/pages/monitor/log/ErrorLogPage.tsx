import { LogTable } from './LogTable';

/** The error log screen (log_error). */
export default function ErrorLogPage() {
  return <LogTable kind="error" code="log_error" />;
}
