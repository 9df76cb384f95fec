#include "passes/registry.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "ir/diagnostic.h"
#include "re2/re2.h"

namespace fxpp {
namespace {

bool IsIdentifier(absl::string_view name) {
  static const RE2* const kIdentifier = new RE2("[a-z][a-z0-9_]*");
  return RE2::FullMatch(re2::StringPiece(name.data(), name.size()), *kIdentifier);
}

}  // namespace

absl::StatusOr<PassOptionValues> SplitPassOptions(absl::string_view text,
                                                  const PassDescriptor* descriptor) {
  PassOptionValues out;
  if (absl::StripAsciiWhitespace(text).empty()) return out;
  // Whether a `name=` piece is the next item of the key=value list before it.
  auto continues_list = [&](absl::string_view name) {
    if (descriptor == nullptr || out.empty() || FindPassOption(*descriptor, name).ok()) {
      return false;
    }
    absl::StatusOr<size_t> previous = FindPassOption(*descriptor, out.back().first);
    return previous.ok() &&
           descriptor->options()[*previous].type == PassOptionType::kKeyValueList;
  };
  for (absl::string_view piece : absl::StrSplit(text, ',')) {
    const size_t eq = piece.find('=');
    absl::string_view name =
        eq == absl::string_view::npos ? absl::string_view() : absl::StripAsciiWhitespace(piece.substr(0, eq));
    if (eq != absl::string_view::npos && IsIdentifier(name) && !continues_list(name)) {
      out.emplace_back(std::string(name),
                       std::string(absl::StripAsciiWhitespace(piece.substr(eq + 1))));
    } else if (!out.empty()) {
      absl::StrAppend(&out.back().second, ",", absl::StripAsciiWhitespace(piece));
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("expected name=value, got '", piece, "'"));
    }
  }
  return out;
}

PassRegistry& PassRegistry::Global() {
  static PassRegistry* const registry = new PassRegistry;
  return *registry;
}

absl::Status PassRegistry::Register(const PassDescriptor& descriptor) {
  const std::string& name = descriptor.name();
  if (!IsIdentifier(name)) {
    return absl::InvalidArgumentError(absl::StrCat("invalid pass name '", name, "'"));
  }
  if (passes_.contains(name)) {
    return absl::AlreadyExistsError(absl::StrCat("pass '", name, "' registered twice"));
  }
  for (const PassOptionInfo& option : descriptor.options()) {
    if (!IsIdentifier(option.name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("pass '", name, "': bad option name '", option.name, "'"));
    }
  }
  passes_.emplace(name, &descriptor);
  return absl::OkStatus();
}

const PassDescriptor* PassRegistry::Find(absl::string_view name) const {
  auto it = passes_.find(std::string(name));
  return it == passes_.end() ? nullptr : it->second;
}

std::vector<const PassDescriptor*> PassRegistry::List() const {
  std::vector<const PassDescriptor*> out;
  for (const auto& [name, descriptor] : passes_) out.push_back(descriptor);
  return out;
}

absl::StatusOr<std::unique_ptr<Pass>> PassRegistry::Create(absl::string_view name,
                                                           absl::string_view options) const {
  const PassDescriptor* descriptor = Find(name);
  if (descriptor == nullptr) {
    std::vector<std::string> names;
    for (const auto& [known, unused] : passes_) names.push_back(known);
    return absl::NotFoundError(absl::StrCat("unknown pass '", name, "' (passes: ",
                                            absl::StrJoin(names, ", "), ")"));
  }
  absl::StatusOr<PassOptionValues> values = SplitPassOptions(options, descriptor);
  absl::StatusOr<std::unique_ptr<Pass>> pass =
      values.ok() ? descriptor->Create(*values) : values.status();
  if (!pass.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("pass '", name, "': ", pass.status().message()));
  }
  return pass;
}

absl::StatusOr<std::vector<std::unique_ptr<Pass>>> PassRegistry::ParsePipeline(
    absl::string_view text) const {
  std::vector<std::unique_ptr<Pass>> passes;
  size_t pos = 0;
  // Located like a file's errors, the pipeline text standing for the file
  // (as a compiler says "<command-line>").
  auto at = [&](size_t offset, absl::string_view what) {
    return absl::InvalidArgumentError(FormatDiagnostic("<pipeline>", text, offset, what));
  };
  while (pos < text.size()) {
    // One entry: name, then optionally {options}, then ',' or the end.
    size_t end = pos;
    while (end < text.size() && text[end] != ',' && text[end] != '{' && text[end] != '}') ++end;
    absl::string_view name = absl::StripAsciiWhitespace(text.substr(pos, end - pos));
    if (name.empty()) return at(pos, "expected a pass name");
    absl::string_view options;
    if (end < text.size() && text[end] == '}') return at(end, "'}' without '{'");
    if (end < text.size() && text[end] == '{') {
      const size_t close = text.find('}', end);
      if (close == absl::string_view::npos) return at(end, "'{' without '}'");
      options = text.substr(end + 1, close - end - 1);
      if (options.find('{') != absl::string_view::npos) return at(end, "nested '{'");
      end = close + 1;
      while (end < text.size() && absl::ascii_isspace(text[end])) ++end;
      if (end < text.size() && text[end] != ',') return at(end, "expected ',' after '}'");
    }
    absl::StatusOr<std::unique_ptr<Pass>> pass = Create(name, options);
    if (!pass.ok()) return pass.status();
    passes.push_back(*std::move(pass));
    pos = end + 1;
    if (end + 1 == text.size()) return at(end, "expected a pass name after ','");
  }
  if (passes.empty()) return absl::InvalidArgumentError("empty pipeline");
  return passes;
}

std::string PassRegistry::Describe() const {
  std::string out;
  for (const auto& [name, descriptor] : passes_) absl::StrAppend(&out, DescribePass(*descriptor));
  return out;
}

PassRegistration::PassRegistration(const PassDescriptor& descriptor) {
  absl::Status status = PassRegistry::Global().Register(descriptor);
  if (!status.ok()) {
    std::cerr << "fxpp: cannot register pass '" << descriptor.name() << "': " << status << "\n";
    std::abort();
  }
}

}  // namespace fxpp
