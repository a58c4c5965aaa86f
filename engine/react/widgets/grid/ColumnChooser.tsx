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
        insetEnd="0"
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
