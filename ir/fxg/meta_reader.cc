#include "ir/fxg/meta_reader.h"

#include <algorithm>
#include <system_error>
#include <utility>

#include "absl/strings/match.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

constexpr absl::string_view kStatementIndent = "    ";
constexpr absl::string_view kGraphHeader = "graph():";
constexpr absl::string_view kTypedGraphHeader = "graph():  # typed";

// Reads the metadata line `line` and the ones right after it (about ten per
// node) into `meta`, each as the graph's reader would have passed it,
// without a trip through its statement loop and a virtual call for every
// one. Leaves `line` on the last of them.
absl::Status ReadRun(NodeMetaLineReader& lines, NodeMeta* meta, Cursor& line) {
  const SourceText& source = line.source();
  for (;;) {
    RETURN_IF_ERROR(lines.Read(meta, line));
    const size_t next = line.end() + 1;
    if (line.end() >= source.size() || !source.StartsWith(next, kFxgMetaPrefix)) {
      return absl::OkStatus();
    }
    line = Cursor(source, next + kFxgMetaPrefix.size(), source.LineEnd(next));
  }
}

}  // namespace

absl::Status MetaReader::Read(Node* node, Cursor& line) {
  // A node's lines come together: its metadata is looked up (and
  // allocated) once, not once per line.
  if (node != node_) {
    node_ = node;
    meta_ = &node->mutable_meta();
  }
  return ReadRun(lines_, meta_, line);
}

MetaPrefetcher::MetaPrefetcher(const SourceText& source, size_t from,
                               absl::string_view stop_line, std::function<void()> then)
    : thread_source_(source.text(), source.filename()), stop_line_(stop_line) {
  try {
    thread_ = std::thread([this, from, then] { Produce(from, then); });
  } catch (const std::system_error&) {
    serial_ = true;  // no thread to be had: MetaReader's work, done here
    if (then) then();
  }
}

MetaPrefetcher::~MetaPrefetcher() { Stop(); }

void MetaPrefetcher::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_.store(true, std::memory_order_relaxed);
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void MetaPrefetcher::Produce(size_t from, const std::function<void()>& then) {
  try {
    ProduceRuns(from);
  } catch (...) {
    // Out of memory, for one: the runs not handed over are read serially,
    // where the same failure is the graph's reader's to meet.
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    produced_all_ = true;
  }
  changed_.notify_all();
  if (then) then();
}

size_t MetaPrefetcher::NextBody(size_t pos) const {
  const SourceText& src = thread_source_;
  while (pos < src.size() && !stop_.load(std::memory_order_relaxed)) {
    const size_t line_end = src.LineEnd(pos);
    const absl::string_view line = src.text().substr(pos, line_end - pos);
    if (line == kTypedGraphHeader) return src.LineAfter(line_end);
    // An untyped graph's statements may span lines: the graphs' reader
    // reads its metadata (and what follows) itself.
    if (absl::StartsWith(line, kGraphHeader)) return absl::string_view::npos;
    if (!stop_line_.empty() && line == stop_line_) return absl::string_view::npos;
    pos = src.LineAfter(line_end);
  }
  return absl::string_view::npos;
}

void MetaPrefetcher::ProduceRuns(size_t pos) {
  // Small chunks first, so that the graph's reader does not wait long for
  // its first nodes' metadata; larger ones later, to lock less often.
  size_t chunk_runs = 64;
  constexpr size_t kMaxChunkRuns = 2048;
  auto chunk = std::make_unique<Chunk>();
  chunk->reserve(chunk_runs);  // never regrown: the line reader points into it
  const SourceText& src = thread_source_;
  pos = NextBody(pos);
  while (pos < src.size() && !stop_.load(std::memory_order_relaxed)) {
    const size_t line_end = src.LineEnd(pos);
    // The graph's reader ends the graph here; a statement is one line.
    if (!src.StartsWith(pos, kStatementIndent)) {
      pos = NextBody(pos);
      continue;
    }
    if (!src.StartsWith(pos, kFxgMetaPrefix)) {
      pos = src.LineAfter(line_end);
      continue;
    }
    Run& run = chunk->emplace_back();
    run.begin = pos;
    run.meta = Node::MakeMeta();
    Cursor line(src, pos + kFxgMetaPrefix.size(), line_end);
    run.status = ReadRun(thread_lines_, run.meta.get(), line);
    thread_lines_.Finish();
    run.end = line.end();
    // Nothing after an error is read: the graph's reader stops there.
    if (!run.status.ok()) break;
    pos = src.LineAfter(run.end);
    if (chunk->size() == chunk_runs) {
      if (!Publish(std::move(chunk))) return;
      chunk_runs = std::min(2 * chunk_runs, kMaxChunkRuns);
      chunk = std::make_unique<Chunk>();
      chunk->reserve(chunk_runs);
    }
  }
  Publish(std::move(chunk));
}

bool MetaPrefetcher::Publish(std::unique_ptr<Chunk> chunk) {
  // A bound on what waits: the thread may run far ahead of the graph's
  // reader, and each run waiting is a NodeMeta held twice.
  constexpr size_t kMaxReadyChunks = 32;
  {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait(lock, [&] {
      return ready_.size() < kMaxReadyChunks || stop_.load(std::memory_order_relaxed);
    });
    if (stop_.load(std::memory_order_relaxed)) return false;
    ready_.push_back(std::move(chunk));
  }
  changed_.notify_all();
  return true;
}

MetaPrefetcher::Run* MetaPrefetcher::NextRun() {
  while (current_ == nullptr || next_ == current_->size()) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      changed_.wait(lock, [&] { return !ready_.empty() || produced_all_; });
      if (ready_.empty()) return nullptr;
      current_ = std::move(ready_.front());
      ready_.pop_front();
    }
    changed_.notify_all();  // room for another chunk
    next_ = 0;
  }
  return &(*current_)[next_++];
}

absl::Status MetaPrefetcher::Read(Node* node, Cursor& line) {
  if (!serial_) {
    Run* run = NextRun();
    if (run != nullptr && run->begin + kFxgMetaPrefix.size() == line.pos()) {
      if (!run->status.ok()) return run->status;
      node->AdoptMeta(std::move(run->meta));
      line = Cursor(line.source(), run->end, run->end);
      return absl::OkStatus();
    }
    // The thread found other lines than the graph's reader (which the
    // reader's line rules exclude) or stopped early: from here on, the
    // lines are read here.
    Stop();
    serial_ = true;
  }
  return serial_reader_.Read(node, line);
}

}  // namespace fxpp
