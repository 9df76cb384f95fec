// Parsing of Arguments in the spellings FX text uses (arg_text.h). Internal
// to //ir/fx_text; the rules are documented in fx_text.h.
#ifndef FXPP_IR_FX_TEXT_ARG_PARSER_H_
#define FXPP_IR_FX_TEXT_ARG_PARSER_H_

#include <cstddef>
#include <memory>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/argument.h"
#include "ir/fx_text/arg_text.h"
#include "ir/fx_text/lexer.h"

namespace fxpp {

// A reference to a node the lookup did not know (yet): its Argument holds
// nullptr until the caller resolves it.
struct PendingRef {
  absl::string_view name;  // points into the source text
  size_t offset;
};

// Reads the argument parts of FX statements. Text in the kFx spelling is
// ambiguous (strings are unquoted and may contain any delimiter); the parser
// explores the readings in a fixed preference order and takes the first that
// accounts for the whole statement:
//   1. `%name` followed by a delimiter is a node reference;
//   2. a bracket opens a container, `slice(`/`device(`/`Name(` a call form,
//      before any reading as plain text;
//   3. plain text ends at the earliest delimiter that lets the rest parse
//      (`, `, the enclosing closer, or `: ` after a dict key), so strings
//      take `, ` only when nothing else fits;
//   4. plain text is a literal when printing that literal gives the same
//      bytes (None, True, 3, 1e-05, torch.float32, cpu, s0 + 1, (1+2j)),
//      otherwise a string.
// The typed spellings are unambiguous and parsed without backtracking.
class ArgParser {
 public:
  using Lookup = absl::FunctionRef<Node*(absl::string_view)>;
  ArgParser(const SourceText& source, Lookup lookup, bool typed);
  ~ArgParser();
  ArgParser(const ArgParser&) = delete;
  ArgParser& operator=(const ArgParser&) = delete;

  // "(args = (...), kwargs = {...})" covering [begin, end) exactly.
  bool ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args, KwArgs* kwargs);
  // The text of a placeholder's default, [begin, end).
  bool ParseDefault(size_t begin, size_t end, Argument* value);
  // The text after "return ", [begin, end).
  bool ParseReturn(size_t begin, size_t end, Argument* value);

  // Bounds the search on adversarial text (the most ambiguous fixtures,
  // testing/graphs/*/hand_string_args.fx, need at most 16 attempts). One
  // budget covers every parse of a statement, whatever number of line
  // extents (continuation lines) the caller tries, so parsing time stays
  // linear in the text: call StartStatement before a statement's first
  // parse.
  static constexpr int kMaxAttemptsPerStatement = 256;
  void StartStatement();

  // After a successful parse.
  const std::vector<PendingRef>& pending_refs() const;
  std::vector<NamedTupleFact> TakeNamedTuples();
  // The return value was a bare name (str(node), or a string with that text).
  bool bare_name() const;

  // After a failed parse: "file:line:col: expected ..., found ...".
  absl::Status error() const;

 private:
  // The search and the grammar (arg_parser.cc).
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_PARSER_H_
