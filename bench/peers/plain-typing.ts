// A floor for typing a name: a plain search box that sends each key's search at once
// (aborting the one before, as the app does) and draws the answer as a plain table,
// with the count and the rows the benchmark's probe reads as the app's. No framework.
import type { SearchResultItem } from '../../src/contract/field';
import type { SearchRequest } from '../../src/contract/search';
import { columns, sendSearch } from './first-search';

/** The search /fields sends for its default view; each key sends it with the box's text as the name. */
declare const FIRST_SEARCH: SearchRequest;

const box = document.querySelector<HTMLInputElement>('input[type="search"]')!;
const count = document.querySelector('main p')!;
const rows = document.querySelector('tbody')!;
let inFlight: AbortController | undefined;

function row(field: SearchResultItem, index: number) {
  const tr = document.createElement('tr');
  tr.setAttribute('aria-rowindex', String(index + 2));
  for (const [title, text] of columns) {
    const td = tr.appendChild(document.createElement('td'));
    if (title !== 'Name') td.textContent = text(field);
    else {
      const link = td.appendChild(document.createElement('a'));
      link.href = `/fields/${field.id}`;
      link.textContent = text(field);
    }
  }
  return tr;
}

async function searchFor(name: string) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const answer = await sendSearch({ ...FIRST_SEARCH, name }, controller.signal);
  count.textContent = `${answer.totalHits.toLocaleString()} matching`;
  rows.replaceChildren(...answer.results.map(row));
}

const send = () =>
  searchFor(box.value).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
  });
box.addEventListener('input', () => void send());
void send();
