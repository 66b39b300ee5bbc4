#include "filters/spl/metadata_json.h"

#include <simdjson.h>

#include <algorithm>

#include "filters/spl/example_fields.h"

namespace groundgate::filters::spl {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kMaxEntries = 50000;  // names of all kinds together
constexpr std::size_t kMaxNameBytes = 1024;
constexpr std::size_t kMaxDefinitionBytes = 16384;
constexpr std::size_t kMaxExampleBytes = 65536;  // of an example event, the rest not read
constexpr std::size_t kMaxDocumentBytes = 16u << 20;

class Reader {
 public:
  Reader(SplMetadata& out, std::string& error) : out_(out), error_(error) {}

  bool read(const dom::element& root) {
    dom::object o;
    if (root.get_object().get(o) != simdjson::SUCCESS) return fail("spl_metadata is not an object");
    for (const auto field : o) {
      const std::string_view key = field.key;
      const dom::element v = field.value;
      bool ok = true;
      if (key == "indexes" || key == "indices") {
        ok = v.is_object() ? nesting(v) : names(v, Kind::kIndex);
      } else if (key == "sourcetypes") {
        ok = names(v, Kind::kSourcetype);
      } else if (key == "sources") {
        ok = names(v, Kind::kSource);
      } else if (key == "fields") {
        ok = names(v, Kind::kField);
      } else if (key == "macros") {
        ok = macros(v);
      } else if (key == "lookups") {
        ok = named_lists(v, Kind::kLookup);
      } else if (key == "datamodels" || key == "data_models") {
        ok = named_lists(v, Kind::kDataModel);
      } else if (key == "streams") {
        ok = streams(v);
      }  // other keys (descriptions, examples) are not names
      if (!ok) return false;
    }
    return true;
  }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  bool count() {
    if (++entries_ > kMaxEntries) return fail("spl_metadata has too many names");
    return true;
  }

  bool string(const dom::element& e, std::string_view& s, std::string_view what) {
    if (e.get_string().get(s) != simdjson::SUCCESS)
      return fail(std::string(what) + " is not a string");
    if (s.size() > kMaxNameBytes) return fail(std::string(what) + " is too long");
    return count();
  }

  bool string_list(const dom::element& e, std::vector<std::string>& out, std::string_view what) {
    dom::array a;
    if (e.get_array().get(a) != simdjson::SUCCESS)
      return fail(std::string(what) + " is not a list");
    for (const dom::element item : a) {
      std::string_view s;
      if (!string(item, s, what)) return false;
      out.emplace_back(s);
    }
    return true;
  }

  bool names(const dom::element& e, Kind kind) {
    std::vector<std::string> list;
    if (!string_list(e, list, to_string(kind))) return false;
    for (const std::string& n : list)
      out_.add(kind, n);
    return true;
  }

  // {"name": [fields]} or ["name", ...]
  bool named_lists(const dom::element& e, Kind kind) {
    const auto add = [&](std::string_view name, std::vector<std::string> fields) {
      if (kind == Kind::kLookup) {
        out_.add_lookup(name, std::move(fields));
      } else {
        out_.add_datamodel(name, std::move(fields));
      }
    };
    if (e.is_array()) {
      std::vector<std::string> list;
      if (!string_list(e, list, to_string(kind))) return false;
      for (const std::string& n : list)
        add(n, {});
      return true;
    }
    dom::object o;
    if (e.get_object().get(o) != simdjson::SUCCESS) {
      return fail(std::string(to_string(kind)) + "s is not an object or a list");
    }
    for (const auto field : o) {
      std::vector<std::string> fields;
      if (!count() || !string_list(field.value, fields, "a field")) return false;
      add(field.key, std::move(fields));
    }
    return true;
  }

  bool macro(std::string_view name, const dom::element& e) {
    MacroDefinition m;
    // "name(2)" as macros.conf writes a macro taking two arguments.
    const std::size_t paren = name.find('(');
    m.name = std::string(name.substr(0, paren));
    std::string_view definition;
    if (e.is_string()) {
      if (e.get_string().get(definition) != simdjson::SUCCESS) return false;
    } else {
      dom::object o;
      if (e.get_object().get(o) != simdjson::SUCCESS)
        return fail("a macro is not a string or object");
      if (o["definition"].get_string().get(definition) != simdjson::SUCCESS) {
        return fail("macro " + m.name + " has no definition");
      }
      dom::element args;
      if (o["arguments"].get(args) == simdjson::SUCCESS && !args.is_null() &&
          !string_list(args, m.arguments, "a macro argument")) {
        return false;
      }
      std::string_view own_name;
      if (m.name.empty() && o["name"].get_string().get(own_name) == simdjson::SUCCESS) {
        m.name = std::string(own_name.substr(0, own_name.find('(')));
      }
    }
    if (m.name.empty()) return fail("a macro has no name");
    if (definition.size() > kMaxDefinitionBytes) return fail("macro " + m.name + " is too long");
    m.definition = std::string(definition);
    if (!count()) return false;
    out_.add_macro(std::move(m));
    return true;
  }

