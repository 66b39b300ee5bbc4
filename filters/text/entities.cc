#include "filters/text/entities.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include "filters/text/calendar_words.h"
#include "filters/text/number_words.h"
#include "filters/text/stopwords.h"
#include "filters/text/units.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kApproximateShare = 0.1;  // "about 100" covers 90..110
constexpr double kCalendarShare = 0.03;    // a month is 28 to 31 days: 30.4 ± 3%

// The name matcher's word lists: it runs at every capitalised word and tests a name against
// a hundred or more words. A constant table is built once (a braced list is rebuilt on the
// stack at each call) and most words are rejected by their first byte.
constexpr auto kSentenceEnds = word_table(".", "!", "?", ":", "...", ";");
constexpr auto kSentenceOpeners = word_table("\"", "(", "'", "-", "*", "[", "#", "•");
constexpr auto kTitles =
    word_table("mr", "mrs", "ms", "dr", "prof", "president", "sir", "king", "queen", "prince",
               "princess", "senator", "governor", "judge", "pope", "lord", "lady", "chancellor",
               "captain", "general", "coach", "mayor");
constexpr auto kNameConnectors =
    word_table("of", "de", "van", "von", "der", "den", "da", "di", "del", "della", "la", "le", "du",
               "bin", "ibn", "al", "the", "y");
constexpr auto kSentenceStartWords =
    word_table("here", "key", "overall", "additionally", "meanwhile", "furthermore", "moreover",
               "in", "after", "before", "despite", "according", "following", "today", "yesterday",
               "tomorrow", "yes", "no", "born");
constexpr auto kOrganizationTails = word_table(
    "inc", "corp", "corporation", "ltd", "llc", "plc", "group", "company", "co", "university",
    "college", "institute", "association", "bank", "party", "fc", "club", "council", "agency",
    "ministry", "department", "foundation", "magazine", "news", "times", "airlines", "records",
    "studios", "press", "museum", "school", "society", "union", "committee", "church", "troops");
constexpr auto kPlaceTails =
    word_table("city", "county", "river", "street", "road", "avenue", "island", "islands",
               "mountain", "mountains", "lake", "ocean", "sea", "valley", "province", "region",
               "bay", "bridge", "airport", "district", "peninsula", "desert", "coast");
constexpr auto kPlaceNames = word_table(
    "united states", "united kingdom", "america", "europe", "asia", "africa", "australia", "canada",
    "mexico", "brazil", "china", "japan", "india", "russia", "ukraine", "germany", "france",
    "italy", "spain", "ireland", "scotland", "wales", "england", "london", "paris", "new york",
    "washington", "california", "texas", "florida", "philadelphia", "chicago", "los angeles",
    "boston", "beijing", "moscow", "kiev", "kyiv", "tokyo", "berlin", "sydney", "toronto", "israel",
    "iran", "iraq", "syria", "egypt", "pakistan", "afghanistan", "korea", "north korea",
    "south korea", "turkey", "greece", "poland", "sweden", "norway", "netherlands", "belgium",
    "switzerland", "austria", "portugal", "argentina", "nigeria", "kenya", "south africa",
    "indonesia", "vietnam", "thailand");
constexpr auto kPlacePrepositions =
    word_table("in", "near", "at", "across", "throughout", "outside", "inside");
// Other names of the two countries the place key folds: "US", "Britain".
constexpr auto kUnitedStatesNames = word_table("us", "usa", "united states of america", "america");
constexpr auto kUnitedKingdomNames = word_table("uk", "britain", "great britain");

// Words that qualify the number after them: "more than 5", "about 100", "under 20".
constexpr auto kMoreThan = word_table("more", "greater", "over");
constexpr auto kLessThan = word_table("less", "fewer");
constexpr auto kApproximately = word_table("about", "around", "approximately", "roughly", "nearly",
                                           "almost", "some", "circa", "approx", "~", "estimated");
constexpr auto kAbove = word_table("over", "above", "exceeding", "upwards");
constexpr auto kBelow = word_table("under", "below");
constexpr auto kNegations = word_table("not", "no", "never", "n't");

// Prepositions before a date: "may" and "march" are months with a day only after one
// ("on may 2"; not "he may 2 ...").
constexpr auto kBeforeDay = word_table("on", "by", "until", "since", "from", "of", "before",
                                       "after", "to", "till", "between");
// Words before a month that stands alone: "in july", "since March". A capitalised month also
// follows "of" ("the end of March").
constexpr auto kBeforeMonth =
    word_table("in", "since", "until", "by", "during", "early", "late", "mid", "from");

int month_number(std::string_view w, bool& abbreviated) {
  const int at = kMonths.find(w);
  if (at < 0) return 0;
  if (at == 24) return abbreviated = true, 9;  // "sept"
  abbreviated = at >= 12;
  return at % 12 + 1;
}

// A month's full name in lowercase ("july 11" in lowercased news text). Abbreviations stay
// capitalised only: "mar", "jun", "sep" are words of their own.
bool lowercase_month(const Token& t, int& month) {
  if (t.kind != TokenKind::kWord || t.has(kCapitalized) || t.norm.size() < 3) return false;
  bool abbreviated = false;
  month = month_number(t.norm, abbreviated);
  return month != 0 && !abbreviated;
}

