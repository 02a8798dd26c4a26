// The server package's public entry for other packages: starting a server, SQLite storage and the loggers.
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { SqliteStorage, type Storage, type StoredTable, type StoredMove } from './storage.js';
export { jsonLogger, silentLogger, type Logger } from './log.js';
