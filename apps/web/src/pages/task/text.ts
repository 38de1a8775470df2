import { isMessageKey, translate } from '@aos/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../store/session';
import { distanceFigure, durationFigure } from '../route/route/format';
import '../route/route/locale';
import './locale';

/** The task screens' texts in the active language: statuses and types, figures, and the server's message keys. */
export function useTaskText() {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  /** a message key of the contract (translated there), else of the console, else the text as it came */
  const message = (key: string, params: Record<string, string | number> = {}) =>
    isMessageKey(key) ? translate(language, key, params) : t(key, { ...params, defaultValue: key });
  return {
    language,
    message,
    status: (status: number) => t(`taskManager.statuses.${status}`, { defaultValue: String(status) }),
    type: (type: number) => t(`taskManager.types.${type}`, { defaultValue: String(type) }),
    duration: (seconds: number | null | undefined) => {
      const { unit, values } = durationFigure(seconds ?? Number.NaN);
      return t(`routeManager.unit.${unit}`, values);
    },
    distance: (metres: number | null | undefined) => {
      const { unit, values } = distanceFigure(metres ?? Number.NaN);
      return t(`routeManager.unit.${unit}`, values);
    },
  };
}
