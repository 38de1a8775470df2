import { alternatePairError, type Language, translate, ultraLowBatteryError } from '@aos/contract';
import type { Rule } from 'antd/es/form';

/**
 * The dock settings' cross-field rules (the contract's `dockSettingsRules`) as form rules, so the dock form
 * and the basic settings refuse before sending what the server would, with the server's words at the field.
 */

/** The ultra-low battery alarm strictly below the low one: shown at the ultra-low field. */
export const ultraLowRule =
  (language: Language): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const problem = ultraLowBatteryError(getFieldValue('lowBattery'), value);
      if (problem) throw new Error(translate(language, problem));
    },
  });

/** The alternate landing point is both coordinates or neither: shown at the one that is missing. */
export const alternatePairRule =
  (language: Language, field: 'alternateLongitude' | 'alternateLatitude'): Rule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const missing = alternatePairError(
        getFieldValue('alternateLongitude'),
        getFieldValue('alternateLatitude'),
      );
      if (missing === field) throw new Error(translate(language, 'fleet.alternatePair'));
    },
  });
