// Statistics for `boss arena`: win rates with Wilson intervals, time quantiles, seat rotation, an SVG chart.
import type { ArenaGameResult } from './arena-games.js';

export interface BotStats {
  readonly name: string;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
  readonly meanScore: number;
  readonly meanDecisionMs: number;
  readonly p95DecisionMs: number;
  /** Every final score of this bot, for the plot. */
  readonly scores: readonly number[];
}

/** Wilson score interval at 95 % for `wins` successes in `n` trials (wins may be fractional). */
export function wilson(wins: number, n: number, z = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The value below which `q` of the sorted values lie (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Per distinct bot spec, in order of first appearance in `specs`: a seat played is one game
 * for that bot; a shared win counts 1/k to each of the k winners.
 */
export function summarise(
  specs: readonly string[],
  results: readonly ArenaGameResult[],
): BotStats[] {
  const names = [...new Set(specs)];
  return names.map((name) => {
    let games = 0;
    let wins = 0;
    const scores: number[] = [];
    const times: number[] = [];
    for (const r of results)
      r.seats.forEach((spec, seat) => {
        if (spec !== name) return;
        games++;
        if (r.winners.includes(seat)) wins += 1 / r.winners.length;
        scores.push(r.scores[seat]);
        times.push(...r.decisionMs[seat]);
      });
    times.sort((a, b) => a - b);
    const mean = (xs: readonly number[]) =>
      xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
    return {
      name,
      games,
      wins,
      winRate: games ? wins / games : 0,
      ci95: wilson(wins, games),
      meanScore: mean(scores),
      meanDecisionMs: mean(times),
      p95DecisionMs: quantile(times, 0.95),
      scores,
    };
  });
}

/** Seat `s` of game `g` gets `specs[(s + g) % n]`: over n games every bot sits everywhere once. */
export function seatsFor(specs: readonly string[], game: number): string[] {
  const n = specs.length;
  return Array.from({ length: n }, (_, s) => specs[(s + game) % n]);
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An SVG chart: win rate with its 95 % interval per bot, and each bot's score distribution. */
export function plotSvg(stats: readonly BotStats[], title: string): string {
  const w = 720;
  const rowH = 34;
  const left = 170;
  const plotW = w - left - 40;
  const top = 60;
  const h1 = stats.length * rowH;
  const maxScore = Math.max(1, ...stats.flatMap((s) => s.scores));
  const top2 = top + h1 + 70;
  const h = top2 + stats.length * rowH + 40;
  const x = (rate: number) => left + rate * plotW;
  const xs = (score: number) => left + (score / maxScore) * plotW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${w / 2}" y="24" text-anchor="middle" font-size="16">${esc(title)}</text>`,
    `<text x="${left}" y="${top - 12}">Win rate (ties split), with 95 % Wilson interval</text>`,
  ];
  for (let t = 0; t <= 10; t += 2) {
    const gx = x(t / 10);
    parts.push(
      `<line x1="${gx}" y1="${top}" x2="${gx}" y2="${top + h1}" stroke="#ddd"/>`,
      `<text x="${gx}" y="${top + h1 + 16}" text-anchor="middle">${t * 10}%</text>`,
    );
  }
  stats.forEach((s, i) => {
    const y = top + i * rowH + rowH / 2;
    parts.push(
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(s.name)}</text>`,
      `<rect x="${left}" y="${y - 9}" width="${x(s.winRate) - left}" height="18" fill="#4a7bb7"/>`,
      `<line x1="${x(s.ci95[0])}" y1="${y}" x2="${x(s.ci95[1])}" y2="${y}" stroke="black" stroke-width="2"/>`,
      `<line x1="${x(s.ci95[0])}" y1="${y - 6}" x2="${x(s.ci95[0])}" y2="${y + 6}" stroke="black"/>`,
      `<line x1="${x(s.ci95[1])}" y1="${y - 6}" x2="${x(s.ci95[1])}" y2="${y + 6}" stroke="black"/>`,
      `<text x="${x(s.ci95[1]) + 6}" y="${y + 4}">${(s.winRate * 100).toFixed(1)}% of ${s.games}</text>`,
    );
  });
  parts.push(`<text x="${left}" y="${top2 - 12}">Final scores (each dot a game; bar: mean)</text>`);
  stats.forEach((s, i) => {
    const y = top2 + i * rowH + rowH / 2;
    parts.push(`<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(s.name)}</text>`);
    const counts = new Map<number, number>();
    for (const score of s.scores) {
      const k = counts.get(score) ?? 0;
      counts.set(score, k + 1);
      const jitter = ((k % 7) - 3) * 2;
      parts.push(
        `<circle cx="${xs(score)}" cy="${y + jitter}" r="2" fill="#4a7bb7" fill-opacity="0.4"/>`,
      );
    }
    parts.push(
      `<line x1="${xs(s.meanScore)}" y1="${y - 10}" x2="${xs(s.meanScore)}" y2="${y + 10}" stroke="#c33" stroke-width="2"/>`,
    );
  });
  for (let t = 0; t <= 4; t++) {
    const score = Math.round((maxScore * t) / 4);
    parts.push(
      `<text x="${xs(score)}" y="${top2 + stats.length * rowH + 16}" text-anchor="middle">${score}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
