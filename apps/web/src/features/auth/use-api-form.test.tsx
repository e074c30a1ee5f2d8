import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PasswordSchema } from '@hostdeck/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { knownMessages, useApiForm } from './use-api-form.ts';

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
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
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

  it("speak the member's language for zod's checks that carry no message of their own, Moldovan included", async () => {
    const checks = z.object({
      name: z.string().min(3).max(5),
      amount: z.coerce.number().int().min(10),
      kind: z.enum(['a', 'b']),
    });
    function CheckForm() {
      const { form, onSubmit } = useApiForm(checks, async () => undefined);
      const { errors } = form.formState;
      return (
        <form onSubmit={onSubmit}>
          <input aria-label="Name" {...form.register('name')} />
          <input aria-label="Amount" {...form.register('amount')} />
          <input aria-label="Kind" {...form.register('kind')} />
          <p data-testid="name">{errors.name?.message}</p>
          <p data-testid="amount">{errors.amount?.message}</p>
          <p data-testid="kind">{errors.kind?.message}</p>
          <button type="submit">Save</button>
        </form>
      );
    }
    const cases = [
      ['en', 'At least 3 characters', 'Must be at least 10', 'Choose one of the options', 'At most 5 characters'],
      ['fr', 'Au moins 3 caractères', 'Doit être au moins 10', 'Choisissez l’une des options', 'Au plus 5 caractères'],
      [
        'md',
        'Cel puțin 3 caractere',
        'Trebuie să fie cel puțin 10',
        'Alegeți una dintre opțiuni',
        'Cel mult 5 caractere',
      ],
    ] as const;
    const user = userEvent.setup();
    try {
      for (const [lng, short, small, option, long] of cases) {
        await changeLanguage(lng);
        await renderPage(<CheckForm />, { path: '/', url: '/' });
        await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ab');
        await user.type(screen.getByRole('textbox', { name: 'Amount' }), '2');
        await user.type(screen.getByRole('textbox', { name: 'Kind' }), 'c');
        await user.click(screen.getByRole('button', { name: /./ }));
        await vi.waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent(short));
        expect(screen.getByTestId('amount')).toHaveTextContent(small);
        expect(screen.getByTestId('kind')).toHaveTextContent(option);
        await user.type(screen.getByRole('textbox', { name: 'Name' }), 'cdef');
        await vi.waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent(long));
        cleanup();
      }
    } finally {
      await changeLanguage('en');
    }
  });

  it("know every message the contracts give a form's field, so none shows in English", () => {
    // The contracts' files that forms use; the settings catalogue, plugin manifests and paging speak
    // to the API (their messages reach staff through the settings page or not at all).
    const dir = join(import.meta.dirname, '../../../../../packages/contracts/src');
    const files = [
      ...['account.ts', 'auth.ts', 'passkeys.ts', 'two-factor.ts'].map((f) => join(dir, f)),
      ...readdirSync(join(dir, 'resources')).map((f) => join(dir, 'resources', f)),
    ];
    // Identifiers in a URL or a hidden field, never typed by a person.
    const apiOnly = ['Expected base64url', 'Not a valid cursor', 'Not a valid id', 'Not a valid image id'];
    const messages = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/message: '([^']+)'/g)].map((m) => m[1]!),
    );
    expect(messages.length).toBeGreaterThan(20);
    const missing = messages.filter((m) => !apiOnly.includes(m) && !knownMessages[m]);
    expect(missing).toEqual([]);
  });
});
