/**
 * The structure of an expression that parses, for the lint rules. Every node
 * records the offsets of its first and past its last code unit in the text.
 */
export type SyntaxNode =
  | LiteralNode
  | ColumnNode
  | NameNode
  | UnaryNode
  | BinaryNode
  | IsNode
  | InNode
  | BetweenNode
  | CallNode
  | CaseNode
  | GroupNode
  | IntervalNode;

interface Span {
  start: number;
  end: number;
}

/** A number, a string, NULL, TRUE, FALSE, or a typed literal such as DATE '2024-01-31'. */
export interface LiteralNode extends Span {
  kind: 'literal';
  type: 'number' | 'string' | 'null' | 'boolean' | 'typed';
  /** As written, quotes included. */
  text: string;
}

/** A backtick reference. */
export interface ColumnNode extends Span {
  kind: 'column';
  /** Without the backticks. */
  name: string;
}

/** A bare word that is not a call: a unit (`YEAR` in EXTRACT), a constant, a misspelt keyword. */
export interface NameNode extends Span {
  kind: 'name';
  /** Upper-cased. */
  name: string;
}

export interface UnaryNode extends Span {
  kind: 'unary';
  /** `-`, `+` or `NOT`. */
  operator: string;
  operand: SyntaxNode;
}

export interface BinaryNode extends Span {
  kind: 'binary';
  /** A symbol (`/`, `=`, `<>`, `||`) or an upper-cased word operator (`AND`, `OR`, `LIKE`). */
  operator: string;
  negated: boolean;
  /** Where the operator is written. */
  operatorStart: number;
  operatorEnd: number;
  left: SyntaxNode;
  right: SyntaxNode;
}

/** `x IS [NOT] NULL|TRUE|FALSE`. */
export interface IsNode extends Span {
  kind: 'is';
  negated: boolean;
  value: 'NULL' | 'TRUE' | 'FALSE';
  operand: SyntaxNode;
}

export interface InNode extends Span {
  kind: 'in';
  negated: boolean;
  operand: SyntaxNode;
  items: SyntaxNode[];
}

export interface BetweenNode extends Span {
  kind: 'between';
  negated: boolean;
  operand: SyntaxNode;
  low: SyntaxNode;
  high: SyntaxNode;
}

/** `OVER ([PARTITION BY ...] [ORDER BY ...] [frame])`. */
export interface WindowClause extends Span {
  partitionBy: SyntaxNode[];
  orderBy: SyntaxNode[];
  /** Expressions in the frame's bounds (`3 PRECEDING`). */
  frame: SyntaxNode[];
}

/** `FIXED ([BY|ADD|REMOVE ...] [FILTER ...])`. */
export interface FixedClause extends Span {
  level?: 'BY' | 'ADD' | 'REMOVE';
  columns: SyntaxNode[];
  filter?: 'NONE' | 'ALLOW' | 'DENY';
  filterColumns: SyntaxNode[];
}

export interface CallNode extends Span {
  kind: 'call';
  /** Upper-cased. */
  name: string;
  nameEnd: number;
  args: SyntaxNode[];
  /** `COUNT(DISTINCT x)`. */
  distinct: boolean;
  /** `COUNT(*)`. */
  star: boolean;
  /** `GROUP_CONCAT(x ORDER BY y)`. */
  orderBy: SyntaxNode[];
  window?: WindowClause;
  fixed?: FixedClause;
}

export interface CaseBranch {
  when: SyntaxNode;
  then: SyntaxNode;
}

/** Searched (`CASE WHEN c THEN v`) or simple (`CASE x WHEN v THEN r`), through END. */
export interface CaseNode extends Span {
  kind: 'case';
  subject?: SyntaxNode;
  branches: CaseBranch[];
  otherwise?: SyntaxNode;
}

/** A parenthesized expression. */
export interface GroupNode extends Span {
  kind: 'group';
  inner: SyntaxNode;
}

/** `INTERVAL 30 DAY`. */
export interface IntervalNode extends Span {
  kind: 'interval';
  value: SyntaxNode;
  /** Upper-cased. */
  unit: string;
}

/** The nodes directly below `node`, in the order they are written. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  switch (node.kind) {
    case 'literal':
    case 'column':
    case 'name':
      return [];
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'is':
      return [node.operand];
    case 'in':
      return [node.operand, ...node.items];
    case 'between':
      return [node.operand, node.low, node.high];
    case 'call':
      return [
        ...node.args,
        ...node.orderBy,
        ...(node.window
          ? [...node.window.partitionBy, ...node.window.orderBy, ...node.window.frame]
          : []),
        ...(node.fixed ? [...node.fixed.columns, ...node.fixed.filterColumns] : []),
      ];
    case 'case':
      return [
        ...(node.subject ? [node.subject] : []),
        ...node.branches.flatMap((branch) => [branch.when, branch.then]),
        ...(node.otherwise ? [node.otherwise] : []),
      ];
    case 'group':
      return [node.inner];
    case 'interval':
      return [node.value];
  }
}

/**
 * Visits every node, parents before children; a visit that answers 'skip' leaves
 * out the node's children. `ancestors` runs from the root to the node's parent and
 * changes as the walk goes on (copy it to keep it). Iterative, so a deeply nested
 * expression cannot exhaust the stack.
 */
export function walkTree(
  root: SyntaxNode,
  visit: (node: SyntaxNode, ancestors: readonly SyntaxNode[]) => void | 'skip',
): void {
  const stack: Array<{ node: SyntaxNode; depth: number }> = [{ node: root, depth: 0 }];
  const path: SyntaxNode[] = [];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    path.length = depth;
    if (visit(node, path) === 'skip') continue;
    path.push(node);
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push({ node: children[index]!, depth: depth + 1 });
    }
  }
}

/** The node with grouping parentheses taken off: `((x))` gives `x`. */
export function withoutParentheses(node: SyntaxNode): SyntaxNode {
  let inner = node;
  while (inner.kind === 'group') inner = inner.inner;
  return inner;
}
