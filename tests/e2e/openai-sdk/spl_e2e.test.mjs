// End to end: the official OpenAI Node SDK asks for Splunk searches through the SPL guard and
// reads corrected, blocked and annotated searches without error. The metadata travels as the
// `spl_metadata` body field (the SDK passes unknown body fields through) or as prompt text.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test spl_e2e.test.mjs
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';

import {byChoice, chatText, collect, startStack} from './harness.mjs';

const METADATA = {
  indexes: {cloud: {'aws:cloudtrail': {aws_cloudtrail: ['eventName', 'src_ip', 'user']}}},
};
const PROSE = 'Indexes: cloud\nSourcetypes: aws:cloudtrail\nFields: eventName, src_ip, user';
const FIXED = 'index=cloud sourcetype=aws:cloudtrail | stats count by user';
const MISSPELT = 'index=cloud sourcetype=aws:cloudtrail | stat count by user';
const FABRICATED = 'index=cloud sourcetype=aws:guardduty | stats count by user';
const fenced = (search) => `Here it is:\n\`\`\`spl\n${search}\n\`\`\`\nIt counts by user.`;

// YAML double-quoted scalars read JSON strings as JSON does.
const SCRIPT = [
  `- match: "misspelt"\n  answer: ${JSON.stringify(fenced(MISSPELT))}`,
  `- match: "fabricated"\n  answer: ${JSON.stringify(fenced(FABRICATED))}`,
  `- match: "good"\n  answer: ${JSON.stringify(fenced(FIXED))}`,
  '- match: "tool"',
  '  tool_call:',
  '    name: run_search',
  `    arguments: ${JSON.stringify(JSON.stringify({query: FABRICATED}))}`,
  '',
].join('\n');

