// Root component of the lawyer console; the screens (login, queue, chat, callbacks, case files) mount here.
import CssBaseline from '@mui/material/CssBaseline';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export function ConsoleApp() {
  return (
    <>
      <CssBaseline />
      <Container component="main" id="inhalt" maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Anwaltskonsole
        </Typography>
        <Typography>Hier bearbeiten Anwältinnen und Anwälte die Warteschlange, ihre Chats, Rückrufwünsche und digitalen Fallakten.</Typography>
      </Container>
    </>
  );
}
