import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { useTranslator } from '../app/translation.ts';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

/**
 * A button that opens a window over the page with its children inside. Closing it (its close
 * button, Escape, or a click outside) takes its children off the page, so a flow inside starts
 * afresh the next time it opens.
 */
export function ModalWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => setOpen(details.open)} size="md" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="brand" alignSelf="flex-start">{t(String(node.trigger))}</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header><Dialog.Title>{t(String(node.title))}</Dialog.Title></Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="layout.stack">{open ? <WidgetChildren nodes={node.children} /> : null}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost" colorPalette="brand">{t(String(node.close))}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
