// rjsf's default templates (@rjsf/core/lib/components/templates/index.js) with the ones only rarely
// rendered forms use (arrays, alternatives, layout grids, additional properties) fetched on first use.
// The engine's own templates (engine/react/forms/templates.tsx) take the place of the common ones.
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import { lazyPart } from './lazy-part.ts';

export default function templates() {
  return {
    ArrayFieldDescriptionTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js')),
    ArrayFieldItemTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js')),
    ArrayFieldItemButtonsTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js')),
    ArrayFieldTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/ArrayFieldTemplate.js')),
    ArrayFieldTitleTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js')),
    ButtonTemplates: ButtonTemplates(),
    BaseInputTemplate,
    CyclicSchemaExpandTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js')),
    DescriptionFieldTemplate: DescriptionField,
    ErrorListTemplate: ErrorList,
    FallbackFieldTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/FallbackFieldTemplate.js')),
    FieldTemplate,
    FieldErrorTemplate,
    FieldHelpTemplate,
    GridTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/GridTemplate.js')),
    MultiSchemaFieldTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js')),
    ObjectFieldTemplate,
    OptionalDataControlsTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js')),
    TitleFieldTemplate: TitleField,
    UnsupportedFieldTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/UnsupportedField.js')),
    WrapIfAdditionalTemplate: lazyPart(() => import('@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js')),
  };
}
