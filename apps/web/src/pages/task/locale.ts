import { loadStrings, type Messages } from '../../i18n/strings';

// This folder's strings, in the active language only, load with whichever chunk imports this file.
loadStrings(import.meta.glob<Messages>('./locale.*.ts', { import: 'default' }));
