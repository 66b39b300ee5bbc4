#!/usr/bin/env python3
"""Downloads the public evaluation sets the README names and writes them in the format of
`groundgate eval` (one JSON object per line: id, dataset, task, question, context, answer,
label; label 1 = hallucinated).

    bench/quality/fetch_public_data.py OUT_DIR

Sources, pinned to a commit so that the bytes never change:
  - HaluEval QA (RUCAIBox/HaluEval, MIT licence): data/qa_data.json, one JSON object per line
    with knowledge, question, right_answer and hallucinated_answer. Each question gives two
    samples: the right answer (label 0) and the hallucinated one (label 1), with the knowledge
    as the context.
  - FaithBench (vectara/FaithBench, CC BY-NC-SA 4.0): FaithBench.csv with source, summary,
    LLM, worst-label and best-label. A summary is hallucinated when its worst label is
    "Unwanted", faithful when it is "Consistent" or "Benign"; summaries whose worst label is
    "Questionable" are left out.

Each download is checked against bench/quality/datasets.sha256 ("SHA256  FILE"); a file
without a recorded checksum is accepted, and its checksum printed to be recorded. A mismatch
stops the script. Only the Python standard library is used.
"""

import csv
import hashlib
import io
import json
import os
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKSUMS = os.path.join(HERE, "datasets.sha256")

SOURCES = {
    "halueval_qa_data.json": "https://raw.githubusercontent.com/RUCAIBox/HaluEval/"
    "89236d2ed3c2b2e86095571ac6ddde0e963c38c6/data/qa_data.json",
    "faithbench.csv": "https://raw.githubusercontent.com/vectara/FaithBench/"
    "023b72b2996f448eed9d25c882ad130679796ec2/FaithBench.csv",
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


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench/quality/fetch_public_data.py OUT_DIR")
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    checksums = recorded_checksums()
    raw = {name: download(name, url, out_dir, checksums) for name, url in SOURCES.items()}
    write_jsonl(os.path.join(out_dir, "halueval_qa.jsonl"), halueval_qa(raw["halueval_qa_data.json"]))
    write_jsonl(os.path.join(out_dir, "faithbench.jsonl"), faithbench(raw["faithbench.csv"]))


if __name__ == "__main__":
    main()
