import { describeToken } from './describe-token';
import { isKeywordOf } from './keywords';
import { endsOperand, startsOperand } from './operand-boundaries';
import type { Problem } from './problem';
import type { Token } from './token';

/** Thrown to unwind the parser at the first syntax error; caught by checkSyntax only. */
export class SyntaxFailure {
  constructor(
    readonly problem: Problem,
    /** The tokens ran out, which an unclosed quote or backtick at the end already explains. */
    readonly atEndOfInput: boolean,
  ) {}
}

/** Walks the tokens for the parser and words its failures. */
export class TokenCursor {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  previous(): Token | undefined {
    return this.tokens[this.index - 1];
  }

  /** Consumes the current token; callers have already seen it with peek. */
  advance(): Token {
    const token = this.tokens[this.index];
    if (token === undefined) throw new Error('parser advanced past the last token');
    this.index += 1;
    return token;
  }

  skip(count = 1): void {
    this.index += count;
  }

  /** Consumes the current token when it is the keyword. */
  skipKeyword(keyword: string): boolean {
    if (!isKeywordOf(this.peek(), keyword)) return false;
    this.index += 1;
    return true;
  }

  /** Consumes a comma; false when the current token is not one. */
  skipComma(): boolean {
    if (this.peek()?.kind !== 'comma') return false;
    this.index += 1;
    return true;
  }

  expectKeyword(keyword: string, message: string): void {
    if (!this.skipKeyword(keyword)) this.failAt(this.peek(), message);
  }

  /** `expected` names what else could have come before the ')'. */
  expectClose(open: Token, expected: string): void {
    const next = this.peek();
    if (next === undefined) this.failNeverClosed(open);
    if (next.kind !== 'close') this.failUnexpected(next, expected);
    this.index += 1;
  }

  failNeverClosed(open: Token): never {
    this.failAtEnd(open.start, `missing ')' to close the '(' at position ${open.start}`, open.end);
  }

  /** Prefers naming what went wrong (a missing operator, a stray character) over what was expected. */
  failUnexpected(token: Token, expected: string): never {
    if (token.kind === 'unknown') this.failUnknown(token);
    if (this.isMissingOperator(token)) this.failMissingOperator(token);
    if (isKeywordOf(token, 'OVER')) {
      this.failOn(token, `OVER at position ${token.start} must follow a function call`);
    }
    this.failOn(
      token,
      `unexpected ${describeToken(token)} at position ${token.start}; expected ${expected}`,
    );
  }

  /** Two operands in a row. */
  isMissingOperator(token: Token): boolean {
    return startsOperand(token) && endsOperand(this.previous());
  }

  failMissingOperator(token: Token): never {
    const previous = this.previous();
    const between =
      previous === undefined
        ? ''
        : ` between ${describeToken(previous)} at position ${previous.start} and`;
    this.failOn(
      token,
      `missing operator${between} ${describeToken(token)} at position ${token.start}`,
    );
  }

  failUnknown(token: Token): never {
    this.failOn(token, `unexpected character ${describeToken(token)} at position ${token.start}`);
  }

  /** Fails at the token, or at the end of the input when there is none. */
  failAt(token: Token | undefined, message: string): never {
    if (token === undefined) this.failAtEnd(this.previous()?.end ?? 0, message);
    if (token.kind === 'unknown') this.failUnknown(token);
    this.failOn(token, message);
  }

  /** Fails with the problem spanning the token. */
  failOn(token: Token, message: string): never {
    throw new SyntaxFailure({ start: token.start, end: token.end, message }, false);
  }

  fail(start: number, message: string): never {
    throw new SyntaxFailure({ start, message }, false);
  }

  failAtEnd(start: number, message: string, end?: number): never {
    throw new SyntaxFailure(end === undefined ? { start, message } : { start, end, message }, true);
  }
}
