import { Box, Button, chakra, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';

export interface ChoosableColumn { field: string; header: string; shown: boolean }

/**
 * Which columns show: a button opening a list of checkboxes (ag-grid Community has no column
 * panel). Escape or the button closes it; focus returns to the button.
 */
export function ColumnChooser({ label, columns, onToggle }: { label: string; columns: ChoosableColumn[]; onToggle(field: string, shown: boolean): void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Box position="relative" onKeyDown={(event) => {
      if (event.key === 'Escape' && open) {
        setOpen(false);
        (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
      }
    }}>
      <Button size="sm" variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>{label}</Button>
      <Box
        as="fieldset"
        id={panelId}
        hidden={!open}
        position="absolute"
        zIndex="dropdown"
        // Wide screens have the button at the right edge, narrow ones near the left: the panel opens
        // toward the room, so every column's checkbox stays on the screen.
        insetEnd={{ base: 'auto', md: '0' }}
        insetStart={{ base: '0', md: 'auto' }}
        maxW="calc(100vw - 2rem)"
        mt="1"
        p="3"
        minW="14rem"
        bg="bg"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="md"
      >
        <chakra.legend srOnly>{label}</chakra.legend>
        <Stack gap="2">
          {columns.map((column) => (
            <chakra.label key={column.field} display="flex" alignItems="center" gap="2" cursor="pointer">
              <input type="checkbox" checked={column.shown} onChange={(event) => onToggle(column.field, event.target.checked)} />
              {column.header}
            </chakra.label>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