// Digits (and an optional sign or decimal part) to a double; 0 when unreadable. No throws.
double to_double(std::string_view s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc{} && std::isfinite(v) ? v : 0;
}

class Extractor {
 public:
  // Room for a sentence's entities at once: growing moves every Entity (several strings).
  static constexpr std::size_t kEntitiesReserved = 8;

  // Works in `buffers` (their earlier contents are dropped) and leaves the entities there.
  Extractor(std::string_view text, std::span<const Token> tokens, EntityBuffers& buffers)
      : text_(text),
        t_(tokens),
        used_(buffers.used),
        numbers_(buffers.numbers),
        parsed_(buffers.parsed),
        out_(buffers.entities),
        name_words_(buffers.name_words) {
    used_.assign(tokens.size(), false);
    numbers_.resize(tokens.size());  // read only where parsed_ is set
    parsed_.assign(tokens.size(), false);
    out_.clear();
  }

  void run() {
    out_.reserve(kEntitiesReserved);
    for (std::size_t i = 0; i < t_.size();) {
      const std::size_t n = match_at(i);
      i += n == 0 ? 1 : n;
    }
    for (std::size_t i = 0; i < t_.size();) {
      // cap_word is match_name's own first test; here it saves the call at most tokens.
      const std::size_t n = cap_word(i) ? match_name(i) : 0;
      i += n == 0 ? 1 : n;
    }
    // Names come after the other entities; when a sentence has only one kind the order holds
    // already, and sorting would still move every (large) Entity around.
    const auto by_begin = [](const Entity& a, const Entity& b) { return a.begin < b.begin; };
    if (!std::is_sorted(out_.begin(), out_.end(), by_begin))
      std::sort(out_.begin(), out_.end(), by_begin);
  }

 private:
  bool word(std::size_t i, std::string_view w) const {
    return i < t_.size() && t_[i].kind != TokenKind::kNumber && t_[i].norm == w;
  }
  // parse_number at token i, read once and only where a matcher asks for it.
  const std::optional<ParsedNumber>& number(std::size_t i) const {
    static const std::optional<ParsedNumber> kNone;
    if (i >= numbers_.size()) return kNone;
    if (!parsed_[i]) {
      parsed_[i] = true;
      // Only digits and words start a number; punctuation and symbols skip the parse.
      if (t_[i].kind == TokenKind::kNumber || t_[i].kind == TokenKind::kWord)
        numbers_[i] = parse_number(t_, i);
    }
    return numbers_[i];
  }
  // parse_number reads a number from a word only when that word is a number word ("seven",
  // "dozen") or "a"/"an" before a scale ("a million"): a test before the full parse.
  static bool may_be_number_word(std::string_view w) {
    return w == "a" || w == "an" || cardinal_word(w).has_value();
  }
  bool adjacent(std::size_t i) const {
    return i < t_.size() && i > 0 && t_[i].begin == t_[i - 1].end;
  }
  // A date range that lost its dash ("26 September 188926 May 1976", a frequent artefact of
  // text taken from Wikipedia): a year glued to the next date's day, a month name after it.
  bool glued_year(std::size_t i, double& year) const {
    if (i + 1 >= t_.size() || t_[i].kind != TokenKind::kNumber || t_[i].flags != 0) return false;
    const std::string& s = t_[i].norm;
    if (s.size() < 5 || s.size() > 6 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return false;
    }
    const double y = to_double(std::string_view(s).substr(0, 4));
    const double day = to_double(std::string_view(s).substr(4));
    bool abbreviated = false;
    if (y < 1000 || y > 2999 || day < 1 || day > 31 || !t_[i + 1].has(kCapitalized) ||
        month_number(t_[i + 1].norm, abbreviated) == 0) {
      return false;
    }
    year = y;
    return true;
  }
  bool plain_int(std::size_t i, double lo, double hi, double& v) const {
    if (i >= t_.size() || t_[i].kind != TokenKind::kNumber || t_[i].flags != 0) return false;
    const std::string& s = t_[i].norm;
    if (s.empty() || s.size() > 4) return false;
    // At most four digits: read exactly by a loop (from_chars costs more than the matchers
    // that ask, several per number token).
    int value = 0;
    for (const char c : s) {
      if (c < '0' || c > '9') return false;
      value = value * 10 + (c - '0');
    }
    v = value;
    return v >= lo && v <= hi;
  }
  bool ordinal_number(std::size_t i, double& v) const {
    if (i >= t_.size()) return false;
    if (t_[i].kind == TokenKind::kNumber && t_[i].has(kOrdinal)) {
      v = to_double(std::string_view(t_[i].norm).substr(0, t_[i].norm.size() - 2));
      return true;
    }
    if (t_[i].kind == TokenKind::kWord && may_be_ordinal_word(t_[i].norm)) {
      if (const auto o = ordinal_word(t_[i].norm)) return v = *o, true;
    }
    return false;
  }
  // Every ordinal word ends like its last part ("first", "twenty-second", "third",
  // "nineteenth"): a cheap reject before the table lookup.
  static bool may_be_ordinal_word(std::string_view w) {
    return w.ends_with("st") || w.ends_with("nd") || w.ends_with("rd") || w.ends_with("th");
  }

