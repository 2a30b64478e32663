export type TokenKind =
  | 'number'
  | 'string'
  | 'column'
  | 'word'
  | 'operator'
  | 'open'
  | 'close'
  | 'comma'
  | 'unknown';

/** One lexical unit of an expression. Offsets count UTF-16 code units. */
export interface Token {
  kind: TokenKind;
  start: number;
  /** Offset just past the token's last code unit. */
  end: number;
  /** The token exactly as written, quotes and backticks included. */
  text: string;
  /** Upper-cased text for words, so keyword and function checks compare one form; '' otherwise. */
  upper: string;
  /** A string or column reference whose closing quote or backtick never came. */
  unterminated: boolean;
}
