#include "filters/spl/cim_models.h"

#include "filters/spl/spl_data.h"
#include "filters/spl/tsv_rows.h"

namespace groundgate::filters::spl {
namespace {

constexpr std::string_view kBaseFields[] = {"_time", "host", "source", "sourcetype"};

}  // namespace

CimModels::CimModels() {
  for (const auto& row : tsv_rows(data::kCimFields)) {
    if (row.size() < 3) continue;
    Model* model = nullptr;
    for (Model& m : models_) {
      if (m.name == row[0]) model = &m;
    }
    if (model == nullptr) {
      models_.push_back({std::string(row[0]), {}});
      model = &models_.back();
    }
    Dataset d;
    d.name = row[1];
    d.parent = row[2] == "-" ? -1 : find_dataset(*model, row[2]);
    d.lineage = d.parent < 0 ? d.name : model->datasets[d.parent].lineage + "." + d.name;
    if (d.parent >= 0) d.fields = model->datasets[d.parent].fields;
    for (std::string_view f : kBaseFields)
      d.fields.emplace(f);
    if (row.size() > 3) {
      for (std::string_view f : split_list(row[3], ' '))
        d.fields.emplace(f);
    }
    model->datasets.push_back(std::move(d));
  }
  for (const Model& m : models_) {
    for (const Dataset& d : m.datasets)
      field_names_.insert(d.fields.begin(), d.fields.end());
  }
}

bool CimModels::has_field(std::string_view name) const {
  return field_names_.contains(name);
}

const CimModels& CimModels::get() {
  static const CimModels models;
  return models;
}

const CimModels::Model* CimModels::find_model(std::string_view name) const {
  for (const Model& m : models_) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

int CimModels::find_dataset(const Model& model, std::string_view dataset) {
  for (std::size_t i = 0; i < model.datasets.size(); ++i) {
    if (model.datasets[i].name == dataset || model.datasets[i].lineage == dataset) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

bool CimModels::has_model(std::string_view model) const {
  return find_model(model) != nullptr;
}

bool CimModels::has_dataset(std::string_view model, std::string_view dataset) const {
  const Model* m = find_model(model);
  return m != nullptr && find_dataset(*m, dataset) >= 0;
}

std::optional<std::string_view> CimModels::model_of_dataset(std::string_view dataset) const {
  for (const Model& m : models_) {
    if (find_dataset(m, dataset) >= 0) return m.name;
  }
  return std::nullopt;
}

std::vector<std::string> CimModels::model_names() const {
  std::vector<std::string> out;
  for (const Model& m : models_)
    out.push_back(m.name);
  return out;
}

std::vector<std::string> CimModels::dataset_names(std::string_view model) const {
  std::vector<std::string> out;
  if (const Model* m = find_model(model)) {
    for (const Dataset& d : m->datasets)
      out.push_back(d.name);
  }
  return out;
}

bool CimModels::related(const Model& model, int a, int b) {
  for (int x = a; x >= 0; x = model.datasets[x].parent) {
    if (x == b) return true;
  }
  for (int x = b; x >= 0; x = model.datasets[x].parent) {
    if (x == a) return true;
  }
  return false;
}

int CimModels::resolve(const Model& model, std::string_view field, std::string_view* rest) {
  // The longest dataset prefix (lineage or name) that is followed by a dot.
  int best = -1;
  std::size_t best_length = 0;
  for (std::size_t i = 0; i < model.datasets.size(); ++i) {
    for (const std::string& form : {model.datasets[i].lineage, model.datasets[i].name}) {
      if (field.size() > form.size() + 1 && field.starts_with(form) && field[form.size()] == '.' &&
          form.size() > best_length) {
        best = static_cast<int>(i);
        best_length = form.size();
      }
    }
  }
  if (best >= 0) *rest = field.substr(best_length + 1);
  return best;
}

ModelField CimModels::match(std::string_view model, std::string_view dataset,
                            std::string_view field) const {
  const Model* m = find_model(model);
  if (m != nullptr) {
    std::string_view rest;
    const int d = resolve(*m, field, &rest);
    if (d >= 0) {
      const int selected = dataset.empty() ? -1 : find_dataset(*m, dataset);
      const bool in_scope = selected < 0 || related(*m, d, selected);
      if (m->datasets[d].fields.contains(std::string(rest))) {
        return in_scope ? ModelField::kFound : ModelField::kOtherDataset;
      }
      for (const Dataset& other : m->datasets) {
        if (other.fields.contains(std::string(rest))) return ModelField::kOtherDataset;
      }
      return ModelField::kUnknown;
    }
  }
  for (const Model& other : models_) {
    if (&other == m) continue;
    std::string_view rest;
    const int d = resolve(other, field, &rest);
    if (d >= 0 && other.datasets[d].fields.contains(std::string(rest))) {
      return ModelField::kOtherModel;
    }
  }
  return ModelField::kUnknown;
}

std::vector<std::string> CimModels::prefixed_fields(std::string_view model,
                                                    std::string_view dataset) const {
  std::vector<std::string> out;
  const Model* m = find_model(model);
  if (m == nullptr) return out;
  const int selected = dataset.empty() ? -1 : find_dataset(*m, dataset);
  for (std::size_t i = 0; i < m->datasets.size(); ++i) {
    if (selected >= 0 && static_cast<int>(i) != selected) continue;
    for (const std::string& f : m->datasets[i].fields)
      out.push_back(m->datasets[i].name + "." + f);
  }
  return out;
}

}  // namespace groundgate::filters::spl
