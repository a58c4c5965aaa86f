// The texts the engine shows of its own accord (its shells, forms, grids, steps and error toasts),
// in English. A product's catalogue (schemas/messages/en.json) may override any of them; a key it
// leaves out falls back to the text here, so a product only writes the texts it wants different.
// Keys the product must write itself (its name) are not here: PRODUCT_MESSAGES.
import { hasMessage, type Catalog } from './messages.ts';

export const ENGINE_MESSAGES: Readonly<Record<string, string>> = {
  'app.loading': 'Loading…',
  'app.skipToContent': 'Skip to main content',
  'nav.label': 'Main navigation',
  'nav.menu': 'Menu',
  'nav.close': 'Close',
  'nav.account': 'Account',
  'footer.label': 'Footer',

  'grid.layoutLabel': 'Column layout',
  'grid.columns': 'Columns',
  'grid.save': 'Save layout',
  'grid.restore': 'Restore layout',
  'grid.resetButton': 'Reset layout',
  'grid.saved': 'Grid settings saved.',
  'grid.restored': 'Grid settings restored.',
  'grid.reset': 'Grid reset to default settings.',
  'grid.nothingSaved': 'There are no saved grid settings to restore.',
  'grid.rowCount': 'Rows found: {{count}}',
  'grid.filterColumn': 'Filter {{column}}',

  'steps.item': 'Step {{number}} of {{total}}: {{name}}',

  'forms.submit': 'Continue',
  'forms.busy': 'Please wait…',
  'forms.errorPrefix': 'Error:',
  'forms.errorSummaryTitle': 'There is a problem',
  'forms.errorSummaryItem': '{{field}}: {{message}}',
  'forms.showPassword': 'Show password',
  'forms.hidePassword': 'Hide password',
  'forms.pickColour': 'Pick the colour',
  'forms.selectPlaceholder': 'Choose…',
  'forms.leaveTitle': 'Leave without saving?',
  'forms.leaveText': 'You have changes that are not saved. If you leave this page now, they will be lost.',
  'forms.leaveDiscard': 'Leave and Discard',
  'forms.leaveStay': 'Stay on Page',

  // A failed check says `validation.<keyword>` when there is such a text, else `validation.default`.
  'validation.default': 'Please check this value.',
  'validation.required': 'This field is required.',

  'errors.unexpected': 'An unexpected error occurred.',
  'errors.tryAgain': 'Try again',
  'errors.report': 'Report this problem',
  'errors.errorId': 'Error ID: {{id}}',
  'errors.errorCode': 'Error Code: {{code}}',
};

/** Keys the engine reads that only the product can write: a catalogue without one is wrong. */
export const PRODUCT_MESSAGES: readonly string[] = ['app.name'];

/** The engine's texts with the product's over them (both flat: `{ "a.b": text }`). */
export function withEngineMessages(product: Readonly<Record<string, string>>): Record<string, string> {
  return { ...ENGINE_MESSAGES, ...product };
}

export function isEngineMessage(key: string): boolean {
  return Object.hasOwn(ENGINE_MESSAGES, key);
}

/** The engine's keys a (nested or flat) catalogue gives its own text, whether or not it differs. */
export function overriddenEngineMessages(catalog: Catalog): string[] {
  return Object.keys(ENGINE_MESSAGES).filter((key) => hasMessage(catalog, key));
}
