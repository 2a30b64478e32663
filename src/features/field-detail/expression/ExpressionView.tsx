import { useEffect, useRef } from 'react';
import type { ReferenceKind } from '../explanation/check-references';
import type { ExpressionLine, LineSegment } from './expression-lines';
import classes from './ExpressionView.module.css';

/** Characters that take no room: shown by a symbol so their marks can be seen. */
const INVISIBLE = /(\u200b|\u200c|\u200d|\u2060|\ufeff)/;

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
        {withVisibleInvisibles(segment.text)}
      </span>
    </>
  );
}

function withVisibleInvisibles(text: string) {
  if (!INVISIBLE.test(text)) return text;
  return text.split(INVISIBLE).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className={classes.invisible}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
