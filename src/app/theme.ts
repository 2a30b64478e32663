import { Button, createTheme, Notification } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // The default shade of blue is too light for text contrast on white.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
  components: {
    Button: Button.extend({
      // A subtle button under the pointer took the primary colour's hover shade, on
      // which its own text fell below 4.5:1 in the light scheme; the lighter shade keeps
      // the hover visible and the text legible in both schemes.
      vars: (_theme, props) =>
        props.variant === 'subtle' && props.color === undefined
          ? { root: { '--button-hover': 'var(--mantine-primary-color-light)' } }
          : { root: {} },
    }),
    // A dialog's title often carries a field's name, which is the person's text: a long
    // name without spaces wraps rather than running past the dialog's edge. Plain
    // objects, not Modal.extend: importing the dialogs here would put them in the entry.
    Modal: { styles: { title: { overflowWrap: 'anywhere' } } },
    Drawer: { styles: { title: { overflowWrap: 'anywhere' } } },
    Notification: Notification.extend({
      // Mantine's grey under a title is below 4.5:1; its close button has no name.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
    }),
  },
});

/**
 * Mantine's dimmed grey, error red and the text of light yellow and orange (alert
 * titles, badges such as a dry run's "skipped") are below the 4.5:1 contrast small
 * text needs.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#6b4500',
    '--mantine-color-orange-light-color': '#a33a00',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
