#include "ir/names.h"

#include <algorithm>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace fxpp {
namespace {

// Python 3.11's keyword.kwlist and dir(builtins), and the globals FX's code
// generator registers (torch/fx/graph.py _register_custom_builtin).
const absl::flat_hash_set<absl::string_view>& ReservedNames() {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      // keywords
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
      "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
      "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
      "try", "while", "with", "yield",
      // builtins
      "ArithmeticError", "AssertionError", "AttributeError", "BaseException",
      "BaseExceptionGroup", "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning",
      "ChildProcessError", "ConnectionAbortedError", "ConnectionError",
      "ConnectionRefusedError", "ConnectionResetError", "DeprecationWarning", "EOFError",
      "Ellipsis", "EncodingWarning", "EnvironmentError", "Exception", "ExceptionGroup",
      "FileExistsError", "FileNotFoundError", "FloatingPointError", "FutureWarning",
      "GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError",
      "IndexError", "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt",
      "LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "NotADirectoryError",
      "NotImplemented", "NotImplementedError", "OSError", "OverflowError",
      "PendingDeprecationWarning", "PermissionError", "ProcessLookupError", "RecursionError",
      "ReferenceError", "ResourceWarning", "RuntimeError", "RuntimeWarning",
      "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError",
      "SystemExit", "TabError", "TimeoutError", "TypeError", "UnboundLocalError",
      "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError",
      "UnicodeWarning", "UserWarning", "ValueError", "Warning", "ZeroDivisionError",
      "__build_class__", "__debug__", "__doc__", "__import__", "__loader__", "__name__",
      "__package__", "__spec__", "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool",
      "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod", "compile",
      "complex", "copyright", "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval",
      "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr",
      "hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len",
      "license", "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct",
      "open", "ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round",
      "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple",
      "type", "vars", "zip",
      // FX's custom builtins
      "inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree",
  };
  return *kNames;
}

bool IsIdentifierChar(char c) { return absl::ascii_isalnum(c) || c == '_'; }

// FX's _illegal_char_regex `[^0-9a-zA-Z_]+` -> "_": each run becomes one `_`.
std::string Sanitize(absl::string_view candidate) {
  std::string out;
  out.reserve(candidate.size());
  bool in_illegal_run = false;
  for (char c : candidate) {
    if (IsIdentifierChar(c)) {
      out.push_back(c);
      in_illegal_run = false;
    } else if (!in_illegal_run) {
      out.push_back('_');
      in_illegal_run = true;
    }
  }
  if (out.empty()) out = "_unnamed";
  if (absl::ascii_isdigit(out[0])) out.insert(out.begin(), '_');
  return out;
}

}  // namespace

bool IsReservedPythonName(absl::string_view name) { return ReservedNames().contains(name); }

bool IsPythonIdentifier(absl::string_view name) {
  if (name.empty() || absl::ascii_isdigit(name[0])) return false;
  for (char c : name) {
    if (!IsIdentifierChar(c)) return false;
  }
  return true;
}

// FX's _name_suffix_regex `(.*)_(\d+)$`: "add_12" -> ("add", 12).
namespace {

struct SplitName {
  std::string base;
  int64_t num = 0;
  bool has_num = false;
};

SplitName SplitSuffix(const std::string& name) {
  SplitName split{name};
  const size_t underscore = name.rfind('_');
  if (underscore == std::string::npos || underscore + 1 == name.size()) return split;
  absl::string_view digits = absl::string_view(name).substr(underscore + 1);
  for (char c : digits) {
    if (!absl::ascii_isdigit(c)) return split;
  }
  if (digits.size() > 18 || !absl::SimpleAtoi(digits, &split.num)) return split;
  split.base = name.substr(0, underscore);
  split.has_num = true;
  return split;
}

}  // namespace

absl::string_view NameSpace::Store(absl::string_view name) {
  if (chunk_capacity_ - chunk_used_ < name.size()) {
    chunk_capacity_ = std::max<size_t>(size_t{64} << std::min<size_t>(chunks_.size(), 10), name.size());
    chunks_.emplace_back(new char[chunk_capacity_]);
    chunk_used_ = 0;
  }
  char* at = chunks_.back().get() + chunk_used_;
  std::copy(name.begin(), name.end(), at);
  chunk_used_ += name.size();
  absl::string_view stored(at, name.size());
  used_.insert(stored);
  return stored;
}

absl::string_view NameSpace::CreateName(absl::string_view raw_candidate) {
  SplitName split = SplitSuffix(Sanitize(raw_candidate));
  int64_t num = split.num;
  std::string name = split.has_num ? absl::StrCat(split.base, "_", num) : split.base;
  if (num == 0) {
    auto it = base_count_.find(split.base);
    num = it == base_count_.end() ? 0 : it->second;
  }
  while (IsTaken(name)) {
    ++num;
    name = absl::StrCat(split.base, "_", num);
  }
  base_count_[split.base] = num;
  return Store(name);
}

bool NameSpace::IsTaken(absl::string_view name) const {
  return used_.contains(name) || IsReservedPythonName(name);
}

absl::optional<absl::string_view> NameSpace::Claim(absl::string_view name) {
  if (!IsPythonIdentifier(name) || IsTaken(name)) return absl::nullopt;
  // Count as FX's create_name would for this exact name, so names created
  // later continue the same sequence. Only suffixed names move a count.
  const size_t underscore = name.rfind('_');
  if (underscore != absl::string_view::npos && underscore + 1 < name.size() &&
      absl::ascii_isdigit(name.back())) {
    SplitName split = SplitSuffix(std::string(name));
    if (split.has_num) base_count_[split.base] = split.num;
  }
  return Store(name);
}

}  // namespace fxpp
