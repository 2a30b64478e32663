import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { IconCheck } from './icons';
import { outlineIcon } from './outline-icon';

test('an icon is an outline on a 24-unit grid, 24 px and the text’s colour by default', () => {
  const { container } = render(<IconCheck />);
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
  expect(svg.getAttribute('width')).toBe('24');
  expect(svg.getAttribute('height')).toBe('24');
  expect(svg.getAttribute('fill')).toBe('none');
  expect(svg.getAttribute('stroke')).toBe('currentColor');
  expect(svg.getAttribute('stroke-width')).toBe('2');
  expect(svg.getAttribute('class')).toBe('icon icon-check');
  expect([...svg.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual([
    'M5 12l5 5l10 -10',
  ]);
});

test('size, colour, line width, class and other attributes reach the drawing', () => {
  const Icon = outlineIcon('two-lines', ['M1 1h2', 'M1 3h2']);
  const { container } = render(
    <Icon size={14} color="red" stroke={1.5} className="muted" aria-label="Two lines" />,
  );
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('width')).toBe('14');
  expect(svg.getAttribute('stroke')).toBe('red');
  expect(svg.getAttribute('stroke-width')).toBe('1.5');
  expect(svg.getAttribute('class')).toBe('icon icon-two-lines muted');
  expect(svg.getAttribute('aria-label')).toBe('Two lines');
  expect(svg.querySelectorAll('path')).toHaveLength(2);
});
