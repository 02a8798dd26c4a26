// The error a table answers a refused move with: a protocol code and a sentence.
import type { ErrorCode } from '@boss-table/protocol';

export class MoveRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
