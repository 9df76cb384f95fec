#include "ir/names.h"

#include <algorithm>
#include <bitset>
#include <cstdlib>
#include <new>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "ir/identifier_chars.h"

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

// Every name is checked against the reserved set, most names are not in it,
// and hashing them for the set costs as much as the rest of naming: a bit per
// (length, first, last character) rules most of them out first.
class ReservedFilter {
 public:
  ReservedFilter() {
    for (absl::string_view name : ReservedNames()) bits_.set(Slot(name));
  }
  bool MayContain(absl::string_view name) const { return !name.empty() && bits_.test(Slot(name)); }

 private:
  static size_t Slot(absl::string_view name) {
    return (name.size() * 131 + static_cast<unsigned char>(name.front()) * 31 +
            static_cast<unsigned char>(name.back())) %
           kBits;
  }
  static constexpr size_t kBits = 4096;
  std::bitset<kBits> bits_;
};

// FX's _illegal_char_regex `[^0-9a-zA-Z_]+` -> "_": each run becomes one `_`.
void Sanitize(absl::string_view candidate, std::string* out) {
  out->clear();
  bool in_illegal_run = false;
  for (char c : candidate) {
    if (IsIdentifierChar(c)) {
      out->push_back(c);
      in_illegal_run = false;
    } else if (!in_illegal_run) {
      out->push_back('_');
      in_illegal_run = true;
    }
  }
  if (out->empty()) out->assign("_unnamed");
  if (absl::ascii_isdigit((*out)[0])) out->insert(out->begin(), '_');
}

}  // namespace

bool IsReservedPythonName(absl::string_view name) {
  static const ReservedFilter* const kFilter = new ReservedFilter();
  return kFilter->MayContain(name) && ReservedNames().contains(name);
}

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
  absl::string_view base;
  int64_t num = 0;
  bool has_num = false;
};

SplitName SplitSuffix(absl::string_view name) {
  SplitName split{name};
  const size_t underscore = name.rfind('_');
  if (underscore == absl::string_view::npos || underscore + 1 == name.size()) return split;
  absl::string_view digits = name.substr(underscore + 1);
  // At most 18 digits always fit an int64_t.
  if (digits.size() > 18) return split;
  int64_t num = 0;
  for (char c : digits) {
    if (!absl::ascii_isdigit(c)) return split;
    num = num * 10 + (c - '0');
  }
  split.num = num;
  split.base = name.substr(0, underscore);
  split.has_num = true;
  return split;
}

}  // namespace

NameSpace::Entry* NameSpace::Insert(absl::string_view name, absl::string_view attached) {
  // Sizes are 32-bit to keep entries small; longer text is a programming error.
  if (name.size() > UINT32_MAX || attached.size() > UINT32_MAX) std::abort();
  // Copied before the insert, which hashes it once; a taken name gives the
  // copy back.
  void* at = arena_.Allocate(sizeof(Entry) + name.size() + attached.size(), alignof(Entry));
  Entry* entry = new (at) Entry(static_cast<uint32_t>(name.size()),
                                static_cast<uint32_t>(attached.size()), NameHash(name));
  char* chars = reinterpret_cast<char*>(entry + 1);
  std::copy(name.begin(), name.end(), chars);
  std::copy(attached.begin(), attached.end(), chars + name.size());
  if (!entries_.insert(entry).second) {
    arena_.FreeLatest(at);
    return nullptr;
  }
  return entry;
}

void NameSpace::SetBaseCount(const Entry& entry, size_t base_size, int64_t num) {
  // The base is a prefix of the stored name, so the key can point into it.
  auto [it, inserted] = base_count_.try_emplace(entry.name().substr(0, base_size), num);
  if (!inserted) it->second = num;
}

void NameSpace::SettleClaims() {
  for (const Entry* entry : unsettled_claims_) {
    // Count as FX's create_name would for this exact name, so names created
    // later continue the same sequence. Only suffixed names move a count.
    const SplitName split = SplitSuffix(entry->name());
    if (split.has_num && (split.num != 0 || base_count_.contains(split.base))) {
      SetBaseCount(*entry, split.base.size(), split.num);
    }
  }
  unsettled_claims_.clear();
}

NameSpace::Entry* NameSpace::Create(absl::string_view raw_candidate, absl::string_view attached) {
  if (!unsettled_claims_.empty()) SettleClaims();
  Sanitize(raw_candidate, &sanitized_);
  const SplitName split = SplitSuffix(sanitized_);
  int64_t num = split.num;
  const auto numbered = [&] {
    candidate_.assign(split.base.data(), split.base.size());
    absl::StrAppend(&candidate_, "_", num);
    return absl::string_view(candidate_);
  };
  // A suffix without leading zeros already reads as `base_num`: most
  // candidates are names copied from another graph ("add_3").
  const bool canonical_suffix = split.has_num && sanitized_[split.base.size() + 1] != '0';
  absl::string_view name = !split.has_num ? split.base
                           : canonical_suffix ? absl::string_view(sanitized_)
                                              : numbered();
  auto count = base_count_.end();
  if (num == 0) {
    count = base_count_.find(split.base);
    if (count != base_count_.end()) num = count->second;
  }
  Entry* entry = nullptr;
  while (IsReservedPythonName(name) || (entry = Insert(name, attached)) == nullptr) {
    ++num;
    name = numbered();
  }
  if (count != base_count_.end()) {
    count->second = num;
  } else if (num != 0) {
    SetBaseCount(*entry, split.base.size(), num);
  }
  return entry;
}

bool NameSpace::IsTaken(absl::string_view name) const {
  return entries_.contains(name) || IsReservedPythonName(name);
}

NameSpace::Entry* NameSpace::Find(absl::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : *it;
}

NameSpace::Entry* NameSpace::ClaimEntry(absl::string_view name, absl::string_view attached) {
  if (!IsPythonIdentifier(name) || IsReservedPythonName(name)) return nullptr;
  Entry* entry = Insert(name, attached);
  if (entry != nullptr && absl::ascii_isdigit(name.back())) unsettled_claims_.push_back(entry);
  return entry;
}

absl::optional<absl::string_view> NameSpace::Claim(absl::string_view name) {
  const Entry* entry = ClaimEntry(name, {});
  if (entry == nullptr) return absl::nullopt;
  return entry->name();
}

}  // namespace fxpp
