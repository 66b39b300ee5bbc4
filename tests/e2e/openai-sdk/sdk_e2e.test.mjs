// End to end: the official OpenAI Node SDK talks to groundgate, which sits in front of its own
// mock upstream. Proves drop-in use: the SDK parses every answer, streamed or not, unchanged
// except where the route's policy rewrites text.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test sdk_e2e.test.mjs
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';

import {byChoice, chatText, collect, completionText, startStack} from './harness.mjs';

const PHRASE = 'internal use only';
const SCRIPTED_ANSWER =
    `The roadmap document is marked ${PHRASE}. It says the release ships in March.`;
const MODEL = 'gpt-4o-mini';

describe('OpenAI Node SDK through groundgate', {timeout: 90000}, () => {
  let stack;
  let client;

  before(async () => {
    stack = await startStack({
      script: `- match: "internal"\n  answer: "${SCRIPTED_ANSWER}"\n`,
      policies: ['  redact:', `    redact: {phrases: ["${PHRASE}"], replacement: "[redacted]"}`],
      routes: ['  - {name: all, match: {path_prefix: /v1}, upstream: mock, policy: redact}'],
    });
    client = stack.client;
  });

  after(async () => {
    if (stack) await stack.stop();
  });

  const messages = [{role: 'user', content: 'When was the Eiffel Tower completed?'}];

  test('non-streaming chat completion', async () => {
    const completion = await client.chat.completions.create({model: MODEL, messages});
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices.length, 1);
    assert.equal(completion.choices[0].message.role, 'assistant');
    assert.ok(completion.choices[0].message.content.length > 0);
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.ok(completion.usage.total_tokens > 0);
  });

  test('streamed chat deltas add up to the non-streamed answer', async () => {
    const whole = await client.chat.completions.create({model: MODEL, messages});
    const chunks =
        await collect(await client.chat.completions.create({model: MODEL, messages, stream: true}));
    assert.ok(chunks.length > 2, `expected several chunks, got ${chunks.length}`);
    for (const chunk of chunks)
      assert.equal(chunk.object, 'chat.completion.chunk');
    const choices = byChoice(chunks, chatText);
    assert.deepEqual([...choices.keys()], [0]);
    assert.equal(choices.get(0).text, whole.choices[0].message.content);
    assert.equal(choices.get(0).finish, 'stop');
  });

  test('stream_options.include_usage puts usage on the last chunk', async () => {
    const chunks = await collect(
        await client.chat.completions.create({
          model: MODEL,
          messages,
          stream: true,
          stream_options: {include_usage: true},
        }),
    );
    const last = chunks.at(-1);
    assert.deepEqual(last.choices, []);
    assert.ok(last.usage, `last chunk: ${JSON.stringify(last)}`);
    assert.ok(last.usage.completion_tokens > 0);
    assert.equal(last.usage.total_tokens, last.usage.prompt_tokens + last.usage.completion_tokens);
    for (const chunk of chunks.slice(0, -1))
      assert.ok(!chunk.usage, 'only the last chunk carries usage');
  });

  test('n: 2 streams both choices', async () => {
    const chunks = await collect(
        await client.chat.completions.create({model: MODEL, messages, n: 2, stream: true}));
    const choices = byChoice(chunks, chatText);
    assert.deepEqual([...choices.keys()].sort(), [0, 1]);
    for (const [index, choice] of choices) {
      assert.ok(choice.text.length > 0, `choice ${index} is empty`);
      assert.equal(choice.finish, 'stop', `choice ${index} finish_reason`);
    }
  });

  test('legacy completions API, whole and streamed', async () => {
    const prompt = 'Summarise the return policy.';
    const whole =
        await client.completions.create({model: 'gpt-3.5-turbo-instruct', prompt, max_tokens: 200});
    assert.equal(whole.object, 'text_completion');
    assert.ok(whole.choices[0].text.length > 0);

    const chunks = await collect(
        await client.completions.create(
            {model: 'gpt-3.5-turbo-instruct', prompt, max_tokens: 200, stream: true}),
    );
    const choices = byChoice(chunks, completionText);
    assert.equal(choices.get(0).text, whole.choices[0].text);
    assert.ok(choices.get(0).finish, 'a finish_reason at the end');
  });

  test('the policy redacts the phrase in a streamed answer', async () => {
    const chunks = await collect(
        await client.chat.completions.create({
          model: MODEL,
          messages: [{role: 'user', content: 'What does the internal roadmap say?'}],
          stream: true,
        }),
    );
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.ok(text.includes('[redacted]'), `streamed text: ${text}`);
    assert.ok(!text.toLowerCase().includes(PHRASE), `streamed text: ${text}`);
    assert.equal(text, SCRIPTED_ANSWER.replace(PHRASE, '[redacted]'));
    assert.equal(finish, 'stop');
  });

  test('the policy redacts the phrase in a whole answer', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{role: 'user', content: 'What does the internal roadmap say?'}],
    });
    assert.equal(
        completion.choices[0].message.content, SCRIPTED_ANSWER.replace(PHRASE, '[redacted]'));
  });

  test('models.list()', async () => {
    const ids = [];
    for await (const model of client.models.list())
      ids.push(model.id);
    assert.ok(ids.includes(MODEL), `models: ${ids.join(', ')}`);
  });
});
