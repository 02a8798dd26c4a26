// The registry's light part agrees with the full entries: ids, names, seats, bots' kinds and levels.
import { describe, expect, it } from 'vitest';
import { gameEntries } from '@boss-table/games';
import { botKinds } from '@boss-table/games/bots';
import { GAME_METAS, botChoices, findMeta, metaBotKinds } from '@boss-table/games/meta';

describe("the registry's light part", () => {
  it('lists every registered game, in order, as its definition says', () => {
    const entries = gameEntries();
    expect(GAME_METAS.map((m) => m.id)).toEqual(entries.map((e) => e.game.id));
    for (const { game } of entries) {
      const meta = findMeta(game.id);
      expect(meta, game.id).toBeDefined();
      expect({ ...meta, bots: undefined, ladder: undefined, unlisted: undefined }).toEqual({
        id: game.id,
        name: game.name,
        minPlayers: game.minPlayers,
        maxPlayers: game.maxPlayers,
        bots: undefined,
        ladder: undefined,
        unlisted: undefined,
      });
    }
  });

  it("offers each game's bots with the levels its entry makes", () => {
    for (const { game } of gameEntries()) {
      expect(metaBotKinds(game.id), game.id).toEqual(botKinds(game.id));
      // The same order: the lobby lists the kinds as they come.
      expect(Object.keys(metaBotKinds(game.id))).toEqual(Object.keys(botKinds(game.id)));
    }
    expect(metaBotKinds('chess')).toEqual({});
  });

  it('keeps each measured ladder sound: levels the game offers, strongest first, ratings as shown', () => {
    for (const meta of GAME_METAS) {
      const rungs = meta.ladder?.rungs ?? [];
      const offered = botChoices(meta.id).map((c) => c.spec);
      for (const r of rungs) {
        if (!meta.unlisted?.includes(r.bot))
          expect(offered, `${meta.id} ${r.bot}`).toContain(r.bot);
        expect(r.rating).toBe(Math.round(1500 + 40 * (r.mu - 3 * r.sigma)));
        expect(r.wins).toBeLessThanOrEqual(r.games);
      }
      const ratings = rungs.map((r) => r.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(new Set(rungs.map((r) => r.bot)).size).toBe(rungs.length);
    }
  });

  it('lists bots in measured order: rated levels strongest first, then the unrated ones', () => {
    for (const meta of GAME_METAS) {
      const choices = botChoices(meta.id);
      const registered = Object.entries(botKinds(meta.id)).flatMap(([k, levels]) =>
        levels.length ? levels.map((l) => `${k}:${l}`) : [k],
      );
      const unlisted = meta.unlisted ?? [];
      // Every level the game still makes, once, whatever the order; none it no longer offers.
      for (const spec of unlisted) expect(registered, `${meta.id} ${spec}`).toContain(spec);
      expect(choices.map((c) => c.spec).sort()).toEqual(
        registered.filter((s) => !unlisted.includes(s)).sort(),
      );
      const rated = choices.filter((c) => c.rating !== undefined);
      expect(choices.slice(0, rated.length)).toEqual(rated);
      const listedRungs = (meta.ladder?.rungs ?? []).filter((r) => !unlisted.includes(r.bot));
      expect(rated.map((c) => c.rating)).toEqual(listedRungs.map((r) => r.rating));
    }
    // The Boss's runs put the medium search above the rules of thumb, and rated every level,
    // the hard search too: random comes last.
    const theBoss = botChoices('the-boss').map((c) => c.spec);
    expect(theBoss.indexOf('ismcts:medium')).toBeLessThan(theBoss.indexOf('heuristic'));
    expect(theBoss.indexOf('random')).toBe(theBoss.length - 1);
    expect(botChoices('the-boss').every((c) => c.rating !== undefined)).toBe(true);
    expect(botChoices('chess')).toEqual([]);
  });

  it("offers I'm the Boss!'s levels without the search its ladder found weaker than the lighter one", () => {
    const rungs = findMeta('im-the-boss')?.ladder?.rungs ?? [];
    const rating = (bot: string) => rungs.find((r) => r.bot === bot)?.rating ?? NaN;
    expect(rating('ismcts:medium')).toBeLessThan(rating('ismcts:easy'));
    const offered = botChoices('im-the-boss').map((c) => c.spec);
    expect(offered).not.toContain('ismcts:medium');
    expect(offered).toEqual(['ismcts:easy', 'heuristic', 'random', 'ismcts:hard']);
    // Still made, for the tables and records that name it.
    expect(botKinds('im-the-boss').ismcts).toContain('medium');
  });
});
