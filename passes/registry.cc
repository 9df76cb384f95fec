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
#include "re2/re2.h"

namespace fxpp {
namespace {

bool IsIdentifier(absl::string_view name) {
  static const RE2* const kIdentifier = new RE2("[a-z][a-z0-9_]*");
  return RE2::FullMatch(re2::StringPiece(name.data(), name.size()), *kIdentifier);
}

absl::string_view TypeName(PassOptionType type) {
  switch (type) {
    case PassOptionType::kBool:
      return "bool";
    case PassOptionType::kInt:
      return "int";
    case PassOptionType::kString:
      return "string";
    case PassOptionType::kStringList:
      return "list";
  }
  return "?";
}

bool ParseBool(absl::string_view text, bool* value) {
  if (text == "true" || text == "1") {
    *value = true;
    return true;
  }
  if (text == "false" || text == "0") {
    *value = false;
    return true;
  }
  return false;
}

// Whether `text` is a valid value of `type` (lists and strings always are).
bool ValidValue(PassOptionType type, absl::string_view text) {
  bool b;
  int64_t i;
  switch (type) {
    case PassOptionType::kBool:
      return ParseBool(text, &b);
    case PassOptionType::kInt:
      return absl::SimpleAtoi(text, &i);
    case PassOptionType::kString:
    case PassOptionType::kStringList:
      return true;
  }
  return false;
}

std::string OptionNames(const PassInfo& info) {
  if (info.options.empty()) return "it takes none";
  return absl::StrCat("options: ", absl::StrJoin(info.options, ", ", [](std::string* out,
                                                                         const PassOptionSpec& o) {
                        absl::StrAppend(out, o.name);
                      }));
}

// Splits "a=1,tags=x,y,b=2" into {a: 1, tags: "x,y", b: 2}: a comma starts a
// new option only when `name=` follows, so list values need no quoting.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> SplitOptions(
    absl::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  if (absl::StripAsciiWhitespace(text).empty()) return out;
  for (absl::string_view piece : absl::StrSplit(text, ',')) {
    const size_t eq = piece.find('=');
    absl::string_view name =
        eq == absl::string_view::npos ? absl::string_view() : absl::StripAsciiWhitespace(piece.substr(0, eq));
    if (eq != absl::string_view::npos && IsIdentifier(name)) {
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

}  // namespace

bool PassOptions::GetBool(absl::string_view name) const {
  bool value = false;
  ParseBool(GetString(name), &value);
  return value;
}

int64_t PassOptions::GetInt(absl::string_view name) const {
  int64_t value = 0;
  (void)absl::SimpleAtoi(GetString(name), &value);
  return value;
}

const std::string& PassOptions::GetString(absl::string_view name) const {
  auto it = values_.find(std::string(name));
  if (it == values_.end()) {
    // Asking for an option the pass did not declare is a bug in the pass.
    std::cerr << "fxpp: pass option '" << name << "' was not declared\n";
    std::abort();
  }
  return it->second;
}

std::vector<std::string> PassOptions::GetStringList(absl::string_view name) const {
  const std::string& text = GetString(name);
  if (text.empty()) return {};
  return absl::StrSplit(text, ',');
}

PassRegistry& PassRegistry::Global() {
  static PassRegistry* const registry = new PassRegistry;
  return *registry;
}

absl::Status PassRegistry::Register(PassInfo info) {
  if (!IsIdentifier(info.name)) {
    return absl::InvalidArgumentError(absl::StrCat("invalid pass name '", info.name, "'"));
  }
  if (passes_.contains(info.name)) {
    return absl::AlreadyExistsError(absl::StrCat("pass '", info.name, "' registered twice"));
  }
  if (!info.create) {
    return absl::InvalidArgumentError(absl::StrCat("pass '", info.name, "' has no factory"));
  }
  for (const PassOptionSpec& option : info.options) {
    if (!IsIdentifier(option.name) || !ValidValue(option.type, option.default_value)) {
      return absl::InvalidArgumentError(absl::StrCat("pass '", info.name, "': bad option spec '",
                                                     option.name, "'"));
    }
  }
  std::string name = info.name;
  passes_.emplace(std::move(name), std::move(info));
  return absl::OkStatus();
}

const PassInfo* PassRegistry::Find(absl::string_view name) const {
  auto it = passes_.find(std::string(name));
  return it == passes_.end() ? nullptr : &it->second;
}

std::vector<const PassInfo*> PassRegistry::List() const {
  std::vector<const PassInfo*> out;
  for (const auto& [name, info] : passes_) out.push_back(&info);
  return out;
}

absl::StatusOr<std::unique_ptr<Pass>> PassRegistry::Create(absl::string_view name,
                                                           absl::string_view options) const {
  const PassInfo* info = Find(name);
  if (info == nullptr) {
    std::vector<std::string> names;
    for (const auto& [known, unused] : passes_) names.push_back(known);
    return absl::NotFoundError(absl::StrCat("unknown pass '", name, "' (passes: ",
                                            absl::StrJoin(names, ", "), ")"));
  }
  auto error = [&](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("pass '", name, "': ", what));
  };
  absl::StatusOr<std::vector<std::pair<std::string, std::string>>> given = SplitOptions(options);
  if (!given.ok()) return error(given.status().message());
  PassOptions values;
  for (const auto& entry : *given) {
    // Named copies, not structured bindings: lambdas below capture them.
    const std::string& option = entry.first;
    const std::string& value = entry.second;
    auto spec = std::find_if(info->options.begin(), info->options.end(),
                             [&](const PassOptionSpec& o) { return o.name == option; });
    if (spec == info->options.end()) {
      return error(absl::StrCat("unknown option '", option, "' (", OptionNames(*info), ")"));
    }
    if (!ValidValue(spec->type, value)) {
      return error(absl::StrCat("option '", option, "' must be of type ", TypeName(spec->type),
                                ", got '", value, "'"));
    }
    if (!values.values_.emplace(option, value).second) {
      return error(absl::StrCat("option '", option, "' given twice"));
    }
  }
  for (const PassOptionSpec& spec : info->options) {
    values.values_.emplace(spec.name, spec.default_value);
  }
  absl::StatusOr<std::unique_ptr<Pass>> pass = info->create(values);
  if (!pass.ok()) return error(pass.status().message());
  return pass;
}

absl::StatusOr<std::vector<std::unique_ptr<Pass>>> PassRegistry::ParsePipeline(
    absl::string_view text) const {
  std::vector<std::unique_ptr<Pass>> passes;
  size_t pos = 0;
  auto at = [&](size_t column, absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("pipeline column ", column + 1, ": ", what, " in '", text, "'"));
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
  for (const auto& [name, info] : passes_) {
    absl::StrAppend(&out, name, "\n    ", info.summary, "\n");
    for (const PassOptionSpec& o : info.options) {
      absl::StrAppend(&out, "    ", o.name, "=<", TypeName(o.type), ">", "  ", o.help,
                      " (default: ", o.default_value.empty() ? "none" : o.default_value, ")\n");
    }
  }
  return out;
}

PassRegistration::PassRegistration(PassInfo info) {
  const std::string name = info.name;
  absl::Status status = PassRegistry::Global().Register(std::move(info));
  if (!status.ok()) {
    std::cerr << "fxpp: cannot register pass '" << name << "': " << status << "\n";
    std::abort();
  }
}

}  // namespace fxpp
