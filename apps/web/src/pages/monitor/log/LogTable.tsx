import type { LogApi, LogError, LogUsual } from '@aos/contract';
import { PLATFORM_TENANT_ID } from '@aos/contract/rules';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { useSession } from '../../../store/session';

export type LogKind = 'usual' | 'api' | 'error';
type LogRow = LogUsual | LogApi | LogError;
type Column = CrudColumn<LogRow>;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'].map((value) => ({ value, label: value }));
const LEVELS = ['debug', 'info', 'warn', 'error'].map((value) => ({ value, label: `log.level.${value}` }));
const LEVEL_COLORS: Record<string, string> = { debug: 'default', info: 'blue', warn: 'orange', error: 'red' };

/** Parameters as the server kept them (JSON, secrets already replaced by ***), laid out for reading. */
function pretty(value: unknown) {
  if (!value) return null;
  let text = String(value);
  try {
    text = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: as it is
  }
  return <pre style={BLOCK}>{text}</pre>;
}

/** Preformatted text in the view dialog: monospace, wrapped, scrolled when long. */
const BLOCK = {
  margin: 0,
  maxHeight: 360,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  lineHeight: 1.5,
} as const;

const statusTag = (value: unknown) => {
  const status = Number(value);
  return <Tag color={status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green'}>{status}</Tag>;
};

function columnsOf(kind: LogKind, platform: boolean): Column[] {
  const columns: Column[] = [];
  if (platform) columns.push({ field: 'tenantId', label: 'log.tenantId', search: true, width: 100 });
  if (kind === 'api')
    columns.push({ field: 'title', label: 'log.title', search: true, ellipsis: true, width: 220 });
  if (kind === 'usual') {
    columns.push(
      {
        field: 'logLevel',
        label: 'log.logLevel',
        type: 'select',
        options: LEVELS,
        search: true,
        width: 90,
        render: (value) => <Tag color={LEVEL_COLORS[String(value)] ?? 'default'}>{String(value)}</Tag>,
      },
      { field: 'logId', label: 'log.logId', search: true, width: 140 },
      { field: 'logData', label: 'log.logData', ellipsis: true, width: 300 },
    );
  }
  if (kind === 'error') {
    columns.push(
      { field: 'exceptionName', label: 'log.exceptionName', search: true, width: 140 },
      { field: 'message', label: 'log.message', ellipsis: true, width: 220 },
    );
  }
  columns.push(
    { field: 'serviceId', label: 'log.serviceId', search: kind !== 'usual', table: false },
    {
      field: 'method',
      label: 'log.method',
      type: 'select',
      options: METHODS,
      search: kind !== 'usual',
      table: kind !== 'usual',
      width: 90,
    },
    {
      field: 'requestUri',
      label: 'log.requestUri',
      search: kind !== 'usual',
      table: kind !== 'usual',
      ellipsis: true,
      width: kind === 'error' ? 200 : 240,
    },
  );
  if (kind === 'api') {
    columns.push(
      { field: 'status', label: 'log.status', width: 80, render: statusTag },
      { field: 'time', label: 'log.time', width: 90, render: (value) => `${String(value)} ms` },
    );
  }
  columns.push(
    { field: 'createBy', label: 'log.createBy', search: kind === 'usual', width: 100 },
    { field: 'createTime', label: 'log.createTime', width: 170 },
    { field: 'remoteIp', label: 'log.remoteIp', table: false },
    { field: 'userAgent', label: 'log.userAgent', table: false },
    { field: 'serverHost', label: 'log.serverHost', table: false },
    { field: 'serverIp', label: 'log.serverIp', table: false },
    { field: 'env', label: 'log.env', table: false },
    { field: 'params', label: 'log.params', table: false, render: pretty },
  );
  if (kind === 'error') {
    columns.push(
      { field: 'fileName', label: 'log.fileName', table: false },
      { field: 'lineNumber', label: 'log.lineNumber', table: false },
      {
        field: 'stackTrace',
        label: 'log.stackTrace',
        table: false,
        render: (value) => (value ? <pre style={{ ...BLOCK, color: '#a8071a' }}>{String(value)}</pre> : null),
      },
    );
  }
  // One field per row in the view dialog: long values (URIs, agents, parameters, stacks) get the width.
  return columns.map((column) => ({ ...column, span: 24 }));
}

/**
 * One of the three read-only log tables (spec §7 blade-log): search, creation-time range, view dialog. The
 * platform tenant sees every tenant's logs and can filter by tenant; others see their own.
 */
export function LogTable({ kind, code }: { kind: LogKind; code: string }) {
  const platform = useSession((state) => state.tenantId) === PLATFORM_TENANT_ID;
  const api = useMemo(() => {
    const { page, detail } = crudApi<LogRow & { id: string }>(`/api/blade-log/${kind}`);
    return { page, detail };
  }, [kind]);
  const columns = useMemo(() => columnsOf(kind, platform), [kind, platform]);
  return (
    <CrudPage<LogRow & { id: string }>
      code={code}
      title={`log.${kind}Title`}
      columns={columns}
      api={api}
      actionWidth={90}
      dialogWidth={960}
    />
  );
}
