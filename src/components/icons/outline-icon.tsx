import type { SVGProps } from 'react';

/** An icon's props: its size in pixels, its colour and line width, and any SVG attribute. */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'stroke'> {
  size?: number | string;
  stroke?: number | string;
}

/** Tabler's outline: a 24-unit grid, no fill, round lines 2 units wide (icon-mask.ts draws it too). */
export const outline = {
  viewBox: '0 0 24 24',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/**
 * An outline icon drawn on a 24-unit grid from its paths, with Tabler's defaults
 * (24 px, the text's colour, lines 2 units wide).
 */
export function outlineIcon(name: string, paths: readonly string[]) {
  function OutlineIcon({
    size = 24,
    color = 'currentColor',
    stroke = outline.strokeWidth,
    className,
    ...rest
  }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox={outline.viewBox}
        fill="none"
        stroke={color}
        strokeWidth={stroke}
        strokeLinecap={outline.strokeLinecap}
        strokeLinejoin={outline.strokeLinejoin}
        className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`}
        {...rest}
      >
        {paths.map((path) => (
          <path key={path} d={path} />
        ))}
      </svg>
    );
  }
  OutlineIcon.displayName = `Icon(${name})`;
  // The paths, for drawing the same icon with CSS (icon-mask.ts).
  return Object.assign(OutlineIcon, { paths });
}
