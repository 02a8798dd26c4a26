// Tests the `boss` command end to end on The Boss: replay, selfplay, bench and typed play, with refusals.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { theBossEntry } from '@boss-table/the-boss';
import { playGame } from './play.js';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = await mkdtemp(join(tmpdir(), 'boss-cli-'));
async function recordFile(name: string, record: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, typeof record === 'string' ? record : JSON.stringify(record));
  return file;
}

const base = {
  game: 'the-boss',
  options: { players: 2, rules: 'classic', cities: ['new-york', 'boston', 'detroit'], dealer: 0 },
  seed: 'cli test',
  deals: [
    {
      rewards: { 'new-york': '3', boston: 'hospital', detroit: '4' },
      hands: [
        ['new-york:0', 'new-york:1', 'boston:3', 'detroit:1', 'detroit:2'],
        ['new-york:2', 'boston:3', 'boston:prison', 'detroit:3', 'detroit:revolver'],
      ],
    },
  ],
};

describe('boss replay', () => {
  it('prints the summary of a hand-built record as one JSON object', async () => {
    const file = await recordFile('ok.json', {
      ...base,
      moves: [
        { seat: 0, place: { city: 'detroit', big: 2, small: 1 }, reveal: 'new-york:0' },
        { seat: 1, reveal: 'boston:prison' },
        { seat: 0, place: { city: 'chicago', big: 1, small: 0 }, reveal: 'boston:3' },
      ],
    });
    const r = await run('replay', file, '--json');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary).toMatchObject({
      over: false,
      round: 1,
      dealer: 0,
      row: ['new-york', 'chicago', 'boston', 'detroit'],
      policeFlipped: [],
      scores: [0, 0],
      winners: [],
    });
    expect(summary.players.map((p: { smallLeft: number }) => p.smallLeft)).toEqual([2, 3]);
    expect(summary.players.map((p: { bigAvailable: number }) => p.bigAvailable)).toEqual([6, 6]);
    // Without --json: the game step by step in words, as a spectator saw it.
    const readable = await run('replay', file);
    expect(readable.out).toContain('The Boss, 2 players, seed "cli test": 3 moves.');
    expect(readable.out).toContain(
      'Move 1, Seat 1:\n  · Seat 1 placed 2 big cubes and 1 small cube on Detroit.\n  · Seat 1 revealed New York 0.',
    );
    expect(readable.out).toContain('Move 2, Seat 2:\n  · Seat 2 revealed Boston Prison.');
    expect(readable.out).toContain('── The Boss, round 1');
    // Nobody's hand is shown: a spectator sees hands as cities only.
    expect(readable.out).not.toContain('Your hand');
    expect(readable.out).not.toMatch(/[{}"]\w+"?:/);
  });

  it('refuses a move out of turn with its index, seat and rule', async () => {
    const file = await recordFile('turn.json', {
      ...base,
      moves: [
        { seat: 0, reveal: 'new-york:0' },
        { seat: 0, reveal: 'new-york:1' },
      ],
    });
    const r = await run('replay', file, '--json');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/move 1 \(seat 0\)/);
    expect(r.err).toContain('not-your-turn');
  });

  it('refuses a placement without a strict lead, naming the rule', async () => {
    const file = await recordFile('lead.json', {
      ...base,
      moves: [
        { seat: 0, place: { city: 'detroit', big: 3, small: 0 }, reveal: 'new-york:0' },
        { seat: 1, place: { city: 'detroit', big: 3, small: 0 }, reveal: 'detroit:3' },
      ],
    });
    const r = await run('replay', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/move 1 \(seat 1\).*no-strict-lead/);
  });

  it('refuses unreadable, malformed and invalid records clearly', async () => {
    expect((await run('replay', join(dir, 'missing.json'))).err).toContain('no such file');
    expect((await run('replay', await recordFile('bad.json', '{"game":'))).err).toContain(
      'not valid JSON',
    );
    const players = await run(
      'replay',
      await recordFile('players.json', { ...base, options: { players: 9 }, deals: [], moves: [] }),
    );
    expect(players.code).toBe(1);
    expect(players.err).toMatch(/players/i);
    const game = await run(
      'replay',
      await recordFile('game.json', { game: 'chess', seed: 's', moves: [] }),
    );
    expect(game.err).toContain('unknown game "chess"');
    const shape = await run('replay', await recordFile('shape.json', { ...base, moves: [{}] }));
    expect(shape.err).toContain('Move 0');
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await run('replay')).code).toBe(2);
    expect((await run('replay', 'a.json', '--jsn')).err).toContain('unknown option --jsn');
    expect((await run('nonsense')).code).toBe(2);
  });
});

