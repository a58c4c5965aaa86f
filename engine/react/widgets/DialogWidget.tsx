import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useFlowView } from './flow-context.ts';
import { displayValue } from './format.ts';
import { useNodeText } from './basic.tsx';
import { WidgetChildren, type WidgetProps } from './WidgetNode.tsx';

interface DialogAction { text: string; event: string }

/** A modal question for the surrounding flow: open while `open` holds; each button sends an event. Children show what the answer affects. */
export function DialogWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const scope = useScope();
  const runtime = useRuntime();
  const open = Boolean(displayValue(node.open ?? true, scope, runtime));
  const text = useNodeText(node.text, node.values);
  const confirm = node.confirm as DialogAction;
  const cancel = node.cancel as DialogAction | undefined;
  return (
    <Dialog.Root open={open} role="alertdialog" closeOnInteractOutside={false}
      onOpenChange={(details) => { if (!details.open && cancel) flow?.send({ type: cancel.event }); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header><Dialog.Title>{t(String(node.title))}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{text}</Dialog.Description>
              {open && node.children ? <WidgetChildren nodes={node.children} /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              {cancel ? <Button variant="outline" colorPalette="brand" onClick={() => flow?.send({ type: cancel.event })}>{t(cancel.text)}</Button> : null}
              <Button colorPalette="brand" onClick={() => flow?.send({ type: confirm.event })}>{t(confirm.text)}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
