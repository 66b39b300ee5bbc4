#include "filters/actions/awaited_units.h"

#include <algorithm>

namespace groundgate::filters::actions {

void AwaitedUnits::await(Unit unit, std::size_t check, checks::Pending pending) {
  unit.check = check;
  unit.ticket = next_ticket_++;
  unit.answered = false;
  unit.resume = std::move(pending.resume);
  unposted_.emplace_back(unit.ticket, std::move(pending));
  units_.push_back(std::move(unit));
}

std::optional<stream::SideRequestBatch> AwaitedUnits::take_batch() {
  if (unposted_.empty()) return std::nullopt;
  // The first check's work, all of it: several of its units in one batch, answered together.
  const auto check_of = [&](std::uint64_t ticket) {
    return std::find_if(units_.begin(), units_.end(),
                        [&](const Unit& u) { return u.ticket == ticket; })
        ->check;
  };
  std::optional<std::size_t> first;
  for (const auto& [ticket, work] : unposted_) {
    if (!work.at_answer_end) first = std::min(first.value_or(check_of(ticket)), check_of(ticket));
  }
  if (!first) return std::nullopt;  // all of it waits for its answer's end
  stream::SideRequestBatch batch;
  Posted posted;
  std::size_t fan_out = 0;
  bool limited = false;  // the batch has the limits of the first work with requests
  for (auto it = unposted_.begin(); it != unposted_.end();) {
    if (it->second.at_answer_end || check_of(it->first) != *first) {
      ++it;
      continue;
    }
    if (!limited && !it->second.batch.requests.empty()) {
      batch.limits = it->second.batch.limits;
      batch.endpoint = it->second.batch.endpoint;  // one check's: one endpoint
      limited = true;
    }
    if (!it->second.batch.requests.empty()) fan_out += it->second.batch.limits.fan_out;
    for (stream::SideRequest& request : it->second.batch.requests) {
      request.id |= it->first << kTicketShift;
      batch.requests.push_back(std::move(request));
    }
    posted.tickets.push_back(it->first);
    it = unposted_.erase(it);
  }
  batch.limits.fan_out = std::max<std::size_t>(1, fan_out);
  posted_.push_back(std::move(posted));
  return batch;
}

bool AwaitedUnits::gather(int choice, std::size_t check, stream::SideRequestBatch batch) {
  bool first = true;
  for (auto& entry : unposted_) {
    auto& work = entry.second;
    if (!work.at_answer_end) continue;
    const auto ticket = entry.first;  // a named copy: clang cannot capture a structured binding
    const auto unit = std::find_if(units_.begin(), units_.end(),
                                   [&](const Unit& u) { return u.ticket == ticket; });
    if (unit == units_.end() || unit->choice != choice || unit->check != check) continue;
    work.at_answer_end = false;
    if (first) work.batch = std::move(batch);
    first = false;
  }
  return !first;
}

bool AwaitedUnits::waits_for_answer_end(int choice, std::size_t check) const {
  return std::any_of(unposted_.begin(), unposted_.end(), [&](const auto& entry) {
    if (!entry.second.at_answer_end) return false;
    const auto unit = std::find_if(units_.begin(), units_.end(),
                                   [&](const Unit& u) { return u.ticket == entry.first; });
    return unit != units_.end() && unit->choice == choice && unit->check == check;
  });
}

bool AwaitedUnits::holds() const {
  return std::any_of(units_.begin(), units_.end(),
                     [](const Unit& u) { return u.holding && !u.answered; });
}

void AwaitedUnits::answer(std::vector<stream::SideAnswer> answers, const Resumed& resumed) {
  if (posted_.empty()) return;
  // The batch the answers name by their tickets; answers that name none (a broken answer set)
  // are taken for the oldest batch's, so that nothing waits forever.
  auto posted = posted_.begin();
  for (const stream::SideAnswer& a : answers) {
    const auto named = std::find_if(posted_.begin(), posted_.end(), [&](const Posted& p) {
      return std::find(p.tickets.begin(), p.tickets.end(), a.id >> kTicketShift) != p.tickets.end();
    });
    if (named != posted_.end()) {
      posted = named;
      break;
    }
  }
  const Posted batch = std::move(*posted);
  posted_.erase(posted);
  for (const std::uint64_t ticket : batch.tickets) {
    const auto unit = std::find_if(units_.begin(), units_.end(),
                                   [&](const Unit& u) { return u.ticket == ticket; });
    if (unit == units_.end()) continue;
    std::vector<stream::SideAnswer> own;
    for (stream::SideAnswer& a : answers) {
      if (a.id >> kTicketShift != ticket) continue;
      own.push_back(std::move(a));
      own.back().id &= (std::uint64_t{1} << kTicketShift) - 1;
    }
    // More work of the same check (a query's run, then check 5's requests), else the checks
    // after it.
    std::optional<Waiting> again;
    if (unit->verdict) {
      if (std::optional<checks::Pending> more = unit->resume(std::move(own), *unit->verdict)) {
        again = Waiting{unit->check, std::move(*more)};
      }
    }
    if (!again) again = resumed(*unit);
    if (again) {
      Unit next = std::move(*unit);
      units_.erase(unit);
      await(std::move(next), again->check, std::move(again->pending));
    } else {
      unit->answered = true;
    }
  }
}

std::optional<checks::UnitVerdict> AwaitedUnits::take_decided(int choice,
                                                              const text::StreamSentence& unit) {
  // Only a held unit stays here answered: one in stream_first is decided as its answers come.
  const auto it = std::find_if(units_.begin(), units_.end(), [&](const Unit& u) {
    return u.answered && u.choice == choice && u.kind != checks::Unit::Kind::kToolCall;
  });
  if (it == units_.end()) return std::nullopt;
  if (!unit.text.empty() && it->text.span.end != unit.span.end) {
    if (it->kind == checks::Unit::Kind::kSentence && unit.span.begin <= it->text.span.begin &&
        unit.span.end > it->text.span.end) {
      units_.erase(it);
    }
    return std::nullopt;
  }
  std::optional<checks::UnitVerdict> decided = std::move(it->verdict);
  units_.erase(it);
  return decided;
}

std::vector<AwaitedUnits::Unit> AwaitedUnits::take_answered(bool calls) {
  std::vector<Unit> out;
  for (auto it = units_.begin(); it != units_.end();) {
    const bool call = it->kind == checks::Unit::Kind::kToolCall;
    if (!it->answered || call != calls || (!calls && it->holding)) {
      ++it;
      continue;
    }
    out.push_back(std::move(*it));
    it = units_.erase(it);
  }
  return out;
}

std::vector<AwaitedUnits::Unit> AwaitedUnits::take_reported() {
  return take_answered(/*calls=*/false);
}

std::vector<AwaitedUnits::Unit> AwaitedUnits::take_answered_calls() {
  return take_answered(/*calls=*/true);
}

}  // namespace groundgate::filters::actions
