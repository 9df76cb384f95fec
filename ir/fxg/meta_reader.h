// The readers of the `# field: value` lines under an fxg graph's nodes
// (docs/FXG_FORMAT.md), as the graph's reader (ParseFxGraphAt) calls them.
#ifndef FXPP_IR_FXG_META_READER_H_
#define FXPP_IR_FXG_META_READER_H_

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fx_text/lexer.h"
#include "ir/fxg/meta_text.h"
#include "ir/node.h"

namespace fxpp {

// What every node's metadata lines start with.
inline constexpr absl::string_view kFxgMetaPrefix = "        # ";

// Reads a node's metadata lines where the graph's reader meets them.
class MetaReader : public FxAnnotationReader {
 public:
  absl::Status Read(Node* node, Cursor& line) override;
  // After a graph's last line: stores what the last node's lines left open.
  void Finish() {
    lines_.Finish();
    node_ = nullptr;
  }

 private:
  NodeMetaLineReader lines_;
  Node* node_ = nullptr;
  NodeMeta* meta_ = nullptr;
};

// Reads the metadata lines of a file's typed graphs on a thread of its
// own, ahead of the graphs' reader, which meanwhile parses the statements
// and takes each node's metadata ready-made: the metadata is about 40% of
// the work of reading a large fxg, and a second core does it alongside.
//
// The result is the serial MetaReader's, errors included. Each node's lines
// are read as MetaReader reads them, from the same first line, with nothing
// carried over from the node before (MetaReader carries only caches and an
// open stack trace block, which a node's first line closes or rejects). An
// error is returned when the graph's reader reaches the lines that have it,
// not before: a statement above may have an error of its own, which comes
// first. The thread finds the lines by the format's layout (a typed graph's
// statement is one line, its body ends at the first line not indented by
// four spaces, module headers and state lines are not indented that far);
// where the graphs' reader asks for other lines than the thread found (a
// graph in FX's untyped spelling, whose statements may span lines, or text
// that is no fxg), the rest is read here by a MetaReader.
class MetaPrefetcher : public FxAnnotationReader {
 public:
  // The thread reads from `from`, the start of a line, to the end of the
  // text or to a line that is exactly `stop_line` (when not empty), then
  // does `then` (when given; it must not throw), whether or not the
  // graphs' reader stopped it early. With no thread to be had, `then` is
  // done here, and the metadata read by a MetaReader.
  MetaPrefetcher(const SourceText& source, size_t from, absl::string_view stop_line,
                 std::function<void()> then);
  // Stops and joins the thread (after `then`) however the reading ended.
  ~MetaPrefetcher() override;
  MetaPrefetcher(const MetaPrefetcher&) = delete;
  MetaPrefetcher& operator=(const MetaPrefetcher&) = delete;

  absl::Status Read(Node* node, Cursor& line) override;
  // After each graph's last line, as MetaReader::Finish.
  void FinishGraph() { serial_reader_.Finish(); }

 private:
  // One node's run of metadata lines: where its first line starts, where
  // its last line ends, and what reading them gave.
  struct Run {
    size_t begin = 0;
    size_t end = 0;
    absl::Status status;
    std::shared_ptr<NodeMeta> meta;
  };
  using Chunk = std::vector<Run>;

  // The thread: reads the runs from `from` on and hands them over a chunk
  // at a time, then does `then`.
  void Produce(size_t from, const std::function<void()>& then);
  void ProduceRuns(size_t pos);
  // Where the typed graph body after `pos` starts, or npos when the thread
  // has nothing more to read (the end, the stop line, an untyped graph).
  size_t NextBody(size_t pos) const;
  // Hands `chunk` over; false when the reader stopped wanting runs.
  bool Publish(std::unique_ptr<Chunk> chunk);
  // The next run, or nullptr when the thread has no more.
  Run* NextRun();
  void Stop();

  // The thread's own view of the text: a SourceText keeps per-object
  // bookkeeping (the UTF-8 check ahead, the line index for positions), and
  // the graph's reader checks the text for UTF-8 as it goes.
  const SourceText thread_source_;
  const std::string stop_line_;
  NodeMetaLineReader thread_lines_;

  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<Chunk>> ready_;  // guarded by mu_
  bool produced_all_ = false;                  // guarded by mu_
  std::atomic<bool> stop_{false};

  std::unique_ptr<Chunk> current_;  // the reader's chunk
  size_t next_ = 0;                 // its next run
  // Set when the thread's runs are no longer used: the rest is read here.
  bool serial_ = false;
  MetaReader serial_reader_;
  std::thread thread_;
};

}  // namespace fxpp

#endif  // FXPP_IR_FXG_META_READER_H_
