import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';
import { type RunningHostdeck, startHostdeck } from './global-setup.ts';

// A Hostdeck of its own (the suite's shared one runs on the Pterodactyl demo panel, and the software
// cannot change while servers exist there), connected to a simulated Pelican panel as an operator would.
describe.runIf(hasBrowser())('a server on Pelican', () => {
  let browser: Browser;
  let hostdeck: RunningHostdeck;
  let pelican: PterodactylSimulator;

  beforeAll(async () => {
    pelican = new PterodactylSimulator({ flavour: 'pelican', apiKey: 'papp_e2e', autoInstallMs: 500 });
    await pelican.listen();
    [hostdeck, browser] = await Promise.all([startHostdeck(), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await hostdeck?.stop();
    await pelican?.close();
  });

  it('staff connect Pelican and import its node tags; a member creates a server in a node-tag location', async () => {
    const { context: adminContext, page: admin } = await newPage(browser, hostdeck.baseUrl);
    await signInAsAdministrator(admin, hostdeck.setupUrl);
    const saved = await callApi(admin, 'PATCH', '/api/admin/settings', {
      values: { panel_flavour: 'pelican', pterodactyl_base_url: pelican.url, pterodactyl_api_key: 'papp_e2e' },
    });
    expect(saved.status).toBe(200);

    // The connection test names what it found.
    await admin.goto('/mc-admin/settings');
    await admin.getByRole('button', { name: 'Test the connection' }).click();
    await admin.getByText(/Pelican 1\.0\.0-beta26 or later/).waitFor();

    // Import: a location per node tag, a category per egg tag, then the eggs.
    for (const [path, shows] of [
      ['locations', 'europe'],
      ['egg-categories', 'Minecraft'],
      ['eggs', 'Paper'],
    ] as const) {
      await admin.goto(`/mc-admin/${path}`);
      await admin.getByTestId('import-from-panel').click();
      await admin.getByText(/created/).waitFor();
      await admin.getByText(shows, { exact: true }).first().waitFor();
    }
    const locations = (await callApi(admin, 'GET', '/api/admin/locations')).body.data;
    const us = locations.find((l: { panel_node_tags: string[] }) => l.panel_node_tags.join() === 'us');
    expect(us).toBeDefined();
    const egg = (await callApi(admin, 'GET', '/api/admin/eggs?search=paper')).body.data[0];

    // The member's wizard: the "us" location (its tag), Minecraft, Paper.
    const { context, page } = await newPage(browser, hostdeck.baseUrl);
    await register(page, newMember());
    await page.goto('/server/create');
    await page.getByTestId(`location-${us.id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId(`category-${egg.category_id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId(`egg-${egg.id}`).click();
    await page.getByTestId('step-next').click();
    await page.getByTestId('server-name').fill('Pelican Survival');
    await page.getByTestId('server-submit').click();
    await page.waitForURL('**/dashboard');

    // Built by the worker on the node carrying the tag, with a port, and shown on the dashboard.
    await page.getByTestId('server-card').filter({ hasText: 'Pelican Survival' }).waitFor();
    const built = pelican.state.servers.find((s) => s.name === 'Pelican Survival');
    const usNode = pelican.state.nodes.find((n) => n.tags?.includes('us'));
    expect(built?.node).toBe(usNode?.id);
    expect(built?.allocation).not.toBeNull();
    await context.close();
    await adminContext.close();
  });
});
