#!/usr/bin/env bash
# bench/quality/fetch_public_data.py without the network: with the upstream files already in
# place (in their published formats; RAGTruth's and LFQA's are bench/quality/testdata's), it
# converts them, and `groundgate eval` reads the result.
#   tests/quality/fetch_public_data_test.sh GROUNDGATE_BINARY
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
groundgate=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat >"$dir/halueval_qa_data.json" <<'JSON'
{"knowledge": "The bridge opened in 1932. It spans the harbour.", "question": "When did the bridge open?", "right_answer": "1932", "hallucinated_answer": "The bridge opened in 1952."}
{"knowledge": "Maria Jensen leads Acme Cloud, founded in Oslo.", "question": "Who leads Acme Cloud?", "right_answer": "Maria Jensen", "hallucinated_answer": "Acme Cloud is led by Peter Hansen."}
JSON
cat >"$dir/faithbench.csv" <<'CSV'
source,summary,LLM,worst-label,best-label
"The bridge opened in 1932 and is painted grey.","The bridge, opened in 1932, is grey.",m/a,Consistent,Consistent
"The bridge opened in 1932 and is painted grey.","The bridge opened in 1932 and is painted red.",m/b,Unwanted,Unwanted
"The bridge opened in 1932 and is painted grey.","The old bridge opened in 1932.",m/c,Questionable,Benign
"The bridge opened in 1932 and is painted grey.","A grey bridge, from 1932.",m/d,Benign,Consistent
CSV
cp "$root"/bench/quality/testdata/ragtruth_*.jsonl "$root"/bench/quality/testdata/lfqa_*.json "$dir"

python3 "$root/bench/quality/fetch_public_data.py" "$dir" 2>"$dir/log"
fail() { echo "FAIL: $*" >&2; cat "$dir/log" >&2; exit 1; }
[[ $(wc -l <"$dir/halueval_qa.jsonl") == 4 ]] || fail "HaluEval: 2 questions give 4 samples"
[[ $(wc -l <"$dir/faithbench.jsonl") == 3 ]] || fail "FaithBench: the Questionable row is left out"
grep -q '"answer": "The bridge opened in 1952.", "label": 1' "$dir/halueval_qa.jsonl" ||
  fail "HaluEval: the hallucinated answer is labelled 1"
grep -q 'painted red.", "label": 1' "$dir/faithbench.jsonl" || fail "FaithBench: Unwanted is 1"
grep -q 'no recorded checksum' "$dir/log" || fail "an unrecorded checksum is reported"
[[ $(wc -l <"$dir/ragtruth_qa.jsonl") == 2 ]] || fail "RAGTruth: 2 QA responses"
[[ $(wc -l <"$dir/ragtruth_data2txt.jsonl") == 2 ]] || fail "RAGTruth: 2 Data2txt responses"
[[ $(wc -l <"$dir/lfqa.jsonl") == 4 ]] || fail "LFQA: one answer in each of 4 settings"

"$groundgate" eval "$dir/halueval_qa.jsonl" --verifiers semantic_pieces >"$dir/eval.txt" ||
  fail "groundgate eval reads the HaluEval conversion"
"$groundgate" eval "$dir/faithbench.jsonl" -c "$root/config/examples/openai.yaml" \
  --policy summaries >>"$dir/eval.txt" || fail "groundgate eval reads the FaithBench conversion"
for set in ragtruth_qa ragtruth_data2txt lfqa; do
  "$groundgate" eval "$dir/$set.jsonl" --verifiers semantic_pieces >>"$dir/eval.txt" ||
    fail "groundgate eval reads the $set conversion"
done
grep -qi "balanced" "$dir/eval.txt" || { cat "$dir/eval.txt" >&2; fail "eval printed no scores"; }
echo "1 passed, 0 failed"
