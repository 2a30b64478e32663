/** Why an expression does not parse, anchored at a UTF-16 offset so problems sort by place. */
export interface Problem {
  position: number;
  message: string;
}
