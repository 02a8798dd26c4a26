/** Prometheus metrics, hand-written: a few counters, gauges and one histogram. */
export class Metrics {
  movesTotal = 0;
  connections = 0;
  httpRequests = new Map<number, number>();
  private readonly buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
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

  http(status: number): void {
    this.httpRequests.set(status, (this.httpRequests.get(status) ?? 0) + 1);
  }

  render(tables: Record<string, number>): string {
    const lines = [
      '# HELP boss_tables Tables in memory by status (finished ones leave after 10 idle minutes).',
      '# TYPE boss_tables gauge',
      ...Object.entries(tables).map(([status, n]) => `boss_tables{status="${status}"} ${n}`),
      '# HELP boss_connections Open WebSocket connections.',
      '# TYPE boss_connections gauge',
      `boss_connections ${this.connections}`,
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
    );
    for (const [status, n] of this.httpRequests)
      lines.push(`boss_http_requests_total{status="${status}"} ${n}`);
    return lines.join('\n') + '\n';
  }
}
