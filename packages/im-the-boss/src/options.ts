// An I'm the Boss! table's options: real-time or turn-based play, rule variants, clock lengths, checked.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { CLOCKS_S } from './data.js';

/** The table's options (rules file §11), checked. Clock lengths in milliseconds. */
export interface ImbOptions {
  readonly players: number;
  /** §11.2: two seats, three placards each, the engine's fair-share terms. */
  readonly twoPlayer: boolean;
  /** §5.7: `realtime` (everyone in any order, clocks) or `turnBased` (steps and prompts). */
  readonly mode: 'realtime' | 'turnBased';
  readonly theme: 'classic' | 'neutral';
  readonly hideMoneyTotals: boolean;
  /** §11.3: the game ends when the start player would begin round maxRounds + 1; null: off. */
  readonly maxRounds: number | null;
  /**
   * A guard of ours (docs/im-the-boss.md): a deal breaks down after this many actions (bots
   * that never stop acting keep a virtual clock from running); 0: off.
   */
  readonly maxDealActions: number;
  readonly bossCardKeepsTurnOrder: boolean;
  readonly mustDealAt10: boolean;
  readonly payOnlyActive: boolean;
  readonly drawByPlacards: boolean;
  readonly minCardsToDeal: boolean;
  readonly handLimit10From10: boolean;
  readonly shortGame: boolean;
  readonly lessCutthroat: boolean;
  readonly clocks: ImbClocks;
}

export interface ImbClocks {
  readonly turn: number;
  readonly discard: number;
  readonly deal: number;
  readonly idle: number;
  readonly stopWindow: number;
  readonly stopWindowMin: number;
  /** 0: a satisfied deal closes at once (§5.6). */
  readonly lastCall: number;
  readonly lastCallMin: number;
  readonly step: number;
  readonly prompt: number;
}

const FLAGS = [
  'twoPlayer',
  'hideMoneyTotals',
  'bossCardKeepsTurnOrder',
  'mustDealAt10',
  'payOnlyActive',
  'drawByPlacards',
  'minCardsToDeal',
  'handLimit10From10',
  'shortGame',
  'lessCutthroat',
] as const;
const KNOWN = ['players', 'mode', 'theme', 'maxRounds', 'maxDealActions', 'clocks', ...FLAGS];

export const DEFAULT_MAX_ROUNDS = 60;
export const DEFAULT_MAX_DEAL_ACTIONS = 300;

const bad = (message: string): Result<never, GameError> => err(gameError('setup', message));

export function parseOptions(raw: unknown): Result<ImbOptions, GameError> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return bad('Options must be an object.');
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (o[k] !== undefined && !KNOWN.includes(k))
      return bad(`Unknown option "${k}". Known: ${KNOWN.join(', ')}.`);
  const flags: Record<string, boolean> = {};
  for (const f of FLAGS) {
    const v = o[f] ?? false;
    if (typeof v !== 'boolean') return bad(`Option "${f}" must be true or false.`);
    flags[f] = v;
  }
  const players = o.players ?? (flags.twoPlayer ? 2 : 4);
  // Two seats imply the two-player rules (§11.2); only a contradiction is refused.
  if (players === 2 && o.twoPlayer === undefined) flags.twoPlayer = true;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 6)
    return bad('Option "players" must be a whole number from 2 to 6 (§2.1).');
  if ((players === 2) !== flags.twoPlayer)
    return bad('Two seats play only with "twoPlayer", and "twoPlayer" needs two seats (§11.2).');
  const mode = o.mode ?? 'realtime';
  if (mode !== 'realtime' && mode !== 'turnBased')
    return bad('Option "mode" must be "realtime" or "turnBased" (§5.7).');
  const theme = o.theme ?? 'classic';
  if (theme !== 'classic' && theme !== 'neutral')
    return bad('Option "theme" must be "classic" or "neutral".');
  const maxRounds = o.maxRounds === undefined ? DEFAULT_MAX_ROUNDS : o.maxRounds;
  if (
    maxRounds !== null &&
    (typeof maxRounds !== 'number' || !Number.isInteger(maxRounds) || maxRounds < 1)
  )
    return bad('Option "maxRounds" must be null (off) or a whole number from 1 (§11.3).');
  const maxDealActions = o.maxDealActions ?? DEFAULT_MAX_DEAL_ACTIONS;
  if (typeof maxDealActions !== 'number' || !Number.isInteger(maxDealActions) || maxDealActions < 0)
    return bad('Option "maxDealActions" must be a whole number from 0 (0: off).');
  const clocks = parseClocks(o.clocks);
  if (!clocks.ok) return clocks;
  return ok({
    players,
    mode,
    theme,
    maxRounds: maxRounds as number | null,
    maxDealActions,
    clocks: clocks.value,
    ...(flags as Record<(typeof FLAGS)[number], boolean>),
  });
}

function parseClocks(raw: unknown): Result<ImbClocks, GameError> {
  if (raw === undefined) raw = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return bad('Option "clocks" must be an object of lengths in milliseconds.');
  const o = raw as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const k of Object.keys(o))
    if (!(k in CLOCKS_S))
      return bad(`Unknown clock "${k}". Known: ${Object.keys(CLOCKS_S).join(', ')}.`);
  for (const [k, s] of Object.entries(CLOCKS_S)) {
    const v = o[k] ?? s * 1000;
    const min = k === 'lastCall' || k.endsWith('Min') ? 0 : 1;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > 86_400_000)
      return bad(`Clock "${k}" must be a whole number of milliseconds from ${min} to 86400000.`);
    out[k] = v;
  }
  if (out.stopWindowMin > out.stopWindow)
    return bad('Clock "stopWindowMin" must not exceed "stopWindow".');
  if (out.lastCall > 0 && out.lastCallMin > out.lastCall)
    return bad('Clock "lastCallMin" must not exceed "lastCall".');
  return ok(out as unknown as ImbClocks);
}
