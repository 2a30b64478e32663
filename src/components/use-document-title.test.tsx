import { render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { useDocumentTitle } from './use-document-title';

function Titled({ title, layer }: { title: string; layer?: 'page' | 'dialog' }) {
  useDocumentTitle(title, layer);
  return null;
}

/** Every title written to the document from now on. */
function watchTitleWrites() {
  const written: string[] = [];
  let owner: object | null = document;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'title'))
    owner = Object.getPrototypeOf(owner);
  const own = Object.getOwnPropertyDescriptor(owner!, 'title')!;
  Object.defineProperty(document, 'title', {
    configurable: true,
    get: () => own.get!.call(document) as string,
    set: (title: string) => {
      written.push(title);
      own.set!.call(document, title);
    },
  });
  return written;
}

afterEach(() => {
  // The document's own title again, from its prototype.
  Reflect.deleteProperty(document, 'title');
});

test('a page’s new title is written once, with nothing in between', () => {
  const page = render(<Titled title="Fields matching “re”" />);
  const written = watchTitleWrites();

  page.rerender(<Titled title="Fields matching “rev”" />);

  expect(written).toEqual(['Fields matching “rev” · Calculated fields']);
  expect(document.title).toBe('Fields matching “rev” · Calculated fields');
});

test('a dialog names the tab while it is open, and the page again once it closes', () => {
  const page = render(<Titled title="Fields" />);
  const dialog = render(<Titled title="Revenue YoY" layer="dialog" />);
  expect(document.title).toBe('Revenue YoY · Calculated fields');

  dialog.rerender(<Titled title="Cost YoY" layer="dialog" />);
  expect(document.title).toBe('Cost YoY · Calculated fields');
  dialog.unmount();
  expect(document.title).toBe('Fields · Calculated fields');
  page.unmount();
  expect(document.title).toBe('Calculated fields');
});
