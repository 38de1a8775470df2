import { ScopeMenusPage } from './ScopeMenusPage';

/** Data scopes by menu (/authority/data-scope). */
export default function DataScopePage() {
  return <ScopeMenusPage kind="data" />;
}
