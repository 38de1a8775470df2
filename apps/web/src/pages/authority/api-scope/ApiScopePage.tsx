import { ScopeMenusPage } from '../data-scope/ScopeMenusPage';

/** API scopes by menu (/authority/api-scope). */
export default function ApiScopePage() {
  return <ScopeMenusPage kind="api" />;
}
