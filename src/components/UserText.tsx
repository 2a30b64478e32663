import {
  codePointLabel,
  hiddenCharacterDescription,
  textParts,
} from '../contract/hidden-characters';
import classes from './UserText.module.css';

/**
 * A person's text (a field's name, an owner, a note) as it is: set apart from the
 * sentence around it, so its direction cannot turn that sentence, and with each
 * hidden or direction-changing character shown as its code point. For text in
 * attributes (titles, labels), `showHiddenCharacters`.
 */
export function UserText({ text }: { text: string }) {
  return (
    <bdi>
      {textParts(text).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <span
            key={index}
            className={classes.hidden}
            title={hiddenCharacterDescription(part.hidden)}
          >
            ⟨{codePointLabel(part.hidden)}⟩
          </span>
        ),
      )}
    </bdi>
  );
}