  // Whether any matcher of match_at can start at token i; false rejects the token without
  // running the chain. Each case mirrors a matcher's first test: numbers and number words
  // (date, time, money, percent, quantity, score, year, count), symbols ("$5"), month and
  // ordinal words ("March 2", "19th century", "first"), "nineteenth-century", "US$",
  // currency codes ("USD 5"), fiscal years ("FY2022").
  bool may_start_entity(std::size_t i) const {
    const Token& tok = t_[i];
    if (tok.kind == TokenKind::kNumber || tok.kind == TokenKind::kSymbol) return true;
    const std::string_view w = tok.norm;
    if (tok.kind == TokenKind::kPunctuation)
      return is_apostrophe_mark(w) && i + 1 < t_.size() && t_[i + 1].kind == TokenKind::kNumber;
    if (tok.kind != TokenKind::kWord) return false;
    if (decade_part(w.substr(0, w.find('-')))) return true;
    bool abbreviated = false;
    return may_be_ordinal_word(w) || w == "us" || w.starts_with("fy") ||
           (w.size() == 3 && !currency_code(w).empty()) ||
           (tok.has(kCapitalized) && month_number(w, abbreviated) != 0) ||
           (!tok.has(kCapitalized) && w.size() >= 3 && w.size() <= 9 &&
            month_number(w, abbreviated) != 0) ||
           w.ends_with("-century") || repetition_word(w) || (may_be_number_word(w) && number(i));
  }

  Entity make(EntityType type, EntitySubtype sub, std::size_t first, std::size_t last) {
    Entity e;
    e.type = type;
    e.subtype = sub;
    e.begin = t_[first].begin;
    e.end = t_[last - 1].end;
    e.text = std::string(text_.substr(e.begin, e.end - e.begin));
    return e;
  }
  std::size_t add(Entity e, std::size_t first, std::size_t last) {
    for (std::size_t k = first; k < last; ++k)
      used_[k] = true;
    out_.push_back(std::move(e));
    return last - first;
  }

  // The words before the number at token i that qualify it, and where they start.
  std::pair<Qualifier, std::size_t> qualifier_words(std::size_t i) const {
    if (i == 0) return {Qualifier::kExact, i};
    const std::string_view a = t_[i - 1].norm;
    const std::string_view b = i >= 2 ? std::string_view(t_[i - 2].norm) : std::string_view();
    if (a == "than") {
      if (kMoreThan.contains(b)) return {Qualifier::kAtLeast, i - 2};
      if (kLessThan.contains(b)) return {Qualifier::kAtMost, i - 2};
    }
    if (b == "at" && a == "least") return {Qualifier::kAtLeast, i - 2};
    if ((b == "at" && a == "most") || (b == "up" && a == "to")) return {Qualifier::kAtMost, i - 2};
    if (kApproximately.contains(a)) return {Qualifier::kApproximate, i - 1};
    if (kAbove.contains(a)) return {Qualifier::kAtLeast, i - 1};
    if (kBelow.contains(a)) return {Qualifier::kAtMost, i - 1};
    return {Qualifier::kExact, i};
  }

  // A limit negated right before its words, or before the verb they follow, is the other
  // limit: "no more than 5", "not exceeding $500", "must not weigh more than 23 kg" are at most.
  Qualifier qualifier_before(std::size_t i) const {
    const auto [q, start] = qualifier_words(i);
    if (q != Qualifier::kAtLeast && q != Qualifier::kAtMost) return q;
    for (std::size_t k = start; k-- > 0 && k + 2 >= start;) {
      if (!kNegations.contains(t_[k].norm)) continue;
      return q == Qualifier::kAtLeast ? Qualifier::kAtMost : Qualifier::kAtLeast;
    }
    return q;
  }

  // Fills value and interval: `half` is the written precision in the canonical unit.
  void set_value(Entity& e, double value, double half, std::size_t first) const {
    e.value = value;
    e.qualifier = qualifier_before(first);
    half = std::abs(half);
    if (e.qualifier == Qualifier::kApproximate)
      half = std::max(half, kApproximateShare * std::abs(value));
    e.low = e.qualifier == Qualifier::kAtMost ? -kInf : value - half;
    e.high = e.qualifier == Qualifier::kAtLeast ? kInf : value + half;
  }

  std::size_t match_at(std::size_t i) {
    if (used_[i] || !may_start_entity(i)) return 0;
    for (auto matcher :
         {&Extractor::match_date, &Extractor::match_time_of_day, &Extractor::match_money,
          &Extractor::match_percent, &Extractor::match_quantity, &Extractor::match_score,
          &Extractor::match_fiscal_year, &Extractor::match_year, &Extractor::match_count}) {
      if (const std::size_t n = (this->*matcher)(i)) return n;
    }
    return 0;
  }

  // --- Time ---------------------------------------------------------------------------

  std::size_t add_date(std::size_t first, std::size_t last, DateValue d) {
    Entity e = make(EntityType::kTime, EntitySubtype::kDate, first, last);
    e.date = d;
    e.value = d.year;
    return add(std::move(e), first, last);
  }

  // After a month name (tokens i..j-1, `d` its month): "2", "2nd, 1991", "2 1991" or "1991"
  // from token j on make the date; 0 when neither a day (if `day_allowed`) nor a year follows.
  std::size_t day_and_year(std::size_t i, std::size_t j, DateValue d, bool day_allowed) {
    double day = 0, year = 0;
    if (day_allowed && (plain_int(j, 1, 31, day) || (ordinal_number(j, day) && day <= 31))) {
      d.day = int(day), d.precision = DatePrecision::kDay;
      ++j;
      const std::size_t k = word(j, ",") ? j + 1 : j;
      if (plain_int(k, 1000, 2999, year)) d.year = int(year), j = k + 1;
      return add_date(i, j, d);
    }
    if (plain_int(j, 1000, 2999, year)) {
      d.year = int(year);
      return add_date(i, j + 1, d);
    }
    return 0;
  }

