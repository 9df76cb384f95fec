#include "passes/pass_options.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace fxpp {

absl::string_view PassOptionTypeName(PassOptionType type) {
  switch (type) {
    case PassOptionType::kBool:
      return "bool";
    case PassOptionType::kInt:
      return "int";
    case PassOptionType::kString:
      return "string";
    case PassOptionType::kStringList:
    case PassOptionType::kKeyValueList:
      return "list";
  }
  return "?";
}

absl::Status PassOptionTraits<bool>::Parse(absl::string_view text, bool* value) {
  if (text == "true" || text == "1") {
    *value = true;
  } else if (text == "false" || text == "0") {
    *value = false;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("expected true or false, got '", text, "'"));
  }
  return absl::OkStatus();
}

absl::Status PassOptionTraits<int64_t>::Parse(absl::string_view text, int64_t* value) {
  if (!absl::SimpleAtoi(text, value)) {
    return absl::InvalidArgumentError(absl::StrCat("expected an integer, got '", text, "'"));
  }
  return absl::OkStatus();
}

absl::Status PassOptionTraits<std::string>::Parse(absl::string_view text, std::string* value) {
  *value = std::string(text);
  return absl::OkStatus();
}

absl::Status PassOptionTraits<absl::optional<std::string>>::Parse(
    absl::string_view text, absl::optional<std::string>* value) {
  *value = text.empty() ? absl::nullopt : absl::make_optional(std::string(text));
  return absl::OkStatus();
}

namespace {

// A list item may not be empty ("a,,b", ",,,"): a slip, not a name.
absl::Status CheckListItems(absl::string_view text) {
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    if (item.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("'", text, "' has an empty item"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PassOptionTraits<std::vector<std::string>>::Parse(absl::string_view text,
                                                               std::vector<std::string>* value) {
  value->clear();
  if (text.empty()) return absl::OkStatus();
  absl::Status items = CheckListItems(text);
  if (!items.ok()) return items;
  *value = absl::StrSplit(text, ',');
  return absl::OkStatus();
}

std::string PassOptionTraits<std::vector<std::string>>::Format(
    const std::vector<std::string>& value) {
  return absl::StrJoin(value, ",");
}

absl::Status PassOptionTraits<absl::flat_hash_set<std::string>>::Parse(
    absl::string_view text, absl::flat_hash_set<std::string>* value) {
  value->clear();
  if (text.empty()) return absl::OkStatus();
  absl::Status items = CheckListItems(text);
  if (!items.ok()) return items;
  *value = absl::StrSplit(text, ',');
  return absl::OkStatus();
}

std::string PassOptionTraits<absl::flat_hash_set<std::string>>::Format(
    const absl::flat_hash_set<std::string>& value) {
  std::vector<std::string> sorted(value.begin(), value.end());
  std::sort(sorted.begin(), sorted.end());
  return absl::StrJoin(sorted, ",");
}

absl::Status PassOptionTraits<std::vector<std::pair<std::string, std::string>>>::Parse(
    absl::string_view text, std::vector<std::pair<std::string, std::string>>* value) {
  value->clear();
  if (text.empty()) return absl::OkStatus();
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    std::vector<absl::string_view> parts = absl::StrSplit(item, '=');
    if (parts.size() != 2 || parts[0].empty() || parts[1].empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("takes KEY=VALUE pairs, not '", item, "'"));
    }
    value->emplace_back(std::string(parts[0]), std::string(parts[1]));
  }
  return absl::OkStatus();
}

std::string PassOptionTraits<std::vector<std::pair<std::string, std::string>>>::Format(
    const std::vector<std::pair<std::string, std::string>>& value) {
  return absl::StrJoin(value, ",", absl::PairFormatter("="));
}

PassOptionValidator<int64_t> AtLeast(int64_t minimum) {
  return [minimum](const int64_t& value) {
    if (value >= minimum) return absl::OkStatus();
    return absl::InvalidArgumentError(absl::StrCat("must be >= ", minimum, ", got ", value));
  };
}

PassOptionValidator<std::vector<std::string>> NonEmpty() {
  return [](const std::vector<std::string>& value) {
    if (!value.empty()) return absl::OkStatus();
    return absl::InvalidArgumentError("is required (a,b,...)");
  };
}

absl::StatusOr<size_t> FindPassOption(const PassDescriptor& descriptor, absl::string_view name) {
  const std::vector<PassOptionInfo>& options = descriptor.options();
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].name == name) return i;
  }
  const std::string known =
      options.empty() ? "it takes none"
                      : absl::StrCat("options: ",
                                     absl::StrJoin(options, ", ",
                                                   [](std::string* out, const PassOptionInfo& o) {
                                                     absl::StrAppend(out, o.name);
                                                   }));
  return absl::InvalidArgumentError(absl::StrCat("unknown option '", name, "' (", known, ")"));
}

std::string DescribePass(const PassDescriptor& descriptor) {
  std::string out = absl::StrCat(descriptor.name(), "\n    ", descriptor.summary(), "\n");
  for (const PassOptionInfo& o : descriptor.options()) {
    absl::StrAppend(&out, "    ", o.name, "=<", PassOptionTypeName(o.type), ">  ", o.help,
                    " (default: ", o.default_value.empty() ? "none" : o.default_value, ")\n");
  }
  return out;
}

}  // namespace fxpp
