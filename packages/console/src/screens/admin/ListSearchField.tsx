// The search over a long administration list (Team, Versicherer, Textbausteine): a search field that names the list it
// narrows, and below it the count of matches as a polite status – typing goes on while the count is read out.
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface ListSearchFieldProps {
  /** The field's id. */
  readonly id: string;
  readonly label: string;
  readonly help: string;
  /** The id of the list the search narrows (aria-controls). */
  readonly listId: string;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  /** The sentence read out as the matches change, e.g. „3 von 50 Personen passen zu …“; empty for none. */
  readonly status: string;
  readonly statusId?: string;
}

export function ListSearchField({ id, label, help, listId, query, onQuery, status, statusId }: ListSearchFieldProps) {
  return (
    <>
      <TextField
        id={id}
        type="search"
        label={label}
        helperText={help}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        sx={{ mt: 1, width: { xs: '100%', sm: '28rem' } }}
        slotProps={{ htmlInput: { 'aria-controls': listId } }}
      />
      <Typography role="status" aria-live="polite" sx={{ mt: 1 }} id={statusId}>
        {status}
      </Typography>
    </>
  );
}
