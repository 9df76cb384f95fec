// The fxg spelling of tensor descriptions and node metadata
// (docs/FXG_FORMAT.md): `f32[s0, 3] stride=(3, 1) cpu requires_grad`,
// `(f32[2] stride=(1,) cpu, SymInt('s0'))`, and one `# field: ...` line per
// NodeMeta field.
#ifndef FXPP_IR_FXG_META_TEXT_H_
#define FXPP_IR_FXG_META_TEXT_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/fx_text/lexer.h"
#include "ir/fx_text/text_writer.h"
#include "ir/meta.h"

namespace fxpp {

void AppendTensorMeta(const TensorMeta& tensor, std::string* out);
void AppendTensorMeta(const TensorMeta& tensor, TextWriter* out);
void AppendValueMeta(const ValueMeta& value, TextWriter* out);
// Reads what Append* wrote, advancing `c` past it.
absl::Status ParseTensorMeta(Cursor& c, TensorMeta* tensor);
// Nesting deeper than kMaxArgumentNesting (ir/limits.h) is an error;
// `depth` is the nesting `c` is at.
absl::Status ParseValueMeta(Cursor& c, ValueMeta* value, int depth = 0);

// Writes one line per set field of a node's metadata: `prefix` +
// "field: value\n". Stack traces repeat across the nodes of a graph (every
// layer runs the same code), so the writer keeps the text it wrote for each
// distinct one and copies it for the next node. Module stacks repeat from
// node to node within a module, so it keeps the lines of the last one.
class NodeMetaWriter {
 public:
  explicit NodeMetaWriter(absl::string_view prefix) : prefix_(prefix) {}
  void Append(const NodeMeta& meta, TextWriter* out);

 private:
  // The repr() of an interned string; the reference is valid until the next
  // call.
  const std::string& Quoted(Symbol s);
  // The complete stack_trace lines (prefixes, newlines) of a trace.
  const std::string& StackTraceLines(Symbol trace);
  // All the nn_module_stack lines of a stack, and the one of its entry at
  // `depth`.
  const std::string& ModuleStackLines(const ModuleStack& stack);
  const std::string& ModuleStackLine(size_t depth, const ModuleStackEntry& entry);

  std::string prefix_;
  absl::flat_hash_map<uint32_t, std::string> quoted_;
  absl::flat_hash_map<uint32_t, std::string> stack_traces_;
  // The stack ModuleStackLines wrote last, and its lines: nodes come module
  // by module, so most carry the stack of the node before (interned: equal
  // stacks are the same pointer). A stack that differs mostly shares its
  // outer entries with it, whose lines are kept by depth. (A table of every
  // entry's line, as large as the model, missed the cache on most lookups.)
  ModuleStack last_stack_;
  std::string last_stack_lines_;
  struct DepthLine {
    bool written = false;
    ModuleStackEntry entry;
    std::string line;
  };
  std::vector<DepthLine> depth_lines_;
};

namespace meta_text_internal {

// What was found last for a few texts, direct-mapped by their last eight
// bytes and size (multiplied: texts that differ near their end, as a
// trace's last line `x = self.op12(x)` or a value's strides, land apart),
// and checked against a copy of the text: the texts a reader looks up for
// every node (a value's, a stack trace block's) mostly repeat one of the
// few a layer has, and hashing a whole text for a table cost more than one
// comparison.
template <typename Value>
class RecentTexts {
 public:
  // What Remember kept for `text`, or nullptr.
  const Value* Find(absl::string_view text) const {
    const Slot& slot = slots_[SlotOf(text)];
    return slot.used && slot.text == text ? &slot.value : nullptr;
  }
  void Remember(absl::string_view text, Value value) {
    Slot& slot = slots_[SlotOf(text)];
    slot.text.assign(text.data(), text.size());
    slot.value = std::move(value);
    slot.used = true;
  }
  void Clear() {
    for (Slot& slot : slots_) slot.used = false;
  }

 private:
  static constexpr size_t kSlots = 64;
  struct Slot {
    bool used = false;
    std::string text;
    Value value{};
  };
  static size_t SlotOf(absl::string_view text) {
    uint64_t tail = 0;
    const size_t n = std::min(text.size(), sizeof(tail));
    std::memcpy(&tail, text.data() + text.size() - n, n);
    return static_cast<size_t>(((tail ^ text.size()) * 0x9E3779B97F4A7C15u) >> 32) % kSlots;
  }
  std::vector<Slot> slots_ = std::vector<Slot>(kSlots);
};

}  // namespace meta_text_internal

// Reads the lines NodeMetaWriter wrote (after their prefix), one at a time;
// a multi-line stack trace spans several calls. Remembers views of the
// source text, which must outlive the reader.
class NodeMetaLineReader {
 public:
  // Advances `line` (a reference for FxAnnotationReader::Read's reason).
  absl::Status Read(NodeMeta* meta, Cursor& line);
  // Stores a stack trace still being read; call after the last line.
  void Finish();

 private:
  // The rest of a `val: ` line, and of an `nn_module_stack: ` line.
  absl::Status ReadValue(NodeMeta* meta, Cursor& line);
  // The rest of a `stack_trace: ` line: a block's first line, or a quoted
  // trace.
  absl::Status ReadStackTrace(NodeMeta* meta, Cursor& line);
  // The rest of a line of a field other than extra and the ones every node
  // has, after its name `field` (at `field_offset`); `duplicate` makes the
  // error for a field given twice.
  template <typename DuplicateError>
  absl::Status ReadOtherField(NodeMeta* meta, absl::string_view field, size_t field_offset,
                              Cursor& line, DuplicateError&& duplicate);
  absl::Status ReadModuleStackEntry(NodeMeta* meta, Cursor& line);

  // The open stack trace block: whose it is, its '|' or '|-' (`keep_final_newline_`),
  // the source text from there to the end of its last line, and its lines.
  NodeMeta* block_meta_ = nullptr;
  bool keep_final_newline_ = false;
  const SourceText* block_source_ = nullptr;
  size_t block_begin_ = 0;
  size_t block_end_ = 0;
  std::vector<absl::string_view> block_lines_;
  // Each trace read so far, by its block's source text, and each value, by
  // its text. The keys are copies: a view would be compared where the text
  // first occurred, out of the cache in a large file, on nearly every node.
  absl::flat_hash_map<std::string, Symbol> stack_traces_;
  // The last of those found (each value by the entry's address: the table
  // forgets them when it grows).
  meta_text_internal::RecentTexts<Symbol> recent_traces_;
  meta_text_internal::RecentTexts<const ValueMeta*> recent_values_;
  absl::flat_hash_map<std::string, ValueMeta> values_;
  // What the last nn_module_stack line at one depth of a stack read, and
  // built: the nodes of a module repeat its stack's lines, one per depth.
  struct ModuleStackLine {
    absl::string_view text;  // after the field name
    ModuleStackEntry entry;
    // The last append of `entry`: to which stack, and the result.
    bool has_append = false;
    ModuleStack base;
    ModuleStack result;
  };
  std::vector<ModuleStackLine> module_stack_lines_;  // by depth
};

}  // namespace fxpp

#endif  // FXPP_IR_FXG_META_TEXT_H_
