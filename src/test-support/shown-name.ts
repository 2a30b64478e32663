/**
 * Matches an accessible name that reads `text`, a code point such as ⟨U+202E⟩ within
 * it. happy-dom gives elements no computed display, so the name's computation takes
 * the marker's span for a block and puts a space on either side; a browser does not.
 */
export function shownName(text: string) {
  return (name: string) => name.replace(/ ?(⟨U\+[0-9A-F]{4,6}⟩) ?/g, '$1') === text;
}
