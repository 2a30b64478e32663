import { e2eUrl } from '../../playwright.config';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { directoryLookupQuery } from '../../src/contract/directory';
import { e2eToken, expect, test } from '../support/fixtures';

test.use({ baseURL: e2eUrl('proxy') });

// Through the proxy the app meets an instance as production is: names from its
// users, cards and data-source endpoints, but no directory extension (the proxy
// does not forward it), so no column lists.

test('without the directory, the drawer names the owner and says which checks it cannot make', async ({
  api,
  drawer,
  playwright,
  baseURL,
}) => {
  const broken = await api.search({
    filters: [{ field: 'invalidlink' }],
    // Before the proxy's first scan completes it refuses a sort the instance does not offer.
    sort: { field: 'name', ascending: true },
    limit: 100,
  });
  const item = broken.results.find((result) =>
    result.links.some((link) => link.resource.type === 'DATA_SOURCE' && link.valid !== 'VALID'),
  )!;
  const field = await api.field(item.id);
  const source = field.links.find((link) => link.resource.type === 'DATA_SOURCE')!.resource.id;
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
  });
  const directory = await request.get(
    `${apiPaths.directory}?${directoryLookupQuery({ dataSources: [source] })}`,
  );
  expect(directory.status()).toBe(404);

  await drawer.page.goto(`/fields/${field.id}`);
  await expect(drawer.dialog.getByRole('heading', { name: field.name, exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const [owner] = await api.users([field.owner]);
  await expect(drawer.dialog.getByText(owner!.displayName, { exact: true }).first()).toBeVisible();
  await expect(
    drawer.dialog.getByRole('button', { name: `Copy the owner id ${field.owner}` }).first(),
  ).toBeVisible();
  // The instance names the data source; its id is on the row's copy button.
  const linkRow = drawer
    .section('Links')
    .getByRole('row')
    .filter({
      has: drawer.page.getByRole('button', { name: `Copy the data source id ${source}` }),
    });
  await expect(linkRow).toContainText('ILLEGAL_REFERENCE');
  await expect(linkRow).toContainText(
    'This instance does not list its data sources’ columns, so which reference is missing cannot be told here.',
  );
  await expect(drawer.section('References')).toContainText('does not list the columns of');
  await expect(drawer.section('References')).not.toContainText('missing');
});
