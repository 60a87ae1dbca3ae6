// Side-by-side benchmark of MCP tools/call over stdio: our server against the
// official TypeScript SDK server, driven by the same minimal pipelined client
// (write N newline-delimited requests, count N answers, then check every one
// after the clock stops), alternating runs.
// Reports wall throughput and the SERVER process's CPU time per call (summed
// over its threads from /proc/<pid>/task/*/schedstat, nanosecond resolution),
// and the ratios: of the medians, and the median of each round's own ratio.
//
//   node bench/mcp/pipelined_client.mjs [--calls N] [--rounds R] [--warmup W]
//        [--ours "CMD ARGS"] [--peer "CMD ARGS"] [--json]
//
// --ours defaults to $TOOLHOST_MCP_SERVER_CMD, else the fake server in
// build/mcp; --peer defaults to node bench/mcp/ts_calculator_server.mjs.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const calls = Number(option('--calls', 20000));
const rounds = Number(option('--rounds', 3));
const warmup = Number(option('--warmup', 5000));
const asJson = process.argv.includes('--json');
const defaultOurs = process.env.TOOLHOST_MCP_SERVER_CMD ??
  [path.join(root, 'build/mcp/tests/mcp/toolhost_mcp_fake_server'),
   path.join(root, 'build/release/tests/mcp/toolhost_mcp_fake_server')].find(existsSync);
const ours = option('--ours', defaultOurs);
const peer = option('--peer', `${process.execPath} ${path.join(here, 'ts_calculator_server.mjs')}`);
if (!ours) throw new Error('no server for --ours: build toolhost_mcp_fake_server or pass --ours');

const splitWords = (text) => [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

// CPU nanoseconds used so far by every thread of a process.
function processCpuNs(pid) {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch { /* thread exited between listing and reading */ }
  }
  return total;
}

class Server {
  constructor(commandLine) {
    const [command, ...args] = splitWords(commandLine);
    // NODE_NO_WARNINGS: the SDK server's stdout backpressure trips Node's
    // listener-count warning under a deep pipeline; it is noise here.
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    // Answers are kept as raw chunks and only counted (newline bytes) while
    // the clock runs; they are decoded and checked after it stops, so the
    // client's own cost per answer stays far below either server's.
    this.chunks = [];
    this.lines = 0;
    this.onCount = null;
    this.child.stdout.on('data', (chunk) => {
      this.chunks.push(chunk);
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines++;
      this.onCount?.();
    });
  }
  // Writes the payload and resolves with every answer line once `expected`
  // more arrived.
  exchange(payload, expected) {
    return new Promise((resolve) => {
      const target = this.lines + expected;
      this.onCount = () => {
        if (this.lines < target) return;
        this.onCount = null;
        const text = Buffer.concat(this.chunks).toString('utf8');
        this.chunks = [];
        this.lines = 0;
        resolve(text.split('\n').filter((line) => line.length > 0));
      };
      const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
      let offset = 0;
      const chunk = 1 << 20;
      const pump = () => {
        while (offset < data.length) {
          const ok = this.child.stdin.write(data.subarray(offset, offset + chunk));
          offset += chunk;
          if (!ok) { this.child.stdin.once('drain', pump); return; }
        }
      };
      pump();
    });
  }
  async close() {
    this.child.stdin.end();
    await new Promise((resolve) => this.child.on('exit', resolve));
  }
}

const payloadOf = (lines) => Buffer.from(lines.join('\n') + '\n');

const callLine = (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call',
  params: { name: 'math.calculate', arguments: { expression: '17 * 23' } } });

async function runOnce(label, commandLine) {
  const server = new Server(commandLine);
  const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } };
  await server.exchange(payloadOf([JSON.stringify(init)]), 1);
  server.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
  // Warm-up: lets V8 optimise the peer, so we compare steady states.
  await server.exchange(payloadOf(Array.from({ length: warmup }, (_, i) => callLine(`w${i}`))), warmup);

  const payload = payloadOf(Array.from({ length: calls }, (_, i) => callLine(i + 1)));
  const cpuBefore = processCpuNs(server.child.pid);
  const start = process.hrtime.bigint();
  const answers = await server.exchange(payload, calls);
  const wallNs = Number(process.hrtime.bigint() - start);
  const cpuNs = processCpuNs(server.child.pid) - cpuBefore;
  await server.close();

  // Every answer, checked once the clock has stopped: one per request id,
  // each the calculator's result.
  if (answers.length !== calls) throw new Error(`${label}: ${answers.length} answers for ${calls} calls`);
  const seen = new Set();
  for (const line of answers) {
    const answer = JSON.parse(line);
    if (!Number.isInteger(answer.id) || answer.id < 1 || answer.id > calls || seen.has(answer.id) ||
        answer.result?.structuredContent?.result !== '391' ||
        answer.result?.content?.[0]?.text !== '391' || answer.result?.isError === true) {
      throw new Error(`${label}: unexpected answer ${line}`);
    }
    seen.add(answer.id);
  }
  return { label, callsPerSecond: calls / (wallNs / 1e9), cpuUsPerCall: cpuNs / 1e3 / calls };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { ours: [], peer: [] };
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so drift on a shared machine hits both.
  const order = r % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
  for (const which of order) {
    const result = await runOnce(which, which === 'ours' ? ours : peer);
    results[which].push(result);
    if (!asJson) {
      console.log(`round ${r + 1} ${which.padEnd(4)}  ${result.callsPerSecond.toFixed(0).padStart(8)} calls/s  ` +
        `${result.cpuUsPerCall.toFixed(2).padStart(7)} us server CPU/call`);
    }
  }
}
const summary = {
  calls, rounds, ours, peer,
  ours_calls_per_second: median(results.ours.map((x) => x.callsPerSecond)),
  peer_calls_per_second: median(results.peer.map((x) => x.callsPerSecond)),
  ours_cpu_us_per_call: median(results.ours.map((x) => x.cpuUsPerCall)),
  peer_cpu_us_per_call: median(results.peer.map((x) => x.cpuUsPerCall)),
};
summary.throughput_ratio = summary.ours_calls_per_second / summary.peer_calls_per_second;
summary.cpu_ratio = summary.peer_cpu_us_per_call / summary.ours_cpu_us_per_call;
// Paired: each round's two runs are back to back, so the machine's drift
// (which moves both servers' figures by tens of percent from minute to
// minute) mostly cancels in their ratio.
const pairedCpu = results.ours.map((o, r) => results.peer[r].cpuUsPerCall / o.cpuUsPerCall);
summary.paired_cpu_ratio_median = median(pairedCpu);
summary.paired_cpu_ratio_min = Math.min(...pairedCpu);
summary.paired_cpu_ratio_max = Math.max(...pairedCpu);
if (asJson) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  console.log(`median ours ${summary.ours_calls_per_second.toFixed(0)} calls/s, ` +
    `${summary.ours_cpu_us_per_call.toFixed(2)} us CPU/call`);
  console.log(`median peer ${summary.peer_calls_per_second.toFixed(0)} calls/s, ` +
    `${summary.peer_cpu_us_per_call.toFixed(2)} us CPU/call`);
  console.log(`throughput ratio ${summary.throughput_ratio.toFixed(1)}x, ` +
    `server CPU ratio ${summary.cpu_ratio.toFixed(1)}x (target >= 5x)`);
  console.log(`server CPU ratio round by round: median ${summary.paired_cpu_ratio_median.toFixed(1)}x, ` +
    `range ${summary.paired_cpu_ratio_min.toFixed(1)}-${summary.paired_cpu_ratio_max.toFixed(1)}x`);
}