  std::size_t match_date(std::size_t i) {
    if (const std::size_t end = iso_date(i)) return end;
    if (const std::optional<std::size_t> end = month_first_date(i)) return *end;
    if (const std::size_t end = day_first_date(i)) return end;
    if (const std::size_t end = century(i)) return end;
    if (const std::size_t end = abbreviated_year(i)) return end;
    return decade(i);
  }

  // ISO 1991-03-02.
  std::size_t iso_date(std::size_t i) {
    double year = 0, month = 0, day = 0;
    if (plain_int(i, 1000, 2999, year) && i + 4 < t_.size() && word(i + 1, "-") &&
        word(i + 3, "-") && adjacent(i + 1) && adjacent(i + 2) && adjacent(i + 3) &&
        adjacent(i + 4) && plain_int(i + 2, 1, 12, month) && plain_int(i + 4, 1, 31, day)) {
      return add_date(i, i + 5, {int(year), int(month), int(day), DatePrecision::kDay});
    }
    return 0;
  }

  // Month first: "March 2, 1991", "March 1991", "Jan. 5"; in lowercase text a month's full
  // name with a day or a year ("july 11"), or after a cue word but "may" and "march". A month
  // name at `i` decides (its date's end, or 0: no date starts here); nullopt when none does.
  std::optional<std::size_t> month_first_date(std::size_t i) {
    int lower = 0;
    if (lowercase_month(t_[i], lower)) {
      DateValue d{0, lower, 0, DatePrecision::kMonth};
      // "may" and "march" are verbs too ("he may 2 ..."): with a day only after a preposition.
      const bool verb = lower == 3 || lower == 5;
      const bool after_preposition = i > 0 && kBeforeDay.contains(t_[i - 1].norm);
      if (const std::size_t end = day_and_year(i, i + 1, d, !verb || after_preposition)) {
        return end;
      }
      if (!verb && i > 0 && kBeforeMonth.contains(t_[i - 1].norm)) {
        return add_date(i, i + 1, d);
      }
      return 0;
    }
    if (t_[i].kind != TokenKind::kWord || !t_[i].has(kCapitalized)) return std::nullopt;
    bool abbreviated = false;
    const int month = month_number(t_[i].norm, abbreviated);
    if (month == 0) return std::nullopt;
    std::size_t j = i + 1;
    if (abbreviated && word(j, ".")) ++j;
    DateValue d{0, month, 0, DatePrecision::kMonth};
    if (const std::size_t end = day_and_year(i, j, d, true)) return end;
    // A bare month only after a cue word ("in March"), never "may".
    if (month != 5 && i > 0 && (kBeforeMonth.contains(t_[i - 1].norm) || t_[i - 1].norm == "of")) {
      return add_date(i, abbreviated && word(i + 1, ".") ? i + 2 : i + 1, d);
    }
    return 0;
  }

  // Day first: "2 March 1991", "2nd of March".
  std::size_t day_first_date(std::size_t i) {
    double day = 0, year = 0;
    if (!plain_int(i, 1, 31, day) &&
        !(ordinal_number(i, day) && day <= 31 && t_[i].kind == TokenKind::kNumber)) {
      return 0;
    }
    std::size_t j = i + 1;
    if (word(j, "of")) ++j;
    // "2 march 2015" in lowercase text: only with the year.
    int lower_month = 0;
    if (j < t_.size() && lowercase_month(t_[j], lower_month)) {
      const std::size_t k = word(j + 1, ",") ? j + 2 : j + 1;
      if (plain_int(k, 1000, 2999, year)) {
        return add_date(i, k + 1, {int(year), lower_month, int(day), DatePrecision::kDay});
      }
    }
    bool abbreviated = false;
    const int month =
        j < t_.size() && t_[j].has(kCapitalized) ? month_number(t_[j].norm, abbreviated) : 0;
    if (month == 0) return 0;
    ++j;
    if (abbreviated && word(j, ".")) ++j;
    DateValue d{0, month, int(day), DatePrecision::kDay};
    const std::size_t k = word(j, ",") ? j + 1 : j;
    if (plain_int(k, 1000, 2999, year)) {
      d.year = int(year), j = k + 1;
    } else if (glued_year(k, year)) {
      d.year = int(year), j = k + 1;  // the next date goes on at the month
    }
    return add_date(i, j, d);
  }

  // Century: "19th century", "nineteenth-century" (as two tokens or one hyphenated word).
  std::size_t century(std::size_t i) {
    double v = 0;
    if (ordinal_number(i, v) && v >= 1 && v <= 30) {
      std::size_t j = i + 1;
      if (word(j, "-") && adjacent(j)) ++j;
      if (word(j, "century")) {
        return add_date(i, j + 1, {int(v - 1) * 100 + 1, 0, 0, DatePrecision::kCentury});
      }
    }
    if (t_[i].kind == TokenKind::kWord && t_[i].norm.ends_with("-century")) {
      const std::string_view w = t_[i].norm;
      if (const auto o = ordinal_word(w.substr(0, w.size() - 8)); o && *o <= 30) {
        return add_date(i, i + 1, {int(*o - 1) * 100 + 1, 0, 0, DatePrecision::kCentury});
      }
    }
    return 0;
  }

