// The engine's form widgets. Native controls styled with Chakra so that labels, focus, keyboard use and
// aria wiring stay under our control (see templates.tsx for the label/description/error owner).
import { useState, type ChangeEvent } from 'react';
import { Box, Button, HStack, Input, NativeSelect, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import {
  descriptionId,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  optionId,
} from '@rjsf/utils';
import { useTranslator } from '../app/translation.ts';

import { fieldAria, isRequired } from './aria.ts';
import { RequiredMark } from './templates.tsx';
import type { EngineFormWidget } from './widget-names.ts';

function autocompleteOf(props: WidgetProps, fallback?: string): string | undefined {
  const value = props.options.autocomplete ?? props.uiSchema?.['ui:autocomplete'];
  return typeof value === 'string' ? value : fallback;
}

function textChange(props: WidgetProps) {
  return ({ target }: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    props.onChange(target.value === '' ? props.options.emptyValue : target.value);
}

function commonInputProps(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, placeholder, rawErrors, uiSchema, schema } = props;
  return {
    id,
    name: htmlName || id,
    value: value || value === 0 ? String(value) : '',
    required: isRequired(props.required, uiSchema),
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    placeholder: placeholder || undefined,
    onBlur: (e: { target: { value: string } }) => props.onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => props.onFocus(id, e.target.value),
    ...fieldAria({ id, rawErrors, uiSchema, schema }),
  };
}

/** A password with a show/hide toggle; autocomplete from `ui:autocomplete` (default current-password). */
export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslator();
  const [visible, setVisible] = useState(false);
  const { id, schema } = props;
  return (
    <HStack gap="2" align="stretch">
      <Input
        {...commonInputProps(props)}
        type={visible ? 'text' : 'password'}
        autoComplete={autocompleteOf(props, 'current-password')}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        onChange={textChange(props)}
        flex="1"
      />
      <Button
        type="button"
        variant="outline"
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
      >
        {visible ? t('forms.hidePassword') : t('forms.showPassword')}
      </Button>
    </HStack>
  );
}

/** A one-time code: numeric keyboard, one-time-code autocomplete, maxLength from the schema. */
export function CodeWidget(props: WidgetProps) {
  const { schema } = props;
  return (
    <Input
      {...commonInputProps(props)}
      type="text"
      inputMode="numeric"
      autoComplete={autocompleteOf(props, 'one-time-code')}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={textChange(props)}
      letterSpacing="widest"
    />
  );
}

