import { textParts } from '../contract/hidden-characters';
import { HiddenCharacterMark } from './HiddenCharacterMark';

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
        typeof part === 'string' ? part : <HiddenCharacterMark key={index} code={part.hidden} />,
      )}
    </bdi>
  );
}
