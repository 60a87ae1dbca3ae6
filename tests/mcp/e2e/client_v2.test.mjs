// The official TypeScript client, v2 line (@modelcontextprotocol/client),
// against the server over stdio: in its default (initialize) mode, and
// pinned to the stateless 2026-07-28 revision, where approval arrives as a
// multi round-trip input_required result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { serverCommand } from './server_command.mjs';

const MODERN = { mode: { pin: '2026-07-28' } };
const writeArgs = { destination: 'ops@example.com', content: 'hello' };

async function connect({ args = [], capabilities = {}, onElicit, versionNegotiation } = {}) {
  const client = new Client(
    { name: 'toolhost-e2e-v2', version: '1.0.0' },
    { capabilities, ...(versionNegotiation ? { versionNegotiation } : {}) },
  );
  if (onElicit) client.setRequestHandler('elicitation/create', onElicit);
  const transport = new StdioClientTransport({ ...serverCommand(args), stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

for (const [era, versionNegotiation] of [['initialize', undefined], ['2026-07-28', MODERN]]) {
  test(`v2 (${era}): connect, list and calculate 17 * 23`, async () => {
    const client = await connect({ versionNegotiation });
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), versionNegotiation ? '2026-07-28' : '2025-11-25');
      const { tools } = await client.listTools();
      const calc = tools.find((t) => t.name === 'math.calculate');
      assert.ok(calc);
      assert.equal(calc.annotations.readOnlyHint, true);
      const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 * 23' } });
      assert.equal(result.isError, false);
      assert.equal(result.structuredContent.result, '391');
      assert.deepEqual(result.content, [{ type: 'text', text: '391' }]);
    } finally {
      await client.close();
    }
  });

  test(`v2 (${era}): a syntax error is an isError result`, async () => {
    const client = await connect({ versionNegotiation });
    try {
      const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 +* 23' } });
      assert.equal(result.isError, true);
      assert.equal(result.content[0].text, 'The expression could not be parsed.');
    } finally {
      await client.close();
    }
  });

  test(`v2 (${era}): approval through elicitation`, async () => {
    const asked = [];
    const client = await connect({
      versionNegotiation,
      capabilities: { elicitation: { form: {} } },
      onElicit: async (request) => {
        asked.push(request.params);
        return { action: 'accept', content: { approve: true } };
      },
    });
    try {
      const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
      assert.equal(asked.length, 1);
      assert.equal(asked[0].requestedSchema.properties.approve.type, 'boolean');
      assert.equal(result.isError, false);
      assert.equal(result.structuredContent.recorded, true);
    } finally {
      await client.close();
    }
  });

  test(`v2 (${era}): without elicitation the result names the pending invocation`, async () => {
    const client = await connect({ versionNegotiation });
    try {
      const result = await client.callTool({ name: 'demo.external_write', arguments: writeArgs });
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /toolhost approvals approve \S+/);
    } finally {
      await client.close();
    }
  });

  test(`v2 (${era}): a pinned session sees its versions`, async () => {
    const client = await connect({ versionNegotiation, args: ['--pin', 'math.calculate@1.0.0'] });
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.find((t) => t.name === 'math.calculate')._meta['dev.toolhost/version'], '1.0.0');
      const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '2 * 3' } });
      assert.equal(result._meta['dev.toolhost/version'], '1.0.0');
    } finally {
      await client.close();
    }
  });
}

test('v2: auto negotiation probes server/discover and settles on 2026-07-28', async () => {
  const client = await connect({ versionNegotiation: { mode: 'auto' } });
  try {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    const result = await client.callTool({ name: 'math.calculate', arguments: { expression: '17 * 23' } });
    assert.equal(result.structuredContent.result, '391');
  } finally {
    await client.close();
  }
});
