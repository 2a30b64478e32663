// A floor for the app's first rows: React alone, sending the app's first search as
// soon as its script runs and drawing the answer as a plain table that the
// benchmark's probe reads as the app's (its label, rows with aria-rowindex).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SearchResultItem } from '../../src/contract/field';
import { columns, sendFirstSearch } from './first-search';

const answer = sendFirstSearch();

function FirstRows() {
  const [fields, setFields] = useState<SearchResultItem[]>([]);
  useEffect(() => void answer.then(({ results }) => setFields(results)), []);
  return (
    <table aria-label="Calculated fields">
      <thead>
        <tr>
          {columns.map(([title]) => (
            <th key={title}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {fields.map((field, index) => (
          <tr key={field.id} aria-rowindex={index + 2}>
            {columns.map(([title, text]) => (
              <td key={title}>{text(field)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

createRoot(document.getElementById('root')!).render(<FirstRows />);
