// The I'm the Boss! controls: turn actions, negotiating terms and answers, card plays, stop windows and clocks.
import { useState } from 'react';
import type { ClockState } from '@boss-table/client';
import { dividendsWords, type ImbLegal, type ImbMove, type ImbView } from '@boss-table/im-the-boss';
import type { Names } from '../registry.js';
import {
  ClockStrip as ShellClockStrip,
  Countdown,
  leftOf,
  LOW_MS,
  useCountdown,
  useNow,
  type ClockLine,
} from '../shell/countdown.js';
import {
  askedInWindow,
  clampStep,
  dividendsLeft,
  itemWords,
  needlessItems,
  pendingWords,
  proposableItems,
  toggleItem,
  windowOf,
} from './logic.js';

type Send = (m: ImbMove) => void;

export { LOW_MS, useCountdown, type ClockLine };

/**
 * The rules' clocks outside a window, each in words: whose turn or step, the deal's time, and
 * how long the deal may go without progress before it breaks down.
 */
export function clockLines(
  clocks: readonly ClockState[],
  view: ImbView,
  names: Names,
  now: number,
): ClockLine[] {
  const out: ClockLine[] = [];
  const me = view.viewer;
  for (const c of clocks) {
    const kind = c.id.split(':')[0];
    const left = leftOf(c, now);
    const who = c.seats[0];
    const mine = who !== undefined && who === me;
    const whose = mine ? 'Your' : `${names(who ?? 0)}’s`;
    let text: string;
    let then: string;
    switch (kind) {
      case 'turn':
        text = `${whose} turn`;
        then = mine ? 'then the turn is played for you' : 'then the turn is played for them';
        break;
      case 'discard':
        text = `${whose} discard`;
        then = 'then the newest cards are discarded';
        break;
      case 'step':
        text = `${whose} step`;
        then = 'then the step ends';
        break;
      case 'deal':
        text = c.running ? 'The deal' : 'The deal (paused)';
        then = 'then the deal breaks down';
        break;
      case 'idle':
        text = c.running ? 'Without progress' : 'Without progress (paused)';
        then = 'then the deal breaks down: make or accept an offer';
        break;
      default:
        continue; // a window's clock: the window's own prompt shows it
    }
    out.push({ id: c.id, text, left, running: c.running, low: c.running && left <= LOW_MS, then });
  }
  return out;
}

/** The rules' clocks that run now, above the board where the eye is (the shell's strip). */
export function ClockStrip({
  clocks,
  view,
  names,
}: {
  clocks: readonly ClockState[];
  view: ImbView;
  names: Names;
}) {
  const now = useNow(clocks.some((c) => c.running));
  return <ShellClockStrip lines={clockLines(clocks, view, names, now)} />;
}

/** Checkboxes for a set of cards or items; `chosen` in, toggles out. */
function Picks({
  view,
  ids,
  chosen,
  onToggle,
  label,
}: {
  view: ImbView;
  ids: readonly string[];
  chosen: readonly string[];
  onToggle: (id: string) => void;
  label: string;
}) {
  return (
    <div className="imb-picks" role="group" aria-label={label}>
      {ids.map((id) => (
        <label key={id} className={chosen.includes(id) ? 'on' : ''}>
          <input type="checkbox" checked={chosen.includes(id)} onChange={() => onToggle(id)} />{' '}
          {itemWords(view, id)}
        </label>
      ))}
    </div>
  );
}

const toggle = (xs: readonly string[], x: string) =>
  xs.includes(x) ? xs.filter((y) => y !== x) : [...xs, x];

