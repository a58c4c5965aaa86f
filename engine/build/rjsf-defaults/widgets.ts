// rjsf's default widgets (@rjsf/core/lib/components/widgets/index.js) with the rarely rendered ones
// fetched on first use. The engine's own widgets (engine/react/forms/widgets.tsx) take the place of
// the common ones; text, date and hidden inputs stay at hand (forms use `ui:widget: date`, and a
// part fetched while the form is shown would put the form's busy state in its place meanwhile).
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import { lazyPart } from './lazy-part.ts';

export default function widgets() {
  return {
    AltDateWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/AltDateWidget.js')),
    AltDateTimeWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/AltDateTimeWidget.js')),
    CheckboxWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/CheckboxWidget.js')),
    CheckboxesWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/CheckboxesWidget.js')),
    ColorWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/ColorWidget.js')),
    DateWidget,
    DateTimeWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/DateTimeWidget.js')),
    EmailWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/EmailWidget.js')),
    FileWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/FileWidget.js')),
    HiddenWidget,
    PasswordWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/PasswordWidget.js')),
    RadioWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/RadioWidget.js')),
    RangeWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/RangeWidget.js')),
    RatingWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/RatingWidget.js')),
    SelectWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/SelectWidget.js')),
    TextWidget,
    TextareaWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/TextareaWidget.js')),
    TimeWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/TimeWidget.js')),
    UpDownWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/UpDownWidget.js')),
    URLWidget: lazyPart(() => import('@rjsf/core/lib/components/widgets/URLWidget.js')),
  };
}
