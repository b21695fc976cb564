import type { ReactNode } from 'react';

interface ResponseFormProps {
  /** Runs instead of the browser's submission, on Enter in a field or the submit button. */
  readonly onSubmit: () => void;
  readonly children: ReactNode;
}

/** The form around an answer input: core validates (so no browser validation) and the page never reloads. */
export function ResponseForm({ onSubmit, children }: ResponseFormProps) {
  return (
    <form
      noValidate
      className="chat-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
