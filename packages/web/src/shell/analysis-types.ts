/** What the replay page asks the analysis worker, and what it answers. */
export interface AnalysisRequest {
  readonly text: string;
  readonly seat: number;
  readonly bot: string;
}

export interface AnalysedDecision {
  /** The move's index in the record (its replay step is this + 1). */
  readonly index: number;
  /** The move made and the search's choice, as a player types them in the terminal. */
  readonly played: string;
  readonly best: string;
  readonly before: number;
  readonly after: number;
  readonly loss: number;
  readonly sameAsBest: boolean;
  readonly flagged: boolean;
}

export type AnalysisMessage =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly decisions: readonly AnalysedDecision[] }
  | { readonly kind: 'error'; readonly message: string };