  bool macros(const dom::element& e) {
    if (e.is_array()) {
      dom::array a;
      if (e.get_array().get(a) != simdjson::SUCCESS) return fail("macros is not a list");
      for (const dom::element item : a) {
        if (!macro("", item)) return false;
      }
      return true;
    }
    dom::object o;
    if (e.get_object().get(o) != simdjson::SUCCESS)
      return fail("macros is not an object or a list");
    for (const auto field : o) {
      if (!macro(field.key, field.value)) return false;
    }
    return true;
  }

  // index -> sourcetype -> source -> fields; a sourcetype may map to fields directly.
  bool nesting(const dom::element& e) {
    dom::object indexes;
    if (e.get_object().get(indexes) != simdjson::SUCCESS) return fail("indexes is not an object");
    for (const auto index : indexes) {
      if (!count()) return false;
      out_.add(Kind::kIndex, index.key);
      dom::object sourcetypes;
      if (index.value.get_object().get(sourcetypes) != simdjson::SUCCESS) {
        if (index.value.is_array()) {  // index -> [sourcetypes]
          std::vector<std::string> list;
          if (!string_list(index.value, list, "a sourcetype")) return false;
          for (const std::string& st : list)
            out_.add_stream({std::string(index.key), st, "", {}, false});
          continue;
        }
        return fail("index " + std::string(index.key) + " does not map to sourcetypes");
      }
      for (const auto st : sourcetypes) {
        if (!count()) return false;
        if (st.value.is_array()) {
          Stream s{std::string(index.key), std::string(st.key), "", {}, true};
          if (!string_list(st.value, s.fields, "a field")) return false;
          out_.add_stream(std::move(s));
          continue;
        }
        dom::object sources;
        if (st.value.get_object().get(sources) != simdjson::SUCCESS) {
          return fail("sourcetype " + std::string(st.key) + " does not map to sources or fields");
        }
        for (const auto source : sources) {
          Stream s{std::string(index.key), std::string(st.key), std::string(source.key), {}, true};
          if (!count() || !string_list(source.value, s.fields, "a field")) return false;
          out_.add_stream(std::move(s));
        }
      }
    }
    return true;
  }

  bool streams(const dom::element& e) {
    dom::array a;
    if (e.get_array().get(a) != simdjson::SUCCESS) return fail("streams is not a list");
    for (const dom::element item : a) {
      dom::object o;
      if (item.get_object().get(o) != simdjson::SUCCESS) return fail("a stream is not an object");
      Stream s;
      std::string_view v;
      if (o["index"].get_string().get(v) == simdjson::SUCCESS) s.index = v;
      if (o["sourcetype"].get_string().get(v) == simdjson::SUCCESS) s.sourcetype = v;
      if (o["source"].get_string().get(v) == simdjson::SUCCESS) s.source = v;
      dom::element fields;
      if (o["fields"].get(fields) == simdjson::SUCCESS) {
        if (!string_list(fields, s.fields, "a field")) return false;
        s.fields_known = true;
      }
      if (!examples(o, s)) return false;
      if (!count()) return false;
      out_.add_stream(std::move(s));
    }
    return true;
  }

  // "examples": ["raw event", ...] (or "example": "raw event"): the fields Splunk would
  // extract from them extend the stream's field list; a stream with no list stays open.
  bool examples(const dom::object& o, Stream& s) {
    std::vector<std::string_view> events;
    dom::element e;
    std::string_view one;
    if (o["example"].get_string().get(one) == simdjson::SUCCESS) events.push_back(one);
    if (o["examples"].get(e) == simdjson::SUCCESS) {
      dom::array a;
      if (e.get_array().get(a) != simdjson::SUCCESS) return fail("examples is not a list");
      for (const dom::element item : a) {
        if (item.get_string().get(one) != simdjson::SUCCESS) {
          return fail("an example event is not a string");
        }
        events.push_back(one);
      }
    }
    for (std::string_view event : events) {
      if (!count()) return false;
      if (!s.fields_known) continue;
      for (std::string& f : example_event_fields(event.substr(0, kMaxExampleBytes))) {
        if (std::find(s.fields.begin(), s.fields.end(), f) != s.fields.end()) continue;
        if (!count()) return false;
        s.fields.push_back(std::move(f));
      }
    }
    return true;
  }

  SplMetadata& out_;
  std::string& error_;
  std::size_t entries_ = 0;
};

}  // namespace

bool add_metadata_json(const dom::element& value, SplMetadata& out, std::string& error) {
  return Reader(out, error).read(value);
}

MetadataJson metadata_from_json(std::string_view json) {
  MetadataJson result;
  if (json.size() > kMaxDocumentBytes) {
    result.error = "spl_metadata is too big";
    return result;
  }
  dom::parser parser;
  dom::element root;
  if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) {
    result.error = "spl_metadata is not JSON";
    return result;
  }
  auto metadata = std::make_shared<SplMetadata>();
  if (add_metadata_json(root, *metadata, result.error)) result.metadata = std::move(metadata);
  return result;
}

}  // namespace groundgate::filters::spl
