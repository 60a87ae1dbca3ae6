// The official TypeScript SDK, v1 line (@modelcontextprotocol/sdk), against
// the server over stdio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { serverCommand } from './server_command.mjs';

async function connect({ args = [], capabilities = {}, onElicit } = {}) {
  const client = new Client({ name: 'toolhost-e2e-v1', version: '1.0.0' }, { capabilities });
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, onElicit);
  const transport = new StdioClientTransport({ ...serverCommand(args), stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

const writeArgs = { destination: 'ops@example.com', content: 'hello' };

test('v1: connect, list and calculate 17 * 23', async () => {
  const client = await connect();
  try {
    assert.ok(client.getServerVersion().name.startsWith('toolhost'));
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    assert.deepEqual(names, [...names].sort());
    const calc = tools.find((t) => t.name === 'math.calculate');
    assert.ok(calc, 'math.calculate is listed');
    assert.equal(calc.title, 'Calculator');
    assert.deepEqual(calc.inputSchema.required, ['expression']);
    assert.equal(calc.annotations.readOnlyHint, true);
    assert.equal(calc.annotations.destructiveHint, false);
    assert.equal(calc.annotations.idempotentHint, true);
    const write = tools.find((t) => t.name === 'demo.external_write');
    assert.equal(write.annotations.openWorldHint, true);

    const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 * 23' } });
    assert.equal(result.isError, false);
    assert.equal(result.structuredContent.result, '391');
    assert.equal(result.structuredContent.result_exact, true);
    assert.deepEqual(result.content, [{ type: 'text', text: '391' }]);
    assert.equal(result._meta['dev.toolhost/output_trust'], 'INTERNAL_TOOL');
  } finally {
    await client.close();
  }
});

test('v1: a syntax error is an isError result with the static message', async () => {
  const client = await connect();
  try {
    const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 +* 23' } });
    assert.equal(result.isError, true);
    assert.equal(result.content[0].text, 'The expression could not be parsed.');
    assert.equal(result._meta['dev.toolhost/reason_code'], 'tool.invalid_arguments.syntax');
  } finally {
    await client.close();
  }
});

test('v1: an unknown tool is a JSON-RPC error', async () => {
  const client = await connect();
  try {
    await assert.rejects(client.callTool({ name: 'math.nope', arguments: {} }), (e) => e.code === -32602);
  } finally {
    await client.close();
  }
});

test('v1: approval through elicitation, approved', async () => {
  const asked = [];
  const client = await connect({
    capabilities: { elicitation: {} },
    onElicit: async (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { approve: true } };
    },
  });
  try {
    const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
    assert.equal(asked.length, 1);
    assert.match(asked[0].message, /demo\.external_write/);
    assert.equal(asked[0].requestedSchema.properties.approve.type, 'boolean');
    assert.equal(result.isError, false);
    assert.equal(result.structuredContent.recorded, true);
    assert.equal(result.structuredContent.destination, 'ops@example.com');
  } finally {
    await client.close();
  }
});

test('v1: approval through elicitation, declined', async () => {
  const client = await connect({
    capabilities: { elicitation: {} },
    onElicit: async () => ({ action: 'decline' }),
  });
  try {
    const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
    assert.equal(result.isError, true);
    assert.equal(result._meta['dev.toolhost/failure_kind'], 'APPROVAL_DENIED');
  } finally {
    await client.close();
  }
});

test('v1: without elicitation the result names the pending invocation', async () => {
  const client = await connect();
  try {
    const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
    assert.equal(result.isError, true);
    const id = result._meta['dev.toolhost/approval'].invocation_id;
    assert.ok(id);
    assert.ok(result.content[0].text.includes(`toolhost approvals approve ${id}`));
  } finally {
    await client.close();
  }
});

test('v1: out-of-band approval mode does not ask even when the client could answer', async () => {
  let asked = 0;
  const client = await connect({
    args: ['--approval=out-of-band'],
    capabilities: { elicitation: {} },
    onElicit: async () => { asked++; return { action: 'accept', content: { approve: true } }; },
  });
  try {
    const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
    assert.equal(asked, 0);
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /toolhost approvals approve \S+/);
  } finally {
    await client.close();
  }
});

test('v1: a pinned session sees its versions', async () => {
  const client = await connect({ args: ['--pin', 'math.calculate@1.0.0'] });
  try {
    assert.match(client.getInstructions() ?? '', /math\.calculate 1\.0\.0/);
    const { tools } = await client.listTools();
    const calc = tools.find((t) => t.name === 'math.calculate');
    assert.equal(calc._meta['dev.toolhost/version'], '1.0.0');
    const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 * 23' } });
    assert.equal(result._meta['dev.toolhost/version'], '1.0.0');
    assert.equal(result.structuredContent.result, '391');
  } finally {
    await client.close();
  }
});

test('v1: mapped names for strict model APIs', async () => {
  const client = await connect({ args: ['--map-names'] });
  try {
    const { tools } = await client.listTools();
    for (const tool of tools) assert.match(tool.name, /^[a-zA-Z0-9_-]{1,64}$/);
    const calc = tools.find((t) => t.name === 'math_calculate');
    assert.equal(calc._meta['dev.toolhost/name'], 'math.calculate');
    const result = await client.callTool({ name: 'math_calculate', arguments: { expression: '17 * 23' } });
    assert.equal(result.structuredContent.result, '391');
  } finally {
    await client.close();
  }
});
