// Printing of Arguments in the spellings FX text uses (arg_text.h). Internal
// to //ir/fx_text.
#ifndef FXPP_IR_FX_TEXT_ARG_PRINTER_H_
#define FXPP_IR_FX_TEXT_ARG_PRINTER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/argument.h"
#include "ir/fx_text/arg_text.h"
#include "ir/fx_text/text_writer.h"

namespace fxpp {

class ArgPrinter {
 public:
  // `named_tuples`, when given, applies to the value printed by PrintTopLevel.
  explicit ArgPrinter(TextWriter* out, const std::vector<NamedTupleFact>* named_tuples = nullptr)
      : out_(out), named_tuples_(named_tuples) {}

  void Print(const Argument& arg, ArgSyntax syntax);
  // A return value or placeholder default: Python's str(value), or kTypedRepr.
  void PrintTopLevel(const Argument& arg, bool typed);
  // A call's args tuple.
  void PrintArgs(absl::Span<const Argument> args, bool typed);
  // A call's kwargs dict.
  void PrintKwargs(const KwArgs& kwargs, bool typed);

 private:
  void PrintSequence(absl::Span<const Argument> elements, ArgSyntax syntax, char open,
                     char close, bool tuple);
  bool PrintNamedTuple(const Argument& tuple, ArgSyntax syntax);
  void PrintDict(const Argument& dict, ArgSyntax syntax);
  void PrintSlice(const Argument& slice, ArgSyntax syntax);
  // A SymInt's or an opaque value's text: as is, or wrapped in the typed
  // spellings (`SymInt('s0')`).
  void PrintUninterpreted(const Argument& arg, ArgSyntax syntax);
  void PrintChild(const Argument& arg, uint32_t index, ArgSyntax syntax);

  TextWriter* out_;
  const std::vector<NamedTupleFact>* named_tuples_;
  std::vector<uint32_t> path_;  // maintained only when named_tuples_ is set
};

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_PRINTER_H_
