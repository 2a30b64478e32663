import { describeToken } from './describe-token';
import type { ExpressionReader } from './expression-reader';
import { isIdentifier, isKeyword, isKeywordOf } from './keywords';
import {
  ADDITIVE_POWER,
  AND_POWER,
  BETWEEN_POWER,
  COMPARISON_POWER,
  NOT_POWER,
  OR_POWER,
  SYMBOL_OPERATOR_POWER,
  UNARY_POWER,
} from './operators';
import { parseCall } from './parse-call';
import type { Problem } from './problem';
import type { Token } from './token';
import { SyntaxFailure, TokenCursor } from './token-cursor';

// Recursion follows nesting; a limit keeps pathological input (100,000 '(') from
// exhausting the stack. Real expressions nest a few dozen levels at most.
const MAX_NESTING_DEPTH = 256;

/** Words that make a following string a typed literal: DATE '2024-01-31'. */
const TYPED_LITERAL_TYPES: ReadonlySet<string> = new Set(['DATE', 'TIME', 'TIMESTAMP']);

/**
 * The first syntax error in the token stream, or undefined when it parses.
 * When the text ends inside an unclosed quote or backtick, running out of tokens is
 * a consequence of that (already reported) problem, so it is not reported again.
 */
export function checkSyntax(tokens: readonly Token[]): Problem | undefined {
  if (tokens.length === 0) return { start: 0, message: 'expression is empty' };
  try {
    new ExpressionParser(tokens).parseWhole();
    return undefined;
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    if (error.atEndOfInput && tokens[tokens.length - 1]?.unterminated) return undefined;
    return error.problem;
  }
}

class ExpressionParser implements ExpressionReader {
  readonly cursor: TokenCursor;
  private depth = 0;

  constructor(tokens: readonly Token[]) {
    this.cursor = new TokenCursor(tokens);
  }

  readExpression(minPower: number): void {
    this.parseExpression(minPower);
  }

  parseWhole(): void {
    this.parseExpression(0);
    const next = this.cursor.peek();
    if (next === undefined) return;
    if (next.kind === 'close') {
      this.cursor.failOn(next, `')' at position ${next.start} has no matching '('`);
    }
    this.cursor.failUnexpected(next, 'an operator or the end of the expression');
  }

