/** The API names binary operators SERVICE_OP_<NAME> (contract.md section 6). */
const operatorSymbols: Record<string, string> = {
  MULTIPLY: '*',
  ADD: '+',
  SUBTRACT: '-',
  DIVIDE: '/',
};

const operatorPrefix = 'SERVICE_OP_';

export interface FunctionName {
  name: string;
  /** Set for operators: the symbol as written in the expression. */
  symbol?: string;
}

export function describeFunction(functionName: string): FunctionName {
  if (!functionName.startsWith(operatorPrefix)) return { name: functionName };
  const name = functionName.slice(operatorPrefix.length);
  return { name: name.toLowerCase(), symbol: operatorSymbols[name] ?? '?' };
}
