// What I'm the Boss! reports as play goes on, each event public or addressed to one seat.
import type { Emitted } from '@boss-table/core';

/**
 * The events (rules file §13), each with its audience. Public unless the emitter addresses it
 * to one seat (`handDealt`, `cardsDrawnDetail`, `handLimitPrompt`, `discardedDetail`,
 * `answered`).
 */
export type ImbEventType =
  | 'setup'
  | 'handDealt'
  | 'turnStarted'
  | 'markerPlaced'
  | 'rolled'
  | 'markerMoved'
  | 'cardsDrawn'
  | 'cardsDrawnDetail'
  | 'reshuffled'
  | 'handLimitPrompt'
  | 'discardedToLimit'
  | 'discardedDetail'
  | 'dealDeclared'
  | 'clanCommitted'
  | 'clanOffered'
  | 'placardOffered'
  | 'proposalMade'
  | 'proposalReplaced'
  | 'proposalCancelled'
  | 'proposalRejected'
  | 'agreementMade'
  | 'agreementVoided'
  | 'engineTerms'
  | 'influencePlayed'
  | 'stopWindowOpened'
  | 'answered'
  | 'stopPlayed'
  | 'stopWindowClosed'
  | 'travelApplied'
  | 'placardRecruited'
  | 'bossChanged'
  | 'lastCallOpened'
  | 'lastCallPassed'
  | 'stepStarted'
  | 'dealClosed'
  | 'clanReturned'
  | 'tilePlaced'
  | 'endRoll'
  | 'dealBrokeDown'
  | 'turnPassed'
  | 'gameOver';

export interface ImbEvent {
  readonly type: ImbEventType;
  readonly [field: string]: unknown;
}

export type Sink = Emitted<ImbEvent>[] | null;

export function emit(
  ev: Sink,
  audience: 'all' | number,
  type: ImbEventType,
  fields: Record<string, unknown> = {},
): void {
  ev?.push({ audience, event: { type, ...fields } });
}
