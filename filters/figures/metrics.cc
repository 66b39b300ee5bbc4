#include "filters/figures/metrics.h"

#include <algorithm>
#include <array>

namespace groundgate::filters::figures {
namespace {

using namespace std::string_view_literals;

// The lines, as reports label them.
constexpr std::array kRevenue = {
    "revenue"sv,        "revenues"sv,  "net revenue"sv, "net revenues"sv,    "total revenue"sv,
    "total revenues"sv, "net sales"sv, "sales"sv,       "total net sales"sv, "total net revenue"sv};
constexpr std::array kGrossProfit = {"gross profit"sv, "gross margin"sv};
constexpr std::array kOperatingIncome = {"operating income"sv, "income from operations"sv,
                                         "operating profit"sv};
constexpr std::array kNetIncome = {"net income"sv, "net earnings"sv, "net profit"sv};
constexpr std::array kEbitda = {"ebitda"sv, "adjusted ebitda"sv};
constexpr std::array kCurrentAssets = {"total current assets"sv, "current assets"sv};
constexpr std::array kCurrentLiabilities = {"total current liabilities"sv, "current liabilities"sv};
constexpr std::array kTotalAssets = {"total assets"sv};
constexpr std::array kEquity = {"total equity"sv, "total stockholders equity"sv,
                                "total shareholders equity"sv, "stockholders equity"sv,
                                "shareholders equity"sv};
constexpr std::array kTotalDebt = {"total debt"sv};
constexpr std::array kReceivables = {"accounts receivable"sv, "accounts receivable net"sv,
                                     "receivables"sv, "trade receivables"sv};
constexpr std::array kInventory = {"inventory"sv, "inventories"sv};
constexpr std::array kPayables = {"accounts payable"sv, "trade payables"sv};
constexpr std::array kCostOfSales = {"cost of sales"sv, "cost of revenue"sv, "cost of goods sold"sv,
                                     "cost of revenues"sv};

// The names.
constexpr std::array kGrossMarginNames = {"gross margin"sv, "gross profit margin"sv};
constexpr std::array kOperatingMarginNames = {"operating margin"sv, "operating profit margin"sv,
                                              "ebit margin"sv};
constexpr std::array kNetMarginNames = {"net margin"sv, "net profit margin"sv, "profit margin"sv,
                                        "net income margin"sv};
constexpr std::array kEbitdaMarginNames = {"ebitda margin"sv};
constexpr std::array kCurrentRatioNames = {"current ratio"sv};
constexpr std::array kReturnOnAssetsNames = {"return on assets"sv, "roa"sv};
constexpr std::array kReturnOnEquityNames = {"return on equity"sv, "roe"sv};
constexpr std::array kAssetTurnoverNames = {"asset turnover"sv, "assets turnover"sv};
constexpr std::array kDebtToEquityNames = {"debt to equity"sv, "debt-to-equity"sv};
constexpr std::array kDaysSalesNames = {"days sales outstanding"sv, "dso"sv,
                                        "days sales in receivables"sv};
constexpr std::array kDaysInventoryNames = {"days inventory outstanding"sv, "dio"sv,
                                            "days in inventory"sv, "days of inventory"sv};
constexpr std::array kDaysPayableNames = {"days payable outstanding"sv, "dpo"sv};

constexpr std::array kMetrics = {
    Metric{"gross margin", kGrossMarginNames, kGrossProfit, kRevenue, true},
    Metric{"operating margin", kOperatingMarginNames, kOperatingIncome, kRevenue, true},
    Metric{"net margin", kNetMarginNames, kNetIncome, kRevenue, true},
    Metric{"EBITDA margin", kEbitdaMarginNames, kEbitda, kRevenue, true},
    Metric{"current ratio", kCurrentRatioNames, kCurrentAssets, kCurrentLiabilities, false},
    Metric{"return on assets", kReturnOnAssetsNames, kNetIncome, kTotalAssets, true,
           Averaged::kDenominator},
    Metric{"return on equity", kReturnOnEquityNames, kNetIncome, kEquity, true,
           Averaged::kDenominator},
    Metric{"asset turnover", kAssetTurnoverNames, kRevenue, kTotalAssets, false,
           Averaged::kDenominator},
    Metric{"debt-to-equity ratio", kDebtToEquityNames, kTotalDebt, kEquity, false},
    Metric{"days sales outstanding", kDaysSalesNames, kReceivables, kRevenue, false,
           Averaged::kNumerator, 365},
    Metric{"days inventory outstanding", kDaysInventoryNames, kInventory, kCostOfSales, false,
           Averaged::kNumerator, 365},
    Metric{"days payable outstanding", kDaysPayableNames, kPayables, kCostOfSales, false,
           Averaged::kNumerator, 365},
};

// The number of tokens from `at` that spell `phrase` word for word; 0 when they do not. A
// one-word name of four letters or fewer is an acronym: written in capitals.
std::size_t spells(std::string_view text, std::span<const text::Token> tokens, std::size_t at,
                   std::string_view phrase) {
  if (phrase.find(' ') == std::string_view::npos && phrase.size() <= 4) {
    if (at >= tokens.size() || tokens[at].norm != phrase) return 0;
    const std::string_view surface = tokens[at].surface(text);
    const bool capitals =
        std::all_of(surface.begin(), surface.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    return capitals ? 1 : 0;
  }
  std::size_t i = at;
  while (!phrase.empty()) {
    const std::size_t space = phrase.find(' ');
    const std::string_view word = phrase.substr(0, space);
    if (i >= tokens.size() || tokens[i].norm != word) return 0;
    ++i;
    phrase.remove_prefix(space == std::string_view::npos ? phrase.size() : space + 1);
  }
  return i - at;
}

}  // namespace

MetricName metric_named(std::string_view text, std::span<const text::Token> tokens) {
  MetricName best;
  std::size_t best_length = 0;
  for (std::size_t at = 0; at < tokens.size(); ++at) {
    for (const Metric& m : kMetrics) {
      for (std::string_view name : m.names) {
        const std::size_t n = spells(text, tokens, at, name);
        if (n <= best_length) continue;
        best = {&m, tokens[at + n - 1].end};
        best_length = n;
      }
    }
  }
  return best;
}

}  // namespace groundgate::filters::figures