export function EmailWidget(props: WidgetProps) {
  return (
    <Input
      {...commonInputProps(props)}
      type="email"
      autoComplete={autocompleteOf(props, 'email')}
      onChange={textChange(props)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const rows = typeof props.options.rows === 'number' ? props.options.rows : 4;
  return (
    <Textarea
      {...commonInputProps(props)}
      rows={rows}
      autoComplete={autocompleteOf(props)}
      maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
      onChange={textChange(props)}
    />
  );
}

/** A native select: keyboard and screen-reader behaviour for free, styled by Chakra. */
export function SelectWidget(props: WidgetProps) {
  const { t } = useTranslator();
  const { id, options, value, multiple } = props;
  const required = isRequired(props.required, props.uiSchema);
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, multiple);
  const { value: _v, onBlur: _b, onFocus: _f, placeholder, ...rest } = commonInputProps(props);
  return (
    <NativeSelect.Root disabled={props.disabled}>
      <NativeSelect.Field
        {...rest}
        value={selected === undefined ? '' : String(selected)}
        onChange={(e: ChangeEvent<HTMLSelectElement>) =>
          props.onChange(enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue))
        }
        onBlur={(e) => props.onBlur(id, enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue))}
        onFocus={(e) => props.onFocus(id, enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue))}
        autoComplete={autocompleteOf(props)}
      >
        {!multiple && (!required || selected === undefined) ? (
          <option value="">{placeholder ?? t('forms.selectPlaceholder')}</option>
        ) : null}
        {enumOptions.map((opt, i) => (
          <option key={i} value={String(i)} disabled={options.enumDisabled?.includes(opt.value)}>
            {opt.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A radio group for enums: fieldset + legend, native radios (arrow keys move within the group). */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, options, value, label, hideLabel, disabled, readonly, rawErrors, uiSchema, schema } = props;
  const required = isRequired(props.required, uiSchema);
  const enumOptions = options.enumOptions ?? [];
  const aria = fieldAria({ id, rawErrors, uiSchema, schema });
  const description = typeof uiSchema?.['ui:description'] === 'string' ? uiSchema['ui:description'] : undefined;
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0">
      {!hideLabel && label ? (
        <chakra.legend fontWeight="medium" mb="1" p="0">
          {label}
          {required ? <RequiredMark /> : null}
        </chakra.legend>
      ) : null}
      {description ? (
        <Text id={descriptionId(id)} color="fg.muted" fontSize="sm" mb="1">
          {description}
        </Text>
      ) : null}
      <Stack direction={options.inline ? 'row' : 'column'} gap="2">
        {enumOptions.map((opt, i) => {
          const optId = optionId(id, i);
          const itemDisabled = disabled || readonly || options.enumDisabled?.includes(opt.value);
          return (
            <HStack key={optId} gap="2">
              <chakra.input
                type="radio"
                id={optId}
                name={htmlName || id}
                value={String(i)}
                checked={value === opt.value}
                disabled={itemDisabled}
                required={required}
                onChange={() => props.onChange(opt.value)}
                onBlur={() => props.onBlur(id, value)}
                onFocus={() => props.onFocus(id, value)}
                w="4"
                h="4"
                accentColor="colorPalette.solid"
                {...aria}
              />
              <chakra.label htmlFor={optId}>{opt.label}</chakra.label>
            </HStack>
          );
        })}
      </Stack>
    </chakra.fieldset>
  );
}

/** A single boolean checkbox with its own label beside it. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, label, hideLabel, disabled, readonly, rawErrors, uiSchema, schema } = props;
  const required = isRequired(props.required, uiSchema);
  return (
    <Box>
      <HStack gap="2" align="center">
        <chakra.input
          type="checkbox"
          id={id}
          name={htmlName || id}
          checked={value === true}
          required={required}
          disabled={disabled || readonly}
          onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.checked)}
          onBlur={() => props.onBlur(id, value)}
          onFocus={() => props.onFocus(id, value)}
          w="4"
          h="4"
          accentColor="colorPalette.solid"
          {...fieldAria({ id, rawErrors, uiSchema, schema })}
        />
        <chakra.label htmlFor={id}>
          {hideLabel ? null : label}
          {required ? <RequiredMark /> : null}
        </chakra.label>
      </HStack>
    </Box>
  );
}

/**
 * An amount of money typed in major units (12.34) and kept as integer minor units (1234), so that
 * nothing below the display ever handles fractions. Anything that is not a plain amount with at
 * most two decimals is kept as NaN, which the schema's `type: integer` reports.
 */
export function MoneyWidget(props: WidgetProps) {
  const minor = typeof props.value === 'number' && Number.isFinite(props.value) ? props.value : undefined;
  const [text, setText] = useState(minor === undefined ? '' : (minor / 100).toFixed(2));
  const symbol = typeof props.options.currencySymbol === 'string' ? props.options.currencySymbol : '$';
  return (
    <HStack gap="2" maxW="16rem">
      <Text aria-hidden="true" fontWeight="medium">{symbol}</Text>
      <Input
        {...commonInputProps(props)}
        value={text}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        onChange={({ target }: ChangeEvent<HTMLInputElement>) => {
          setText(target.value);
          props.onChange(parseMinorUnits(target.value, props.options.emptyValue));
        }}
        onBlur={() => {
          const parsed = parseMinorUnits(text, undefined);
          if (typeof parsed === 'number' && Number.isFinite(parsed)) setText((parsed / 100).toFixed(2));
          props.onBlur(props.id, parsed);
        }}
      />
    </HStack>
  );
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A colour as `#rrggbb`: typed, or chosen with the browser's colour picker beside the text, which
 * shows the colour typed once it is whole. The text is the field (its label, errors and value).
 */
export function ColourWidget(props: WidgetProps) {
  const { t } = useTranslator();
  const text = typeof props.value === 'string' ? props.value : '';
  const whole = HEX_COLOUR.test(text.trim());
  return (
    <HStack gap="2" maxW="20rem">
      <Input
        {...commonInputProps(props)}
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={7}
        onChange={textChange(props)}
        flex="1"
      />
      <chakra.input
        type="color"
        aria-label={t('forms.pickColour')}
        // A picker always holds a colour: black until the text names a whole one.
        value={whole ? text.trim().toLowerCase() : '#000000'}
        disabled={props.disabled || props.readonly}
        onChange={({ target }: ChangeEvent<HTMLInputElement>) => props.onChange(target.value.toLowerCase())}
        w="10"
        h="10"
        p="1"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        bg="bg"
        cursor="pointer"
        flexShrink={0}
      />
    </HStack>
  );
}

/** "1,234.5" → 123450; "" → empty value; anything else → NaN (reported as an invalid amount). */
export function parseMinorUnits(text: string, emptyValue: unknown): number | undefined {
  const cleaned = text.replace(/[,\s$]/g, '');
  if (cleaned === '') return emptyValue as undefined;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

interface ChoiceOption { value: string | number; label: string; detail?: string }

/**
 * A radio group whose options are known only at run time: `ui:options.source` names a list in the
 * form's context (`{ value, label, detail? }` items), which the screen fills from its data.
 */
export function ChoiceWidget(props: WidgetProps) {
  const { t } = useTranslator();
  const { id, htmlName, options, value, label, hideLabel, disabled, readonly, rawErrors, uiSchema, schema, registry } = props;
  const required = isRequired(props.required, uiSchema);
  const sources = (registry.formContext as { options?: Record<string, ChoiceOption[]> } | undefined)?.options ?? {};
  const choices = sources[String(options.source)] ?? [];
  const aria = fieldAria({ id, rawErrors, uiSchema, schema });
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0">
      {!hideLabel && label ? (
        <chakra.legend fontWeight="medium" mb="2" p="0">
          {label}
          {required ? <RequiredMark /> : null}
        </chakra.legend>
      ) : null}
      <Stack gap="2">
        {choices.map((choice, i) => {
          const optId = optionId(id, i);
          const checked = value === choice.value;
          return (
            <HStack key={optId} gap="3" borderWidth="1px" borderRadius="l2" px="3" py="2"
              borderColor={checked ? 'brand.solid' : 'border'} bg={checked ? 'brand.subtle' : 'bg'}>
              <chakra.input type="radio" id={optId} name={htmlName || id} value={String(choice.value)} checked={checked}
                disabled={disabled || readonly} required={required} w="4" h="4" accentColor="colorPalette.solid"
                onChange={() => props.onChange(choice.value)}
                onBlur={() => props.onBlur(id, value)} onFocus={() => props.onFocus(id, value)}
                {...aria} />
              <chakra.label htmlFor={optId} flex="1" display="flex" justifyContent="space-between" gap="4" cursor="pointer">
                <span>{t(choice.label)}</span>
                {choice.detail ? <Text as="span" color="fg.muted">{choice.detail}</Text> : null}
              </chakra.label>
            </HStack>
          );
        })}
      </Stack>
    </chakra.fieldset>
  );
}

export const engineWidgets = {
  MoneyWidget,
  money: MoneyWidget,
  ChoiceWidget,
  choice: ChoiceWidget,
  PasswordWidget,
  password: PasswordWidget,
  CodeWidget,
  code: CodeWidget,
  EmailWidget,
  email: EmailWidget,
  TextareaWidget,
  textarea: TextareaWidget,
  SelectWidget,
  select: SelectWidget,
  RadioWidget,
  radio: RadioWidget,
  CheckboxWidget,
  checkbox: CheckboxWidget,
  ColourWidget,
  colour: ColourWidget,
} satisfies Record<EngineFormWidget | `${Capitalize<EngineFormWidget>}Widget`, RegistryWidgetsType[string]>;
