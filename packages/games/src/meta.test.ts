// The registry's light part agrees with the full entries: ids, names, seats, bots' kinds and levels.
import { describe, expect, it } from 'vitest';
import { gameEntries } from '@boss-table/games';
import { botKinds } from '@boss-table/games/bots';
import { GAME_METAS, findMeta, metaBotKinds } from '@boss-table/games/meta';

describe("the registry's light part", () => {
  it('lists every registered game, in order, as its definition says', () => {
    const entries = gameEntries();
    expect(GAME_METAS.map((m) => m.id)).toEqual(entries.map((e) => e.game.id));
    for (const { game } of entries) {
      const meta = findMeta(game.id);
      expect(meta, game.id).toBeDefined();
      expect({ ...meta, bots: undefined }).toEqual({
        id: game.id,
        name: game.name,
        minPlayers: game.minPlayers,
        maxPlayers: game.maxPlayers,
        bots: undefined,
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
});