describe('OpenAI Node SDK through the SPL guard', {timeout: 90000}, () => {
  let stack;
  let client;

  before(async () => {
    stack = await startStack({
      script: SCRIPT,
      policies: [
        '  annotate: {spl: {}}',
        '  rewrite:',
        '    hold: sentence',
        '    actions: {contradicted: {rewrite: correct}}',
        '    spl: {}',
        '  block:',
        '    hold: sentence',
        '    actions: {contradicted: block}',
        '    spl: {tool_arguments: [{tool: run_search, argument: query}]}',
      ],
      routes: [
        '  - {name: annotate, match: {model: annotate}, upstream: mock, policy: annotate}',
        '  - {name: rewrite, match: {model: rewrite}, upstream: mock, policy: rewrite}',
        '  - {name: block, match: {model: block}, upstream: mock, policy: block}',
      ],
    });
    client = stack.client;
  });

  after(async () => {
    if (stack) await stack.stop();
  });

  const ask = (model, question, extra = {}) => client.chat.completions.create({
    model,
    spl_metadata: METADATA,
    messages: [
      {role: 'system', content: 'You write Splunk searches.'},
      {role: 'user', content: question},
    ],
    ...extra,
  });
  const annotations = (chunks) => chunks.flatMap((chunk) => chunk.groundgate ?? []);
  const verdictOf = (notes) => notes.find((n) => n.type === 'verdict' && n.kind === 'spl');

  test('rewritten stream: the misspelt command is corrected before the app sees it', async () => {
    const chunks = await collect(await ask('rewrite', 'misspelt search please', {stream: true}));
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.equal(text, fenced(FIXED));
    assert.equal(finish, 'stop');
    const notes = annotations(chunks);
    const verdict = verdictOf(notes);
    assert.equal(verdict?.label, 'contradicted', JSON.stringify(notes));
    assert.equal(verdict.rewrite, 'correct');
    assert.equal(verdict.findings[0].type, 'syntax');
    assert.ok(!JSON.stringify(notes).includes('stat count'), JSON.stringify(notes));
    const summary = notes.at(-1);
    assert.equal(summary.type, 'summary');
    assert.deepEqual(summary.spl, {searches: 1, flagged: 1, metadata: ['request']});
  });

  test('blocked stream: no byte of a fabricated sourcetype arrives', async () => {
    const chunks = await collect(await ask('block', 'fabricated search please', {stream: true}));
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.equal(text, 'Here it is:');
    assert.equal(finish, 'content_filter');
    const notes = annotations(chunks);
    assert.equal(verdictOf(notes)?.findings[0].type, 'fabrication', JSON.stringify(notes));
    assert.ok(!JSON.stringify(chunks).includes('guardduty'));
  });

  test('annotated whole answer: text unchanged, the finding in the groundgate field', async () => {
    const {data, response} = await ask('annotate', 'fabricated search please').withResponse();
    assert.equal(data.choices[0].message.content, fenced(FABRICATED));
    const verdict = verdictOf(data.groundgate);
    assert.equal(verdict?.label, 'contradicted', JSON.stringify(data.groundgate));
    assert.equal(verdict.findings[0].code, 'unknown_sourcetype');
    assert.equal(response.headers.get('x-groundgate-verdict'), 'hallucinated');
  });

  test('metadata as prompt prose: a good search is grounded', async () => {
    const data = await client.chat.completions.create({
      model: 'rewrite',
      messages: [
        {role: 'system', content: `You write Splunk searches over:\n${PROSE}`},
        {role: 'user', content: 'good search please'},
      ],
    });
    assert.equal(data.choices[0].message.content, fenced(FIXED));
    const summary = data.groundgate.at(-1);
    assert.equal(summary.verdict, 'grounded', JSON.stringify(data.groundgate));
    assert.deepEqual(summary.spl.metadata, ['text']);
  });

  test('a tool call carrying a fabricated search is blocked', async () => {
    const chunks = await collect(await ask('block', 'tool please', {stream: true}));
    assert.ok(!JSON.stringify(chunks).includes('guardduty'), JSON.stringify(chunks));
    const {finish} = byChoice(chunks, chatText).get(0);
    assert.equal(finish, 'content_filter');
    // A tool call's verdict is a `tool_call` annotation naming the call and its argument.
    const notes = annotations(chunks);
    const call = notes.find((n) => n.type === 'tool_call' && n.kind === 'spl');
    assert.equal(call?.label, 'contradicted', JSON.stringify(notes));
    assert.equal(call.name, 'run_search');
    assert.equal(call.findings[0].type, 'fabrication');
  });

  test('Responses API: the corrected search, streamed', async () => {
    const events = await collect(await client.responses.create({
      model: 'rewrite',
      spl_metadata: METADATA,
      instructions: 'You write Splunk searches.',
      input: 'misspelt search please',
      stream: true,
    }));
    const text = events.filter((e) => e.type === 'response.output_text.delta')
                     .map((e) => e.delta)
                     .join('');
    assert.equal(text, fenced(FIXED));
    const last = events.at(-1);
    assert.equal(last.response.status, 'completed');
    assert.equal(last.response.output[0].content[0].text, fenced(FIXED));
    const verdict = verdictOf(events.flatMap((e) => e.groundgate ?? [])
                                  .concat(last.response.groundgate ?? []));
    assert.equal(verdict?.rewrite, 'correct', JSON.stringify(events));
  });

  test('Responses API: a function call carrying a fabricated search is blocked', async () => {
    const events = await collect(await client.responses.create({
      model: 'block',
      spl_metadata: METADATA,
      instructions: 'You write Splunk searches.',
      input: 'tool please',
      stream: true,
    }));
    assert.ok(!JSON.stringify(events).includes('guardduty'), JSON.stringify(events));
    const last = events.at(-1);
    assert.equal(last.type, 'response.incomplete', JSON.stringify(last));
    const notes = events.flatMap((e) => e.groundgate ?? []).concat(last.response.groundgate ?? []);
    const call = notes.find((n) => n.type === 'tool_call' && n.kind === 'spl');
    assert.equal(call?.label, 'contradicted', JSON.stringify(notes));
  });
});
