import { App, ConfigProvider, theme } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useGranted } from '../../../navigation/route-titles';
import { suspendUntilStrings } from '../../../i18n/strings';
import { DockPicker } from './DockPicker';
import { RemoteConsole } from './RemoteConsole';
import './remote.css';
import './locale';

/**
 * /remote-control (spec §2: full screen, no top header): `?sn=<dock>` controls that dock, without it a
 * picker of the tenant's docks. Open to users with the remote-control menu or any of its buttons.
 */
export default function RemoteControlPage() {
  suspendUntilStrings(); // routed by the shell itself, not the screen registry: it waits for its strings here
  const [params] = useSearchParams();
  const allowed = useGranted('remote_control', 'remote_hangar_control', 'uav_control', 'pod_control');
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
