import type { Plugin } from 'vite';

const stubId = '\0app-shell-scroll-class';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll for one class
 * name (`RemoveScroll.classNames.zeroRight`), which brought the whole library (its
 * component, sidecar and style singleton, about 23 kB rendered) into the entry. They are
 * given the library's own class names instead; Modal and Drawer still import the library.
 */
export function appShellScrollClass(): Plugin {
  return {
    name: 'app-shell-scroll-class',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'react-remove-scroll' &&
        importer !== undefined &&
        /[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside)[\\/][^\\/]+\.mjs$/.test(importer)
      )
        return stubId;
      return null;
    },
    load(id) {
      if (id !== stubId) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}
