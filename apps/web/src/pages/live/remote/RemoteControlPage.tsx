import { App, ConfigProvider, theme } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useMenuRoutes } from '../../../app/route-titles';
import { useSession } from '../../../store/session';
import { DockPicker } from './DockPicker';
import { RemoteConsole } from './RemoteConsole';
import './remote.css';

const BUTTONS = ['remote_hangar_control', 'uav_control', 'pod_control'];

/**
 * /remote-control (spec §2: full screen, no top header): `?sn=<dock>` controls that dock, without it a
 * picker of the tenant's docks. Open to users with the remote-control menu or any of its buttons.
 */
export default function RemoteControlPage() {
  const [params] = useSearchParams();
  const routes = useMenuRoutes();
  const permission = useSession((state) => state.permission);
  const allowed =
    routes.some((route) => route.code === 'remote_control') || BUTTONS.some((code) => permission[code]);
  if (!allowed) return <Navigate to="/403" replace />;
  const sn = params.get('sn')?.trim() || null;
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <App className="remote-control" data-testid="remote-control">
        {sn ? <RemoteConsole key={sn} sn={sn} /> : <DockPicker />}
      </App>
    </ConfigProvider>
  );
}
