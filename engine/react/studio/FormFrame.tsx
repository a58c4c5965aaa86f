import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { use, useLayoutEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showTheme } from '../theme/theme-variables.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { errorPath } from '../forms/messages.ts';
import type { FormData } from '../forms/types.ts';
import { sampleForm, withoutFields } from './sample-data.ts';
import { loadFormModule } from './studio-data.ts';
import { useStudioConfig } from './studio-config.ts';
import { Mono, usePageTitle } from './studio-parts.tsx';

/** A form alone in one theme, as a form's page frames it: sample values in, validated as typed. */
export function FormFrame() {
  const id = useParams().id ?? '';
  usePageTitle(`Form ${id}`);
  const { themes, themeStyles, app } = useStudioConfig();
  const requested = useSearchParams()[0].get('theme') ?? '';
  const theme = Object.hasOwn(themes, requested) ? requested : app.defaultTheme;
  // Before the first paint, as the portal shows a theme: the form never shows in another.
  useLayoutEffect(() => {
    showTheme(document.documentElement, themeStyles, theme === app.defaultTheme ? null : theme);
  }, [theme, themeStyles, app.defaultTheme]);

  const { form, validator, conditions } = use(loadFormModule(id));
  const sample = useMemo(() => {
    const { data, options } = sampleForm(form);
    // What the form's own validator refuses of the sample starts empty (the messages stay the form's).
    const refused = validator.validateFormData(data, form.schema).errors.map((error) => errorPath(error));
    return { data: withoutFields(data, refused), options };
  }, [form, validator]);
  const formContext = useMemo(() => ({ options: sample.options }), [sample]);
  const [submitted, setSubmitted] = useState<FormData | null>(null);

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">{id}</Heading>
      <SchemaForm id={`studio-${id}`} form={form} validator={validator} conditions={conditions}
        initialData={sample.data} formContext={formContext} liveValidate onSubmit={setSubmitted} />
      <Box role="status">
        {submitted
          ? <><Text fontWeight="medium">The form would send:</Text><Mono as="pre" display="block" whiteSpace="pre-wrap" p="2">{JSON.stringify(submitted, null, 2)}</Mono></>
          : null}
      </Box>
    </Stack>
  );
}
