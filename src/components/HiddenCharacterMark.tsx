import { codePointLabel, hiddenCharacterDescription } from '../contract/hidden-characters';
import classes from './HiddenCharacterMark.module.css';

/**
 * A hidden character shown as its code point, `⟨U+202E⟩`, named on hover and to a
 * screen reader. In a person's text (`UserText`) the code point stands in for the
 * character; with `kept` (an expression, whose offsets and copies stay exact) the
 * character stays in the text and its code point is drawn before it.
 */
export function HiddenCharacterMark({ code, kept = false }: { code: number; kept?: boolean }) {
  const label = codePointLabel(code);
  const title = hiddenCharacterDescription(code);
  return kept ? (
    <span className={classes.mark} data-code={label} title={title}>
      {String.fromCodePoint(code)}
    </span>
  ) : (
    <span className={classes.mark} title={title}>
      ⟨{label}⟩
    </span>
  );
}
