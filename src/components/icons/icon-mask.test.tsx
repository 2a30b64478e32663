import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { NamedIdCell } from '../plain-mantine/NamedIdCell';
import { StatusBadge } from '../StatusBadge';
import { IconCircleCheck, IconCopy } from './icons';
import icon from './masked-icon.module.css';

/** The outline an element draws by CSS (icon-mask.ts): its paths, size and colour. */
function drawnIcon(element: HTMLElement) {
  const svg = decodeURIComponent(element.style.getPropertyValue('--icon-mask'));
  return {
    drawn: element.classList.contains(icon.maskedIcon!),
    paths: [...svg.matchAll(/<path d="([^"]*)"\/>/g)].map((match) => match[1]),
    size: element.style.getPropertyValue('--icon-size'),
    color: element.style.getPropertyValue('--icon-color'),
  };
}

// Rows of the fields table draw these icons by CSS, without an svg and its paths.

test('a cell’s copy button draws the copy icon itself, with no elements inside', async () => {
  renderWithProviders(<NamedIdCell name="Ada" id={17} what="owner" />);
  const button = await screen.findByRole('button', { name: 'Copy the owner id 17' });
  expect(button.children).toHaveLength(0);
  expect(drawnIcon(button)).toEqual({
    drawn: true,
    paths: IconCopy.paths,
    size: '12px',
    color: '',
  });
});

test('a valid status draws its teal check mark beside the text, with no svg', async () => {
  renderWithProviders(<StatusBadge status="VALID" />);
  const group = (await screen.findByText('VALID')).parentElement!;
  expect(group.querySelector('svg')).toBeNull();
  expect(drawnIcon(group)).toEqual({
    drawn: true,
    paths: IconCircleCheck.paths,
    size: '16px',
    color: 'var(--mantine-color-teal-text)',
  });
});
