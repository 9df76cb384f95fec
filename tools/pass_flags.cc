#include "tools/pass_flags.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace fxpp {

PassOptionValues ExtractOptionFlags(absl::Span<const PassOptionInfo> options,
                                    std::vector<std::string>& args) {
  PassOptionValues values;
  std::vector<std::string> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      kept.insert(kept.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    absl::string_view flag = arg;
    if (i == 0 || !absl::ConsumePrefix(&flag, "-")) {
      kept.push_back(arg);
      continue;
    }
    absl::ConsumePrefix(&flag, "-");
    const size_t eq = std::min(flag.find('='), flag.size());
    std::string name(flag.substr(0, eq));
    std::replace(name.begin(), name.end(), '-', '_');
    const bool negated = absl::StartsWith(name, "no") && eq == flag.size();
    const PassOptionInfo* option = nullptr;
    for (const PassOptionInfo& o : options) {
      if (o.name == name || (negated && o.type == PassOptionType::kBool &&
                             absl::StrCat("no", o.name) == name)) {
        option = &o;
      }
    }
    if (option == nullptr) {
      kept.push_back(arg);
      continue;
    }
    std::string value;
    if (eq < flag.size()) {
      value = std::string(flag.substr(eq + 1));
    } else if (option->type == PassOptionType::kBool) {
      value = option->name == name ? "true" : "false";
    } else if (i + 1 < args.size()) {
      value = args[++i];
    }
    values.emplace_back(option->name, std::move(value));
  }
  args = std::move(kept);
  return values;
}

std::string OptionFlagsHelp(absl::string_view title, absl::Span<const PassOptionInfo> options) {
  std::string out = absl::StrCat(title, "\n");
  for (const PassOptionInfo& o : options) {
    absl::StrAppend(&out, "  --", o.name, "=<", PassOptionTypeName(o.type), ">  ", o.help,
                    " (default: ", o.default_value.empty() ? "none" : o.default_value, ")\n");
  }
  return out;
}

std::string PassFlagsHelp(const PassDescriptor& descriptor) {
  return OptionFlagsHelp(absl::StrCat("Options of pass '", descriptor.name(), "':"),
                         descriptor.options());
}

}  // namespace fxpp
