/**
 * One name for each bot level, the same everywhere a player meets it (lobby, table, leaderboard,
 * profile, terminal), with a line saying what it is. Bot kinds are shared by every game
 * (`random`, `heuristic`, `ismcts:<level>`); a kind not listed here is named by its spec.
 * No imports: the web shell takes these words without loading any game.
 */
export interface BotWords {
  readonly name: string;
  readonly about: string;
}

export const BOT_WORDS: Readonly<Record<string, BotWords>> = {
  random: { name: 'Random', about: 'plays any legal move at random: for learning the rules' },
  heuristic: {
    name: 'Rules of thumb',
    about: 'plays the game’s rules of thumb and answers at once: a fair first opponent',
  },
  'ismcts:easy': {
    name: 'Easy search',
    about: 'looks ahead over the hidden cards for about 25 ms a move',
  },
  'ismcts:medium': {
    name: 'Medium search',
    about: 'looks ahead over the hidden cards for about 250 ms a move',
  },
  'ismcts:hard': {
    name: 'Hard search',
    about: 'looks ahead over the hidden cards for about a second a move',
  },
};

/** A bot spec (`ismcts:hard`, or a rating name `bot:ismcts:hard`) in words: "Hard search". */
export function botName(spec: string): string {
  const s = spec.startsWith('bot:') ? spec.slice(4) : spec;
  return BOT_WORDS[s]?.name ?? BOT_WORDS[`${s}:medium`]?.name ?? s;
}

/** What a bot level is, in one line ("" for one not listed). */
export function botAbout(spec: string): string {
  const s = spec.startsWith('bot:') ? spec.slice(4) : spec;
  return BOT_WORDS[s]?.about ?? '';
}
