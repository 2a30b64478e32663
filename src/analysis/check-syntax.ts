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
import type { CaseBranch, LiteralNode, SyntaxNode } from './syntax-tree';
import type { Token } from './token';
import { SyntaxFailure, TokenCursor } from './token-cursor';

// Recursion follows nesting; a limit keeps pathological input (100,000 '(') from
// exhausting the stack. Real expressions nest a few dozen levels at most.
const MAX_NESTING_DEPTH = 256;

/** Words that make a following string a typed literal: DATE '2024-01-31'. */
const TYPED_LITERAL_TYPES: ReadonlySet<string> = new Set(['DATE', 'TIME', 'TIMESTAMP']);

/** The tree of tokens that parse; otherwise the first syntax error, if it is not explained already. */
export type SyntaxCheck =
  | { tree: SyntaxNode; problem?: undefined }
  | { tree?: undefined; problem?: Problem };

/**
 * Parses the token stream: its tree, or its first syntax error.
 * When the text ends inside an unclosed quote or backtick, running out of tokens is
 * a consequence of that (already reported) problem, so it is not reported again.
 */
export function checkSyntax(tokens: readonly Token[]): SyntaxCheck {
  if (tokens.length === 0) return { problem: { start: 0, message: 'expression is empty' } };
  try {
    return { tree: new ExpressionParser(tokens).parseWhole() };
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    if (error.atEndOfInput && tokens[tokens.length - 1]?.unterminated) return {};
    return { problem: error.problem };
  }
}

class ExpressionParser implements ExpressionReader {
  readonly cursor: TokenCursor;
  private depth = 0;

  constructor(tokens: readonly Token[]) {
    this.cursor = new TokenCursor(tokens);
  }

  readExpression(minPower: number): SyntaxNode {
    return this.parseExpression(minPower);
  }

  parseWhole(): SyntaxNode {
    const tree = this.parseExpression(0);
    const next = this.cursor.peek();
    if (next === undefined) return tree;
    if (next.kind === 'close') {
      this.cursor.failOn(next, `')' at position ${next.start} has no matching '('`);
    }
    this.cursor.failUnexpected(next, 'an operator or the end of the expression');
  }

