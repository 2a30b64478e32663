// The icons the app's shell draws (its header), apart from the others: the app's entry
// imports this module, and every icon of icons.ts it imported would load before the
// first screen. From Tabler Icons 3.51, as icons.ts.
import { outlineIcon } from './outline-icon';

export const IconLogout = outlineIcon('logout', [
  'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2',
  'M9 12h12l-3 -3',
  'M18 15l3 -3',
]);
export const IconMathFunction = outlineIcon('math-function', [
  'M3 19a2 2 0 0 0 2 2c2 0 2 -4 3 -9s1 -9 3 -9a2 2 0 0 1 2 2',
  'M5 12h6',
  'M15 12l6 6',
  'M15 18l6 -6',
]);
export const IconMoon = outlineIcon('moon', [
  'M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008',
]);
export const IconSun = outlineIcon('sun', [
  'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
]);
