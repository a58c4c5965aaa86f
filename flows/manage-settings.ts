import type { FlowEvent, FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { contrastFailure, describeFailure, isColourKey, surroundingsOf, type ThemeDoc } from './brand-contrast.ts';
import defaultTemplate from '../themes/default.json' with { type: 'json' };
import evergreenTemplate from '../themes/evergreen.json' with { type: 'json' };
import harborTemplate from '../themes/harbor.json' with { type: 'json' };

// Settings (/manage/settings): the key a grid row's Edit button chose, and the value typed in the
// window turned into the key's type by its schema: true/false for a yes/no key, one item a line for
// a list, nothing for none where the key allows none, else the text as typed (or chosen, for a key
// with a fixed list of values).

type SettingRow = ResponseOf<'getCompanySettings'>['settings'][number];
type Schema = { type?: string | string[]; enum?: unknown[] };

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** The typed text as the key's value; undefined when it cannot be one (e.g. "maybe" for a yes/no key). */
export function settingValue(text: string, schema: Schema): unknown {
  const types = typesOf(schema);
  const trimmed = text.trim();
  if (trimmed === '' && types.includes('null')) return null;
  if (types.includes('boolean')) return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
  // An object (a set of public keys) is typed as JSON; text that is not JSON cannot be one.
  if (types.includes('object')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return undefined;
    }
  }
  if (types.includes('array')) {
    if (trimmed.startsWith('[')) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return undefined;
      }
    }
    return trimmed.split(/[\n,]/).map((item) => item.trim()).filter(Boolean);
  }
  if (types.includes('integer') || types.includes('number')) return trimmed === '' || Number.isNaN(Number(trimmed)) ? undefined : Number(trimmed);
  return trimmed;
}

/** A value as the window shows it to be typed again. */
export function settingText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join('\n');
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** Whether a key is yes/no: its window offers On and Off rather than a text to type. */
export const isSwitch = (schema: Schema): boolean => typesOf(schema).includes('boolean');

/** A key's fixed values (a design template, an auto-draft kind), offered to choose from; null when it has none. */
export function choicesOf(schema: Schema): { value: string; label: string }[] | null {
  if (isSwitch(schema) || !Array.isArray(schema.enum)) return null;
  const values = schema.enum.filter((value): value is string => typeof value === 'string');
  return values.length > 0 ? values.map((value) => ({ value, label: value })) : null;
}

/** The keys whose draft the window previews on portal pages before it is saved (server/branding/look-preview.ts). */
const LOOK_KEYS = new Set(['designTemplate', 'primaryColor', 'accentColor']);

/**
 * Every design template (themes/), which the server measures a colour against before it saves it
 * (server/branding/contrast.ts); tests/unit/flows/manage-settings.test.ts checks the list is whole.
 */
export const designTemplates: readonly ThemeDoc[] = [defaultTemplate, evergreenTemplate, harborTemplate];
const templates = designTemplates.map(surroundingsOf);

/** Why the server would refuse a colour typed for `key`, in words; null when it would not (or the key is no colour). */
export function draftContrast(key: string, text: string): string | null {
  const failure = contrastFailure(key, text.trim(), templates);
  return failure ? describeFailure(failure) : null;
}

/** The keys whose value may be an image the portal keeps (uploadAssociationBrandImage). */
const IMAGE_KEYS = new Set(['logo', 'banner', 'favicon']);

const typed = (event: FlowEvent, setting: SettingRow | null) =>
  settingValue(String((event.data as { value?: unknown } | undefined)?.value ?? ''), (setting?.schema ?? {}) as Schema);

export const manageSettingsFlow: FlowModule = {
  guards: {
    valueFits: ({ context, event }) => typed(event, context.setting as SettingRow | null) !== undefined,
  },
  assigns: {
    chooseSetting: ({ event }, _params, env) => {
      const setting = event.data as SettingRow;
      // An image key offers an upload at this level: the association's (?association=ID) or the company's.
      const image = IMAGE_KEYS.has(setting.key);
      const atAssociation = Boolean((env.scope().query as Record<string, unknown> | undefined)?.association);
      // The window's form: On and Off for a yes/no key, its values for a key with a fixed list, a
      // colour typed or picked for a colour key, a text to type for any other; each at its level.
      const yesNo = isSwitch((setting.schema ?? {}) as Schema);
      const choices = choicesOf((setting.schema ?? {}) as Schema);
      const colour = isColourKey(setting.key);
      const text = !yesNo && !choices && !colour;
      return {
        setting, editing: true, valueRefused: false, ownValue: 'ownValue' in setting, initial: { value: settingText(setting.value), locked: setting.companyLocked },
        // The preview starts with the value as it is, and follows what is typed (CHANGE).
        look: LOOK_KEYS.has(setting.key), draft: settingText(setting.value), draftContrast: null,
        imageKey: image && atAssociation, companyImageKey: image && !atAssociation,
        choices,
        form: {
          associationText: atAssociation && text, associationSwitch: atAssociation && yesNo, associationChoice: atAssociation && Boolean(choices),
          associationColour: atAssociation && colour,
          companyText: !atAssociation && text, companySwitch: !atAssociation && yesNo, companyChoice: !atAssociation && Boolean(choices),
          companyColour: !atAssociation && colour,
        },
      };
    },
    keepValue: ({ context, event }) => ({
      valueRefused: false,
      value: typed(event, context.setting as SettingRow | null),
      locked: (event.data as { locked?: unknown } | undefined)?.locked === true,
    }),
    valueRefused: () => ({ valueRefused: true }),
    forgetRefusal: () => ({ valueRefused: false }),
    // A colour that would be refused says so (with its ratio) as it is typed, before Save.
    keepDraft: ({ context, event }) => {
      const draft = String((event.data as { value?: unknown } | undefined)?.value ?? '');
      return { draft, draftContrast: draftContrast(String((context.setting as SettingRow | null)?.key ?? ''), draft) };
    },
    forgetSetting: () => ({ setting: null, editing: false, valueRefused: false, ownValue: false, value: null, locked: null, initial: null, imageKey: false, companyImageKey: false, form: null, look: false, draft: null, draftContrast: null, choices: null }),
  },
  actors: {},
};
