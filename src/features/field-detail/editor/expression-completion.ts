import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';

/** A calculated field another expression can nest. */
export interface NestableField {
  id: number;
  name: string;
}

export interface CompletionSources {
  /** The columns of the field's data sources. */
  columns: readonly string[];
  functions: readonly string[];
  /** Other fields whose name contains the typed word. */
  findFields: (word: string, signal: AbortSignal) => Promise<readonly NestableField[]>;
}

/** Another field is nested by id; its name is what the person reads and types. */
export const nestedFieldCall = (id: number) => `SERVICE_BEAST_MODE(${id})`;

/**
 * Completes a column after a backtick, and a function or another field after a
 * word's first letters: columns of the data sources, the analyzer's functions, and
 * fields inserted as SERVICE_BEAST_MODE(<id>).
 */
export function expressionCompletion(sources: CompletionSources): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const column = context.matchBefore(/`[^`]*/);
    if (column) {
      return {
        from: column.from,
        options: sources.columns.map((name) => ({
          label: `\`${name}\``,
          type: 'variable',
          detail: 'column',
        })),
        validFor: /^`[^`]*$/,
      };
    }
    const word = context.matchBefore(/[A-Za-z_]\w*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const typed = word.text.trim();
    const controller = new AbortController();
    context.addEventListener('abort', () => controller.abort());
    const fields = typed.length >= 2 ? await sources.findFields(typed, controller.signal) : [];
    if (context.aborted) return null;
    const functions: Completion[] = sources.functions.map((name) => ({
      label: name,
      type: 'function',
      apply: `${name}(`,
    }));
    const nested: Completion[] = fields.map((field) => ({
      label: field.name,
      type: 'class',
      detail: `field ${field.id}`,
      apply: nestedFieldCall(field.id),
    }));
    return { from: word.from, options: [...functions, ...nested] };
  };
}
