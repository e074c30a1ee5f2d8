import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resourceApi } from '../../../lib/resource-api.ts';
import { signIn, signOut } from '../../../test/economy.ts';
import { renderPage } from '../../../test/render.tsx';
import { ResourceForm } from './resource-form.tsx';

afterEach(() => signOut());

// A resource of its own, with a list rule like the contract's node tags (short, at most three, no repeats).
const tagsApi = resourceApi<{ id: number; updated_at: string }>('tagged');
const tags = z
  .array(z.string().trim().min(1).max(8))
  .max(3)
  .refine((list) => new Set(list).size === list.length, 'A tag is listed twice');
const CreateSchema = z.object({ tags }).strict();
const UpdateSchema = CreateSchema.partial().extend({ updated_at: z.string() }).strict();
const BASE = '/mc-admin/tagged';

async function open() {
  const calls = await signIn({ 'POST /api/admin/tagged': { success: true, data: { id: 1 } } });
  await renderPage(
    <ResourceForm
      title="Tagged"
      fields={[{ name: 'tags', label: 'catalog.fields.panel_node_tags', type: 'tags', maxLength: 8 }]}
      api={tagsApi}
      item={undefined}
      create={CreateSchema}
      update={UpdateSchema}
      listPath={BASE}
      defaults={() => ({ tags: [] })}
    />,
    { path: `${BASE}/create`, url: `${BASE}/create`, extra: [{ path: BASE, element: <p>tagged list</p> }] },
  );
  return calls;
}
const box = () => screen.getByRole('textbox', { name: 'Panel node tags' }) as HTMLInputElement;
const chips = () =>
  screen.queryByRole('list', { name: 'Panel node tags' })
    ? within(screen.getByRole('list', { name: 'Panel node tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
const posted = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST');

describe('the tags field of a resource form', () => {
  it('adds a chip on Enter and on a comma (typed or pasted), without submitting the form', async () => {
    const user = userEvent.setup();
    const calls = await open();
    await user.type(box(), ' eu-west {Enter}');
    expect(chips()).toEqual(['eu-west']);
    expect(box().value).toBe('');
    await user.type(box(), 'fast,');
    await user.click(box());
    await user.paste('big, ssd');
    expect(chips()).toEqual(['eu-west', 'fast', 'big']);
    expect(box().value).toBe(' ssd');
    expect(posted(calls)).toHaveLength(0);
  });

  it('removes chips with their buttons and with Backspace, keeping the keyboard in the field', async () => {
    const user = userEvent.setup();
    await open();
    await user.type(box(), 'a{Enter}b{Enter}c{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(chips()).toEqual(['a', 'c']);
    expect(box()).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['a']);
    // Shift+Tab reaches the chip's button; Delete (or Backspace) there removes it.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Remove a' })).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(chips()).toEqual([]);
    expect(box()).toHaveFocus();
    // Backspace in an empty box with no chips does nothing.
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual([]);
  });

  it('submits the list, the text still in the box included, and shows the schema’s message', async () => {
    const user = userEvent.setup();
    const calls = await open();
    await user.type(box(), 'eu{Enter}eu{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A tag is listed twice');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(posted(calls)).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: 'Remove eu' })[1] as HTMLElement);
    await user.type(box(), 'us');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('tagged list');
    expect(posted(calls).map((c) => c.body)).toEqual([{ tags: ['eu', 'us'] }]);
  });

  it('submits an empty list when no tag is given', async () => {
    const user = userEvent.setup();
    const calls = await open();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('tagged list');
    expect(posted(calls).map((c) => c.body)).toEqual([{ tags: [] }]);
  });
});
