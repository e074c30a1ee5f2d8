import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete the picture
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete it?"
        message="It cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('confirm dialog', () => {
  it('gives focus back to what opened it, whether closed with Escape, Cancel or its action', async () => {
    await renderPage(<Opener />, { path: '/', url: '/' });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Delete the picture' });
    for (const close of [
      () => user.keyboard('{Escape}'),
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.click(screen.getByTestId('confirm-dialog-confirm')),
    ]) {
      button.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('alertdialog');
      await close();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(button).toHaveFocus());
    }
  });
});
