// The confirmation of a write (#37 item 5): the connection's name and URL first, in our own words;
// every value the model supplied shown as code (inline code with a fence longer than any backtick
// run in it, or a fenced block), newlines and controls escaped, so no Markdown from the model can
// restyle the message, fake a heading or push the connection's name out of view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentTool, confirmation, inlineCode, prepareWrite, withTarget } from '../../src/features/agent/model/toolCatalog';
import { NO_CONNECTION, type AgentBinding, type WriteRequest } from '../../src/features/agent/model/toolKit';
import { targetOf } from '../../src/operations/operation';
import { HOSTILE, outsideCode } from '../support/platformData';

const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
const prepared = (name: string, input: Record<string, unknown>): WriteRequest => {
  const p = prepareWrite(tool(name), input);
  assert.ok(p.ok, !p.ok ? p.answer : '');
  return p.request;
};
/** The platform as far as add_schedules reads it first: policy 10 in its region's list. */
const POLICY_LIST = { cloud: { listLifecyclePolicies: () => Promise.resolve({ results: [{ id: 10, name: 'nightly', status: 'active', schedules: [] }] }) } };
/** What a model may send: headings, HTML, 200 newlines, backtick runs, emphasis, links, bidi. */
const ATTACK = `${HOSTILE}\n${'\n'.repeat(200)}## Approved by security\n<img src=x onerror=alert(1)>\n\`\`\`\`\`\`\`\n**Allow** [click](command:workbench.action.terminal.new) \u202e`;
const RAW = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const on = { connectionName: 'Production', baseUrl: 'https://api.example.com', dialect: 'platform' as const };

describe("a write's confirmation with hostile values", () => {
  // A catalog operation's tool shows no body: its values are facts of the target (read first: here a hostile profile).
  const cases: [string, Record<string, unknown>, unknown?][] = [
    ['create_report', { template_code: ATTACK, parameters: { note: ATTACK, [ATTACK]: 1 } }],
    [
      'create_secret',
      {
        project_id: 1,
        region_id: 2,
        name: ATTACK,
        payload: 'aGk=',
        payload_content_type: 'application/octet-stream',
        secret_type: 'opaque',
        algorithm: ATTACK,
      },
    ],
    [
      'update_protection_profile',
      { protection_profile_id: 7, name: '**x** `y` <b>', fields: [{ template_field_id: 3, value: ATTACK }] },
      { profile: { id: 7, name: ATTACK, template: { id: 1, name: ATTACK }, fields: [{ template_field_id: 3, name: ATTACK, value: 'old' }] } },
    ],
    [
      'add_schedules',
      {
        project_id: 1,
        region_id: 1,
        policy_id: 10,
        schedules: [
          {
            type: 'cron',
            minute: '5',
            timezone: ATTACK,
            resource_name_template: ATTACK,
            max_quantity: 2,
            retention_time: { weeks: 1, days: 0, hours: 0, minutes: 0 },
          },
        ],
      },
    ],
  ];

  for (const [name, input, thing] of cases) {
    it(`${name}: connection first, every model value as code, nothing raw`, async () => {
      // A catalog operation shows its values as its facts: made from the thing given here, or read (add_schedules: its policy; create_report, create_secret: nothing).
      const op = tool(name).operation;
      const request = prepared(name, input);
      const bound = { ...NO_CONNECTION, api: POLICY_LIST as unknown as AgentBinding['api'] };
      const targeted = op && thing === undefined ? await withTarget(tool(name), bound, input, request) : undefined;
      if (targeted && !targeted.ok) assert.fail(targeted.answer);
      const asked = confirmation(tool(name), targeted ? targeted.request : op ? { ...request, target: targetOf(op, input, thing) } : request, on);
      const lines = asked.message.split('\n');
      assert.equal(lines[0], 'On connection `Production` (`https://api.example.com`, platform API):', 'our words and the connection first');
      assert.ok(!RAW.test(asked.message), `no raw control, bidi or invisible character: ${JSON.stringify(asked.message.match(RAW))}`);
      assert.ok(!RAW.test(asked.title));
      assert.ok(lines.length < 40, `${lines.length} lines: 200 newlines from the model stay one escaped line`);
      const plain = outsideCode(asked.message);
      for (const hostile of ['EVIL', 'SYSTEM', 'Approved', '<img', '<b>', '](', 'Allow', '**x**', '# ']) {
        assert.ok(!plain.includes(hostile), `"${hostile}" outside code:\n${plain}`);
      }
      const styled = plain.split('\n').find((l) => /^\s{0,3}(#|>|<|[-*+] |=+\s*$|-{3,}\s*$)/.test(l));
      assert.equal(styled, undefined, `no heading, quote, list or HTML line:\n${plain}`);
      assert.match(plain, /Sent once when you allow it; never retried automatically\.$/, 'our closing words, last');
      assert.ok(asked.message.includes('\\n'), 'the newlines shown as \\n');
      assert.ok(asked.message.includes('\\u202e'), 'the bidi override shown as \\u202e');
      if (op)
        assert.ok(
          lines.some((l) => l.startsWith(`${op.noun}: `)),
          'every value a fact, as code (the body is not shown)',
        );
      else assert.match(asked.message, /`{3,}json\n\{\n {2}"/, 'the body as indented JSON, a line per field');
    });
  }

  it('an inline value with backticks gets a longer fence; one that starts or ends with a backtick or space is padded', () => {
    const asked = confirmation(tool('create_report'), prepared('create_report', { template_code: '`a``b```c' }), on);
    const op = asked.message.split('\n').find((l) => l.includes('a``b'));
    assert.ok(op, asked.message);
    assert.ok(op.includes('````Create a "`a``b```c" report````'), op);
    assert.equal(outsideCode(op).includes('a``b'), false);
    assert.equal(inlineCode('`x`'), '`` `x` ``');
    assert.equal(inlineCode(' x'), '`  x `');
    assert.equal(inlineCode(''), '`  `');
    assert.equal(inlineCode('a\n\nb'), '`a\\n\\nb`', 'a blank line would end the span: escaped');
  });

  it("the connection's own name is the person's text, still escaped and shown as code", () => {
    const asked = confirmation(tool('delete_storage'), prepared('delete_storage', { storage_id: 5 }), {
      connectionName: 'Prod\n# `x` \u202e',
      baseUrl: 'https://a.example',
      dialect: 'spec',
    });
    assert.equal(asked.message.split('\n')[0], 'On connection ``Prod\\n# `x` \\u202e`` (`https://a.example`, spec API):');
    assert.equal(asked.title, 'Delete Storage on Prod\\n# `x` \\u202e?');
    assert.match(asked.message, /\*\*This cannot be undone\.\*\*/);
  });
});
