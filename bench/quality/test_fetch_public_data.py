#!/usr/bin/env python3
"""Offline tests of bench/quality/fetch_public_data.py's RAGTruth and LFQA conversions.

    python3 bench/quality/test_fetch_public_data.py

testdata/ holds upstream records in their published formats, named as the script names its
downloads, and dev_expected.jsonl, the same samples as the team's development files hold them:
  - ragtruth_*.jsonl: RAGTruth sources 14300 (QA) and 13614 (Data2txt), two responses each,
    read from vectara/FaithJudge's eval_data (a copy of RAGTruth's test records): the response
    texts, models, spans, questions, passages and business JSON are verbatim; the response ids,
    temperature and the prompts (FaithJudge keeps none) are filled in, the prompts from the
    templates RAGTruth's README shows.
  - lfqa_*.json: LFQA-Verification at commit 1c9a840, the "Song of the South" question in all
    four settings and its documents (question_id 2 of docs-webgpt.json and docs-human.json).
The other cases (quality filter, ties, questions without documents, bad prompts) are built in
the tests. The downloads themselves are not tested (no network).
"""
import contextlib
import io
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.join(HERE, "testdata")
sys.path.insert(0, HERE)
import fetch_public_data as fetch  # noqa: E402

RAGTRUTH_KEYS = ["id", "dataset", "task", "question", "context", "answer", "label", "spans",
                 "model"]
SPAN_KEYS = ["start", "end", "text", "label_type", "implicit_true"]
LFQA_KEYS = ["id", "dataset", "task", "question", "context", "answer", "label", "sentences",
             "sentence_labels"]


def testdata(name):
    with open(os.path.join(TESTDATA, name), "rb") as f:
        return f.read()


def dev_expected():
    return {s["id"]: s for s in fetch.read_jsonl(testdata("dev_expected.jsonl"))}


def jsonl(*rows):
    return "".join(json.dumps(row) + "\n" for row in rows).encode("utf-8")


def fixture_ragtruth():
    return fetch.ragtruth(testdata("ragtruth_response.jsonl"),
                          testdata("ragtruth_source_info.jsonl"))


def fixture_lfqa():
    return fetch.lfqa(
        {s: testdata(f"lfqa_annotations-{s}.json") for s in fetch.LFQA_SETTINGS},
        {d: testdata(f"lfqa_docs-{d}.json") for d in set(fetch.LFQA_SETTINGS.values())})


class DevRecords(unittest.TestCase):
    """Upstream records converted equal the development files' samples, field by field."""

    def assert_matches_dev(self, samples, keys):
        expected = dev_expected()
        self.assertTrue(samples)
        for sample in samples:
            with self.subTest(sample["id"]):
                self.assertEqual(list(sample), keys)
                self.assertIn(sample["id"], expected)
                for key in keys:
                    self.assertEqual(sample[key], expected[sample["id"]][key], key)

    def test_ragtruth_qa(self):
        samples = fixture_ragtruth()["qa"]
        self.assertEqual(len(samples), 2)
        self.assert_matches_dev(samples, RAGTRUTH_KEYS)
        self.assertEqual([len(s["context"]) for s in samples], [3, 3])
        self.assertEqual([s["label"] for s in samples], [0, 1])

    def test_ragtruth_data2txt(self):
        samples = fixture_ragtruth()["data2txt"]
        self.assertEqual(len(samples), 2)
        self.assert_matches_dev(samples, RAGTRUTH_KEYS)
        self.assertEqual([len(s["spans"]) for s in samples], [0, 2])
        for sample in samples:
            for span in sample["spans"]:
                self.assertEqual(list(span), SPAN_KEYS)
                self.assertEqual(sample["answer"][span["start"]:span["end"]], span["text"])

    def test_lfqa(self):
        samples = fixture_lfqa()
        self.assertEqual(sorted(s["id"] for s in samples),
                         ["lfqa-alpaca_wdoc-2", "lfqa-gpt3_wdoc-2", "lfqa-gpt3_whudoc-2",
                          "lfqa-webgpt-2"])
        self.assert_matches_dev(samples, LFQA_KEYS)


