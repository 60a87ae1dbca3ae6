// The malformed-input suite over raw stdio: every bad line gets the right
// JSON-RPC error (notifications get none) and the session keeps serving.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { RawServer } from './server_command.mjs';

let server;
let nextId = 1000;

async function expectAlive() {
  const id = nextId++;
  server.send({ jsonrpc: '2.0', id, method: 'tools/call',
    params: { name: 'math.calculate', arguments: { expression: '17 * 23' } } });
  const answer = await server.next();
  assert.equal(answer.id, id);
  assert.equal(answer.result.structuredContent.result, '391');
}

async function expectError(line, code, id = null) {
  server.write(line + '\n');
  const answer = await server.next();
  assert.equal(answer.jsonrpc, '2.0');
  assert.equal(answer.error?.code, code, `for ${line.slice(0, 120)}: ${JSON.stringify(answer)}`);
  assert.deepEqual(answer.id, id);
  await expectAlive();
}

before(async () => {
  server = new RawServer();
  server.send({ jsonrpc: '2.0', id: 0, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const init = await server.next();
  assert.equal(init.result.protocolVersion, '2025-06-18');
  server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
});

after(async () => {
  assert.equal(await server.close(), 0);
});

test('raw: truncated JSON is a parse error', async () => {
  await expectError('{"jsonrpc":"2.0","id":1,"method":"tools/ca', -32700);
  await expectError('{', -32700);
});

test('raw: invalid UTF-8 is a parse error', async () => {
  server.child.stdin.write(Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]));
  const answer = await server.next();
  assert.equal(answer.error.code, -32700);
  await expectAlive();
});

test('raw: wrong types', async () => {
  await expectError('{"jsonrpc":"2.0","id":2,"method":42}', -32600, 2);
  await expectError('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}}', -32602, 3);
  await expectError('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"math.calculate","arguments":"x"}}', -32602, 4);
  await expectError('{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[]}', -32602, 5);
  await expectError('{"jsonrpc":"1.0","id":6,"method":"ping"}', -32600, 6);
  await expectError('"hello"', -32600);
});

test('raw: huge ids are echoed exactly, inexact ones refused', async () => {
  const longId = 'i'.repeat(200000);
  server.send({ jsonrpc: '2.0', id: longId, method: 'ping' });
  assert.equal((await server.next()).id, longId);
  server.write('{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"}\n');
  const line = await new Promise((resolve) => {
    // Compare the raw text: JSON.parse would round the integer.
    server.waiters.push(resolve);
  });
  assert.equal(line, '{"jsonrpc":"2.0","id":9223372036854775807,"result":{}}');
  await expectError('{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}', -32600);
  await expectError('{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600);
});

test('raw: unknown methods and requests after a shutdown', async () => {
  await expectError('{"jsonrpc":"2.0","id":7,"method":"tools/explode"}', -32601, 7);
  await expectError('{"jsonrpc":"2.0","id":8,"method":"shutdown"}', -32601, 8);
  await expectAlive();
});

test('raw: a 1 MB line', async () => {
  await expectError('x'.repeat(1 << 20), -32700);
  server.send({ jsonrpc: '2.0', id: 9, method: 'tools/call',
    params: { name: 'math.calculate', arguments: { expression: '1'.repeat(1 << 20) } } });
  const answer = await server.next();
  assert.equal(answer.id, 9);
  assert.equal(answer.result.isError, true);
});

test('raw: a line over the 4 MiB bound', async () => {
  await expectError('x'.repeat(5 * 1024 * 1024), -32600);
});

test('raw: a notification where a request is expected gets no answer and does not run', async () => {
  server.send({ jsonrpc: '2.0', method: 'tools/call',
    params: { name: 'demo.external_write', arguments: { destination: 'x', content: 'y' } } });
  await expectAlive();  // the next line is the ping-like call's answer, nothing before it
});

test('raw: batches are refused', async () => {
  await expectError('[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600);
});

test('raw: pipelined requests are answered with their ids', async () => {
  const ids = Array.from({ length: 200 }, (_, i) => `p${i}`);
  server.write(ids.map((id, i) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call',
    params: { name: 'math.calculate', arguments: { expression: `${i} * 3` } } })).join('\n') + '\n');
  for (let i = 0; i < ids.length; i++) {
    const answer = await server.next();
    assert.equal(answer.id, ids[i]);
    assert.equal(answer.result.structuredContent.result, String(i * 3));
  }
});

test('raw: 2026-07-28 requests on the same process', async () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {} };
  server.send({ jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: meta } });
  const discover = await server.next();
  assert.deepEqual(discover.result.supportedVersions, ['2026-07-28']);
  assert.equal(discover.result.resultType, 'complete');
  server.send({ jsonrpc: '2.0', id: 'u', method: 'tools/list',
    params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } } });
  const unsupported = await server.next();
  assert.equal(unsupported.error.code, -32022);
  assert.deepEqual(unsupported.error.data, { supported: ['2026-07-28'], requested: '1900-01-01' });
  await expectError('{"jsonrpc":"2.0","id":"m","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}', -32602, 'm');
});