/** The turn outside a deal: place the marker, roll, draw, declare a deal, discard. */
export function TurnControls({
  view,
  legal,
  send,
  busy,
}: {
  view: ImbView;
  legal: ImbLegal;
  send: Send;
  busy: boolean;
}) {
  const [clan, setClan] = useState<string[]>([]);
  const [discard, setDiscard] = useState<string[]>([]);
  if (legal.phase === 'marker')
    return (
      <p className="why">
        Click a space of the board (a lit one) to place the marker where the first deal can be made.
      </p>
    );
  if (legal.phase === 'discard') {
    const n = legal.discard?.count ?? 0;
    return (
      <fieldset>
        <legend>
          Discard {n} card{n === 1 ? '' : 's'} (face down) to the hand limit
        </legend>
        <Picks
          view={view}
          ids={view.hand ?? []}
          chosen={discard}
          onToggle={(c) => setDiscard(toggle(discard, c))}
          label="cards to discard"
        />
        <button
          type="button"
          disabled={busy || discard.length !== n}
          onClick={() => send({ type: 'discard', cards: discard })}
        >
          Discard {discard.length}/{n}
        </button>
      </fieldset>
    );
  }
  const may = legal.declareDeal !== undefined;
  return (
    <div className="imb-turn-controls">
      <div className="submit-row">
        {legal.plain.includes('roll') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'roll' })}>
            Roll the die
          </button>
        )}
        {legal.plain.includes('draw') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'draw' })}>
            Draw cards
          </button>
        )}
      </div>
      {may && (
        <fieldset>
          <legend>Declare a deal on space {view.table.marker}, as its Boss</legend>
          {(legal.declareDeal ?? []).length > 0 && (
            <Picks
              view={view}
              ids={legal.declareDeal ?? []}
              chosen={clan}
              onToggle={(c) => setClan(toggle(clan, c))}
              label="clan cards to commit"
            />
          )}
          <button type="button" disabled={busy} onClick={() => send({ type: 'declareDeal', clan })}>
            Declare the deal
            {clan.length ? ` with ${clan.length} clan card${clan.length === 1 ? '' : 's'}` : ''}
          </button>
        </fieldset>
      )}
    </div>
  );
}

/**
 * Terms to one seat: its items (one per family) and dividends with a stepper that cannot go
 * past what is left of the deal.
 */
export function ProposeForm({
  view,
  legal,
  names,
  send,
  busy,
  draft,
  setDraft,
}: {
  view: ImbView;
  legal: ImbLegal;
  names: Names;
  send: Send;
  busy: boolean;
  draft: { to: number; items: string[]; dividends: number } | null;
  setDraft: (d: { to: number; items: string[]; dividends: number } | null) => void;
}) {
  const targets = legal.propose ?? [];
  if (targets.length === 0) return null;
  const to = draft && targets.some((t) => t.to === draft.to) ? draft.to : targets[0].to;
  const items = proposableItems(legal, to);
  const chosen = (draft?.to === to ? draft.items : []).filter((i) => items.includes(i));
  const max = dividendsLeft(view, legal, to);
  const bossSide = view.table.deal?.boss === view.viewer;
  const dividends = Math.min(draft?.to === to ? draft.dividends : 0, max);
  const set = (d: Partial<{ to: number; items: string[]; dividends: number }>) =>
    setDraft({ to, items: chosen, dividends, ...d });
  return (
    <fieldset className="imb-propose">
      <legend>{bossSide ? 'Make terms' : 'Ask the Boss for a share'}</legend>
      <p className="imb-hint">
        {bossSide
          ? 'Choose a player, what they bring to the deal and the dividends you promise them; they accept, counter or reject.'
          : `Your terms: what you bring to the deal and the dividends you want for it. ${names(to)} ${names(to) === 'You' ? 'accept' : 'accepts'}, ${names(to) === 'You' ? 'counter' : 'counters'} or ${names(to) === 'You' ? 'reject' : 'rejects'}.`}
      </p>
      {targets.length > 1 && (
        <div className="choices chips" role="group" aria-label="propose to">
          {targets.map((t) => (
            <button
              key={t.to}
              type="button"
              aria-pressed={t.to === to}
              onClick={() => setDraft({ to: t.to, items: [], dividends: 0 })}
            >
              {names(t.to)}
            </button>
          ))}
        </div>
      )}
      <p className="muted">
        {bossSide
          ? items.length
            ? `What ${names(to)} brings:`
            : `${names(to)} has nothing on the table yet: terms for dividends alone.`
          : items.length
            ? `What you bring to ${names(to)}:`
            : 'You have nothing on the table yet: put cards on the table below, or ask for dividends alone.'}
      </p>
      {items.length > 0 && (
        <Picks
          view={view}
          ids={items}
          chosen={chosen}
          onToggle={(i) => set({ items: toggleItem(chosen, i) })}
          label="items of the terms"
        />
      )}
      <div className="imb-stepper" role="group" aria-label="dividends">
        <button
          type="button"
          aria-label="fewer dividends"
          disabled={dividends <= 0}
          onClick={() => set({ dividends: clampStep(dividends, -1, max) })}
        >
          −
        </button>
        <output aria-label="dividends offered">
          {dividends} of {max} dividends
        </output>
        <button
          type="button"
          aria-label="more dividends"
          disabled={dividends >= max}
          onClick={() => set({ dividends: clampStep(dividends, 1, max) })}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => {
          setDraft(null);
          send({ type: 'propose', to, items: chosen, dividends });
        }}
      >
        Propose to {names(to)}
      </button>
    </fieldset>
  );
}

