#!/usr/bin/env python3
"""Hallucinated variants of real Splunk searches, for `groundgate eval` (task "spl").

    bench/quality/spl_variants.py [--data ../shared/data/spl] [--out DIR]
    groundgate eval DIR/spl_dev.jsonl        # the part to develop on
    groundgate eval DIR/spl_heldout.jsonl    # the part kept aside: do results carry over?

Deterministic: the same data gives the same files (every choice is seeded by a hash of the
detection id and the variant kind). Standard library only.

Source: the detections of Splunk's security_content library (data/spl/detections.jsonl), every
one a valid, working search, with the data sources it reads (data_sources.jsonl) and the
library's macros (macros.jsonl).

The prompt each sample stands for (its `metadata`, the structured spl_metadata form):
  streams   one per data source of the detection (sourcetype, source, fields when the data
            source lists them; a name joining two with " AND " is both), plus two distractor
            data sources of other sourcetypes and sources, chosen by hash, so that a search can
            mix components of streams that exist but not together (the retrieval of a real
            prompt returns neighbours too). A detection that names no data source gets no
            streams at all: nothing was retrieved for it;
  macros    the library's macros (a shared file, spl_library_macros.json, named in
            `metadata_files`) and the detection's own filter macro: security_content's build
            gives every detection a `<name>_filter` macro, `search *` until a user edits it;
  examples  each stream's example event (the data source's example_log), as retrieval hands a
            sample log to the model: Splunk extracts fields from events at search time
            (key=value pairs, XML, JSON) that a data source's field list may lack
            (--no-examples leaves them out);
  question  the detection's name, as the user's request.
No indexes: the library's data sources name none, and none is invented.

The same samples are written a second time with the streams given as prose, the way retrieval
often hands metadata to a model (spl_dev_prose.jsonl, spl_heldout_prose.jsonl: a markdown
table of sourcetype, source and fields, and the filter macro named in a sentence), to measure
the guard's reading of context text against its reading of the structured form.

Each detection gives one `valid` sample (label 0) and, where the search allows, one sample per
category of the Self-Debating taxonomy (label 1, `variant` the category, `detail` the edit):

  syntax       a command misspelt (letter dropped, doubled or swapped: never another real
               command), a closing quote or parenthesis removed, a statistical or eval
               function misspelt, `rename a AS b` without AS, or a generating command moved
               after another (`search * | tstats ...`).
  fabrication  a field the search filters or groups on replaced by one no stream, CIM
               dataset or default field has (a plausible neighbour: process_name ->
               process_title, Processes.dest -> Processes.dest_host); the stream macro
               replaced by an explicit sourcetype or source no data source has; a macro
               call renamed to a macro the library does not have; the data model dataset
               renamed to one the CIM does not have.
  mixed        the stream macro replaced by `sourcetype=<own> source=<a distractor's>` (both
               exist, never together); a filter on a field only a distractor stream has; in a
               data model search, a field of another dataset of the same model
               (Processes.file_name) or another model's dataset.
  misaligned   the stream macro replaced by `source=<own sourcetype>` or
               `sourcetype=<own source>`; in a data model search, `source=<a sourcetype>`
               added to the WHERE clause, or the dataset given as the data model
               (datamodel=Processes).
  misinterpretation
               `earliest=-7d@d` added to the first search or WHERE clause, or `| head 10`
               appended, to a detection whose name asks for no time range and no number.

Split: by data source, so that the held-out part has sources the development part never saw:
a detection is held out when the SHA-256 of its first data source's name (or "none") starts
with one of the hex digits 3, a, b, c, e, f. Data sources are lumpy (Sysmon EventID 1 is the
first of 38% of the detections), so the digits were picked once, before any result, for a
held-out part of about a quarter that spans several families (Sysmon 3, 8, 22, PowerShell
4104, Sysmon for Linux, Linux auditd, Windows Security). The script prints the counts.
"""
import argparse
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = os.path.join(HERE, "..", "..", "filters", "spl", "data")

