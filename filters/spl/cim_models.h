#pragma once
// The CIM data models (data/cim_fields.tsv, with its sources): which datasets each model has
// and which fields a search may name with a dataset prefix (`Processes.process_name`,
// `All_Changes.Account_Management.src_nt_domain`). Inherited and base fields (_time, host,
// source, sourcetype) included.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace groundgate::filters::spl {

// How a prefixed field stands to the data model (and dataset) a search reads.
enum class ModelField : std::uint8_t {
  kFound,         // a field of the dataset read (or of its lineage)
  kOtherDataset,  // a real field of another dataset of the same model: mixed
  kOtherModel,    // a real field of another model: mixed
  kUnknown,       // no such field anywhere: fabricated
};

class CimModels {
 public:
  static const CimModels& get();

  bool has_model(std::string_view model) const;
  // `dataset`: a dataset's name ("Processes", "Account_Management") or lineage
  // ("All_Changes.Account_Management").
  bool has_dataset(std::string_view model, std::string_view dataset) const;
  // The model that has a dataset of that name (first found), for `datamodel=Processes`.
  std::optional<std::string_view> model_of_dataset(std::string_view dataset) const;
  std::vector<std::string> model_names() const;
  std::vector<std::string> dataset_names(std::string_view model) const;

  // `field` as written (`Processes.process_name`), in a search over `model` and, when not
  // empty, `dataset`.
  ModelField match(std::string_view model, std::string_view dataset, std::string_view field) const;
  // Every prefixed field of the dataset (or of every dataset of the model when `dataset` is
  // empty), for "did you mean".
  std::vector<std::string> prefixed_fields(std::string_view model, std::string_view dataset) const;
  // Whether any dataset of any model has a field of that name, unprefixed (`process_name`):
  // the names CIM-compliant add-ons give events at search time.
  bool has_field(std::string_view name) const;

 private:
  struct Dataset {
    std::string name;
    int parent = -1;                         // index in the model's datasets
    std::string lineage;                     // "All_Changes.Account_Management"
    std::unordered_set<std::string> fields;  // own, inherited and base
  };
  struct Model {
    std::string name;
    std::vector<Dataset> datasets;
  };

  CimModels();
  const Model* find_model(std::string_view name) const;
  static int find_dataset(const Model& model, std::string_view dataset);
  static bool related(const Model& model, int a, int b);  // one is the other's ancestor (or same)
  // The dataset index and field of `field` under `model`, or -1.
  static int resolve(const Model& model, std::string_view field, std::string_view* rest);

  std::vector<Model> models_;
  std::unordered_set<std::string_view> field_names_;  // views into the datasets' fields
};

}  // namespace groundgate::filters::spl
