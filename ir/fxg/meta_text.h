// The fxg spelling of tensor descriptions and node metadata
// (docs/FXG_FORMAT.md): `f32[s0, 3] stride=(3, 1) cpu requires_grad`,
// `(f32[2] stride=(1,) cpu, SymInt('s0'))`, and one `# field: ...` line per
// NodeMeta field.
#ifndef FXPP_IR_FXG_META_TEXT_H_
#define FXPP_IR_FXG_META_TEXT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/fx_text/lexer.h"
#include "ir/meta.h"

namespace fxpp {

void AppendTensorMeta(const TensorMeta& tensor, std::string* out);
void AppendValueMeta(const ValueMeta& value, std::string* out);
// Reads what Append* wrote, advancing `c` past it.
absl::Status ParseTensorMeta(Cursor& c, TensorMeta* tensor);
// Nesting deeper than kMaxArgumentNesting (ir/limits.h) is an error;
// `depth` is the nesting `c` is at.
absl::Status ParseValueMeta(Cursor& c, ValueMeta* value, int depth = 0);

// Appends one line per set field of `meta`: `prefix` + "field: value\n".
void AppendNodeMetaLines(const NodeMeta& meta, absl::string_view prefix, std::string* out);

// Reads the lines AppendNodeMetaLines wrote (after their prefix), one at a
// time; a multi-line stack trace spans several calls.
class NodeMetaLineReader {
 public:
  absl::Status Read(NodeMeta* meta, Cursor line);
  // Stores a stack trace still being read; call after the last line.
  void Finish();

 private:
  NodeMeta* block_meta_ = nullptr;  // whose stack trace block is open
  bool keep_final_newline_ = false;
  bool block_started_ = false;
  std::string block_;
};

}  // namespace fxpp

#endif  // FXPP_IR_FXG_META_TEXT_H_
