import { ScopeMenusPage } from './ScopeMenusPage';
import './locale';

/** Data scopes by menu (/authority/data-scope). */
export default function DataScopePage() {
  return <ScopeMenusPage kind="data" />;
}
