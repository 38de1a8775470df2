import { type Language, type RouteCheck, translate } from '@aos/contract';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type CheckState =
  { status: 'idle' | 'checking' | 'unavailable' | 'failed' } | { status: 'done'; check: RouteCheck };

export interface CheckListProps {
  checks: CheckState;
  readOnly: boolean;
  language: Language;
  /** select the first wayline's waypoints a finding names */
  onSelectPoints(indexes: number[]): void;
}

/** The checks before saving: each finding with its level, message, zone and the waypoints concerned. */
export default function CheckList({ checks, readOnly, language, onSelectPoints }: CheckListProps) {
  const { t } = useTranslation();
  if (readOnly) return null;
  if (checks.status === 'unavailable')
    return <div className="route-editor-muted">{t('routeEditor.checksUnavailable')}</div>;
  if (checks.status === 'failed')
    return <div className="route-editor-muted">{t('routeEditor.checksFailed')}</div>;
  if (checks.status !== 'done')
    return (
      <div className="route-editor-muted">
        {checks.status === 'checking' ? t('routeEditor.checking') : '—'}
      </div>
    );
  if (checks.check.items.length === 0)
    return (
      <div className="route-editor-ok" data-testid="route-check-ok">
        {t('routeEditor.checksOk')}
      </div>
    );
  return (
    <ul className="route-editor-checks" data-testid="route-checks">
      {checks.check.items.map((finding, index) => (
        <li key={index} data-level={finding.level} data-code={finding.code} data-testid="route-check-item">
          <Tag color={finding.level === 'block' ? 'red' : 'orange'}>{t(`routeEditor.${finding.level}`)}</Tag>
          <span>
            {translate(language, finding.message, {
              ...finding.params,
              ...(finding.refName ? { name: finding.refName } : {}),
            })}
            {finding.refName &&
              !String(translate(language, finding.message, finding.params)).includes(finding.refName) &&
              ` · ${finding.refName}`}
          </span>
          {finding.points.length > 0 && (
            <Button
              type="link"
              size="small"
              onClick={() => onSelectPoints(finding.points.filter(([w]) => w === 0).map(([, i]) => i))}
            >
              {t('routeEditor.points', {
                list:
                  finding.points
                    .slice(0, 8)
                    .map(([, i]) => i + 1)
                    .join(', ') + (finding.points.length > 8 ? '…' : ''),
              })}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