  // Decade: "1990s", "90s"; a part of one: "the early 1990s", "mid 1980s", "mid-1980s" (one
  // hyphenated word or three tokens).
  std::size_t decade(std::size_t i) {
    DateValue d{0, 0, 0, DatePrecision::kDecade};
    if (t_[i].kind == TokenKind::kWord && t_[i].has(kHyphenated)) {
      const std::string_view w = t_[i].norm;
      const std::size_t dash = w.find('-');
      const std::optional<DecadePart> part = decade_part(w.substr(0, dash));
      const std::optional<int> year = decade_year(w.substr(dash + 1));
      if (!part || !year) return 0;
      d.part = *part, d.year = *year;
      return add_date(i, i + 1, d);
    }
    std::size_t j = i;
    if (const std::optional<DecadePart> part = decade_part(t_[i].norm)) {
      j = word(i + 1, "-") && adjacent(i + 1) ? i + 2 : i + 1;
      d.part = *part;
    }
    if (j >= t_.size() || t_[j].kind != TokenKind::kNumber || !t_[j].has(kDecade)) return 0;
    const std::optional<int> year = decade_year(t_[j].norm);
    if (!year) return 0;
    d.year = *year;
    return add_date(i, j + 1, d);
  }
  static std::optional<DecadePart> decade_part(std::string_view w) {
    if (w == "early") return DecadePart::kEarly;
    if (w == "mid") return DecadePart::kMid;
    if (w == "late") return DecadePart::kLate;
    return std::nullopt;
  }
  // "1980s", "80s" → 1980; anything else none.
  static std::optional<int> decade_year(std::string_view w) {
    if (!w.ends_with('s')) return std::nullopt;
    w.remove_suffix(1);
    if ((w.size() != 2 && w.size() != 4) || w.back() != '0' ||
        !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    const int y = static_cast<int>(to_double(w));
    return y < 100 ? y + 1900 : y;
  }

  // A year of two digits after an apostrophe: "in '43", "the class of ’98". Only its last two
  // digits are stated (DateValue::century_unknown); `year` takes the 1900s.
  std::size_t abbreviated_year(std::size_t i) {
    const Token& mark = t_[i];
    if (mark.kind != TokenKind::kPunctuation || !is_apostrophe_mark(mark.norm)) return 0;
    // Not a closing quote or a plural's possessive ("the players' 50 goals").
    if (i > 0 && t_[i - 1].end == mark.begin) return 0;
    double yy = 0;
    if (!adjacent(i + 1) || t_[i + 1].norm.size() != 2 || t_[i + 1].has(kDecade) ||
        !plain_int(i + 1, 0, 99, yy))
      return 0;
    if (i + 2 < t_.size()) {
      const Token& next = t_[i + 2];
      if (next.begin == t_[i + 1].end && next.kind != TokenKind::kPunctuation) return 0;
      if (next.norm == "%" || next.norm == "percent" || next.norm == "per" ||
          scale_word(next.norm) || match_unit(t_, i + 2))
        return 0;
    }
    DateValue d{1900 + int(yy), 0, 0, DatePrecision::kYear};
    d.century_unknown = true;
    return add_date(i, i + 2, d);
  }
  static bool is_apostrophe_mark(std::string_view w) {
    return w == "'" || w == "\xE2\x80\x99" || w == "\xE2\x80\x98";
  }

  // A fiscal year: "FY2022", "FY22", "FY 2022" is the year 2022 (a two-digit year is of this
  // century below 50, else of the last).
  std::size_t match_fiscal_year(std::size_t i) {
    const std::string& w = t_[i].norm;
    if (!w.starts_with("fy")) return 0;
    if (w == "fy") {
      double year = 0;
      if (i + 1 >= t_.size() || !plain_int(i + 1, 1900, 2100, year)) return 0;
      return add_date(i, i + 2, {int(year), 0, 0, DatePrecision::kYear});
    }
    const std::string_view digits = std::string_view(w).substr(2);
    if ((digits.size() != 2 && digits.size() != 4) ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return 0;
    }
    int year = static_cast<int>(to_double(digits));
    if (digits.size() == 2) year += year < 50 ? 2000 : 1900;
    if (year < 1900 || year > 2100) return 0;
    return add_date(i, i + 1, {year, 0, 0, DatePrecision::kYear});
  }

  std::size_t match_year(std::size_t i) {
    double year = 0;
    if (!plain_int(i, 1000, 2100, year)) return 0;
    if (i > 0 && t_[i - 1].kind == TokenKind::kSymbol) return 0;  // "$1990", "#2000"
    if (i + 1 < t_.size()) {
      const Token& next = t_[i + 1];
      if (next.norm == "%" || scale_word(next.norm) || match_unit(t_, i + 1)) return 0;
    }
    const std::size_t n = add_date(i, i + 1, {int(year), 0, 0, DatePrecision::kYear});
    // "2007-08", "2007 -- 08": a two-digit year closing a range takes the first one's century.
    std::size_t j = i + 1;
    while (j < t_.size() && j < i + 3 && t_[j].kind == TokenKind::kPunctuation && t_[j].norm == "-")
      ++j;
    double yy = 0;
    if (j > i + 1 && j < t_.size() && t_[j - 1].end - t_[i].end <= 4 && t_[j].norm.size() == 2 &&
        plain_int(j, 0, 99, yy) && (j + 1 >= t_.size() || t_[j + 1].kind != TokenKind::kNumber)) {
      int end = int(year) / 100 * 100 + int(yy);
      if (end <= int(year)) end += 100;
      add_date(j, j + 1, {end, 0, 0, DatePrecision::kYear});
    }
    return n;
  }

  std::size_t match_time_of_day(std::size_t i) {
    const Token& tok = t_[i];
    if (tok.kind != TokenKind::kNumber) return 0;
    double hours = 0, minutes = 0;
    const auto colon = tok.norm.find(':');
    std::size_t j = i + 1;
    if (colon != std::string::npos) {
      hours = to_double(std::string_view(tok.norm).substr(0, colon));
      minutes = to_double(std::string_view(tok.norm).substr(colon + 1));
      if (hours > 24 || minutes > 59) return 0;
    } else if (!plain_int(i, 1, 12, hours)) {
      return 0;
    }
    const bool am = word(j, "am") || word(j, "a.m.");
    const bool pm = word(j, "pm") || word(j, "p.m.");
    if (am || pm) {
      if (hours > 12) return 0;
      if (hours == 12) hours = 0;
      if (pm) hours += 12;
      ++j;
    } else if (word(j, "o'clock")) {
      ++j;
    } else if (colon == std::string::npos) {
      return 0;
    }
    Entity e = make(EntityType::kTime, EntitySubtype::kTimeOfDay, i, j);
    set_value(e, hours * 3600 + minutes * 60, 30, i);
    e.unit = Unit::kSecond;
    return add(std::move(e), i, j);
  }

  // --- Numbers ------------------------------------------------------------------------

  static std::string_view currency_symbol(std::string_view s) {
    if (s == "$") return "USD";
    if (s == "£") return "GBP";
    if (s == "€") return "EUR";
    if (s == "¥") return "JPY";
    if (s == "₹") return "INR";
    return {};
  }
  static std::string_view currency_code(std::string_view w) {
    static constexpr auto kCodes =
        word_table("usd", "gbp", "eur", "jpy", "inr", "cny", "cad", "aud", "chf");
    return kCodes.contains(w) ? w : std::string_view();
  }

  // Adjacent short scale after a money amount: "$160m", "£2bn", "$5k".
  double short_scale(std::size_t& j, bool scaled) const {
    if (scaled || j >= t_.size() || !adjacent(j) || t_[j].kind != TokenKind::kWord) return 1;
    const std::string_view w = t_[j].norm;
    double m = 1;
    if (w == "m" || w == "mn" || w == "mln") m = 1e6;
    if (w == "bn" || w == "b" || w == "bln") m = 1e9;
    if (w == "k") m = 1e3;
    if (w == "tn" || w == "trn") m = 1e12;
    if (m != 1) ++j;
    return m;
  }

  std::size_t add_money(std::size_t first, std::size_t last, std::string_view currency,
                        const ParsedNumber& n, double scale) {
    Entity e = make(EntityType::kNumber, EntitySubtype::kMoney, first, last);
    for (const char c : currency) {
      e.currency.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    }
    set_value(e, n.value * scale, n.half_step * scale, first);
    return add(std::move(e), first, last);
  }

  std::size_t match_money(std::size_t i) {
    // Symbol or code first: "$160 million", "$ 160 million", "US$160m", "USD 5".
    std::size_t j = i;
    std::string_view currency;
    if (word(i, "us") && i + 1 < t_.size() && t_[i + 1].norm == "$" && adjacent(i + 1)) {
      currency = "USD", j = i + 2;
    } else if (t_[i].kind == TokenKind::kSymbol && !currency_symbol(t_[i].norm).empty()) {
      currency = currency_symbol(t_[i].norm), j = i + 1;
    } else if (t_[i].kind == TokenKind::kWord && !currency_code(t_[i].norm).empty() &&
               i + 1 < t_.size() && t_[i + 1].kind == TokenKind::kNumber) {
      currency = currency_code(t_[i].norm), j = i + 1;
    }
    if (!currency.empty()) {
      const auto& n = number(j);
      if (!n || n->from_words) return 0;
      std::size_t k = j + n->count;
      const double scale = short_scale(k, n->count > 1);
      return add_money(i, k, currency, *n, scale);
    }
    // Amount first: "160,000,000 dollars", "2 million pounds", "50 US dollars", "30 cents".
    const auto& n = number(i);
    if (!n) return 0;
    std::size_t k = i + n->count;
    if (word(k, "us") && (word(k + 1, "dollars") || word(k + 1, "dollar"))) ++k;
    if (k >= t_.size()) return 0;
    const std::string_view w = t_[k].norm;
    double scale = 1;
    if (w == "dollars" || w == "dollar") {
      currency = "USD";
    } else if (w == "euros" || w == "euro") {
      currency = "EUR";
    } else if (w == "yen") {
      currency = "JPY";
    } else if (w == "rupees" || w == "rupee") {
      currency = "INR";
    } else if (w == "yuan") {
      currency = "CNY";
    } else if ((w == "cents" || w == "cent") && !(word(k - 1, "per"))) {
      currency = "USD", scale = 0.01;
    } else if ((w == "pounds" || w == "pound") && (n->count > 1 || word(k + 1, "sterling"))) {
      currency = "GBP";  // "pounds" alone is more often weight
    } else if (!currency_code(w).empty()) {
      currency = currency_code(w);
    } else {
      return 0;
    }
    if (word(k + 1, "sterling")) ++k;
    return add_money(i, k + 1, currency, *n, scale);
  }

  std::size_t match_percent(std::size_t i) {
    const auto& n = number(i);
    if (!n) return 0;
    std::size_t k = i + n->count;
    if (word(k, "%") || (k < t_.size() && t_[k].norm == "%") || word(k, "percent") ||
        word(k, "pct")) {
      ++k;
    } else if (word(k, "per") && word(k + 1, "cent")) {
      k += 2;
    } else if (word(k, "percentage") && (word(k + 1, "points") || word(k + 1, "point"))) {
      k += 2;
    } else {
      return 0;
    }
    Entity e = make(EntityType::kNumber, EntitySubtype::kPercent, i, k);
    set_value(e, n->value, n->half_step, i);
    e.unit = Unit::kPercent;
    return add(std::move(e), i, k);
  }

  std::size_t match_quantity(std::size_t i) {
    const auto& n = number(i);
    if (!n) return 0;
    std::size_t k = i + n->count;
    if (word(k, "-") && adjacent(k) && adjacent(k + 1)) ++k;  // "10-year", "5-mile"
    const auto u = match_unit(t_, k);
    if (!u) return 0;
    const std::size_t last = k + u->count;
    Entity e =
        make(u->subtype == EntitySubtype::kDuration ? EntityType::kTime : EntityType::kNumber,
             u->subtype, i, last);
    // A whole number of a unit of time counts it ("1 month" is no 0.5 to 1.5 months), up to
    // the calendar's own spread ("1 month" is 28 to 31 days); a measurement keeps the precision
    // it is written to.
    double half = n->half_step * u->factor;
    if (u->subtype == EntitySubtype::kDuration)
      half = std::min(half, kCalendarShare * std::abs(n->value * u->factor));
    set_value(e, n->value * u->factor + u->offset, half, i);
    e.unit = u->unit;
    e.converted = !u->si;
    return add(std::move(e), i, last);
  }

  std::size_t match_score(std::size_t i) {
    double a = 0, b = 0;
    if (!plain_int(i, 0, 200, a) || !word(i + 1, "-") || !adjacent(i + 1) || !adjacent(i + 2) ||
        !plain_int(i + 2, 0, 200, b)) {
      return 0;
    }
    Entity e = make(EntityType::kNumber, EntitySubtype::kScore, i, i + 3);
    e.value = e.low = e.high = a;
    e.second = b;
    return add(std::move(e), i, i + 3);
  }

  std::size_t match_count(std::size_t i) {
    double v = 0;
    if (ordinal_number(i, v)) {
      // "second" after a number was taken as a unit already; alone it is an ordinal.
      Entity e = make(EntityType::kNumber, EntitySubtype::kOrdinal, i, i + 1);
      e.value = e.low = e.high = v;
      return add(std::move(e), i, i + 1);
    }
    if (t_[i].kind == TokenKind::kWord) {
      if (const auto times = repetition_word(t_[i].norm)) {  // "twice" is "2 times"
        Entity e = make(EntityType::kNumber, EntitySubtype::kQuantity, i, i + 1);
        set_value(e, *times, 0, i);  // "more than twice": at least 2
        e.unit = Unit::kTimes;
        return add(std::move(e), i, i + 1);
      }
    }
    const auto& n = number(i);
    if (!n) return 0;
    std::size_t last = i + n->count;
    // "10k customers": thousands, but a three-digit number not a multiple of five glued to a
    // "k" names something ("a 401k plan"). "minus 5": below zero, but not "plus or minus 5".
    double scale = 1;
    const bool names_it = n->value >= 100 && n->value < 1000 && std::fmod(n->value, 5.0) != 0;
    if (!n->from_words && !names_it && word(last, "k") && adjacent(last)) scale = 1e3, ++last;
    std::size_t first = i;
    if (i > 0 && word(i - 1, "minus") && !(i > 1 && word(i - 2, "or"))) scale = -scale, --first;
    Entity e = make(EntityType::kNumber, EntitySubtype::kCardinal, first, last);
    set_value(e, n->value * scale, n->half_step * std::abs(scale), i);
    return add(std::move(e), first, last);
  }

  // --- Names --------------------------------------------------------------------------

  bool newline_between(std::size_t a, std::size_t b) const {
    return text_.substr(t_[a].end, t_[b].begin - t_[a].end).find('\n') != std::string_view::npos;
  }

  bool sentence_initial(std::size_t i) const {
    std::size_t j = i;
    while (j > 0) {
      if (newline_between(j - 1, j)) return true;
      const Token& p = t_[j - 1];
      if (p.kind != TokenKind::kPunctuation && p.kind != TokenKind::kSymbol) return false;
      if (kSentenceEnds.contains(p.norm)) return true;
      if (!kSentenceOpeners.contains(p.norm)) return false;
      --j;
    }
    return true;
  }

  bool cap_word(std::size_t i) const {
    if (i >= t_.size() || used_[i]) return false;
    const Token& tok = t_[i];
    return tok.kind == TokenKind::kWord && tok.has(kCapitalized) && tok.norm != "i" &&
           !tok.has(kClitic);
  }
  bool initial(std::size_t i) const {
    return cap_word(i) && t_[i].norm.size() == 1 && word(i + 1, ".") && adjacent(i + 1) &&
           cap_word(i + 2);
  }

  std::size_t match_name(std::size_t i) {
    if (!cap_word(i)) return 0;
    const bool at_start = sentence_initial(i);
    std::size_t first = i;
    bool person = false;
    // A title marks a person and is not part of the name: "President Richard Nixon", "Mr. X".
    if (kTitles.contains(t_[i].norm)) {
      std::size_t j = i + 1;
      if (word(j, ".") && adjacent(j)) ++j;
      if (cap_word(j) && !newline_between(j - 1, j)) first = j, person = true;
    }
    std::size_t j = first;
    std::vector<std::size_t>& words = name_words_;
    words.clear();
    while (j < t_.size()) {
      if (j > first && newline_between(j - 1, j)) break;
      if (initial(j)) {
        words.push_back(j);
        j += 2;
        continue;
      }
      if (cap_word(j)) {
        words.push_back(j);
        ++j;
        if (t_[j - 1].has(kPossessive)) break;
        continue;
      }
      // Inner connectors: "Bank of America", "van Houten", "van der Berg".
      std::size_t k = j;
      while (k < t_.size() && k - j < 2 && !words.empty() && kNameConnectors.contains(t_[k].norm)) {
        ++k;
      }
      if (k > j && cap_word(k) && !newline_between(k - 1, k)) {
        j = k;
        continue;
      }
      break;
    }
    if (words.empty()) return 1;
    const std::size_t last = j;
    // At a sentence start a capital proves nothing: drop function/discourse words, and keep a
    // lone word only when its shape says name (acronym, inner capital).
    std::size_t from = first;
    if (at_start && !person) {
      const std::string_view w = t_[first].norm;
      if (is_stopword(w) || w.ends_with("ly") || kSentenceStartWords.contains(w)) {
        words.erase(words.begin());
        if (words.empty()) return last - i;
        from = words.front();
      } else if (words.size() == 1 && !t_[first].has(kAllCaps) && !inner_capital(first)) {
        return last - i;
      }
    }
    if (words.size() == 1) {
      const std::string_view w = t_[words[0]].norm;
      bool abbreviated = false;
      if (month_number(w, abbreviated) || kWeekdays.contains(w) || is_stopword(w)) return last - i;
    }
    Entity e = make(EntityType::kName, EntitySubtype::kOther, from, last);
    e.key = name_key(from, last);
    const std::string_view tail = t_[last - 1].norm;
    if (person) {
      e.type = EntityType::kPersonalInfo, e.subtype = EntitySubtype::kPerson;
    } else if (kOrganizationTails.contains(tail)) {
      e.subtype = EntitySubtype::kOrganization;
    } else if (is_place(e.key, tail, from)) {
      e.type = EntityType::kLocation, e.subtype = EntitySubtype::kPlace;
    }
    add(std::move(e), from, last);
    return last - i;
  }

  bool inner_capital(std::size_t i) const {
    const std::string_view s = t_[i].surface(text_);
    return std::any_of(s.begin() + 1, s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  }

  bool is_place(std::string_view key, std::string_view tail, std::size_t from) const {
    if (kPlaceTails.contains(tail)) {
      return true;
    }
    if (kPlaceNames.contains(key)) {
      return true;
    }
    return from > 0 && kPlacePrepositions.contains(t_[from - 1].norm);
  }

  std::string name_key(std::size_t from, std::size_t last) const {
    std::string key;
    for (std::size_t k = from; k < last; ++k) {
      const Token& tok = t_[k];
      if (tok.kind == TokenKind::kPunctuation) continue;  // initials' dots
      if (key.empty() && tok.norm == "the") continue;
      if (!key.empty()) key.push_back(' ');
      for (char c : tok.norm) {
        if (c != '.') key.push_back(c);
      }
    }
    if (kUnitedStatesNames.contains(key)) return "united states";
    if (kUnitedKingdomNames.contains(key)) return "united kingdom";
    return key;
  }

  std::string_view text_;
  std::span<const Token> t_;
  std::vector<bool>& used_;
  // number()'s memo: parse_number at each token, read on first use.
  std::vector<std::optional<ParsedNumber>>& numbers_;
  std::vector<bool>& parsed_;
  std::vector<Entity>& out_;
  std::vector<std::size_t>& name_words_;  // match_name's scratch, kept across calls
};

}  // namespace

std::span<const Entity> extract_entities(std::string_view text, std::span<const Token> tokens,
                                         EntityBuffers& buffers) {
  Extractor(text, tokens, buffers).run();
  return buffers.entities;
}

std::vector<Entity> extract_entities(std::string_view text, std::span<const Token> tokens) {
  EntityBuffers buffers;
  extract_entities(text, tokens, buffers);
  return std::move(buffers.entities);
}

std::vector<Entity> extract_entities(std::string_view text) {
  const std::vector<Token> tokens = tokenize(text);
  return extract_entities(text, tokens);
}

}  // namespace groundgate::filters::text
