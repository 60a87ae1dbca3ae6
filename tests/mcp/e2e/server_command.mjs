// Which server the end-to-end tests drive. TOOLHOST_MCP_SERVER_CMD (a shell
// word list, e.g. "toolhost serve --plugin-dir build/release/plugins") wins;
// otherwise the fake server CMake built (TOOLHOST_MCP_FAKE_SERVER). The
// server must accept the flags the tests append: --pin NAME@VERSION,
// --map-names and --approval=elicit|out-of-band.
import { spawn } from 'node:child_process';

function splitWords(text) {
  const words = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const m of text.matchAll(pattern)) {
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  }
  return words;
}

export function serverCommand(extraArgs = []) {
  const configured = process.env.TOOLHOST_MCP_SERVER_CMD;
  const words = configured ? splitWords(configured) : [process.env.TOOLHOST_MCP_FAKE_SERVER];
  if (!words[0]) {
    throw new Error('set TOOLHOST_MCP_SERVER_CMD or TOOLHOST_MCP_FAKE_SERVER (ctest sets the latter)');
  }
  return { command: words[0], args: [...words.slice(1), ...extraArgs] };
}

// A server spoken to in raw newline-delimited JSON, for the malformed-input
// suite that no well-behaved client can produce.
export class RawServer {
  constructor(extraArgs = []) {
    const { command, args } = serverCommand(extraArgs);
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.child.stderr.on('data', (d) => { this.stderr += d; });
    this.buffer = '';
    this.lines = [];
    this.waiters = [];
    this.child.stdout.on('data', (chunk) => {
      this.buffer += chunk;
      let nl;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
      }
      this.#wake();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  #wake() {
    while (this.waiters.length && this.lines.length) this.waiters.shift()(this.lines.shift());
  }

  write(text) { this.child.stdin.write(text); }
  send(message) { this.write(JSON.stringify(message) + '\n'); }

  // The next line the server writes, parsed; fails after timeoutMs.
  next(timeoutMs = 10000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer; stderr: ' + this.stderr)), timeoutMs);
      this.waiters.push((line) => { clearTimeout(timer); resolve(JSON.parse(line)); });
      this.#wake();
    });
  }

  async close() {
    this.child.stdin.end();
    return this.exited;
  }
}