  /** Pratt loop: an operand, then infix operators that bind tighter than minPower. */
  private parseExpression(minPower: number): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      const position = this.cursor.peek()?.start ?? this.cursor.previous()?.end ?? 0;
      this.cursor.fail(
        position,
        `expression nests more than ${MAX_NESTING_DEPTH} levels deep at position ${position}`,
      );
    }
    this.parseOperand();
    for (;;) {
      const power = this.infixPower();
      if (power === undefined || power <= minPower) break;
      this.parseInfix(power);
    }
    this.depth -= 1;
  }

  private infixPower(): number | undefined {
    const token = this.cursor.peek();
    if (token === undefined) return undefined;
    if (token.kind === 'operator') return SYMBOL_OPERATOR_POWER.get(token.text);
    if (!isKeyword(token)) return undefined;
    switch (token.upper) {
      case 'OR':
        return OR_POWER;
      case 'AND':
        return AND_POWER;
      case 'IS':
      case 'IN':
      case 'LIKE':
        return COMPARISON_POWER;
      case 'BETWEEN':
        return BETWEEN_POWER;
      case 'NOT':
        return this.negatedInfixPower(this.cursor.peek(1));
      default:
        return undefined;
    }
  }

  /** NOT IN, NOT LIKE and NOT BETWEEN bind like IN, LIKE and BETWEEN. */
  private negatedInfixPower(next: Token | undefined): number | undefined {
    if (isKeywordOf(next, 'IN') || isKeywordOf(next, 'LIKE')) return COMPARISON_POWER;
    if (isKeywordOf(next, 'BETWEEN')) return BETWEEN_POWER;
    return undefined;
  }

  private parseInfix(power: number): void {
    const operator = this.cursor.advance();
    if (operator.kind === 'operator') {
      this.parseExpression(power);
      return;
    }
    const word = operator.upper === 'NOT' ? this.cursor.advance() : operator;
    switch (word.upper) {
      case 'IS':
        this.parseIsTest(word);
        return;
      case 'IN':
        this.parseInList(word);
        return;
      case 'BETWEEN':
        this.parseBetween(word);
        return;
      default:
        // OR, AND, LIKE
        this.parseExpression(power);
    }
  }

  private parseIsTest(is: Token): void {
    this.cursor.skipKeyword('NOT');
    if (
      this.cursor.skipKeyword('NULL') ||
      this.cursor.skipKeyword('TRUE') ||
      this.cursor.skipKeyword('FALSE')
    ) {
      return;
    }
    this.cursor.failAt(
      this.cursor.peek(),
      `IS at position ${is.start} must be followed by NULL, TRUE or FALSE (optionally after NOT)`,
    );
  }

  private parseInList(inToken: Token): void {
    const open = this.cursor.peek();
    if (open?.kind !== 'open') {
      this.cursor.failAt(
        open,
        `IN at position ${inToken.start} must be followed by a list in parentheses`,
      );
    }
    this.cursor.skip();
    if (this.cursor.peek()?.kind === 'close') this.failEmptyParentheses(open);
    do this.parseExpression(0);
    while (this.cursor.skipComma());
    this.cursor.expectClose(open, "',' or ')'");
  }

  private parseBetween(between: Token): void {
    this.parseExpression(BETWEEN_POWER);
    this.cursor.expectKeyword('AND', `BETWEEN at position ${between.start} has no AND`);
    this.parseExpression(BETWEEN_POWER);
  }

  private parseOperand(): void {
    const token = this.cursor.peek();
    if (token === undefined) this.failMissingOperandAtEnd();
    switch (token.kind) {
      case 'number':
      case 'string':
        this.cursor.skip();
        return;
      case 'column':
        if (token.text === '``') {
          this.cursor.failOn(token, `empty column name at position ${token.start}`);
        }
        this.cursor.skip();
        return;
      case 'open':
        this.parseParenthesized();
        return;
      case 'operator':
        if (token.text === '-' || token.text === '+') {
          this.cursor.skip();
          this.parseExpression(UNARY_POWER);
          return;
        }
        break;
      case 'word':
        if (this.parseWordOperand(token)) return;
        break;
      default:
        break;
    }
    this.failMissingOperand(token);
  }

  /** False when the word cannot start an operand. */
  private parseWordOperand(word: Token): boolean {
    if (isIdentifier(word)) {
      this.cursor.skip();
      const next = this.cursor.peek();
      if (next?.kind === 'open') parseCall(this);
      else if (next?.kind === 'string' && TYPED_LITERAL_TYPES.has(word.upper)) this.cursor.skip();
      return true;
    }
    switch (word.upper) {
      case 'NULL':
      case 'TRUE':
      case 'FALSE':
        this.cursor.skip();
        return true;
      case 'NOT':
        this.cursor.skip();
        this.parseExpression(NOT_POWER);
        return true;
      case 'CASE':
        this.parseCase();
        return true;
      case 'INTERVAL':
        this.parseInterval();
        return true;
      default:
        return false;
    }
  }

  private failMissingOperandAtEnd(): never {
    const previous = this.cursor.previous();
    if (previous === undefined) this.cursor.failAtEnd(0, 'expression is empty');
    this.cursor.failAtEnd(
      previous.end,
      `expected a value after ${describeToken(previous)} at position ${previous.start}`,
    );
  }

  private failMissingOperand(token: Token): never {
    if (token.kind === 'unknown') this.cursor.failUnknown(token);
    const previous = this.cursor.previous();
    if (token.kind === 'close' && previous?.kind === 'open') this.failEmptyParentheses(previous);
    this.cursor.failOn(
      token,
      `expected a value before ${describeToken(token)} at position ${token.start}`,
    );
  }

  private failEmptyParentheses(open: Token): never {
    this.cursor.failOn(open, `empty parentheses at position ${open.start} where a value is needed`);
  }

  private parseParenthesized(): void {
    const open = this.cursor.advance();
    this.parseExpression(0);
    this.cursor.expectClose(open, "an operator or ')'");
  }

  /** Searched (CASE WHEN c THEN v ...) or simple (CASE x WHEN v THEN r ...) CASE, through END. */
  private parseCase(): void {
    const caseToken = this.cursor.advance();
    const afterCase = this.cursor.peek();
    if (
      afterCase !== undefined &&
      !isKeywordOf(afterCase, 'WHEN') &&
      !isKeywordOf(afterCase, 'ELSE') &&
      !isKeywordOf(afterCase, 'END')
    ) {
      this.parseExpression(0);
    }
    let branches = 0;
    while (isKeywordOf(this.cursor.peek(), 'WHEN')) {
      const when = this.cursor.advance();
      this.parseExpression(0);
      const then = this.cursor.peek();
      if (then !== undefined && this.cursor.isMissingOperator(then)) {
        this.cursor.failMissingOperator(then);
      }
      this.cursor.expectKeyword('THEN', `WHEN at position ${when.start} has no THEN`);
      this.parseExpression(0);
      branches += 1;
    }
    if (this.cursor.skipKeyword('ELSE')) this.parseExpression(0);
    const end = this.cursor.peek();
    if (end === undefined) {
      this.cursor.failAtEnd(
        caseToken.start,
        `CASE at position ${caseToken.start} has no END`,
        caseToken.end,
      );
    }
    if (branches === 0) {
      this.cursor.failOn(caseToken, `CASE at position ${caseToken.start} has no WHEN`);
    }
    if (!this.cursor.skipKeyword('END')) {
      this.cursor.failUnexpected(
        end,
        `WHEN, ELSE or END for the CASE at position ${caseToken.start}`,
      );
    }
  }

  /** INTERVAL 30 DAY: a value, then a unit word. */
  private parseInterval(): void {
    const interval = this.cursor.advance();
    this.parseExpression(ADDITIVE_POWER);
    if (!isIdentifier(this.cursor.peek())) {
      this.cursor.failAt(
        this.cursor.peek(),
        `INTERVAL at position ${interval.start} needs a unit such as DAY after its value`,
      );
    }
    this.cursor.skip();
  }
}
