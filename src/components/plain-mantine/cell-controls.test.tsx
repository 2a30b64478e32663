import { Checkbox, CheckIcon, Switch } from '@mantine/core';
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { CellCheckbox } from './CellCheckbox';
import { CellSwitch } from './CellSwitch';

// The row's checkbox and switch draw Mantine's controls with the input alone
// (cell-controls.module.css). Each value they copy is checked here against Mantine's
// own style sheets and components, so an upgrade that changes one fails here first.

const styleSheet = (path: string) =>
  readFileSync(createRequire(import.meta.url).resolve(path), 'utf8');
const cellControlsCss = styleSheet('./cell-controls.module.css');
const mantineCheckboxCss = styleSheet('@mantine/core/styles/Checkbox.css');
const mantineSwitchCss = styleSheet('@mantine/core/styles/Switch.css');

/** The value of the first declaration of `property` in a style sheet's text. */
function declared(css: string, property: string): string {
  const match = new RegExp(`(?:^|[;{\\s])${property}:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`${property} is not declared`);
  return match[1]!.trim();
}

/** The declarations of the rule whose whole selector is `selector` (not one of a list). */
function rule(css: string, selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[}/])\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`no rule for ${selector}`);
  return match[1]!;
}

test.each([
  ['--switch-height', '--switch-height-sm'],
  ['--switch-width', '--switch-width-sm'],
  ['--switch-thumb-size', '--switch-thumb-size-sm'],
  ['--switch-track-label-padding', '--switch-track-label-padding-sm'],
  ['--switch-radius', '--switch-radius'],
])('the switch’s %s is Mantine’s %s', (ours, mantines) => {
  expect(declared(cellControlsCss, ours)).toBe(declared(mantineSwitchCss, mantines));
});

test('the switch’s track and thumb take Mantine’s colours in each scheme', () => {
  const track = Switch.classes.track;
  const thumb = Switch.classes.thumb;
  for (const scheme of ['light', 'dark']) {
    expect(
      declared(
        rule(cellControlsCss, `[data-mantine-color-scheme='${scheme}'] .switch`),
        '--switch-bg',
      ),
    ).toBe(
      declared(
        rule(mantineSwitchCss, `[data-mantine-color-scheme='${scheme}'] .${track}`),
        '--switch-bg',
      ),
    );
  }
  const checked = rule(cellControlsCss, '[data-mantine-color-scheme] .switch:checked');
  expect(declared(checked, '--switch-bg')).toBe(declared(mantineSwitchCss, '--switch-color'));
  expect(declared(rule(cellControlsCss, '.switch::before'), 'background-color')).toBe(
    /var\(--switch-thumb-bg, (.+)\)$/.exec(
      declared(rule(mantineSwitchCss, `.${thumb}`), 'background-color'),
    )![1],
  );
  // The dot in the thumb: Mantine's is 40% of the thumb, in the track's colour.
  const dot = rule(mantineSwitchCss, `.${thumb}:where([data-with-thumb-indicator])::before`);
  expect(declared(dot, 'width')).toBe('40%');
  expect(declared(dot, 'background-color')).toBe('var(--switch-bg)');
  const ourDot = rule(cellControlsCss, '.switch::after');
  expect(declared(ourDot, 'width')).toBe('calc(var(--switch-thumb-size) * 0.4)');
  expect(declared(ourDot, 'background-color')).toBe('var(--switch-bg)');
});

test('the checkbox has Mantine’s size, radius and colour, and its check mark', () => {
  expect(declared(cellControlsCss, '--checkbox-size')).toBe(
    declared(mantineCheckboxCss, '--checkbox-size-sm'),
  );
  renderWithProviders(
    <>
      <Checkbox aria-label="Mantine’s" />
      <CheckIcon data-testid="check" />
    </>,
  );
  const mantineRoot = screen
    .getByRole('checkbox', { name: 'Mantine’s' })
    .closest<HTMLElement>(`.${Checkbox.classes.root}`)!;
  for (const variable of ['--checkbox-radius', '--checkbox-color']) {
    expect(declared(cellControlsCss, variable)).toBe(mantineRoot.style.getPropertyValue(variable));
  }
  // Mantine's icon is 60% of the box wide, centred; ours is the same path as a background.
  expect(declared(rule(mantineCheckboxCss, `.${Checkbox.classes.icon}`), 'width')).toBe('60%');
  const checked = rule(cellControlsCss, '.checkbox:checked');
  expect(declared(checked, 'background-size')).toBe('60% auto');
  const path = screen.getByTestId('check').querySelector('path')!.getAttribute('d')!;
  expect(decodeURIComponent(declared(checked, 'background-image'))).toContain(`d='${path}'`);
});

test('a row checkbox is a named checkbox with Mantine’s input class, and reports a click', async () => {
  const onChange = vi.fn(
    (event: { currentTarget: HTMLInputElement }) => event.currentTarget.checked,
  );
  const { user } = renderWithProviders(
    <>
      <Checkbox aria-label="Mantine’s" />
      <CellCheckbox label="Select Revenue" checked={false} onChange={onChange} />
    </>,
  );
  const box = screen.getByRole('checkbox', { name: 'Select Revenue' });
  expect(box).not.toBeChecked();
  const mantineInput = screen.getByRole('checkbox', { name: 'Mantine’s' });
  // Mantine's own classes, not its theming hooks (`mantine-Checkbox-input`).
  const drawing = [...mantineInput.classList].filter((name) => !/^mantine-[A-Z]/.test(name));
  expect(drawing).toContain('mantine-focus-auto');
  expect(box).toHaveClass(...drawing);

  await user.click(box);

  expect(onChange).toHaveReturnedWith(true);
});

test('a row switch is a named switch, marked unavailable while its change is on its way', async () => {
  const onChange = vi.fn(
    (event: { currentTarget: HTMLInputElement }) => event.currentTarget.checked,
  );
  const { user } = renderWithProviders(
    <>
      <CellSwitch label="Lock Revenue" checked pending={false} onChange={onChange} />
      <CellSwitch label="Lock Margin" checked={false} pending onChange={onChange} />
    </>,
  );
  const settled = screen.getByRole('switch', { name: 'Lock Revenue' });
  expect(settled).toBeChecked();
  expect(settled).not.toHaveAttribute('aria-disabled');
  expect(settled).not.toHaveStyle({ opacity: '0.6' });

  await user.click(settled);
  expect(onChange).toHaveReturnedWith(false);

  const pending = screen.getByRole('switch', { name: 'Lock Margin' });
  expect(pending).not.toBeChecked();
  expect(pending).toHaveAttribute('aria-disabled', 'true');
  expect(pending).toHaveStyle({ opacity: '0.6', cursor: 'progress' });
});
