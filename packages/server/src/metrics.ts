// Hand-written Prometheus metrics: move latency, bot answer times, connections, HTTP codes, the bot queue, the event loop's delay.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { BotPoolStats } from './bot-pool.js';

/** Prometheus metrics, hand-written: a few counters, gauges and histograms. */
export class Metrics {
  movesTotal = 0;
  connections = 0;
  httpRequests = new Map<number, number>();
  private readonly buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
  private readonly botBuckets = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  private readonly counts = new Array<number>(this.buckets.length + 1).fill(0);
  private sum = 0;
  private n = 0;

  /** Time from receiving a move to having committed and sent it, in seconds. */
  observeMove(seconds: number): void {
    this.movesTotal++;
    this.sum += seconds;
    this.n++;
    let i = 0;
    while (i < this.buckets.length && seconds > this.buckets[i]) i++;
    this.counts[i]++;
  }

  /** Time from a table asking a bot for a move to having it, by kind of table, in seconds. */
  private readonly botAnswers: Record<'people' | 'bots', { counts: number[]; sum: number }> = {
    people: { counts: new Array<number>(this.botBuckets.length + 1).fill(0), sum: 0 },
    bots: { counts: new Array<number>(this.botBuckets.length + 1).fill(0), sum: 0 },
  };

  /** The bot pool's queue, once the server hands it over (`watchBots`). */
  private botStats: (() => BotPoolStats) | null = null;

  observeBot(table: 'people' | 'bots', seconds: number): void {
    const h = this.botAnswers[table];
    h.sum += seconds;
    let i = 0;
    while (i < this.botBuckets.length && seconds > this.botBuckets[i]) i++;
    h.counts[i]++;
  }

  /** Reports the pool's running and queued jobs as gauges. */
  watchBots(pool: { stats(): BotPoolStats }): void {
    this.botStats = () => pool.stats();
  }

  /** Connections the server closed, by close code (flooding, slow reader, caps…). */
  readonly closes = new Map<number, number>();

  closed(code: number): void {
    this.closes.set(code, (this.closes.get(code) ?? 0) + 1);
  }

  http(status: number): void {
    this.httpRequests.set(status, (this.httpRequests.get(status) ?? 0) + 1);
  }

  /** On a cluster: every sample carries `node="<name>"`. */
  node: string | undefined;

  /**
   * How late the event loop runs what is due (a timer, a frame to read), sampled every 10 ms:
   * the wait every move, frame and request here shares. Reported and started afresh at each
   * scrape, as prom-client does for its own.
   */
  private loopDelay: IntervalHistogram | null = null;

  private eventLoopDelay(): string[] {
    if (!this.loopDelay) {
      this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
      this.loopDelay.enable();
    }
    const h = this.loopDelay;
    // The histogram holds the time between the monitor's 10 ms samples: late is what is past 10.
    const s = (ns: number) => (Number.isFinite(ns) ? Math.max(0, ns - 10e6) / 1e9 : 0);
    const lines = [
      '# HELP boss_event_loop_delay_seconds How late the event loop ran since the last scrape.',
      '# TYPE boss_event_loop_delay_seconds summary',
      ...[0.5, 0.99].map(
        (q) => `boss_event_loop_delay_seconds{quantile="${q}"} ${s(h.percentile(q * 100))}`,
      ),
      `boss_event_loop_delay_seconds{quantile="1"} ${s(h.max)}`,
    ];
    h.reset();
    return lines;
  }

  render(tables: Record<string, number>): string {
    const lines = [
      '# HELP boss_tables Tables in memory by status (finished ones leave after 10 idle minutes).',
      '# TYPE boss_tables gauge',
      ...Object.entries(tables).map(([status, n]) => `boss_tables{status="${status}"} ${n}`),
      '# HELP boss_connections Open WebSocket connections.',
      '# TYPE boss_connections gauge',
      `boss_connections ${this.connections}`,
      '# HELP boss_connections_closed_total Connections the server closed, by close code.',
      '# TYPE boss_connections_closed_total counter',
      ...[...this.closes].map(([code, n]) => `boss_connections_closed_total{code="${code}"} ${n}`),
      '# HELP boss_moves_total Moves committed.',
      '# TYPE boss_moves_total counter',
      `boss_moves_total ${this.movesTotal}`,
      '# HELP boss_move_seconds Time from receiving a move to committing and sending it.',
      '# TYPE boss_move_seconds histogram',
    ];
    let cumulative = 0;
    this.buckets.forEach((b, i) => {
      cumulative += this.counts[i];
      lines.push(`boss_move_seconds_bucket{le="${b}"} ${cumulative}`);
    });
    lines.push(`boss_move_seconds_bucket{le="+Inf"} ${this.n}`);
    lines.push(`boss_move_seconds_sum ${this.sum}`, `boss_move_seconds_count ${this.n}`);
    lines.push(
      '# HELP boss_process_resident_memory_bytes Resident memory of the server process.',
      '# TYPE boss_process_resident_memory_bytes gauge',
      `boss_process_resident_memory_bytes ${process.memoryUsage().rss}`,
    );
    lines.push(
      '# HELP boss_http_requests_total HTTP requests by status.',
      '# TYPE boss_http_requests_total counter',
      ...[...this.httpRequests].map(
        ([status, n]) => `boss_http_requests_total{status="${status}"} ${n}`,
      ),
    );
    lines.push(...this.eventLoopDelay());
    lines.push(
      '# HELP boss_bot_answer_seconds Time from a table asking a bot for a move to having it.',
      '# TYPE boss_bot_answer_seconds histogram',
    );
    for (const [table, h] of Object.entries(this.botAnswers)) {
      let cumulative = 0;
      this.botBuckets.forEach((b, i) => {
        cumulative += h.counts[i];
        lines.push(`boss_bot_answer_seconds_bucket{table="${table}",le="${b}"} ${cumulative}`);
      });
      const n = cumulative + h.counts[this.botBuckets.length];
      lines.push(`boss_bot_answer_seconds_bucket{table="${table}",le="+Inf"} ${n}`);
      lines.push(`boss_bot_answer_seconds_sum{table="${table}"} ${h.sum}`);
      lines.push(`boss_bot_answer_seconds_count{table="${table}"} ${n}`);
    }
    const bots = this.botStats?.();
    if (bots) {
      lines.push(
        '# HELP boss_bot_jobs Bot jobs running and queued, by kind of table.',
        '# TYPE boss_bot_jobs gauge',
      );
      for (const table of ['people', 'bots'] as const)
        lines.push(
          `boss_bot_jobs{table="${table}",state="running"} ${bots.running[table]}`,
          `boss_bot_jobs{table="${table}",state="queued"} ${bots.queued[table]}`,
        );
      lines.push(
        '# HELP boss_bot_workers Bot worker threads.',
        '# TYPE boss_bot_workers gauge',
        `boss_bot_workers ${bots.workers}`,
      );
    }
    const node = this.node;
    const labelled = node
      ? lines.map((l) =>
          l.startsWith('#')
            ? l
            : l.includes('{')
              ? l.replace('{', `{node="${node}",`)
              : l.replace(' ', `{node="${node}"} `),
        )
      : lines;
    return labelled.join('\n') + '\n';
  }
}
