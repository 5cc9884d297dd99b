import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when Prometheus asks. */
export type MetricSources = {
  /** Whether pushes reach the broker now. */
  brokerConnected(): boolean;
  /** Live push connections this process holds (the embedded broker's; 0 with an external broker, which counts its own). */
  brokerConnections(): number;
  /** Scans waiting for a free OCR engine, and being read. */
  ocrWaiting(): number;
  ocrReading(): number;
};

/**
 * The server's metrics in Prometheus's format (prom-client), one registry per app: request
 * latency by route, sync mutations by outcome, pulls, the broker and the OCR queue. Served on a
 * port of their own (METRICS_PORT), never on the app's public one.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestSeconds = new Histogram({
    name: 'cardbook_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly syncMutations = new Counter({
    name: 'cardbook_sync_mutations_total',
    help: 'Sync mutations pushed, by outcome (applied, or rejected with a reason told to the device).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly syncPulls = new Counter({
    name: 'cardbook_sync_pulls_total',
    help: 'Sync pull pages answered.',
    registers: [this.registry],
  });

  /** `sources` are read at each scrape; set them once the parts they read exist. */
  sources: MetricSources = {
    brokerConnected: () => false,
    brokerConnections: () => 0,
    ocrWaiting: () => 0,
    ocrReading: () => 0,
  };

  constructor() {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('cardbook_push_broker_connected', 'Whether pushes reach the broker (1) or not (0).', () =>
      this.sources.brokerConnected() ? 1 : 0,
    );
    gauge('cardbook_push_connections', 'Live push connections held by this process.', () =>
      this.sources.brokerConnections(),
    );
    gauge('cardbook_ocr_waiting', 'Scans waiting for a free OCR engine.', () => this.sources.ocrWaiting());
    gauge('cardbook_ocr_reading', 'Scans being read now.', () => this.sources.ocrReading());
  }

  /** Adds Node's own figures (memory, event-loop lag, garbage collection): for the process that serves them. */
  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry, prefix: 'cardbook_' });
    return this;
  }
}

/** Serves GET /metrics of `metrics` on its own port; anything else is 404. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
