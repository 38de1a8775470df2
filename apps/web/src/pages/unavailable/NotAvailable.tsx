import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu screen that is not built yet: said plainly, never a blank page. */
export default function NotAvailable({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-card unavailable" data-testid="not-available">
      <Result status="info" title={t('unavailable.title', { name })} subTitle={t('unavailable.text')} />
    </div>
  );
}
