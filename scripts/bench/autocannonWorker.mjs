/**
 * One autocannon run in a child process (forked by scripts/bench/api.ts), so the load generator
 * has an event loop of its own and does not slow the stack it measures. autocannon's histogram
 * keeps whole milliseconds; the precise time of every 2xx response is sent back too.
 *
 * The parent sends { url, connections, duration?, amount?, requests?, perRequest? } once;
 *   perRequest: a list of { method, path, headers, body }, one per request in turn.
 */
import autocannon from 'autocannon';

const { url, connections, duration, amount, requests, perRequest } = await new Promise((resolve) =>
  process.once('message', resolve),
);
let next = 0;
const options = {
  url,
  connections,
  timeout: 30,
  ...(duration ? { duration } : {}),
  ...(amount ? { amount } : {}),
  requests: perRequest
    ? [{ setupRequest: (request) => ({ ...request, ...perRequest[next++ % perRequest.length] }) }]
    : requests,
};

const samples = [];
const statuses = {};
const started = performance.now();
const tracker = autocannon(options);
tracker.on('response', (_client, statusCode, _bytes, responseTime) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
});
const result = await tracker;
// autocannon's own duration is in whole ticks; the wall time of the run is exact.
const durationSeconds = (performance.now() - started) / 1000;
process.send({
  samples,
  statuses,
  errors: result.errors,
  timeouts: result.timeouts,
  durationSeconds,
  requestsPerSecond: result.requests.average,
  autocannonLatency: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average },
});
process.disconnect();
