import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { hiddenInExpression } from '../../../analysis/characters';
import { HiddenCharacterMark } from '../../../components/HiddenCharacterMark';
import type { ReferenceKind } from '../explanation/check-references';
import type { ExpressionLine, LineSegment } from './expression-lines';
import classes from './ExpressionView.module.css';

/**
 * The expression, line by line, with a gutter of line numbers and markers, its
 * references highlighted by kind and its problems and findings underlined. The
 * text content is exactly the shown text: numbers and markers are drawn by CSS.
 */
export function ExpressionView({
  lines,
  kinds,
  current,
  pointedName,
}: {
  lines: ExpressionLine[];
  kinds: ReadonlyMap<string, ReferenceKind>;
  /** The key of the mark that stands out; it is scrolled into view. */
  current?: string;
  /** The name whose every use is lit. */
  pointedName?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!current) return;
    box.current
      ?.querySelector('[data-current]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <div ref={box} className={classes.box} tabIndex={0} role="group" aria-label="Expression text">
      <pre className={classes.expression} data-testid="expression">
        {lines.map((line, index) => (
          <span
            key={line.number}
            className={classes.line}
            data-line={line.number}
            data-tone={line.tone}
            title={line.messages.length > 0 ? line.messages.join('\n') : undefined}
          >
            <span className={classes.code}>
              {line.segments.map((segment, at) => (
                <Segment
                  key={at}
                  segment={segment}
                  kinds={kinds}
                  current={current}
                  pointedName={pointedName}
                />
              ))}
              {index < lines.length - 1 ? '\n' : null}
            </span>
          </span>
        ))}
      </pre>
    </div>
  );
}

function Segment({
  segment,
  kinds,
  current,
  pointedName,
}: {
  segment: LineSegment;
  kinds: ReadonlyMap<string, ReferenceKind>;
  current?: string;
  pointedName?: string;
}) {
  const carets = segment.carets.map((caret) => (
    <span
      key={caret.key}
      className={classes.caret}
      data-tone={caret.tone}
      data-current={caret.key === current || undefined}
    />
  ));
  if (segment.text === '') return <>{carets}</>;
  const reference = segment.marks.find((mark) => mark.kind === 'reference');
  const problem = segment.marks.some((mark) => mark.kind === 'problem');
  const finding = ['error', 'warning', 'info'].find((tone) =>
    segment.marks.some((mark) => mark.kind === 'finding' && mark.tone === tone),
  );
  const name = reference?.name;
  return (
    <>
      {carets}
      <span
        className={segment.marks.length > 0 ? classes.marked : undefined}
        data-column={name === undefined ? undefined : `\`${name}\``}
        data-kind={name === undefined ? undefined : (kinds.get(name) ?? 'searching')}
        data-active={(name !== undefined && name === pointedName) || undefined}
        data-problem={problem || undefined}
        data-finding={problem ? undefined : finding}
        data-current={segment.marks.some((mark) => mark.key === current) || undefined}
      >
        {withHiddenCharactersShown(segment.text)}
      </span>
    </>
  );
}

/** Each hidden character kept in the text (offsets and copies stay exact), marked. */
function withHiddenCharactersShown(text: string) {
  const hidden = hiddenInExpression(text);
  if (hidden.length === 0) return text;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const { at, code } of hidden) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<HiddenCharacterMark key={at} code={code} kept />);
    from = at + String.fromCodePoint(code).length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
