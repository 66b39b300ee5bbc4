#!/usr/bin/env python3
"""Downloads the public evaluation sets the README names and writes them in the format of
`groundgate eval` (one JSON object per line: id, dataset, task, question, context, answer,
label; label 1 = hallucinated; RAGTruth adds the annotated spans and the model, LFQA the
sentences and their labels).

    bench/quality/fetch_public_data.py OUT_DIR

writes OUT_DIR/halueval_qa.jsonl, faithbench.jsonl, ragtruth_qa.jsonl, ragtruth_data2txt.jsonl
and lfqa.jsonl. Sources, pinned to a commit so that the bytes never change:
  - HaluEval QA (RUCAIBox/HaluEval, MIT licence): data/qa_data.json, one JSON object per line
    with knowledge, question, right_answer and hallucinated_answer. Each question gives two
    samples: the right answer (label 0) and the hallucinated one (label 1), with the knowledge
    as the context.
  - FaithBench (vectara/FaithBench, CC BY-NC-SA 4.0): FaithBench.csv with source, summary,
    LLM, worst-label and best-label. A summary is hallucinated when its worst label is
    "Unwanted", faithful when it is "Consistent" or "Benign"; summaries whose worst label is
    "Questionable" are left out.
  - RAGTruth (ParticleMedia/RAGTruth, MIT licence): dataset/response.jsonl (id, source_id,
    model, labels = annotated spans, split, quality, response) and dataset/source_info.jsonl
    (source_id, task_type, source_info, prompt). The QA and Data2txt tasks are converted (the
    Summary task is not one of the five sets); responses whose quality is not "good"
    (incorrect refusals, truncated answers) are left out; both splits, train and test, are
    kept (the id holds the source_id, by which the splits are drawn). A response is
    hallucinated when any span was marked, implicit_true spans included (true by world
    knowledge, but not in the context, which is all a guard may use). QA: the question, and
    the passages as a list, one entry per "passage N:". Data2txt: the question is the first
    sentence of the prompt's instruction, the context the business's JSON object.
  - LFQA-Verification (timchen0618/LFQA-Verification, Chen et al. 2023; the repository states
    no licence, check its terms before you redistribute the data): the sentence annotations
    data/annotations/annotations-SETTING.json of the four settings whose answers were written
    with documents (gpt3_wdoc, alpaca_wdoc and webgpt with the WebGPT documents, gpt3_whudoc
    with the human-chosen ones), and the documents data/docs/docs-webgpt.json and
    docs-human.json, matched to the annotations by question. Each sentence gets its
    annotators' majority label (supported, partially, not_supported; tie when no label has
    more than half the votes); an answer is hallucinated when any sentence's label is not
    "supported". The id's number is the question's question_id in the documents file, the
    same across settings.

Each download is checked against bench/quality/datasets.sha256 ("SHA256  FILE"); a file
without a recorded checksum is accepted, and its checksum printed to be recorded. A mismatch
stops the script. Only the Python standard library is used.

Tested without the network (bench/quality/test_fetch_public_data.py, tests/quality/): the
conversions, on upstream records read from the public repositories, checked field by field
against the team's development files drawn from them. Not tested: the downloads themselves
(no network where this was written), so the pinned URLs of the RAGTruth and LFQA files are
unverified and their checksums unrecorded until the script first runs with the network
(record the printed checksums in datasets.sha256 then).
"""

import collections
import csv
import hashlib
import io
import json
import os
import re
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKSUMS = os.path.join(HERE, "datasets.sha256")

RAGTRUTH = ("https://raw.githubusercontent.com/ParticleMedia/RAGTruth/"
            "f767afd0b3c222c30e2058a13ea7a645edbd14c9/dataset/")
LFQA = ("https://raw.githubusercontent.com/timchen0618/LFQA-Verification/"
        "1c9a84067f822c88c08fcd1075467df6f306e15e/data/")
# LFQA settings converted, each with the documents its answers were written from.
LFQA_SETTINGS = {"gpt3_wdoc": "webgpt", "alpaca_wdoc": "webgpt", "webgpt": "webgpt",
                 "gpt3_whudoc": "human"}

