import { ActionIcon } from '@mantine/core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import icon from '../components/icons/masked-icon.module.css';
import { renderWithProviders } from './render-with-providers';

const ignoredAttributes = new Set(['id', 'for', 'class', 'style']);

function describe(element: Element): unknown {
  const classes = [...element.classList].filter(
    (name) => !/^mantine-[A-Z]/.test(name) || name === 'mantine-focus-auto',
  );
  const attributes = Object.fromEntries(
    [...element.attributes]
      .filter((attribute) => !ignoredAttributes.has(attribute.name))
      .map((attribute) => [attribute.name, attribute.value]),
  );
  const style = (element.getAttribute('style') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .sort();
  return {
    tag: element.tagName,
    classes: classes.sort(),
    attributes,
    style,
    text: element.children.length === 0 ? element.textContent : undefined,
    children: [...element.children].map(describe),
  };
}

/** Mantine's icon elements: the svg, and an ActionIcon's wrapper around it. */
function removeIconElements(root: Element) {
  for (const element of root.querySelectorAll(`svg, .${ActionIcon.classes.icon}`)) element.remove();
}

/** The class and variables with which an element draws an icon by CSS (icon-mask.ts). */
function removeDrawnIcons(root: Element) {
  for (const element of root.querySelectorAll<HTMLElement>(`.${icon.maskedIcon}`)) {
    element.classList.remove(icon.maskedIcon!);
    for (const name of ['--icon-mask', '--icon-size', '--icon-color'])
      element.style.removeProperty(name);
  }
}

/**
 * Renders Mantine's component and its plain-element copy (components/plain-mantine) side
 * by side and expects the same elements: tag, classes, data attributes, ARIA and style.
 * Mantine's per-instance ids and its theming hooks ("mantine-Checkbox-root") are left
 * out; nothing styles by them. With `drawnIcons`, the plain copy draws its icons by CSS
 * instead of Mantine's icon elements: those are compared without the icons, which the
 * test checks apart.
 */
export async function sameMarkup(
  mantine: ReactElement,
  plain: ReactElement,
  { drawnIcons = false } = {},
) {
  renderWithProviders(
    <>
      <div data-testid="mantine">{mantine}</div>
      <div data-testid="plain">{plain}</div>
    </>,
  );
  const [expected, actual] = await Promise.all([
    screen.findByTestId('mantine'),
    screen.findByTestId('plain'),
  ]);
  if (drawnIcons) {
    removeIconElements(expected);
    removeDrawnIcons(actual);
  }
  expect(describe(actual)).toEqual({
    ...(describe(expected) as object),
    attributes: { 'data-testid': 'plain' },
  });
}
