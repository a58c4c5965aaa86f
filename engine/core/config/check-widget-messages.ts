// Every prop a widget's props schema marks as a message key (`$ref: message`), at any depth of any
// screen: the props whose names the screen walk does not know as texts (a calendar's `today`, an
// upload's `tooLarge` ...) included.
import { isObject, walk, type CheckContext } from './context.ts';
import { propsOfKind } from './props-of-kind.ts';

export function checkWidgetMessages(ctx: CheckContext): void {
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    walk(doc.data, (node, path) => {
      if (!isObject(node) || typeof node.widget !== 'string') return;
      for (const marked of propsOfKind(ctx.names.widgetProps[node.widget], node, 'message')) {
        if (!marked.byDefault) ctx.messageKey(doc, [...path, ...marked.rel], marked.value);
      }
    });
  }
}
