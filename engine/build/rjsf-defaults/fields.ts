// rjsf's default fields (@rjsf/core/lib/components/fields/index.js) with the rarely rendered ones
// fetched on first use: the engine's forms are flat objects of strings, numbers and booleans.
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import { lazyPart } from './lazy-part.ts';

const MultiSchemaField = lazyPart(() => import('@rjsf/core/lib/components/fields/MultiSchemaField.js'));

export default function fields() {
  return {
    AnyOfField: MultiSchemaField,
    ArrayField: lazyPart(() => import('@rjsf/core/lib/components/fields/ArrayField.js')),
    BooleanField,
    CyclicSchemaField: lazyPart(() => import('@rjsf/core/lib/components/fields/CyclicSchemaField.js')),
    FallbackField: lazyPart(() => import('@rjsf/core/lib/components/fields/FallbackField.js')),
    LayoutGridField: lazyPart(() => import('@rjsf/core/lib/components/fields/LayoutGridField.js')),
    LayoutHeaderField: lazyPart(() => import('@rjsf/core/lib/components/fields/LayoutHeaderField.js')),
    LayoutMultiSchemaField: lazyPart(() => import('@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js')),
    NumberField,
    ObjectField,
    OneOfField: MultiSchemaField,
    OptionalDataControlsField: lazyPart(() => import('@rjsf/core/lib/components/fields/OptionalDataControlsField.js')),
    SchemaField,
    StringField,
    NullField,
  };
}