describe('boss selfplay', () => {
  it('writes records that replay to a finished game', async () => {
    const out = join(dir, 'records');
    const r = await run('selfplay', '--players', '3', '--games', '2', '--seed', 's', '--out', out);
    expect(r.code).toBe(0);
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(2);
    for (const f of files) {
      const replayed = await run('replay', join(out, f), '--json');
      expect(replayed.code).toBe(0);
      const summary = JSON.parse(replayed.out);
      expect(summary.over).toBe(true);
      expect(summary.winners.length).toBeGreaterThan(0);
      const record = JSON.parse(await readFile(join(out, f), 'utf8'));
      expect(record.options.players).toBe(3);
      // Chance is written out: the same moves replay to the same end under another seed.
      expect(record.deals).toHaveLength(summary.round);
      expect(record.police).toHaveLength(5);
      expect(record.options.cities.length).toBeGreaterThan(2);
      const reseeded = await run(
        'replay',
        await recordFile(`reseeded-${f}`, { ...record, seed: 'another seed' }),
        '--json',
      );
      expect(reseeded.code).toBe(0);
      expect(JSON.parse(reseeded.out)).toEqual(summary);
    }
    expect((await run('selfplay', '--players', '3')).code).toBe(2);
  });
});

describe('boss bench', () => {
  it('prints positive rates as JSON', async () => {
    const r = await run('bench', '--players', '2', '--seconds', '1', '--json');
    expect(r.code).toBe(0);
    const { gamesPerSecond, movesPerSecond } = JSON.parse(r.out);
    expect(gamesPerSecond).toBeGreaterThan(0);
    expect(movesPerSecond).toBeGreaterThan(gamesPerSecond);
  });
});

