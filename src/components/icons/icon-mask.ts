import type { CSSProperties } from 'react';
import { outline } from './outline-icon';

type IconMaskStyle = CSSProperties & Record<`--icon-${string}`, string>;

/**
 * An outline icon (icons.ts) drawn by CSS, as the `::before` of the element given
 * `maskedIcon` (masked-icon.module.css) and this style: where a table draws an icon on
 * every row, one pseudo-element instead of an svg and its paths, each of which the
 * browser creates, styles, lays out and paints for every row scrolled in
 * (docs/web-app.md, "The fields table"). Tabler's outline, as outlineIcon draws it;
 * the colour is the text's unless `color` names another.
 */
export function iconMaskStyle(
  icon: { paths: readonly string[] },
  sizePx: number,
  color?: string,
): IconMaskStyle {
  const paths = icon.paths.map((path) => `<path d="${path}"/>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${outline.viewBox}" fill="none" stroke="black"` +
    ` stroke-width="${outline.strokeWidth}" stroke-linecap="${outline.strokeLinecap}"` +
    ` stroke-linejoin="${outline.strokeLinejoin}">${paths}</svg>`;
  return {
    '--icon-mask': `url("data:image/svg+xml,${encodeURIComponent(svg)}")`,
    '--icon-size': `${sizePx}px`,
    ...(color && { '--icon-color': color }),
  };
}