TOKEN = re.compile(
    r"""(?P<comment>```.*?```)|(?P<string>"(?:[^"\\]|\\.)*")|(?P<macro>`[^`]*`)|"""
    r"""(?P<pipe>\|)|(?P<word>[^\s|\[\]()",=<>`!]+)|(?P<op>!=|==|<=|>=|[=<>])|(?P<other>\S)""",
    re.S,
)

FIELD_NEIGHBOURS = [
    ("_name", "_title"), ("_path", "_location"), ("_id", "_identifier"), ("_guid", "_uuid"),
    ("Image", "ImagePath"), ("CommandLine", "CommandLineText"), ("User", "UserAccount"),
    ("dest", "dest_host"), ("user", "user_account"), ("src", "src_host"), ("process", "process_cmdline"),
]
FAKE_SOURCETYPES = ["sysmon:operational", "windows:security:events", "edr:process", "winlogs"]
FAKE_SOURCES = ["WinEventLog:Microsoft-Windows-Process/Operational", "/var/log/endpoint/events.log",
                "XmlWinEventLog:Microsoft-Windows-Execution/Operational"]
FAKE_FUNCTIONS = {"count": "cnt", "values": "value", "min": "minimum", "max": "maximum",
                  "dc": "distinctcount", "coalesce": "coalese", "isnotnull": "isnotnul",
                  "lower": "lowercase", "match": "matches", "len": "length"}
NO_ASK = re.compile(r"\d|hour|day|week|month|year|minute|recent|last|past|time|first|top|few|"
                    r"since|ago|today|daily|new", re.I)