class RagTruth(unittest.TestCase):
    QA_SOURCE = {"source_id": "7", "task_type": "QA", "source": "MARCO",
                 "source_info": {"question": "q?", "passages":
                                 "passage 1:One.\n\npassage 2:Two\nlines.\n\npassage 3:Three.\n\n"},
                 "prompt": "Briefly answer the following question: ..."}
    SUMMARY_SOURCE = {"source_id": "8", "task_type": "Summary", "source": "CNN/DM",
                      "source_info": "News.", "prompt": "Summarize the following news ..."}

    @staticmethod
    def response(n, source_id, quality="good", split="train", labels=()):
        return {"id": str(n), "source_id": source_id, "model": f"m{n}", "temperature": 0.7,
                "labels": list(labels), "split": split, "quality": quality,
                "response": "An answer."}

    def convert(self, *responses, sources=None):
        sources = sources or [self.QA_SOURCE, self.SUMMARY_SOURCE]
        return fetch.ragtruth(jsonl(*responses), jsonl(*sources))

    def test_good_responses_of_both_splits_are_kept_summaries_left_out(self):
        out = self.convert(self.response(1, "7", split="train"),
                           self.response(2, "7", split="test"),
                           self.response(3, "7", quality="incorrect_refusal"),
                           self.response(4, "7", quality="truncated"),
                           self.response(5, "8"))
        self.assertEqual([s["id"] for s in out["qa"]], ["ragtruth-qa-7-m1", "ragtruth-qa-7-m2"])
        self.assertEqual(out["data2txt"], [])

    def test_passages_split_at_their_labels(self):
        sample = self.convert(self.response(1, "7"))["qa"][0]
        self.assertEqual(sample["context"],
                         ["passage 1:One.", "passage 2:Two\nlines.", "passage 3:Three."])

    def test_any_span_is_hallucinated_implicit_true_included(self):
        span = {"start": 0, "end": 2, "text": "An", "meta": "note", "label_type":
                "Subtle Baseless Info", "implicit_true": True, "due_to_null": False}
        old_span = {k: v for k, v in span.items() if k != "implicit_true"}  # before 2024/02
        out = self.convert(self.response(1, "7", labels=[span]),
                           self.response(2, "7", labels=[old_span]))["qa"]
        self.assertEqual([s["label"] for s in out], [1, 1])
        self.assertEqual(out[0]["spans"], [{"start": 0, "end": 2, "text": "An", "label_type":
                                            "Subtle Baseless Info", "implicit_true": True}])
        self.assertFalse(out[1]["spans"][0]["implicit_true"])

    def test_implicit_true_must_be_a_boolean(self):
        span = {"start": 0, "end": 2, "text": "An", "label_type": "Evident Conflict",
                "implicit_true": "false"}
        with self.assertRaisesRegex(ValueError, "implicit_true"):
            self.convert(self.response(1, "7", labels=[span]))

    def test_response_without_source_is_an_error(self):
        with self.assertRaisesRegex(ValueError, "source 99"):
            self.convert(self.response(1, "99"))

    def test_data2txt_question_is_the_instruction_sentence(self):
        prompt = ("Instruction:\nWrite an overview of the business in the JSON format. Be brief."
                  " Structured data:\n{'name': 'X'}\nOverview:")
        self.assertEqual(fetch.ragtruth_instruction("1", prompt),
                         "Write an overview of the business in the JSON format.")
        for bad in ("Summarize: the news. Now.", "Instruction:\nno sentence end"):
            with self.assertRaisesRegex(ValueError, "source 1"):
                fetch.ragtruth_instruction("1", bad)


class Lfqa(unittest.TestCase):
    def test_majority_label_or_tie(self):
        self.assertEqual(fetch.majority_label(["supported", "partially", "supported"]),
                         "supported")
        self.assertEqual(fetch.majority_label(["not_supported"] * 3), "not_supported")
        self.assertEqual(fetch.majority_label(["supported", "partially", "not_supported"]),
                         "tie")
        self.assertEqual(fetch.majority_label(["supported", "partially"]), "tie")

    def test_answer_without_documents_is_left_out_and_reported(self):
        item = {"questionid": "x", "question": "Not in the documents?",
                "answers": ["A."], "annotations": [{"labels": ["supported"] * 3, "answer": "A."}]}
        annotations = {"gpt3_wdoc": json.dumps([item]).encode("utf-8")}
        documents = {"webgpt": testdata("lfqa_docs-webgpt.json")}
        log = io.StringIO()
        with contextlib.redirect_stderr(log):
            self.assertEqual(fetch.lfqa(annotations, documents), [])
        self.assertIn("lfqa-gpt3_wdoc: 1 answers left out", log.getvalue())


if __name__ == "__main__":
    unittest.main()
