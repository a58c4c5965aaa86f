// The form's templates: one place owns each field's label, description, help and error, so every
// control has a visible label and an aria-describedby that points only at elements that exist.
import type { ChangeEvent, FocusEvent } from 'react';
import { Box, Fieldset, Input, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import type {
  BaseInputTemplateProps,
  DescriptionFieldProps,
  FieldErrorProps,
  FieldHelpProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TitleFieldProps,
} from '@rjsf/utils';
import { descriptionId, errorId, getInputProps, helpId } from '@rjsf/utils';
import { useTranslator } from '../app/translation.ts';

import { fieldAria, isRequired } from './aria.ts';

/** Widgets that render a group of options with their own fieldset/legend or inline label. */
export const GROUP_WIDGETS = new Set(['choice', 'ChoiceWidget', 'radio', 'RadioWidget', 'checkboxes', 'CheckboxesWidget', 'checkbox', 'CheckboxWidget']);

export function RequiredMark() {
  return (
    <chakra.span aria-hidden="true" color="fg.error" ms="1">
      *
    </chakra.span>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  const { t } = useTranslator();
  return (
    <Text id={errorId(id)} color="fg.error" fontSize="sm" fontWeight="medium" mt="1">
      <VisuallyHidden>{`${t("forms.errorPrefix")} `}</VisuallyHidden>
      {message}
    </Text>
  );
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawDescription, rawHelp, hidden, displayLabel, schema, uiSchema } = props;
  if (hidden) return null;
  // A form that applies each choice as it is made marks nothing required: there is no submit to stop.
  const required = isRequired(props.required, uiSchema) && !(props.registry.formContext as { appliesOnChange?: boolean } | undefined)?.appliesOnChange;
  const widget = uiSchema?.['ui:widget'];
  const isGroup = typeof widget === 'string' && GROUP_WIDGETS.has(widget);
  const isContainer = schema.type === 'object' || (schema.type === 'array' && !displayLabel);
  const error = rawErrors?.[0];
  if (isContainer) {
    return (
      <Box data-field={id}>
        {children}
        {error ? <FieldError id={id} message={error} /> : null}
      </Box>
    );
  }
  // Group widgets and single checkboxes label themselves (legend / inline label); the rest get a label here.
  const ownLabel = displayLabel && !isGroup && label;
  return (
    <Box data-field={id} mb="4">
      {ownLabel ? (
        // The mark sits beside the label, not in it: the field's name stays exactly its label text.
        <Box mb="1">
          <chakra.label htmlFor={id} fontWeight="medium">{label}</chakra.label>
          {required ? <RequiredMark /> : null}
        </Box>
      ) : null}
      {rawDescription && !isGroup ? (
        <Text id={descriptionId(id)} color="fg.muted" fontSize="sm" mb="1">
          {rawDescription}
        </Text>
      ) : null}
      {children}
      {rawHelp ? (
        <Text id={helpId(id)} color="fg.muted" fontSize="sm" mt="1">
          {rawHelp}
        </Text>
      ) : null}
      {error ? <FieldError id={id} message={error} /> : null}
    </Box>
  );
}

// FieldTemplate renders errors, help and descriptions itself.
export function FieldErrorTemplate(_props: FieldErrorProps) {
  return null;
}
export function FieldHelpTemplate(_props: FieldHelpProps) {
  return null;
}
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} color="fg.muted" fontSize="sm" mb="2">
      {description}
    </Text>
  );
}
export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <Text as="h2" id={id} fontSize="lg" fontWeight="semibold" mb="2">
      {title}
      {required ? <RequiredMark /> : null}
    </Text>
  );
}

/**
 * Each field's slot in an object: a plain element, since this template renders again with any change
 * inside the object and a styled component per field would cost more than the field that changed.
 * Layout and style containment let the browser lay out and repaint only the field that changed
 * rather than the whole form on each keystroke; nothing is clipped (no paint containment), and a
 * flex item's margins do not collapse through it anyway.
 */
const FIELD_SLOT_STYLE = { contain: 'layout style' } as const;

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, uiSchema } = props;
  const content = (
    <Stack gap="0">
      {properties.filter((p) => !p.hidden).map((p) => (
        <div key={p.name} style={FIELD_SLOT_STYLE}>{p.content}</div>
      ))}
    </Stack>
  );
  const isRoot = fieldPathId.path.length === 0;
  const shownTitle = uiSchema?.['ui:title'] ?? title;
  if (isRoot && !shownTitle) return content;
  return (
    <Fieldset.Root mb="4">
      {shownTitle ? <Fieldset.Legend fontWeight="semibold">{shownTitle}</Fieldset.Legend> : null}
      {description ? (
        <Text id={descriptionId(fieldPathId)} color="fg.muted" fontSize="sm">
          {description}
        </Text>
      ) : null}
      <Fieldset.Content>{content}</Fieldset.Content>
    </Fieldset.Root>
  );
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id, htmlName, type, value, schema, options, onChange, onChangeOverride, onBlur, onFocus,
    required, readonly, disabled, autofocus, placeholder, rawErrors, uiSchema,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <Input
      id={id}
      name={htmlName || id}
      value={value || value === 0 ? value : ''}
      onChange={onChangeOverride || handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      autoFocus={autofocus}
      placeholder={placeholder}
      required={isRequired(required, uiSchema)}
      disabled={disabled}
      readOnly={readonly}
      {...inputProps}
      {...(typeof options.autocomplete === 'string' ? { autoComplete: options.autocomplete } : {})}
      {...fieldAria({ id, rawErrors, uiSchema, schema })}
    />
  );
}