def h(*parts):
    return int(hashlib.sha256("\x1f".join(parts).encode()).hexdigest(), 16)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_tsv(name):
    rows = []
    with open(os.path.join(TABLES, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                rows.append(line.split("\t"))
    return rows


COMMANDS = {r[0].lower() for r in read_tsv("commands.tsv")}
DEFAULT_FIELDS = {r[0] for r in read_tsv("default_fields.tsv")}
CIM = {}  # model -> dataset -> set(fields), inherited included
for row in read_tsv("cim_fields.tsv"):
    model, dataset, parent = row[0], row[1], row[2]
    fields = set(row[3].split()) if len(row) > 3 else set()
    base = set(CIM.get(model, {}).get(parent, set())) if parent != "-" else {"_time", "host", "source", "sourcetype"}
    CIM.setdefault(model, {})[dataset] = base | fields
CIM_ALL = {f for m in CIM.values() for d in m.values() for f in d}


def tokens(spl):
    return [(m.lastgroup, m.group(), m.start(), m.end()) for m in TOKEN.finditer(spl)]


def replace(spl, start, end, text):
    return spl[:start] + text + spl[end:]


def typos(word):
    """Misspellings of a word that are not real commands: letter dropped, doubled, swapped."""
    out = []
    for i in range(len(word)):
        out.append(word[:i] + word[i + 1:])
        out.append(word[:i] + word[i] + word[i:])
        if i + 1 < len(word) and word[i] != word[i + 1]:
            out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    return [t for t in out if t and t.lower() not in COMMANDS]


class Sample:
    def __init__(self, det, streams, own, question, filter_macro):
        self.det, self.streams, self.own, self.question = det, streams, own, question
        self.filter_macro = filter_macro
        self.spl = det["search"]
        self.toks = tokens(self.spl)
        self.seed = det["id"]

    def choose(self, kind, options):
        return options[h(self.seed, kind) % len(options)] if options else None

    def ordered(self, kind, options):
        return sorted(options, key=lambda o: h(self.seed, kind, repr(o)))

    # -- what the search is made of
    def commands(self):
        out = []
        for i, (k, t, s, e) in enumerate(self.toks):
            if k == "pipe" and i + 1 < len(self.toks) and self.toks[i + 1][0] == "word":
                out.append(self.toks[i + 1])
        return out

    def stream_macro(self):
        """The first macro call of a raw-event search: the one that selects its events."""
        if self.spl.lstrip().startswith("|"):
            return None
        for k, t, s, e in self.toks:
            if k == "macro":
                return (t, s, e)
            if k == "pipe":
                return None
        return None

    def datamodel(self):
        m = re.search(r"datamodel\s*=\s*\"?([A-Za-z_]+)\.([A-Za-z_]+)", self.spl)
        return m

    def compared_fields(self):
        """Field tokens compared in the search (field=value, field IN (...)) and BY fields."""
        out = []
        for i, (k, t, s, e) in enumerate(self.toks):
            if k != "word" or i + 1 >= len(self.toks):
                continue
            nxt = self.toks[i + 1]
            if nxt[0] == "op" or (nxt[0] == "word" and nxt[1].upper() == "IN"):
                out.append((t, s, e))
        by = [i for i, tok in enumerate(self.toks) if tok[0] == "word" and tok[1].lower() == "by"]
        for b in by:
            for k, t, s, e in self.toks[b + 1:]:
                if k != "word" or t.lower() in ("span", "as"):
                    break
                out.append((t, s, e))
        return [f for f in out if f[0] not in DEFAULT_FIELDS and not f[0].startswith("_")
                and not f[0].lower() in ("index", "sourcetype", "source", "earliest", "latest",
                                         "datamodel", "nodename", "span", "summariesonly",
                                         "allow_old_summaries", "type", "value", "max_match")
                and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", f[0])]

    def known_fields(self):
        out = set(DEFAULT_FIELDS)
        for st in self.streams:
            out |= set(st.get("fields", []))
            for e in st.get("examples", []):
                out |= example_fields(e)
        return out


def fabricated_field(name, known):
    base = name.split(".")[-1]
    prefix = name[: len(name) - len(base)]
    for a, b in FIELD_NEIGHBOURS:
        if base.endswith(a) or base == a:
            cand = prefix + base[: len(base) - len(a)] + b
            if cand.split(".")[-1] not in known and cand.split(".")[-1] not in CIM_ALL and cand not in known:
                return cand
    cand = prefix + base + "_info"
    return cand if cand.split(".")[-1] not in CIM_ALL and cand not in known else None


def syntax_variant(x):
    edits = []
    cmds = [c for c in x.commands() if c[1].lower() in COMMANDS]
    for c in x.ordered("syntax-cmd", cmds)[:1]:
        t = x.choose("syntax-typo" + c[1], typos(c[1]))
        if t:
            edits.append(("misspelt_command", replace(x.spl, c[2], c[3], t)))
    strings = [tok for tok in x.toks if tok[0] == "string" and len(tok[1]) > 2]
    if strings:
        k, t, s, e = x.choose("syntax-quote", strings)
        edits.append(("unclosed_quote", replace(x.spl, e - 1, e, "")))
    funcs = [(m.group(1), m.start(1), m.end(1)) for m in re.finditer(r"\b([a-z]+)\(", x.spl)
             if m.group(1) in FAKE_FUNCTIONS and not in_string_or_macro(x, m.start(1))]
    if funcs:
        f, s, e = x.choose("syntax-func", funcs)
        edits.append(("misspelt_function", replace(x.spl, s, e, FAKE_FUNCTIONS[f])))
    parens = [m.start() for m in re.finditer(r"\)", x.spl) if not in_string_or_macro(x, m.start())]
    if parens:
        p = x.choose("syntax-paren", parens)
        edits.append(("unbalanced_parenthesis", x.spl[:p] + x.spl[p + 1:]))
    m = re.search(r"\|\s*rename\s+(\S+)\s+[aA][sS]\s+", x.spl)
    if m and not in_string_or_macro(x, m.start()):
        edits.append(("rename_without_as", x.spl[: m.end(1)] + " " + x.spl[m.end():]))
    if x.spl.lstrip().startswith("|"):
        edits.append(("generating_not_first", "search * " + x.spl.lstrip()))
    return x.choose("syntax", edits)


def in_string_or_macro(x, pos):
    return any(k in ("string", "macro", "comment") and s <= pos < e for k, t, s, e in x.toks)


def fabrication_variant(x):
    edits = []
    known = x.known_fields()
    dm = x.datamodel()
    fields = x.compared_fields()
    # A field is fabricated against a prompt that lists fields (a stream's, or the CIM's for a
    # data model search); against one that lists none, the guard cannot know and the edit is
    # not made.
    listed = any("fields" in st for st in x.own)
    for t, s, e in x.ordered("fab-field", fields)[:3]:
        if (dm and "." not in t) or (not dm and not listed):
            continue
        cand = fabricated_field(t, known)
        if cand:
            edits.append(("fabricated_field", replace(x.spl, s, e, cand)))
            break
    sm = x.stream_macro()
    if sm and x.own:  # against a prompt with sourcetypes and sources
        t, s, e = sm
        edits.append(("fabricated_sourcetype",
                      replace(x.spl, s, e, "sourcetype=" + x.choose("fab-st", FAKE_SOURCETYPES))))
        edits.append(("fabricated_source",
                      replace(x.spl, s, e, 'source="' + x.choose("fab-src", FAKE_SOURCES) + '"')))
    macros = [tok for tok in x.toks if tok[0] == "macro" and x.filter_macro not in tok[1]]
    if macros:
        k, t, s, e = x.choose("fab-macro", macros)
        name = t[1:-1].split("(")[0]
        fake = name + "_events" if "(" not in t else name + "_v2"
        edits.append(("fabricated_macro", replace(x.spl, s + 1, s + 1 + len(name), fake)))
    if dm:
        edits.append(("fabricated_dataset",
                      replace(x.spl, dm.start(2), dm.end(2), dm.group(2) + "_Events")))
    return x.choose("fabrication", edits)


def mixed_variant(x):
    edits = []
    own = x.own
    distractors = [st for st in x.streams if st not in own]
    sm = x.stream_macro()
    if sm and own and distractors:
        t, s, e = sm
        d = x.choose("mix-d", distractors)
        o = x.choose("mix-o", own)
        if o.get("sourcetype") and d.get("source") and d["source"] != o.get("source"):
            edits.append(("sourcetype_with_other_source",
                          replace(x.spl, s, e, 'sourcetype="%s" source="%s"' % (o["sourcetype"], d["source"]))))
        own_fields = set().union(*[set(st.get("fields", [])) for st in own]) if own else set()
        only = sorted(f for f in set(d.get("fields", [])) - own_fields - DEFAULT_FIELDS - CIM_ALL
                      if not f.startswith("tag::") and not f.startswith("_"))
        if own and all("fields" in st for st in own) and only:
            f = x.choose("mix-f", only)
            edits.append(("field_of_other_stream", replace(x.spl, e, e, " %s=*" % f)))
    dm = x.datamodel()
    if dm and dm.group(1) in CIM and dm.group(2) in CIM[dm.group(1)]:
        model, dataset = dm.group(1), dm.group(2)
        mine = CIM[model][dataset]
        others = [(ds, f) for ds, fs in CIM[model].items() if ds != dataset
                  for f in sorted(fs - mine) if not f.startswith("_")]
        uses = [m for m in re.finditer(re.escape(dataset) + r"\.([a-z_]+)", x.spl)
                if not in_string_or_macro(x, m.start())]
        if others and uses:
            ds, f = x.choose("mix-dm", others)
            m = x.choose("mix-use", uses)
            edits.append(("field_of_other_dataset", replace(x.spl, m.start(1), m.end(1), f)))
        other_models = [(mm, ds) for mm in CIM for ds in CIM[mm] if mm != model and ds not in CIM[model]]
        mm, ds = x.choose("mix-model", other_models)
        edits.append(("dataset_of_other_model", replace(x.spl, dm.start(2), dm.end(2), ds)))
    return x.choose("mixed", edits)


def misaligned_variant(x):
    edits = []
    sm = x.stream_macro()
    own = [st for st in x.own if st.get("sourcetype") and st.get("source")
           and st["sourcetype"].lower() != st["source"].lower()]
    all_st = {st.get("sourcetype", "").lower() for st in x.streams}
    all_src = {st.get("source", "").lower() for st in x.streams}
    own = [st for st in own if st["sourcetype"].lower() not in all_src and st["source"].lower() not in all_st]
    if sm and own:
        t, s, e = sm
        o = x.choose("mis-o", own)
        edits.append(("sourcetype_as_source", replace(x.spl, s, e, 'source="%s"' % o["sourcetype"])))
        edits.append(("source_as_sourcetype", replace(x.spl, s, e, 'sourcetype="%s"' % o["source"])))
    dm = x.datamodel()
    if dm:
        m = re.search(r"\bwhere\b", x.spl[dm.end():], re.I)
        if m and own:
            o = x.choose("mis-w", own)
            at = dm.end() + m.end()
            edits.append(("sourcetype_as_source_in_where",
                          x.spl[:at] + ' source="%s"' % o["sourcetype"] + x.spl[at:]))
        edits.append(("dataset_as_datamodel", replace(x.spl, dm.start(1), dm.end(2), dm.group(2))))
    return x.choose("misaligned", edits)


def misinterpretation_variant(x):
    if NO_ASK.search(x.question):
        return None
    edits = []
    sm = x.stream_macro()
    if sm:
        edits.append(("time_range", replace(x.spl, sm[2], sm[2], " earliest=-7d@d")))
    dm = x.datamodel()
    if dm:
        m = re.search(r"\bwhere\b", x.spl[dm.end():], re.I)
        if m:
            at = dm.end() + m.end()
            edits.append(("time_range", x.spl[:at] + " earliest=-7d@d" + x.spl[at:]))
    edits.append(("result_limit", x.spl.rstrip() + " | head 10"))
    return x.choose("misinterpretation", edits)


VARIANTS = [("syntax", syntax_variant), ("fabrication", fabrication_variant), ("mixed", mixed_variant),
            ("misaligned", misaligned_variant), ("misinterpretation", misinterpretation_variant)]


def stream_of(ds, examples=True):
    st = {"sourcetype": ds.get("sourcetype", ""), "source": ds.get("source", "")}
    if "fields" in ds:
        st["fields"] = ds["fields"]
    if examples and ds.get("example_log"):
        st["examples"] = [ds["example_log"]]
    return st


def example_fields(event):
    """The field names Splunk extracts from an example event, as the guard reads them
    (filters/spl/example_fields.h), near enough to keep fabricated names off them."""
    out = set()
    text = event.strip()
    if text[:1] in ("{", "["):
        try:
            def walk(v, path):
                if isinstance(v, dict):
                    for k, x in v.items():
                        walk(x, path + "." + k if path else k)
                elif isinstance(v, list):
                    for x in v:
                        walk(x, path + "{}")
                elif path:
                    out.add(path)
            walk(json.loads(text), "")
            return out
        except ValueError:
            pass
    out |= set(re.findall(r"<Data Name=['\"]([^'\"]+)['\"]>", text))
    out |= set(re.findall(r"<([A-Za-z][\w:]*)(?:\s[^>]*)?>[^<]", text))
    out |= {re.sub(r"^[^A-Za-z]+", "", k) for k in re.findall(r"(?<![=\w])(\w+)=(?!=)", text)}
    return out


def as_prose(metadata):
    """The sample's streams as a retrieval result would write them."""
    lines = ["Data sources for this search:", "", "| sourcetype | source | fields |", "|---|---|---|"]
    for st in metadata["streams"]:
        fields = ", ".join(st.get("fields", [])) if "fields" in st else ""
        lines.append("| %s | %s | %s |" % (st["sourcetype"], st["source"], fields))
    for st in metadata["streams"]:
        for e in st.get("examples", []):
            lines += ["", "Example event of %s (%s):" % (st["sourcetype"], st["source"]), "", "    " + e.replace("\n", " ")]
    for name in metadata["macros"]:
        lines += ["", "Finish the search with the macro `%s`." % name]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "..", "shared", "data", "spl"))
    ap.add_argument("--out", default="spl_eval")
    ap.add_argument("--no-examples", action="store_true",
                    help="leave the data sources' example events out of the prompts")
    args = ap.parse_args()
    dets = read_jsonl(os.path.join(args.data, "detections.jsonl"))
    sources = {d["name"]: d for d in read_jsonl(os.path.join(args.data, "data_sources.jsonl"))}
    macros = read_jsonl(os.path.join(args.data, "macros.jsonl"))
    os.makedirs(args.out, exist_ok=True)
    library = {"macros": {m["name"]: {"definition": m["definition"], "arguments": m.get("arguments") or []}
                          for m in macros}}
    with open(os.path.join(args.out, "spl_library_macros.json"), "w", encoding="utf-8") as f:
        json.dump(library, f, sort_keys=True)
    pool = sorted((n for n, d in sources.items() if d.get("sourcetype") and d.get("source")
                   and "fields" in d))
    outs = {part + suffix: open(os.path.join(args.out, "spl_%s%s.jsonl" % (part, suffix)), "w",
                                encoding="utf-8")
            for part in ("dev", "heldout") for suffix in ("", "_prose")}
    counts = {}
    for det in dets:
        names = [part.strip() for n in det["data_source"] for part in n.split(" AND ")]
        own = [stream_of(sources[n], not args.no_examples) for n in names if n in sources]
        own_keys = {(s["sourcetype"].lower(), s["source"].lower()) for s in own}
        candidates = [n for n in pool if sources[n]["sourcetype"].lower() not in {k[0] for k in own_keys}
                      and sources[n]["source"].lower() not in {k[1] for k in own_keys}]
        candidates.sort(key=lambda n: h(det["id"], "distractor", n))
        distractors, seen = [], set()
        for n in candidates if own else []:
            key = (sources[n]["sourcetype"].lower(), sources[n]["source"].lower())
            if key in seen:
                continue
            seen.add(key)
            distractors.append(stream_of(sources[n], not args.no_examples))
            if len(distractors) == 2:
                break
        streams = own + distractors
        streams.sort(key=lambda s: h(det["id"], "order", s["sourcetype"], s["source"]))
        filter_macro = re.sub(r"[^a-z0-9]+", "_", det["name"].lower()).strip("_") + "_filter"
        m = re.search(r"`([a-z0-9_]+_filter)`", det["search"])
        if m:
            filter_macro = m.group(1)
        metadata = {"streams": streams, "macros": {filter_macro: "search *"}}
        first = det["data_source"][0] if det["data_source"] else "none"
        part = "heldout" if hashlib.sha256(first.encode()).hexdigest()[0] in "3abcef" else "dev"
        x = Sample(det, streams, own, det["name"], filter_macro)
        base = {"task": "spl", "question": det["name"], "metadata": metadata,
                "metadata_files": ["spl_library_macros.json"], "source_id": det["id"]}
        rows = [dict(base, id=det["id"] + ":valid", spl=det["search"], label=0, variant="valid", detail="")]
        for kind, make in VARIANTS:
            v = make(x)
            if v and v[1] != det["search"]:
                rows.append(dict(base, id=det["id"] + ":" + kind, spl=v[1], label=1, variant=kind, detail=v[0]))
        prose = as_prose(metadata)
        for r in rows:
            outs[part].write(json.dumps(r, sort_keys=True) + "\n")
            outs[part + "_prose"].write(json.dumps(dict(r, metadata=prose), sort_keys=True) + "\n")
            counts[(part, r["variant"])] = counts.get((part, r["variant"]), 0) + 1
    for f in outs.values():
        f.close()
    for part in ("dev", "heldout"):
        print(part, {v: counts.get((part, v), 0) for v in ["valid"] + [k for k, _ in VARIANTS]})


if __name__ == "__main__":
    main()
