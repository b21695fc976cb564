// The closure days not yet over, by first day: period (de-DE), the note clients see, who entered it and when, and
// "Entfernen" (the screen asks first).
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServiceClosure } from '@rechtschat/core';
import { formatDateTime } from '../../../i18n/i18n.js';
import { SidewaysTable } from '../SidewaysTable.js';
import { closurePeriod } from './closureDates.js';

export interface ClosureListProps {
  readonly closures: readonly ServiceClosure[];
  readonly onRemove: (closure: ServiceClosure) => void;
}

export function ClosureList({ closures, onRemove }: ClosureListProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h6" component="h3" id="hours-closures-heading" tabIndex={-1} sx={{ mt: 3 }}>
        {t('Hours.ClosuresHeading')}
      </Typography>
      {closures.length === 0 ? (
        <Typography>{t('Hours.ClosuresNone')}</Typography>
      ) : (
        <SidewaysTable
          regionLabel={t('Hours.ClosuresLabel')}
          table={{ labelledBy: 'hours-closures-heading' }}
          columns={[t('Hours.ClosurePeriod'), t('Hours.ClosureNote'), t('Hours.ClosureCreated'), t('Hours.Actions')]}
        >
          {closures.map((closure) => (
            <TableRow key={closure.Id}>
              <TableCell>{closurePeriod(t, closure)}</TableCell>
              <TableCell>{closure.Note}</TableCell>
              <TableCell>{t('Hours.ClosureCreatedBy', { name: closure.CreatedByName, date: formatDateTime(closure.CreatedAt) })}</TableCell>
              <TableCell>
                <Button
                  color="error"
                  size="small"
                  onClick={() => onRemove(closure)}
                  aria-label={t('Hours.RemoveClosureLabel', { note: closure.Note, period: closurePeriod(t, closure) })}
                >
                  {t('Hours.RemoveClosure')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </SidewaysTable>
      )}
    </>
  );
}