  /** Pratt loop: an operand, then infix operators that bind tighter than minPower. */
  private parseExpression(minPower: number): SyntaxNode {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      const position = this.cursor.peek()?.start ?? this.cursor.previous()?.end ?? 0;
      this.cursor.fail(
        position,
        `expression nests more than ${MAX_NESTING_DEPTH} levels deep at position ${position}`,
      );
    }
    let node = this.parseOperand();
    for (;;) {
      const power = this.infixPower();
      if (power === undefined || power <= minPower) break;
      node = this.parseInfix(node, power);
    }
    this.depth -= 1;
    return node;
  }

  /** Where the last consumed token ends: the end of the node just parsed. */
  private end(): number {
    return this.cursor.previous()?.end ?? 0;
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

  private parseInfix(left: SyntaxNode, power: number): SyntaxNode {
    const operator = this.cursor.advance();
    if (operator.kind === 'operator') {
      const right = this.parseExpression(power);
      return this.binary(left, operator, operator, false, right);
    }
    const negated = operator.upper === 'NOT';
    const word = negated ? this.cursor.advance() : operator;
    switch (word.upper) {
      case 'IS':
        return this.parseIsTest(left, word);
      case 'IN':
        return this.parseInList(left, word, negated);
      case 'BETWEEN':
        return this.parseBetween(left, word, negated);
      default: {
        // OR, AND, LIKE
        const right = this.parseExpression(power);
        return this.binary(left, operator, word, negated, right);
      }
    }
  }

  /** `first` is NOT in `NOT LIKE`, otherwise the operator itself, like `last`. */
  private binary(
    left: SyntaxNode,
    first: Token,
    last: Token,
    negated: boolean,
    right: SyntaxNode,
  ): SyntaxNode {
    return {
      kind: 'binary',
      operator: last.kind === 'word' ? last.upper : last.text,
      negated,
      operatorStart: first.start,
      operatorEnd: last.end,
      left,
      right,
      start: left.start,
      end: right.end,
    };
  }

  private parseIsTest(operand: SyntaxNode, is: Token): SyntaxNode {
    const negated = this.cursor.skipKeyword('NOT');
    const value = this.cursor.peek()?.upper;
    if (value === 'NULL' || value === 'TRUE' || value === 'FALSE') {
      this.cursor.skip();
      return { kind: 'is', negated, value, operand, start: operand.start, end: this.end() };
    }
    this.cursor.failAt(
      this.cursor.peek(),
      `IS at position ${is.start} must be followed by NULL, TRUE or FALSE (optionally after NOT)`,
    );
  }

  private parseInList(operand: SyntaxNode, inToken: Token, negated: boolean): SyntaxNode {
    const open = this.cursor.peek();
    if (open?.kind !== 'open') {
      this.cursor.failAt(
        open,
        `IN at position ${inToken.start} must be followed by a list in parentheses`,
      );
    }
    this.cursor.skip();
    if (this.cursor.peek()?.kind === 'close') this.failEmptyParentheses(open);
    const items: SyntaxNode[] = [];
    do items.push(this.parseExpression(0));
    while (this.cursor.skipComma());
    this.cursor.expectClose(open, "',' or ')'");
    return { kind: 'in', negated, operand, items, start: operand.start, end: this.end() };
  }

  private parseBetween(operand: SyntaxNode, between: Token, negated: boolean): SyntaxNode {
    const low = this.parseExpression(BETWEEN_POWER);
    this.cursor.expectKeyword('AND', `BETWEEN at position ${between.start} has no AND`);
    const high = this.parseExpression(BETWEEN_POWER);
    return { kind: 'between', negated, operand, low, high, start: operand.start, end: high.end };
  }

  private parseOperand(): SyntaxNode {
    const token = this.cursor.peek();
    if (token === undefined) this.failMissingOperandAtEnd();
    switch (token.kind) {
      case 'number':
      case 'string':
        this.cursor.skip();
        return literal(token, token.kind);
      case 'column':
        if (token.text === '``') {
          this.cursor.failOn(token, `empty column name at position ${token.start}`);
        }
        this.cursor.skip();
        return {
          kind: 'column',
          name: token.text.slice(1, -1),
          start: token.start,
          end: token.end,
        };
      case 'open':
        return this.parseParenthesized();
      case 'operator':
        if (token.text === '-' || token.text === '+') {
          this.cursor.skip();
          const operand = this.parseExpression(UNARY_POWER);
          return {
            kind: 'unary',
            operator: token.text,
            operand,
            start: token.start,
            end: operand.end,
          };
        }
        break;
      case 'word': {
        const node = this.parseWordOperand(token);
        if (node) return node;
        break;
      }
      default:
        break;
    }
    this.failMissingOperand(token);
  }

  /** Undefined when the word cannot start an operand. */
  private parseWordOperand(word: Token): SyntaxNode | undefined {
    if (isIdentifier(word)) {
      this.cursor.skip();
      const next = this.cursor.peek();
      if (next?.kind === 'open') return parseCall(this, word);
      if (next?.kind === 'string' && TYPED_LITERAL_TYPES.has(word.upper)) {
        this.cursor.skip();
        return {
          kind: 'literal',
          type: 'typed',
          text: `${word.text} ${next.text}`,
          start: word.start,
          end: next.end,
        };
      }
      return { kind: 'name', name: word.upper, start: word.start, end: word.end };
    }
    switch (word.upper) {
      case 'NULL':
        this.cursor.skip();
        return literal(word, 'null');
      case 'TRUE':
      case 'FALSE':
        this.cursor.skip();
        return literal(word, 'boolean');
      case 'NOT': {
        this.cursor.skip();
        const operand = this.parseExpression(NOT_POWER);
        return { kind: 'unary', operator: 'NOT', operand, start: word.start, end: operand.end };
      }
      case 'CASE':
        return this.parseCase();
      case 'INTERVAL':
        return this.parseInterval();
      default:
        return undefined;
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

  private parseParenthesized(): SyntaxNode {
    const open = this.cursor.advance();
    const inner = this.parseExpression(0);
    this.cursor.expectClose(open, "an operator or ')'");
    return { kind: 'group', inner, start: open.start, end: this.end() };
  }

  /** Searched (CASE WHEN c THEN v ...) or simple (CASE x WHEN v THEN r ...) CASE, through END. */
  private parseCase(): SyntaxNode {
    const caseToken = this.cursor.advance();
    const afterCase = this.cursor.peek();
    let subject: SyntaxNode | undefined;
    if (
      afterCase !== undefined &&
      !isKeywordOf(afterCase, 'WHEN') &&
      !isKeywordOf(afterCase, 'ELSE') &&
      !isKeywordOf(afterCase, 'END')
    ) {
      subject = this.parseExpression(0);
    }
    const branches: CaseBranch[] = [];
    while (isKeywordOf(this.cursor.peek(), 'WHEN')) {
      const when = this.cursor.advance();
      const condition = this.parseExpression(0);
      const then = this.cursor.peek();
      if (then !== undefined && this.cursor.isMissingOperator(then)) {
        this.cursor.failMissingOperator(then);
      }
      this.cursor.expectKeyword('THEN', `WHEN at position ${when.start} has no THEN`);
      branches.push({ when: condition, then: this.parseExpression(0) });
    }
    const otherwise = this.cursor.skipKeyword('ELSE') ? this.parseExpression(0) : undefined;
    const end = this.cursor.peek();
    if (end === undefined) {
      this.cursor.failAtEnd(
        caseToken.start,
        `CASE at position ${caseToken.start} has no END`,
        caseToken.end,
      );
    }
    if (branches.length === 0) {
      this.cursor.failOn(caseToken, `CASE at position ${caseToken.start} has no WHEN`);
    }
    if (!this.cursor.skipKeyword('END')) {
      this.cursor.failUnexpected(
        end,
        `WHEN, ELSE or END for the CASE at position ${caseToken.start}`,
      );
    }
    return { kind: 'case', subject, branches, otherwise, start: caseToken.start, end: this.end() };
  }

  /** INTERVAL 30 DAY: a value, then a unit word. */
  private parseInterval(): SyntaxNode {
    const interval = this.cursor.advance();
    const value = this.parseExpression(ADDITIVE_POWER);
    const unit = this.cursor.peek();
    if (!isIdentifier(unit)) {
      this.cursor.failAt(
        unit,
        `INTERVAL at position ${interval.start} needs a unit such as DAY after its value`,
      );
    }
    this.cursor.skip();
    return { kind: 'interval', value, unit: unit!.upper, start: interval.start, end: this.end() };
  }
}

function literal(token: Token, type: LiteralNode['type']): LiteralNode {
  return { kind: 'literal', type, text: token.text, start: token.start, end: token.end };
}
