import { Spin } from 'antd';

/** What stands in for a screen while it (or the session it needs) loads. */
export function ScreenLoading() {
  return (
    <div className="screen-loading">
      <Spin />
    </div>
  );
}
