import { PasswordSchema } from '@hostdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { useApiForm } from './use-api-form.ts';

const schema = z.object({ note: z.string().min(1) });

function NoteForm({
  submit,
  checks = schema,
}: {
  submit: (v: { note: string }) => Promise<void>;
  checks?: typeof schema | (() => Promise<typeof schema>);
}) {
  const { form, onSubmit, error } = useApiForm(checks, submit);
  return (
    <form onSubmit={onSubmit}>
      <textarea aria-label="Note" {...form.register('note')} />
      <p role="alert">{form.formState.errors.note?.message}</p>
      {error && <p role="status">{error}</p>}
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

  it('load a schema given as a loader when the form first validates, and only once', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => undefined);
    const load = vi.fn(async () => schema);
    await renderPage(<NoteForm submit={submit} checks={load} />, { path: '/', url: '/' });
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/too small/i)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledWith({ note: 'hello' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('report a schema that fails to load and try it again on the next submit', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => undefined);
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(schema);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage(<NoteForm submit={submit} checks={load} />, { path: '/', url: '/' });
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/errors\.NETWORK_ERROR|cannot be reached/);
    expect(submit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledWith({ note: 'hello' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("show the contract's password rule in the member's language", async () => {
    function PasswordForm() {
      const { form, onSubmit } = useApiForm(z.object({ password: PasswordSchema }), async () => undefined);
      return (
        <form onSubmit={onSubmit}>
          <input aria-label="Password" {...form.register('password')} />
          <p role="alert">{form.formState.errors.password?.message}</p>
          <button type="submit">Save</button>
        </form>
      );
    }
    const user = userEvent.setup();
    await changeLanguage('fr');
    try {
      await renderPage(<PasswordForm />, { path: '/', url: '/' });
      await user.type(screen.getByRole('textbox', { name: 'Password' }), ' '.repeat(10));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText("Un mot de passe ne peut pas être composé uniquement d'espaces"),
      ).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
