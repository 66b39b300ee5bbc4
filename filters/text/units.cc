#include "filters/text/units.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace groundgate::filters::text {

namespace {

constexpr double kYear = kSecondsPerYear;
constexpr double kFahrenheitFactor = 5.0 / 9.0;
constexpr double kFahrenheitOffset = -32.0 * 5.0 / 9.0;

struct UnitEntry {
  std::array<std::string_view, 3> words;  // token norms, unused slots empty
  Unit unit;
  double factor;
  double offset;
  bool si;
  EntitySubtype subtype;
};

constexpr auto Q = EntitySubtype::kQuantity;
constexpr auto D = EntitySubtype::kDuration;

// Longer sequences first so "square miles" wins over "miles".
constexpr UnitEntry kUnits[] = {
    {{"miles", "per", "hour"}, Unit::kMetrePerSecond, 0.44704, 0, false, Q},
    {{"km", "per", "hour"}, Unit::kMetrePerSecond, 1 / 3.6, 0, true, Q},
    {{"kilometres", "per", "hour"}, Unit::kMetrePerSecond, 1 / 3.6, 0, true, Q},
    {{"kilometers", "per", "hour"}, Unit::kMetrePerSecond, 1 / 3.6, 0, true, Q},
    {{"km", "/", "h"}, Unit::kMetrePerSecond, 1 / 3.6, 0, true, Q},
    {{"m", "/", "s"}, Unit::kMetrePerSecond, 1, 0, true, Q},
    {{"degrees", "celsius"}, Unit::kCelsius, 1, 0, true, Q},
    {{"degrees", "centigrade"}, Unit::kCelsius, 1, 0, true, Q},
    {{"degrees", "c"}, Unit::kCelsius, 1, 0, true, Q},
    {{"degrees", "fahrenheit"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"degrees", "f"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"degree", "celsius"}, Unit::kCelsius, 1, 0, true, Q},
    {{"degree", "c"}, Unit::kCelsius, 1, 0, true, Q},
    {{"degree", "fahrenheit"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"degree", "f"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"°", "c"}, Unit::kCelsius, 1, 0, true, Q},
    {{"°", "f"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"square", "miles"}, Unit::kSquareMetre, 2589988.11, 0, false, Q},
    {{"square", "mile"}, Unit::kSquareMetre, 2589988.11, 0, false, Q},
    {{"sq", "mi"}, Unit::kSquareMetre, 2589988.11, 0, false, Q},
    {{"square", "kilometres"}, Unit::kSquareMetre, 1e6, 0, true, Q},
    {{"square", "kilometers"}, Unit::kSquareMetre, 1e6, 0, true, Q},
    {{"sq", "km"}, Unit::kSquareMetre, 1e6, 0, true, Q},
    {{"km", "²"}, Unit::kSquareMetre, 1e6, 0, true, Q},
    {{"square", "metres"}, Unit::kSquareMetre, 1, 0, true, Q},
    {{"square", "meters"}, Unit::kSquareMetre, 1, 0, true, Q},
    {{"square", "feet"}, Unit::kSquareMetre, 0.09290304, 0, false, Q},
    {{"sq", "ft"}, Unit::kSquareMetre, 0.09290304, 0, false, Q},
    {{"m", "²"}, Unit::kSquareMetre, 1, 0, true, Q},
    {{"cubic", "metres"}, Unit::kCubicMetre, 1, 0, true, Q},
    {{"cubic", "meters"}, Unit::kCubicMetre, 1, 0, true, Q},
    {{"nautical", "miles"}, Unit::kMetre, 1852, 0, false, Q},
    {{"celsius"}, Unit::kCelsius, 1, 0, true, Q},
    {{"fahrenheit"}, Unit::kCelsius, kFahrenheitFactor, kFahrenheitOffset, false, Q},
    {{"km2"}, Unit::kSquareMetre, 1e6, 0, true, Q},
    {{"times"}, Unit::kTimes, 1, 0, true, Q},
    {{"acres"}, Unit::kSquareMetre, 4046.8564224, 0, false, Q},
    {{"acre"}, Unit::kSquareMetre, 4046.8564224, 0, false, Q},
    {{"hectares"}, Unit::kSquareMetre, 1e4, 0, true, Q},
    {{"hectare"}, Unit::kSquareMetre, 1e4, 0, true, Q},
    {{"mph"}, Unit::kMetrePerSecond, 0.44704, 0, false, Q},
    {{"kph"}, Unit::kMetrePerSecond, 1 / 3.6, 0, true, Q},
    {{"knots"}, Unit::kMetrePerSecond, 0.514444, 0, false, Q},
    {{"mm"}, Unit::kMetre, 1e-3, 0, true, Q},
    {{"millimetres"}, Unit::kMetre, 1e-3, 0, true, Q},
    {{"millimeters"}, Unit::kMetre, 1e-3, 0, true, Q},
    {{"cm"}, Unit::kMetre, 1e-2, 0, true, Q},
    {{"centimetres"}, Unit::kMetre, 1e-2, 0, true, Q},
    {{"centimeters"}, Unit::kMetre, 1e-2, 0, true, Q},
    {{"m"}, Unit::kMetre, 1, 0, true, Q},
    {{"metres"}, Unit::kMetre, 1, 0, true, Q},
    {{"meters"}, Unit::kMetre, 1, 0, true, Q},
    {{"metre"}, Unit::kMetre, 1, 0, true, Q},
    {{"meter"}, Unit::kMetre, 1, 0, true, Q},
    {{"km"}, Unit::kMetre, 1e3, 0, true, Q},
    {{"kilometres"}, Unit::kMetre, 1e3, 0, true, Q},
    {{"kilometers"}, Unit::kMetre, 1e3, 0, true, Q},
    {{"kilometre"}, Unit::kMetre, 1e3, 0, true, Q},
    {{"kilometer"}, Unit::kMetre, 1e3, 0, true, Q},
    {{"inches"}, Unit::kMetre, 0.0254, 0, false, Q},
    {{"inch"}, Unit::kMetre, 0.0254, 0, false, Q},
    {{"ft"}, Unit::kMetre, 0.3048, 0, false, Q},
    {{"feet"}, Unit::kMetre, 0.3048, 0, false, Q},
    {{"foot"}, Unit::kMetre, 0.3048, 0, false, Q},
    {{"yards"}, Unit::kMetre, 0.9144, 0, false, Q},
    {{"yard"}, Unit::kMetre, 0.9144, 0, false, Q},
    {{"yd"}, Unit::kMetre, 0.9144, 0, false, Q},
    {{"miles"}, Unit::kMetre, 1609.344, 0, false, Q},
    {{"mile"}, Unit::kMetre, 1609.344, 0, false, Q},
    {{"mi"}, Unit::kMetre, 1609.344, 0, false, Q},
    {{"litres"}, Unit::kCubicMetre, 1e-3, 0, true, Q},
    {{"liters"}, Unit::kCubicMetre, 1e-3, 0, true, Q},
    {{"litre"}, Unit::kCubicMetre, 1e-3, 0, true, Q},
    {{"liter"}, Unit::kCubicMetre, 1e-3, 0, true, Q},
    {{"ml"}, Unit::kCubicMetre, 1e-6, 0, true, Q},
    {{"gallons"}, Unit::kCubicMetre, 3.785411784e-3, 0, false, Q},
    {{"gallon"}, Unit::kCubicMetre, 3.785411784e-3, 0, false, Q},
    {{"mg"}, Unit::kKilogram, 1e-6, 0, true, Q},
    {{"g"}, Unit::kKilogram, 1e-3, 0, true, Q},
    {{"grams"}, Unit::kKilogram, 1e-3, 0, true, Q},
    {{"gram"}, Unit::kKilogram, 1e-3, 0, true, Q},
    {{"kg"}, Unit::kKilogram, 1, 0, true, Q},
    {{"kilograms"}, Unit::kKilogram, 1, 0, true, Q},
    {{"kilogram"}, Unit::kKilogram, 1, 0, true, Q},
    {{"kilos"}, Unit::kKilogram, 1, 0, true, Q},
    {{"tonnes"}, Unit::kKilogram, 1e3, 0, true, Q},
    {{"tonne"}, Unit::kKilogram, 1e3, 0, true, Q},
    {{"lb"}, Unit::kKilogram, 0.45359237, 0, false, Q},
    {{"lbs"}, Unit::kKilogram, 0.45359237, 0, false, Q},
    {{"pounds"}, Unit::kKilogram, 0.45359237, 0, false, Q},
    {{"pound"}, Unit::kKilogram, 0.45359237, 0, false, Q},
    {{"oz"}, Unit::kKilogram, 0.028349523125, 0, false, Q},
    {{"ounces"}, Unit::kKilogram, 0.028349523125, 0, false, Q},
    {{"ounce"}, Unit::kKilogram, 0.028349523125, 0, false, Q},
    {{"bytes"}, Unit::kByte, 1, 0, true, Q},
    {{"kb"}, Unit::kByte, 1e3, 0, true, Q},
    {{"kilobytes"}, Unit::kByte, 1e3, 0, true, Q},
    {{"mb"}, Unit::kByte, 1e6, 0, true, Q},
    {{"megabytes"}, Unit::kByte, 1e6, 0, true, Q},
    {{"gb"}, Unit::kByte, 1e9, 0, true, Q},
    {{"gigabytes"}, Unit::kByte, 1e9, 0, true, Q},
    {{"tb"}, Unit::kByte, 1e12, 0, true, Q},
    {{"terabytes"}, Unit::kByte, 1e12, 0, true, Q},
    {{"watts"}, Unit::kWatt, 1, 0, true, Q},
    {{"kw"}, Unit::kWatt, 1e3, 0, true, Q},
    {{"kilowatts"}, Unit::kWatt, 1e3, 0, true, Q},
    {{"mw"}, Unit::kWatt, 1e6, 0, true, Q},
    {{"megawatts"}, Unit::kWatt, 1e6, 0, true, Q},
    {{"gw"}, Unit::kWatt, 1e9, 0, true, Q},
    {{"gigawatts"}, Unit::kWatt, 1e9, 0, true, Q},
    {{"seconds"}, Unit::kSecond, 1, 0, true, D},
    {{"second"}, Unit::kSecond, 1, 0, true, D},
    {{"secs"}, Unit::kSecond, 1, 0, true, D},
    {{"minutes"}, Unit::kSecond, 60, 0, true, D},
    {{"minute"}, Unit::kSecond, 60, 0, true, D},
    {{"mins"}, Unit::kSecond, 60, 0, true, D},
    {{"min"}, Unit::kSecond, 60, 0, true, D},
    {{"hours"}, Unit::kSecond, 3600, 0, true, D},
    {{"hour"}, Unit::kSecond, 3600, 0, true, D},
    {{"hrs"}, Unit::kSecond, 3600, 0, true, D},
    {{"days"}, Unit::kSecond, 86400, 0, true, D},
    {{"day"}, Unit::kSecond, 86400, 0, true, D},
    {{"weeks"}, Unit::kSecond, 604800, 0, true, D},
    {{"week"}, Unit::kSecond, 604800, 0, true, D},
    {{"fortnight"}, Unit::kSecond, 1209600, 0, true, D},
    {{"months"}, Unit::kSecond, kYear / 12, 0, true, D},
    {{"month"}, Unit::kSecond, kYear / 12, 0, true, D},
    {{"years"}, Unit::kSecond, kYear, 0, true, D},
    {{"year"}, Unit::kSecond, kYear, 0, true, D},
    {{"yrs"}, Unit::kSecond, kYear, 0, true, D},
    {{"decades"}, Unit::kSecond, 10 * kYear, 0, true, D},
    {{"decade"}, Unit::kSecond, 10 * kYear, 0, true, D},
    {{"centuries"}, Unit::kSecond, 100 * kYear, 0, true, D},
    {{"century"}, Unit::kSecond, 100 * kYear, 0, true, D},
};

constexpr std::size_t kUnitCount = std::size(kUnits);
static_assert(kUnitCount < 256);

// The units whose first word starts with each byte, in table order (longer sequences still
// first): match_unit runs after every number, and most next words start with a byte no unit
// starts with, or with one of a handful.
struct UnitsByFirstByte {
  std::array<std::uint8_t, kUnitCount> entries{};
  std::array<std::uint8_t, 257> begin{};  // entries of byte b: [begin[b], begin[b + 1])
};

constexpr UnitsByFirstByte kByFirstByte = [] {
  UnitsByFirstByte u;
  std::array<std::size_t, 256> count{};
  for (const UnitEntry& e : kUnits)
    ++count[static_cast<unsigned char>(e.words[0][0])];
  for (std::size_t b = 0; b < 256; ++b)
    u.begin[b + 1] = static_cast<std::uint8_t>(u.begin[b] + count[b]);
  std::array<std::size_t, 256> fill{};
  for (std::size_t i = 0; i < kUnitCount; ++i) {
    const auto b = static_cast<unsigned char>(kUnits[i].words[0][0]);
    u.entries[u.begin[b] + fill[b]++] = static_cast<std::uint8_t>(i);
  }
  return u;
}();

}  // namespace

std::optional<UnitMatch> match_unit(std::span<const Token> tokens, std::size_t i) {
  if (i >= tokens.size() || tokens[i].norm.empty()) return std::nullopt;
  const auto first = static_cast<unsigned char>(tokens[i].norm[0]);
  for (std::size_t k = kByFirstByte.begin[first]; k < kByFirstByte.begin[first + 1]; ++k) {
    const UnitEntry& e = kUnits[kByFirstByte.entries[k]];
    std::size_t n = 0;
    bool ok = true;
    for (const auto w : e.words) {
      if (w.empty()) break;
      if (i + n >= tokens.size() || tokens[i + n].norm != w) {
        ok = false;
        break;
      }
      // Symbol-joined units must be written together: "km/h", "m²"; a degree sign may stand
      // apart from its scale ("425° F").
      if (n > 0 && (e.words[1] == "/" || e.words[1] == "²") &&
          tokens[i + n].begin != tokens[i + n - 1].end) {
        ok = false;
        break;
      }
      ++n;
    }
    if (ok && n > 0) return UnitMatch{e.unit, e.factor, e.offset, e.si, e.subtype, n};
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::text
