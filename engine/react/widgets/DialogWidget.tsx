import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { useTranslator } from '../app/translation.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useFlowView } from './flow-context.ts';
import { displayValue } from './format.ts';
import { useNodeText } from './basic.tsx';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

interface DialogAction { text: string; event: string }

/**
 * A modal question for the surrounding flow: open while `open` holds; each button sends an event.
 * Children show what the answer affects, or hold the answer themselves (a form), with only `cancel`.
 */
export function DialogWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const scope = useScope();
  const runtime = useRuntime();
  const open = Boolean(displayValue(node.open ?? true, scope, runtime));
  const { title, text } = useShownWhileOpen(open, useNodeText(node.title, node.values), useNodeText(node.text, node.values));
  const confirm = node.confirm as DialogAction | undefined;
  const cancel = node.cancel as DialogAction | undefined;
  const size = (node.size as 'md' | 'lg' | 'xl' | undefined) ?? 'md';
  return (
    <Dialog.Root recipe={dialogSlotRecipe} size={size} open={open} role="alertdialog" closeOnInteractOutside={false}
      onOpenChange={(details) => { if (!details.open && cancel) flow?.send({ type: cancel.event }); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
            {/* Its parts spaced as a stack's are. */}
            <Dialog.Body display="flex" flexDirection="column" gap="layout.stack">
              {text ? <Dialog.Description>{text}</Dialog.Description> : null}
              {open && node.children ? <WidgetChildren nodes={node.children} /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              {cancel ? <Button variant="outline" colorPalette="brand" onClick={() => flow?.send({ type: cancel.event })}>{t(cancel.text)}</Button> : null}
              {confirm ? <Button colorPalette="brand" onClick={() => flow?.send({ type: confirm.event })}>{t(confirm.text)}</Button> : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The title and text last shown while open. The window stays on the page for its closing
 * animation, and the values its words name are often cleared as it closes; it keeps its name
 * until it is gone rather than becoming an unnamed dialog for a moment.
 */
function useShownWhileOpen(open: boolean, title: string, text: string) {
  const [shown, setShown] = useState({ title, text });
  if (open && (shown.title !== title || shown.text !== text)) setShown({ title, text });
  return open ? { title, text } : shown;
}
