import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../../test/render.tsx';
import { useApiForm } from './use-api-form.ts';

const schema = z.object({ note: z.string().min(1) });

function NoteForm({ submit }: { submit: (v: { note: string }) => Promise<void> }) {
  const { form, onSubmit } = useApiForm(schema, submit);
  return (
    <form onSubmit={onSubmit}>
      <textarea aria-label="Note" {...form.register('note')} />
      <p role="alert">{form.formState.errors.note?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('the shared form rules', () => {
  it('refuse control characters as the API does, and let line breaks through', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => undefined);
    await renderPage(<NoteForm submit={submit} />, { path: '/', url: '/' });
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.paste('a\u0000b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Control characters (such as NUL) are not allowed')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await user.clear(note);
    await user.paste('first line\nsecond line');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledWith({ note: 'first line\nsecond line' }));
  });
});
