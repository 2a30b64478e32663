import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const header =
  '/* Written by theme-variables.test.tsx from theme.ts; after changing the theme, run\n' +
  '   npx vitest run src/app/theme-variables.test.tsx -u */\n';

/** The CSS variables Mantine's provider derives from the theme and writes into the page. */
function variablesTheProviderWrites(): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  const style = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(markup);
  if (!style) throw new Error(`the provider wrote no variables: ${markup.slice(0, 200)}`);
  return style[1]!;
}

it('the theme-variables.css the app loads holds the variables the provider would write', async () => {
  await expect(header + variablesTheProviderWrites()).toMatchFileSnapshot('./theme-variables.css');
});
