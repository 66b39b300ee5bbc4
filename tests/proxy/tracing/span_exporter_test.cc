// SpanExporter: batches bounded by size, a partial batch sent after the flush interval, a full
// queue drops and counts, a failing collector drops and counts (after one retry when the
// failure is temporary), and everything queued goes out when the exporter stops.
#include "proxy/tracing/span_exporter.h"

#include "proxy/tracing/sampler.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

namespace groundgate::proxy::tracing {
namespace {

using namespace std::chrono_literals;

// Records what it was sent; answers with `result`.
class FakeCollector {
 public:
  Transport transport() {
    return [this](const std::string& body) {
      std::lock_guard lock(mutex_);
      bodies_.push_back(body);
      return result_;
    };
  }
  void answer(ExportResult result) {
    std::lock_guard lock(mutex_);
    result_ = std::move(result);
  }
  std::vector<std::string> bodies() {
    std::lock_guard lock(mutex_);
    return bodies_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> bodies_;
  ExportResult result_{true, false, {}};
};

std::size_t spans_in(const std::string& body) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(body).get(root) != simdjson::SUCCESS) return 0;
  return simdjson::dom::array(root["resourceSpans"].at(0)["scopeSpans"].at(0)["spans"]).size();
}

std::vector<Span> spans(std::size_t n) {
  std::vector<Span> out(n);
  for (Span& span : out) {
    span.trace_id = new_trace_id();
    span.span_id = new_span_id();
    span.name = "span";
  }
  return out;
}

class SpanExporterTest : public ::testing::Test {
 protected:
  SpanExporter::Options options(std::size_t queue, std::size_t batch) {
    SpanExporter::Options o;
    o.queue_spans = queue;
    o.batch_spans = batch;
    o.flush_interval = 1h;  // only full batches and flush() send, unless a test says otherwise
    o.retry_after = 1ms;
    return o;
  }
  observability::Counter exported_;
  observability::Counter queue_full_;
  observability::Counter export_failed_;
  FakeCollector collector_;
  std::unique_ptr<SpanExporter> exporter_ =
      std::make_unique<SpanExporter>(ExporterCounters{exported_, queue_full_, export_failed_});
};

TEST_F(SpanExporterTest, SendsBatchesOfTheConfiguredSize) {
  exporter_->configure(options(100, 4), collector_.transport());
  exporter_->submit(spans(3));
  exporter_->submit(spans(3));
  exporter_->flush();
  const auto bodies = collector_.bodies();
  ASSERT_EQ(2u, bodies.size());
  EXPECT_EQ(4u, spans_in(bodies[0]));
  EXPECT_EQ(2u, spans_in(bodies[1]));
  EXPECT_EQ(6u, exported_.value());
}

TEST_F(SpanExporterTest, APartialBatchGoesAfterTheFlushInterval) {
  auto o = options(100, 50);
  o.flush_interval = 20ms;
  exporter_->configure(o, collector_.transport());
  exporter_->submit(spans(2));
  for (int i = 0; i < 500 && exported_.value() < 2; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(2u, exported_.value());
}

TEST_F(SpanExporterTest, AFullQueueDropsTheNewSpansAndCountsThem) {
  // The collector holds the first batch until the test lets it go: meanwhile the queue fills.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> holding{false};
  exporter_->configure(options(5, 5),
                       [&, transport = collector_.transport()](const std::string& body) {
                         holding = true;
                         released.wait();
                         return transport(body);
                       });
  exporter_->submit(spans(5));  // a full batch: the exporter's thread takes it
  for (int i = 0; i < 5000 && !holding; ++i)
    std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(holding);
  exporter_->submit(spans(5));  // fills the queue
  exporter_->submit(spans(3));  // does not fit
  EXPECT_EQ(3u, queue_full_.value());
  release.set_value();
  exporter_->flush();
  EXPECT_EQ(10u, exported_.value());
}

TEST_F(SpanExporterTest, ATemporaryFailureIsRetriedOnceThenDropped) {
  collector_.answer({false, true, "503"});
  exporter_->configure(options(100, 10), collector_.transport());
  exporter_->submit(spans(3));
  exporter_->flush();
  EXPECT_EQ(2u, collector_.bodies().size()) << "one retry";
  EXPECT_EQ(3u, export_failed_.value());
  EXPECT_EQ(0u, exported_.value());
}

TEST_F(SpanExporterTest, AFinalFailureIsNotRetried) {
  collector_.answer({false, false, "400"});
  exporter_->configure(options(100, 10), collector_.transport());
  exporter_->submit(spans(3));
  exporter_->flush();
  EXPECT_EQ(1u, collector_.bodies().size());
  EXPECT_EQ(3u, export_failed_.value());
}

TEST_F(SpanExporterTest, StoppingSendsWhatIsQueued) {
  exporter_->configure(options(100, 10), collector_.transport());
  exporter_->submit(spans(7));
  exporter_.reset();
  EXPECT_EQ(7u, exported_.value());
}

TEST_F(SpanExporterTest, WithoutAConfigurationSpansAreDroppedAndCounted) {
  exporter_->submit(spans(2));
  EXPECT_EQ(2u, queue_full_.value());
}

}  // namespace
}  // namespace groundgate::proxy::tracing