describe('boss play', () => {
  it('plays a whole game from typed lines, explaining refused turns', async () => {
    const input = new PassThrough();
    const printed: string[] = [];
    let prompts = 0;
    let refusedOnce = false;
    const io = {
      out(text: string) {
        printed.push(text);
        if (text.startsWith('You may place:')) {
          // Answer from the legal list: the first city with its fewest big cubes, or a reveal.
          const reveal = /Reveal one of: (\S+)/.exec(text)![1];
          const city = /^ {2}(\S+)\s+(\d+)(?:-\d+)? big/m.exec(text);
          const useCity = city && prompts % 3 === 0;
          input.write(useCity ? `${city[1]} ${city[2]} ${reveal}\n` : `${reveal}\n`);
        } else if (text === 'your turn> ') {
          prompts++;
          if (!refusedOnce) {
            refusedOnce = true;
            input.write('gotham 1 boston:3\n');
          } else input.write('legal\n');
        }
      },
      err: (text: string) => printed.push(text),
    };
    const code = await playGame(
      theBossEntry,
      { players: 3, seat: 1, seed: 'piped', budget: 5 },
      input,
      io,
    );
    expect(code).toBe(0);
    const all = printed.join('\n');
    expect(all).toContain('"gotham" is not a city');
    expect(all).toContain('Game over');
    expect(all).toMatch(/Ranking: /);
    expect(all).toContain('── Final standing');
    // The row shows revealed cards with the last one of a city in brackets.
    expect(all).toMatch(/^ {0,1}\d\. [A-Z][\w ]+ {2,}(\S+ )*\[[^\]]+\]/m);
    // Bots' turns are narrated; other seats' hands appear only as counts by city.
    expect(all).toMatch(/Bot [13] \(Rules of thumb\) revealed /);
    expect(all).toMatch(/[13] Bot [13] \(Rules of thumb\)\n +score .*\n +hand: \d+ cards? \(/);
    expect(prompts).toBeGreaterThan(5);
  });

  it('answers usage errors of play with exit code 2', async () => {
    expect((await run('play', '--players', '7')).code).toBe(2);
    expect((await run('play', '--players', '2', '--seat', '3')).err).toContain('--seat');
    // Seats count from 1 for people, as the table's own lines do.
    expect((await run('play', '--players', '2', '--seat', '0')).err).toMatch(/from 1/);
    expect((await run('play', '--help')).out).toMatch(/--seat +your seat, counting from 1/);
    const partial = await run('play', '--server', 'http://127.0.0.1:1', '--table', 't');
    expect(partial.code).toBe(2);
    expect(partial.err).toContain('go together');
    const mixed = await run(
      'play',
      ...['--server', 'http://127.0.0.1:1', '--table', 't', '--token', 'k', '--players', '3'],
    );
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain('--players is for a local game');
  });

  it('answers help, legal and show, explains a refused turn by its rule, and quits', async () => {
    const input = new PassThrough();
    const printed: string[] = [];
    let prompts = 0;
    let legal = '';
    const io = {
      out(text: string) {
        printed.push(text);
        if (text.startsWith('You may place:')) legal = text;
        if (text !== 'your turn> ') return;
        prompts++;
        if (prompts === 1) input.write('help\n');
        else if (prompts === 2) input.write('legal\n');
        else if (prompts === 3) input.write('show\n');
        else if (prompts === 4) {
          // Nine big cubes on a city the list allows, with a card from the hand: well formed,
          // but nobody has nine big cubes to place.
          const reveal = /Reveal one of: (\S+)/.exec(legal)![1];
          const city = /^ {2}(\S+)\s+\d/m.exec(legal)![1];
          input.write(`${city} 9 ${reveal}\n`);
        } else input.write('quit\n');
      },
      err: (text: string) => printed.push(text),
    };
    const code = await playGame(
      theBossEntry,
      { players: 3, seat: 1, seed: 'commands', bots: 'heuristic,random', budget: 5 },
      input,
      io,
    );
    expect(code).toBe(0);
    const all = printed.join('\n');
    expect(all).toContain('You are seat 2 of 3.');
    expect(all).toContain(
      'Opponents: Bot 1 (Rules of thumb), Bot 3 (Random). Type help for how to play.',
    );
    expect(all).toContain('Commands: legal (what you may do now)');
    // Long lines wrap at 80 columns: read them joined.
    expect(all.replace(/\n +/g, ' ')).toMatch(
      /Refused \(not-enough-big-cubes\): You have \d big cubes left to place this round, not 9\. Type legal to see your options\./,
    );
    // The table is shown when the turn comes, and again for show.
    expect(all.match(/── The Boss, round 1/g)).toHaveLength(2);
    // Seat 0 deals and moves first, so a bot moved before the person's first turn.
    expect(all.indexOf('Bot 1 (Rules of thumb) revealed ')).toBeGreaterThan(0);
    expect(all.indexOf('Bot 1 (Rules of thumb) revealed ')).toBeLessThan(
      all.indexOf('your turn> '),
    );
    expect(prompts).toBe(5);
    expect(all).toContain('You left the game.');
    expect(all).not.toContain('Ranking');
  });

  it('ends cleanly when input ends', async () => {
    const input = new PassThrough();
    input.end();
    const printed: string[] = [];
    const code = await playGame(
      theBossEntry,
      { players: 2, seat: 0, seed: 'eof', budget: 5 },
      input,
      {
        out: (t) => printed.push(t),
        err: (t) => printed.push(t),
      },
    );
    expect(code).toBe(0);
    expect(printed.join('\n')).toContain('Input ended');
  });
});
