#include "ir/fx_text/arg_printer.h"

#include "ir/fx_text/lexer.h"
#include "ir/fx_text/py_repr.h"
#include "ir/node.h"

namespace fxpp {
namespace {

void AppendDeviceRepr(absl::string_view device, std::string* out) {
  const auto [type, index] = SplitDevice(device);
  out->append("device(type=");
  AppendPyStrRepr(type, out);
  if (!index.empty()) {
    out->append(", index=");
    out->append(index.data(), index.size());
  }
  out->push_back(')');
}

}  // namespace

void ArgPrinter::Print(const Argument& arg, ArgSyntax syntax) {
  switch (arg.kind()) {
    case ArgKind::kNone:
      out_->Append("None");
      return;
    case ArgKind::kBool:
      out_->Append(arg.bool_value() ? "True" : "False");
      return;
    case ArgKind::kInt:
      out_->AppendInt(arg.int_value());
      return;
    case ArgKind::kFloat:
      if (IsTyped(syntax) && NeedsFloatBits(arg.float_value())) {
        AppendFloatBits(arg.float_value(), out_->Flush());
      } else {
        AppendPyFloatRepr(arg.float_value(), out_->Flush());
      }
      return;
    case ArgKind::kString:
      if (syntax == ArgSyntax::kFx) {
        out_->Append(arg.text());
      } else {
        AppendPyStrRepr(arg.text(), out_->Flush());
      }
      return;
    case ArgKind::kNode:
      if (HasPercentRefs(syntax)) out_->Append('%');
      if (arg.node() != nullptr) out_->Append(arg.node()->name());
      return;
    case ArgKind::kList:
      PrintSequence(arg.elements(), syntax, '[', ']', false);
      return;
    case ArgKind::kTuple:
      if (!PrintNamedTuple(arg, syntax)) PrintSequence(arg.elements(), syntax, '(', ')', true);
      return;
    case ArgKind::kDict:
      PrintDict(arg, syntax);
      return;
    case ArgKind::kSlice:
      PrintSlice(arg, syntax);
      return;
    case ArgKind::kDtype:
      out_->Append("torch.");
      out_->Append(ScalarTypeName(arg.dtype()));
      return;
    case ArgKind::kMemoryFormat:
      out_->Append("torch.");
      out_->Append(MemoryFormatName(arg.memory_format()));
      return;
    case ArgKind::kLayout:
      out_->Append("torch.");
      out_->Append(LayoutName(arg.layout()));
      return;
    case ArgKind::kDevice:
      if (syntax == ArgSyntax::kFx) {
        out_->Append(arg.text());
      } else {
        AppendDeviceRepr(arg.text(), out_->Flush());
      }
      return;
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      PrintUninterpreted(arg, syntax);
      return;
    case ArgKind::kEllipsis:
      out_->Append("Ellipsis");
      return;
  }
}

void ArgPrinter::PrintDict(const Argument& dict, ArgSyntax syntax) {
  out_->Append('{');
  for (size_t i = 0; i < dict.dict_size(); ++i) {
    if (i > 0) out_->Append(", ");
    if (syntax == ArgSyntax::kFx) {
      // _format_arg writes f'{k}': str() of the key.
      if (named_tuples_ != nullptr) path_.push_back(static_cast<uint32_t>(2 * i));
      PrintTopLevel(dict.dict_key(i), false);
      if (named_tuples_ != nullptr) path_.pop_back();
    } else {
      PrintChild(dict.dict_key(i), static_cast<uint32_t>(2 * i), syntax);
    }
    out_->Append(": ");
    PrintChild(dict.dict_value(i), static_cast<uint32_t>(2 * i + 1), syntax);
  }
  out_->Append('}');
}

void ArgPrinter::PrintSlice(const Argument& slice, ArgSyntax syntax) {
  out_->Append("slice(");
  for (uint32_t i = 0; i < 3; ++i) {
    if (i > 0) out_->Append(", ");
    PrintChild(slice.elements()[i], i, SliceSyntax(syntax));
  }
  out_->Append(')');
}

void ArgPrinter::PrintUninterpreted(const Argument& arg, ArgSyntax syntax) {
  if (IsTyped(syntax)) {
    out_->Append(arg.kind() == ArgKind::kSymInt ? "SymInt(" : "Opaque(");
    AppendPyStrRepr(arg.text(), out_->Flush());
    out_->Append(')');
  } else {
    out_->Append(arg.text());
  }
}

void ArgPrinter::PrintTopLevel(const Argument& arg, bool typed) {
  if (typed) {
    Print(arg, ArgSyntax::kTypedRepr);
  } else if (arg.is_composite()) {
    Print(arg, ArgSyntax::kRepr);  // str() of a container repr()s its items
  } else if (arg.is_node()) {
    Print(arg, ArgSyntax::kRepr);  // str(node) is its bare name
  } else {
    Print(arg, ArgSyntax::kFx);    // str() of a leaf, as _format_arg writes it
  }
}

void ArgPrinter::PrintArgs(absl::Span<const Argument> args, bool typed) {
  PrintSequence(args, typed ? ArgSyntax::kTypedFx : ArgSyntax::kFx, '(', ')', true);
}

void ArgPrinter::PrintKwargs(const KwArgs& kwargs, bool typed) {
  out_->Append('{');
  for (size_t i = 0; i < kwargs.size(); ++i) {
    if (i > 0) out_->Append(", ");
    const absl::string_view name = kwargs[i].name.str();
    if (typed && !IsWord(name)) {
      AppendPyStrRepr(name, out_->Flush());
    } else {
      out_->Append(name);
    }
    out_->Append(": ");
    Print(kwargs[i].value, typed ? ArgSyntax::kTypedFx : ArgSyntax::kFx);
  }
  out_->Append('}');
}

void ArgPrinter::PrintSequence(absl::Span<const Argument> elements, ArgSyntax syntax, char open,
                               char close, bool tuple) {
  out_->Append(open);
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out_->Append(", ");
    PrintChild(elements[i], static_cast<uint32_t>(i), syntax);
  }
  if (tuple && elements.size() == 1) out_->Append(',');
  out_->Append(close);
}

void ArgPrinter::PrintChild(const Argument& arg, uint32_t index, ArgSyntax syntax) {
  if (named_tuples_ == nullptr) {
    Print(arg, syntax);
    return;
  }
  path_.push_back(index);
  Print(arg, syntax);
  path_.pop_back();
}

bool ArgPrinter::PrintNamedTuple(const Argument& tuple, ArgSyntax syntax) {
  if (named_tuples_ == nullptr || HasPercentRefs(syntax)) return false;
  for (const NamedTupleFact& fact : *named_tuples_) {
    if (fact.path != path_ || fact.fields.size() != tuple.elements().size()) continue;
    out_->Append(fact.type_name);
    out_->Append('(');
    for (size_t i = 0; i < fact.fields.size(); ++i) {
      if (i > 0) out_->Append(", ");
      out_->Append(fact.fields[i]);
      out_->Append('=');
      PrintChild(tuple.elements()[i], static_cast<uint32_t>(i), syntax);
    }
    out_->Append(')');
    return true;
  }
  return false;
}

}  // namespace fxpp
