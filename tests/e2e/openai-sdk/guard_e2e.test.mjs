// End to end: the official OpenAI Node SDK consumes annotated, blocked and rewritten answers
// from groundgate's guard without error and exposes the `groundgate` field.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test guard_e2e.test.mjs
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';

import {byChoice, chatText, collect, startStack} from './harness.mjs';

const CONTEXT = 'Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is ' +
    'known for her satirical songs.';
const GOOD = 'Allie Goertz is an American musician.';
const ANSWER = `${GOOD} She was born on March 2, 1994.`;
const CORRECTED = `${GOOD} She was born on March 2, 1991.`;

describe('OpenAI Node SDK through the guard', {timeout: 90000}, () => {
  let stack;
  let client;

  before(async () => {
    stack = await startStack({
      script: `- match: "Goertz"\n  answer: "${ANSWER}"\n`,
      // The engines' own labels (scorer off): what is tested here is how the SDK reads each
      // action, on a sentence every configuration contradicts.
      policies: [
        '  annotate: {verifiers: [semantic_pieces], scorer: {model: off}}',
        '  block:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: off}',
        '    hold: sentence',
        '    actions: {contradicted: block}',
        '  rewrite:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: off}',
        '    hold: sentence',
        '    actions: {contradicted: {rewrite: correct}}',
      ],
      routes: [
        '  - {name: annotate, match: {model: annotate}, upstream: mock, policy: annotate}',
        '  - {name: block, match: {model: block}, upstream: mock, policy: block}',
        '  - {name: rewrite, match: {model: rewrite}, upstream: mock, policy: rewrite}',
      ],
    });
    client = stack.client;
  });

  after(async () => {
    if (stack) await stack.stop();
  });

  // `context` is groundgate's extension field; the SDK passes unknown body fields through.
  const ask = (model, extra = {}) => client.chat.completions.create({
    model,
    context: CONTEXT,
    messages: [{role: 'user', content: 'Who is Allie Goertz?'}],
    ...extra,
  });
  const annotations = (chunks) => chunks.flatMap((chunk) => chunk.groundgate ?? []);

  test('annotated stream: text unchanged, verdicts and a summary', async () => {
    const chunks = await collect(await ask('annotate', {stream: true}));
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.equal(text, ANSWER);
    assert.equal(finish, 'stop');
    const notes = annotations(chunks);
    const verdict = notes.find((n) => n.type === 'verdict');
    assert.equal(verdict?.label, 'contradicted', JSON.stringify(notes));
    assert.equal(verdict.choice, 0);
    assert.deepEqual(verdict.offset, [GOOD.length + 1, ANSWER.length]);
    assert.match(verdict.reason, /1994.*1991/);
    const summary = notes.at(-1);
    assert.equal(summary.type, 'summary');
    assert.equal(summary.verdict, 'hallucinated');
    assert.equal(summary.checked, 2);
  });

  test('blocked stream: the sentence never arrives, finish_reason content_filter', async () => {
    const chunks = await collect(await ask('block', {stream: true}));
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.equal(text, GOOD);
    assert.equal(finish, 'content_filter');
    const stopped = annotations(chunks).find((n) => n.type === 'stopped');
    assert.equal(stopped?.reason, 'guard.contradicted');
  });

  test('rewritten stream: the value is corrected from the context', async () => {
    const chunks = await collect(await ask('rewrite', {stream: true}));
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.equal(text, CORRECTED);
    assert.equal(finish, 'stop');
    const verdict = annotations(chunks).find((n) => n.type === 'verdict');
    assert.equal(verdict?.rewrite, 'correct');
  });

  test('whole answers: corrected content and the groundgate field', async () => {
    const rewritten = await ask('rewrite');
    assert.equal(rewritten.choices[0].message.content, CORRECTED);
    assert.equal(rewritten.groundgate.at(-1).type, 'summary');

    const blocked = await ask('block');
    assert.equal(blocked.choices[0].message.content, GOOD);
    assert.equal(blocked.choices[0].finish_reason, 'content_filter');

    const {data, response} = await ask('annotate').withResponse();
    assert.equal(data.choices[0].message.content, ANSWER);
    assert.equal(response.headers.get('x-groundgate-verdict'), 'hallucinated');
    assert.equal(response.headers.get('x-groundgate-checked'), '2');
  });
});
