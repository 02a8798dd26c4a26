// The protocol's one parser of client messages: what arrives on a WebSocket checked, or refused with a code.
import { MAX_CHAT_LENGTH, type ClientMessage, type ErrorCode } from './types.js';

/** A client message refused at the edge: what to answer, and the move's seq and id if any. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
  /** A refused move's `seq` (-1 when it had none), so the client knows which move it was. */
  readonly seq?: number;
  readonly id?: string;
}

export type Parsed =
  { readonly ok: true; readonly msg: ClientMessage } | ({ readonly ok: false } & Refusal);

const refuse = (code: ErrorCode, message: string, extra: Partial<Refusal> = {}): Parsed => ({
  ok: false,
  code,
  message,
  ...extra,
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one parser of client messages (server and tests share it): JSON text in, a typed
 * `ClientMessage` or the refusal to send back. Past it, the server trusts the type.
 */
export function parseClientMessage(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('bad-json', 'That message is not valid JSON.');
  }
  if (!isObject(raw)) return refuse('bad-message', 'A message is a JSON object with a "type".');
  switch (raw.type) {
    case 'ping':
      return { ok: true, msg: { type: 'ping' } };
    case 'resume': {
      const seq = raw.seq;
      if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0)
        return refuse('bad-message', '"resume" needs "seq": the last seq you saw, a whole number.');
      return { ok: true, msg: { type: 'resume', seq } };
    }
    case 'move': {
      const seq = typeof raw.seq === 'number' ? raw.seq : -1;
      let id: string | undefined;
      if (raw.id !== undefined) {
        if (typeof raw.id !== 'string' || raw.id.length < 1 || raw.id.length > 64)
          return refuse('bad-id', '"id" must be a string of 1 to 64 characters.', { seq });
        id = raw.id;
      }
      const echo = { seq, ...(id !== undefined ? { id } : {}) };
      if (!('move' in raw))
        return refuse('bad-message', 'A move message needs "seq" and "move".', echo);
      if (typeof raw.seq !== 'number' || !Number.isInteger(raw.seq))
        return refuse(
          'bad-message',
          '"seq" must be the sequence number of the last state you saw.',
          echo,
        );
      return {
        ok: true,
        msg: { type: 'move', seq: raw.seq, move: raw.move, ...(id !== undefined ? { id } : {}) },
      };
    }
    case 'chat': {
      const text = typeof raw.text === 'string' ? raw.text.trim() : undefined;
      if (text === undefined || text.length === 0)
        return refuse('bad-message', '"chat" needs "text": the line to send.');
      if (text.length > MAX_CHAT_LENGTH)
        return refuse('too-large', `A chat line has at most ${MAX_CHAT_LENGTH} characters.`);
      // Control characters and direction overrides could break a log, a terminal or a line.
      if ([...text].some((ch) => /\p{Cc}|\p{Zl}|\p{Zp}|[\u202a-\u202e\u2066-\u2069]/u.test(ch)))
        return refuse('bad-message', 'A chat line is one line of text without control characters.');
      return { ok: true, msg: { type: 'chat', text } };
    }
    default:
      return refuse('unknown-type', `Unknown message type ${JSON.stringify(raw.type)}.`);
  }
}
