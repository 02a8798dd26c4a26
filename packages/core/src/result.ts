/** A value or a typed error. Errors are values: nothing in the game API throws across it. */
export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});

/** An error with a machine-readable kind and a sentence a player understands. */
export interface GameError<K extends string = string> {
  readonly kind: K;
  readonly message: string;
}

export const gameError = <K extends string>(kind: K, message: string): GameError<K> => ({
  kind,
  message,
});
