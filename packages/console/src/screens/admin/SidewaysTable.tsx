// A small admin table that scrolls sideways on its own on a phone instead of widening the whole page. The scrolling
// container is a named region that takes the keyboard focus, so keyboard users can scroll it too (axe
// scrollable-region-focusable); the table is named by a label or by its heading.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface SidewaysTableProps {
  /** The scrolling region's name; unique on the page (axe landmark-unique). */
  readonly regionLabel: string;
  /** The table's name: its own label, or the id of the heading that names it. */
  readonly table: { readonly label: string } | { readonly labelledBy: string };
  /** The column headers, in order. */
  readonly columns: readonly string[];
  /** The rows (TableRow elements). */
  readonly children: ReactNode;
}

export function SidewaysTable({ regionLabel, table, columns, children }: SidewaysTableProps) {
  const name = 'label' in table ? { 'aria-label': table.label } : { 'aria-labelledby': table.labelledBy };
  return (
    <Box tabIndex={0} role="region" aria-label={regionLabel} sx={{ overflowX: 'auto' }}>
      <Table size="small" {...name}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
