import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // The default shade of blue is too light for text contrast on white.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
});
