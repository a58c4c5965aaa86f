// The error summary shown at the top of a form after a failed submit (GOV.UK pattern): a focusable
// alert with a heading and one link per field error; each link moves focus to its field.
import { forwardRef, memo, type MouseEvent } from 'react';
import { Box, Heading, List, Text, chakra } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';

export interface SummaryItem {
  /** Dotted field path, '' for errors that belong to the whole form. */
  path: string;
  /** The DOM id of the field's control ('' when there is no field to link to). */
  targetId: string;
  text: string;
}

function attr(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

/** Focuses the control of a field: the element with the id, or the first control inside its wrapper. */
export function focusField(targetId: string, root: ParentNode = document): boolean {
  const direct = document.getElementById(targetId);
  const isControl = direct && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(direct.tagName);
  const el =
    (isControl ? direct : null) ??
    root.querySelector<HTMLElement>(
      ['input', 'select', 'textarea', 'button'].map((tag) => `[data-field="${attr(targetId)}"] ${tag}`).join(', '),
    ) ??
    direct;
  if (!el) return false;
  el.focus();
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'center' });
  return true;
}

// Memoized: the form renders on every keystroke, the summary only when its items change.
export const ErrorSummary = memo(forwardRef<HTMLDivElement, { idBase: string; items: SummaryItem[] }>(
  function ErrorSummary({ idBase, items }, ref) {
    const { t } = useTranslator();
    const headingId = `${idBase}-error-summary-title`;
    const onClick = (targetId: string) => (e: MouseEvent<HTMLAnchorElement>) => {
      if (focusField(targetId)) e.preventDefault();
    };
    return (
      <Box
        ref={ref}
        role="alert"
        aria-labelledby={headingId}
        tabIndex={-1}
        borderWidth="3px"
        borderColor="border.error"
        borderRadius="md"
        p="4"
        mb="6"
        _focusVisible={{ outline: '3px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      >
        <Heading as="h2" size="md" id={headingId} mb="2">
          {t('forms.errorSummaryTitle')}
        </Heading>
        <List.Root ps="4">
          {items.map((item) => (
            <List.Item key={`${item.path}:${item.text}`}>
              {item.targetId ? (
                <chakra.a
                  href={`#${item.targetId}`}
                  onClick={onClick(item.targetId)}
                  color="fg.error"
                  fontWeight="medium"
                  textDecoration="underline"
                >
                  {item.text}
                </chakra.a>
              ) : (
                <Text as="span" color="fg.error">
                  {item.text}
                </Text>
              )}
            </List.Item>
          ))}
        </List.Root>
      </Box>
    );
  },
));

export const ServerError = forwardRef<HTMLDivElement, { message: string }>(function ServerError({ message }, ref) {
  return (
    <Box
      ref={ref}
      role="alert"
      tabIndex={-1}
      borderWidth="3px"
      borderColor="border.error"
      borderRadius="md"
      p="4"
      mb="6"
      color="fg.error"
      fontWeight="medium"
    >
      {message}
    </Box>
  );
});