/** An open deal: answers to proposals first (where the eye is), then terms, offers and plays. */
export function Negotiation({
  view,
  legal,
  names,
  send,
  busy,
}: {
  view: ImbView;
  legal: ImbLegal;
  names: Names;
  send: Send;
  busy: boolean;
}) {
  const d = view.table.deal!;
  const me = view.viewer as number;
  const [draft, setDraft] = useState<{ to: number; items: string[]; dividends: number } | null>(
    null,
  );
  const [clan, setClan] = useState<string[]>([]);
  const [travel, setTravel] = useState<{ card: string; target: string } | null>(null);
  /** An offer whose Accept asked for a second click (it pays for what is not needed). */
  const [confirm, setConfirm] = useState<number | null>(null);
  const incoming = d.proposals.filter((p) => p.to === me);
  const mine = d.proposals.filter((p) => p.from === me);
  const clanIds = legal.commitClan ?? legal.offerClan ?? [];
  const boss = d.boss === me;
  return (
    <div className="imb-negotiation">
      {/* Always there while the deal is open (one offer's height kept), so nothing jumps when
          an offer arrives. */}
      <section
        className={`imb-incoming${incoming.length ? '' : ' empty'}`}
        aria-label="offers to you"
      >
        <h3>Offers to you</h3>
        {incoming.length === 0 && (
          <p className="muted">
            None yet. {boss ? 'Players answer your terms here.' : 'The Boss’s terms come here.'}
          </p>
        )}
        {incoming.map((p) => {
          // The Boss pays: terms for a family already covered spend dividends for nothing.
          const needless = boss ? needlessItems(view, p.items, p.from) : [];
          const asking = confirm === p.id;
          return (
            <div key={p.id} className="imb-offer">
              <p>
                <strong>{names(p.from)}</strong> {boss ? 'brings' : 'asks you to bring'}{' '}
                {p.items.map((i) => itemWords(view, i)).join(', ') || 'nothing'} for{' '}
                <strong>{dividendsWords(p.dividends)}</strong> ({p.dividends * d.V} M)
                {boss ? ' paid by you' : ' paid to you'}
              </p>
              {needless.length > 0 && (
                <p className="imb-warn" role="note">
                  {needless.map((n) => n.why).join('; ')}: you would pay{' '}
                  {dividendsWords(p.dividends)} for what the deal does not need.
                </p>
              )}
              <div className="submit-row">
                <button
                  type="button"
                  className="primary"
                  disabled={busy || !legal.accept?.includes(p.id)}
                  onClick={() => {
                    if (needless.length > 0 && !asking) return setConfirm(p.id);
                    setConfirm(null);
                    send({ type: 'accept', id: p.id });
                  }}
                >
                  {asking ? `Accept #${p.id} anyway` : `Accept #${p.id}`}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    setDraft({ to: p.from, items: p.items.slice(), dividends: p.dividends })
                  }
                >
                  Counter
                </button>
                <button
                  type="button"
                  disabled={busy || !legal.reject?.includes(p.id)}
                  onClick={() => send({ type: 'reject', id: p.id })}
                >
                  Reject
                </button>
              </div>
            </div>
          );
        })}
      </section>
      {mine.length > 0 && (
        <ul className="imb-mine" aria-label="your proposals">
          {mine.map((p) => (
            <li key={p.id}>
              You → {names(p.to)}: {p.items.map((i) => itemWords(view, i)).join(', ') || 'nothing'}{' '}
              for {dividendsWords(p.dividends)}{' '}
              <button
                type="button"
                disabled={busy || !legal.cancel?.includes(p.id)}
                onClick={() => send({ type: 'cancel', id: p.id })}
              >
                Cancel #{p.id}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProposeForm
        view={view}
        legal={legal}
        names={names}
        send={send}
        busy={busy}
        draft={draft}
        setDraft={setDraft}
      />
      {(clanIds.length > 0 || (legal.offerPlacard ?? []).length > 0) && (
        <fieldset>
          <legend>{boss ? 'Commit clan cards' : 'Put cards on the table'}</legend>
          <p className="imb-hint">
            {boss
              ? 'Your own clan cards cover their family at no cost.'
              : 'Show the Boss what you could bring: cards on the table can then be part of terms, yours or the Boss’s.'}
          </p>
          {clanIds.length > 0 && (
            <>
              <Picks
                view={view}
                ids={clanIds}
                chosen={clan}
                onToggle={(c) => setClan(toggle(clan, c))}
                label="clan cards"
              />
              <button
                type="button"
                disabled={busy || clan.length === 0}
                onClick={() => {
                  setClan([]);
                  send({ type: boss ? 'commitClan' : 'offerClan', cards: clan });
                }}
              >
                {boss ? 'Commit' : 'Offer'} {clan.length || ''} clan card
                {clan.length === 1 ? '' : 's'}
              </button>
            </>
          )}
          {(legal.offerPlacard ?? []).map((pl) => (
            <button
              key={pl}
              type="button"
              disabled={busy}
              onClick={() => send({ type: 'offerPlacard', placard: pl })}
            >
              Offer the {itemWords(view, pl)}
            </button>
          ))}
        </fieldset>
      )}
      <Plays
        view={view}
        legal={legal}
        send={send}
        busy={busy}
        travel={travel}
        setTravel={setTravel}
      />
      {legal.plain.includes('pass') && (
        <div className="submit-row">
          <button type="button" disabled={busy} onClick={() => send({ type: 'pass' })}>
            End my step
          </button>
        </div>
      )}
      {legal.plain.includes('abandon') && (
        <p className="imb-abandon">
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => send({ type: 'abandon' })}
          >
            Abandon the deal
          </button>{' '}
          <span className="muted">(nobody is paid; the space stays open)</span>
        </p>
      )}
    </div>
  );
}

/** Travel (a card and its target), Recruitment (three cards and a placard), I'm the Boss!. */
export function Plays({
  view,
  legal,
  send,
  busy,
  travel,
  setTravel,
}: {
  view: ImbView;
  legal: ImbLegal;
  send: Send;
  busy: boolean;
  travel: { card: string; target: string } | null;
  setTravel: (t: { card: string; target: string } | null) => void;
}) {
  const travels = legal.travel ?? [];
  const recruit = legal.recruit;
  const bossCards = legal.boss ?? [];
  if (travels.length === 0 && !recruit && bossCards.length === 0) return null;
  const card = travels.some((t) => t.card === travel?.card) ? travel!.card : travels[0]?.card;
  const targets = travels.find((t) => t.card === card)?.targets ?? [];
  return (
    <fieldset className="imb-plays">
      <legend>Play a card</legend>
      {travels.length > 0 && (
        <div className="imb-play">
          <label>
            Travel{' '}
            <select
              aria-label="travel card"
              value={card}
              onChange={(e) => setTravel({ card: e.target.value, target: '' })}
            >
              {travels.map((t) => (
                <option key={t.card} value={t.card}>
                  {itemWords(view, t.card)}
                </option>
              ))}
            </select>
          </label>{' '}
          on{' '}
          {targets.map((target) => (
            <button
              key={target}
              type="button"
              disabled={busy}
              onClick={() => send({ type: 'playTravel', card, target })}
            >
              {itemWords(view, target)}
            </button>
          ))}
        </div>
      )}
      {recruit && (
        <div className="imb-play">
          Recruitment (3 cards) takes:{' '}
          {recruit.targets.map((target) => (
            <button
              key={target}
              type="button"
              disabled={busy}
              onClick={() =>
                send({ type: 'playRecruit', cards: recruit.cards.slice(0, 3), target })
              }
            >
              the {itemWords(view, target)}
            </button>
          ))}
        </div>
      )}
      {bossCards.length > 0 && (
        <button
          type="button"
          disabled={busy}
          onClick={() => send({ type: 'playBoss', card: bossCards[0] })}
        >
          Play I’m the Boss! (take over)
        </button>
      )}
    </fieldset>
  );
}

/**
 * A stop window or the last call: one large prompt, the same for every seat asked (the Stop
 * button is there, disabled, for a seat without a Stop card), with the window's countdown; it
 * stays up after answering until the window closes.
 */
export function WindowPrompt({
  view,
  legal,
  names,
  send,
  busy,
  clocks,
}: {
  view: ImbView;
  legal: ImbLegal | null;
  names: Names;
  send: Send;
  busy: boolean;
  clocks: readonly ClockState[];
}) {
  const kind = windowOf(view);
  const left = useCountdown(clocks, ['stopWindow', 'lastCall', 'prompt']);
  const [travel, setTravel] = useState<{ card: string; target: string } | null>(null);
  if (!kind) return null;
  const asked = askedInWindow(view);
  const d = view.table.deal!;
  const answered = view.answer !== null || (asked && legal === null);
  const stopCard = legal?.stop?.[0];
  const mayStop = stopCard !== undefined;
  return (
    <section
      className="imb-window"
      role="alertdialog"
      aria-label={kind === 'stop' ? 'stop window' : 'last call'}
    >
      <h2>
        {kind === 'stop' ? 'Stop?' : 'Last call'}
        {left !== null && (
          <span className="imb-countdown" aria-label="window clock">
            <Countdown ms={left} />
          </span>
        )}
      </h2>
      <p className="imb-window-what">
        {kind === 'stop'
          ? pendingWords(view, names)
          : `The deal on space ${d.space} is complete: ${names(d.boss)} ${names(d.boss) === 'You' ? 'collect' : 'collects'} ${d.D * d.V} M and pay${names(d.boss) === 'You' ? '' : 's'} what was agreed, unless someone plays a card now.`}
      </p>
      {!asked ? (
        <p className="muted">
          {d.boss === view.viewer && kind === 'lastCall'
            ? 'The others are asked; the Boss waits.'
            : 'The seats asked are answering.'}
        </p>
      ) : answered || legal === null ? (
        <p className="imb-answered">
          {view.answer === null || view.answer === 'pass'
            ? 'You let it pass.'
            : 'You played a Stop.'}{' '}
          Waiting for the window to close.
        </p>
      ) : (
        <>
          <div className="submit-row imb-window-buttons">
            {kind === 'stop' && (
              <button
                type="button"
                className="imb-stop"
                disabled={busy || !mayStop}
                onClick={() => stopCard && send({ type: 'playStop', card: stopCard })}
              >
                Stop
              </button>
            )}
            <button type="button" disabled={busy} onClick={() => send({ type: 'pass' })}>
              Let it pass
            </button>
          </div>
          {kind === 'lastCall' && (
            <Plays
              view={view}
              legal={legal}
              send={send}
              busy={busy}
              travel={travel}
              setTravel={setTravel}
            />
          )}
        </>
      )}
    </section>
  );
}
