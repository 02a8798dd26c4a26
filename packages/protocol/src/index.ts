/**
 * The Boss Table wire protocol (docs/protocol.md): HTTP bodies and WebSocket messages, and
 * the parser of client messages. The server and the client SDK both import it.
 */
export * from './types.js';
export * from './parse.js';