SOURCES = {
    "halueval_qa_data.json": "https://raw.githubusercontent.com/RUCAIBox/HaluEval/"
    "89236d2ed3c2b2e86095571ac6ddde0e963c38c6/data/qa_data.json",
    "faithbench.csv": "https://raw.githubusercontent.com/vectara/FaithBench/"
    "023b72b2996f448eed9d25c882ad130679796ec2/FaithBench.csv",
    "ragtruth_response.jsonl": RAGTRUTH + "response.jsonl",
    "ragtruth_source_info.jsonl": RAGTRUTH + "source_info.jsonl",
    **{f"lfqa_annotations-{setting}.json": LFQA + f"annotations/annotations-{setting}.json"
       for setting in LFQA_SETTINGS},
    **{f"lfqa_docs-{docs}.json": LFQA + f"docs/docs-{docs}.json"
       for docs in sorted(set(LFQA_SETTINGS.values()))},
}


def recorded_checksums():
    out = {}
    if os.path.exists(CHECKSUMS):
        with open(CHECKSUMS, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and not line.startswith("#"):
                    out[parts[1]] = parts[0]
    return out


def download(name, url, out_dir, checksums):
    path = os.path.join(out_dir, name)
    if not os.path.exists(path):
        print(f"fetching {url}", file=sys.stderr)
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
    with open(path, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    expected = checksums.get(name)
    if expected is None:
        print(f"{name}: no recorded checksum; record it in {CHECKSUMS}:\n{digest}  {name}",
              file=sys.stderr)
    elif expected != digest:
        os.remove(path)
        sys.exit(f"{name}: checksum {digest} does not match the recorded {expected}")
    return data


def write_jsonl(path, samples):
    with open(path, "w", encoding="utf-8") as f:
        for sample in samples:
            f.write(json.dumps(sample, ensure_ascii=False) + "\n")
    print(f"{path}: {len(samples)} samples", file=sys.stderr)


def halueval_qa(data):
    samples = []
    for n, line in enumerate(data.decode("utf-8").splitlines()):
        if not line.strip():
            continue
        item = json.loads(line)
        for answer, label, kind in ((item["right_answer"], 0, "right"),
                                    (item["hallucinated_answer"], 1, "hallucinated")):
            samples.append({"id": f"halueval-qa-{n}-{kind}", "dataset": "halueval-qa",
                            "task": "qa", "question": item["question"],
                            "context": [item["knowledge"]], "answer": answer, "label": label})
    return samples


def faithbench(data):
    samples = []
    labels = {"Unwanted": 1, "Consistent": 0, "Benign": 0}
    reader = csv.DictReader(io.StringIO(data.decode("utf-8")))
    for n, row in enumerate(reader):
        label = labels.get(row["worst-label"])
        if label is None:
            continue  # Questionable at worst: left out
        samples.append({"id": f"faithbench-{n}", "dataset": "faithbench", "task": "summary",
                        "context": [row["source"]], "answer": row["summary"].strip(),
                        "label": label, "model": row["LLM"]})
    return samples


def read_jsonl(data):
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


RAGTRUTH_TASKS = {"QA": "qa", "Data2txt": "data2txt"}
PASSAGE_START = re.compile(r"(?:^|\n)(?=passage \d+:)")


def ragtruth_passages(passages):
    """QA passages ("passage 1:...", "passage 2:..." on lines of their own) as a list, one
    entry per passage, its "passage N:" label kept."""
    return [p.strip() for p in PASSAGE_START.split(passages) if p.strip()]


def ragtruth_instruction(source_id, prompt):
    """The first sentence of the instruction a Data2txt prompt starts with ("Instruction:")."""
    head, _, instruction = prompt.partition("Instruction:")
    end = instruction.find(". ")
    if head.strip() or end < 0:
        raise ValueError(f"RAGTruth source {source_id}: the prompt does not start with an "
                         "instruction sentence")
    return instruction[:end + 1].strip()


def ragtruth_span(span):
    """A marked span, without the annotator's note; implicit_true is false where the data
    predates it (RAGTruth added it in 2024/02)."""
    implicit_true = span.get("implicit_true", False)
    if not isinstance(implicit_true, bool):
        raise ValueError(f"RAGTruth span {span['text']!r}: implicit_true is not a boolean")
    return {"start": span["start"], "end": span["end"], "text": span["text"],
            "label_type": span["label_type"], "implicit_true": implicit_true}


def ragtruth_sample(response, source):
    task = RAGTRUTH_TASKS[source["task_type"]]
    info = source["source_info"]
    if task == "qa":
        question, context = info["question"], ragtruth_passages(info["passages"])
    else:
        question = ragtruth_instruction(source["source_id"], source["prompt"])
        context = [json.dumps(info, ensure_ascii=False)]
    spans = [ragtruth_span(span) for span in response["labels"]]
    return {"id": f"ragtruth-{task}-{response['source_id']}-{response['model']}",
            "dataset": f"ragtruth-{task}", "task": task, "question": question,
            "context": context, "answer": response["response"], "label": int(bool(spans)),
            "spans": spans, "model": response["model"]}


def ragtruth(response_data, source_data):
    """RAGTruth's good-quality QA and Data2txt responses, both splits: {task: samples}."""
    sources = {str(s["source_id"]): s for s in read_jsonl(source_data)}
    out = {task: [] for task in RAGTRUTH_TASKS.values()}
    for response in read_jsonl(response_data):
        source = sources.get(str(response["source_id"]))
        if source is None:
            raise ValueError(f"RAGTruth response {response['id']}: source "
                             f"{response['source_id']} is not in source_info.jsonl")
        if source["task_type"] in RAGTRUTH_TASKS and response["quality"] == "good":
            sample = ragtruth_sample(response, source)
            out[sample["task"]].append(sample)
    return out


def majority_label(labels):
    """The label more than half the annotators gave, or "tie"."""
    label, votes = collections.Counter(labels).most_common(1)[0]
    return label if 2 * votes > len(labels) else "tie"


def lfqa_documents(data):
    """{question: (question_id, context)} of an LFQA docs-*.json file."""
    return {item["question"]: (item["question_id"],
                               [f"{doc['title']}: {doc['text']}" for doc in item["docs"]])
            for item in json.loads(data.decode("utf-8"))}


def lfqa(annotations, documents):
    """annotations: {setting: annotations-SETTING.json bytes}; documents: {name: docs bytes}."""
    docs = {name: lfqa_documents(data) for name, data in documents.items()}
    samples = []
    for setting, data in annotations.items():
        by_question = docs[LFQA_SETTINGS[setting]]
        unmatched = 0
        for item in json.loads(data.decode("utf-8")):
            if item["question"] not in by_question:
                unmatched += 1
                continue
            question_id, context = by_question[item["question"]]
            sentences = [a["answer"] for a in item["annotations"]]
            sentence_labels = [majority_label(a["labels"]) for a in item["annotations"]]
            samples.append({
                "id": f"lfqa-{setting}-{question_id}", "dataset": f"lfqa-{setting}",
                "task": "qa", "question": item["question"], "context": context,
                "answer": " ".join(sentences).strip(),
                "label": int(any(label != "supported" for label in sentence_labels)),
                "sentences": sentences, "sentence_labels": sentence_labels})
        if unmatched:
            print(f"lfqa-{setting}: {unmatched} answers left out, their question is not in "
                  f"docs-{LFQA_SETTINGS[setting]}.json", file=sys.stderr)
    return samples


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench/quality/fetch_public_data.py OUT_DIR")
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    checksums = recorded_checksums()
    raw = {name: download(name, url, out_dir, checksums) for name, url in SOURCES.items()}
    by_task = ragtruth(raw["ragtruth_response.jsonl"], raw["ragtruth_source_info.jsonl"])
    converted = {
        "halueval_qa.jsonl": halueval_qa(raw["halueval_qa_data.json"]),
        "faithbench.jsonl": faithbench(raw["faithbench.csv"]),
        "ragtruth_qa.jsonl": by_task["qa"],
        "ragtruth_data2txt.jsonl": by_task["data2txt"],
        "lfqa.jsonl": lfqa({s: raw[f"lfqa_annotations-{s}.json"] for s in LFQA_SETTINGS},
                           {d: raw[f"lfqa_docs-{d}.json"] for d in set(LFQA_SETTINGS.values())}),
    }
    for name, samples in converted.items():
        write_jsonl(os.path.join(out_dir, name), samples)


if __name__ == "__main__":
    main()
